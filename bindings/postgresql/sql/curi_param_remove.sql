-- curi_param_remove(u, glob): u without the pairs of its query whose form-decoded key matches
-- the glob ('*' any run, '?' one byte, '\' escapes); the query goes when no pair is left, and
-- stays byte for byte when none matched.  STRICT: NULL in, NULL out.
\pset null (null)
SELECT curi_param_remove('http://a/p?utm_source=x&q=1&utm_medium=y#f', 'utm_*');
SELECT curi_param_remove('http://a/?utm_a=1', 'utm_*');
SELECT curi_param_remove('http://a/?q=1&&b=2', 'none');
SELECT curi_param_remove('http://a/', 'x'), curi_param_remove('http://a/?', 'x');
SELECT curi_param_remove('http://a/?a+b=1&c=2&%61=3', 'a b'),
       curi_param_remove('http://a/?a+b=1&c=2&%61=3', 'a');
SELECT curi_param_remove('http://a/?ab=1&a=2&abc=3', 'a?'),
       curi_param_remove('http://a/?a*=1&ab=2', 'a\*');
SELECT curi_param_remove(NULL, 'q'), curi_param_remove('http://a/?q=1', NULL);
SELECT pg_typeof(curi_param_remove('http://a/?q=1', 'q'));
