-- curi_valid, curi_error ('NAME@offset'), curi_parse (the JSON of `curi parse --json`).
.nullvalue NULL
SELECT curi_valid('http://a/'), curi_valid(''), curi_valid('//h'), curi_valid('a:b:c'), curi_valid('1a:b');
SELECT curi_error('http://a/'), curi_error('http://a b/'), curi_error('http://[::1/'),
       curi_error('x%zz'), curi_error('a:b/c%00') /* %00 parses: refusing it is a decoder's flag */, curi_error('http://a:1x/');
SELECT curi_error('1a:b') /* a scheme starts with a letter */, curi_error('http://[fe80::1%25]/'), curi_error('#a#b');
SELECT curi_parse('http://u@a.b/x/y?k=v&z#f');
SELECT curi_parse('mailto:x@y');
SELECT curi_parse('http://a b');
SELECT curi_parse('/p?q=%E2%82%AC+%FF');
SELECT json_extract(curi_parse('https://www.example.org/a?b=1'), '$.labels[1]'),
       json_extract(curi_parse('https://www.example.org/a?b=1'), '$.params[0].value');
