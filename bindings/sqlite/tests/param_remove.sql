-- curi_param_remove: the pairs whose form-decoded key matches a glob removed.
.nullvalue NULL
SELECT 'tracking', curi_param_remove('http://a/p?utm_source=x&q=1&utm_medium=y#f', 'utm_*');
SELECT 'last pair', curi_param_remove('http://a/?utm_a=1', 'utm_*');
SELECT 'no match', curi_param_remove('http://a/?q=1&&b=2', 'none');
SELECT 'no query', curi_param_remove('http://a/', 'x'), curi_param_remove('http://a/?', 'x');
SELECT 'decoded', curi_param_remove('http://a/?a+b=1&c=2&%61=3', 'a b'),
       curi_param_remove('http://a/?a+b=1&c=2&%61=3', 'a');
SELECT 'glob', curi_param_remove('http://a/?ab=1&a=2&abc=3', 'a?'),
       curi_param_remove('http://a/?a*=1&ab=2', 'a\*');
SELECT 'null', quote(curi_param_remove('http://a b/?q=1', 'q')), quote(curi_param_remove(NULL, 'q')),
       quote(curi_param_remove('http://a/?q=1', NULL));
