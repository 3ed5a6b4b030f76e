# curi url: the WHATWG URL Standard's parser (issue 28).  The expected hrefs are the
# Standard's answers (the examples of issue 28, and cases of web-platform-tests'
# urltestdata.json), computed with curi's own UTS #46.

$ curi url 'http:\\example.com\a b' 'https://0x7f.1:443/' 'HTTPS://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/'
http://example.com/a%20b
https://127.0.0.1/
https://127.0.0.1/
? 0

# UTS #46 as the Standard configures it: '¡' is valid (libidn2's IDNA2008 refuses it),
# U+3002 is a dot, U+00AD is ignored.
$ curi url 'https://¡.example/' 'https://a。b/' 'http://ex­ample.org/'
https://xn--7a.example/
https://a.b/
http://example.org/
? 0

# The Bidi rule judges each non-empty label of a name with a right-to-left label (empty
# labels are not judged: IdnaTestV2.txt's "..xn--skb" has only A4_2, which VerifyDnsLength
# false ignores); a label mixing L and R breaks it (RFC 5893 rule 5).
$ curi url 'https://..א/' 'https://ab.א/' 'https://aא.example/'
https://..xn--4db/
https://ab.xn--4db/
|
! curi: argument 3: IDN_BIDI at byte 8: IDNA: the name breaks the Bidi rule (RFC 5893)
!   https://aא.example/
!           ^
? 1

$ curi url 'file:///C|/x/../y' 'non-special://h/a/./b/../c' 'mailto:x@y'
file:///C:/y
non-special://h/a/c
mailto:x@y
? 0

# Invalid UTF-8 reads as U+FFFD, as a browser's decoder gives it.
$ printf 'http://a/\377\n' | curi url
http://a/%EF%BF%BD
? 0

$ curi url --base 'http://example.org/foo/bar' '../x?y#z' '//other/' '?q'
http://example.org/x?y#z
http://other/
http://example.org/foo/bar?q
? 0

# A base whose path needs the serializer's "/." (no host, first segment empty): the
# query copied from it keeps its place (found by fuzz_url).
$ curi url --json --base 'fie:/.//x?q=1' '' '#f'
{"input":"","base":"fie:/.//x?q=1","href":"fie:/.//x?q=1","origin":"null","protocol":"fie:","username":"","password":"","host":"","hostname":"","port":"","pathname":"//x","search":"?q=1","hash":""}
{"input":"#f","base":"fie:/.//x?q=1","href":"fie:/.//x?q=1#f","origin":"null","protocol":"fie:","username":"","password":"","host":"","hostname":"","port":"","pathname":"//x","search":"?q=1","hash":"#f"}
? 0

$ curi url 'http://[::1' 'foo'
|
|
! curi: argument 1: IP_UNTERMINATED at byte 7: '[' opens an IP literal that has no closing ']'
!   http://[::1
!          ^
! curi: argument 2: URL_BASE at byte 0: WHATWG URL: a relative URL needs a base URL (one without an opaque path)
!   foo
!   ^
? 1

$ curi url --base nope x
! curi: BASE: URL_BASE at byte 0: WHATWG URL: a relative URL needs a base URL (one without an opaque path)
!   nope
!   ^
? 2

$ curi url --json 'https://user:pa ss@EXAMPLE.com:8080/p?q#f'
{"input":"https://user:pa ss@EXAMPLE.com:8080/p?q#f","base":null,"href":"https://user:pa%20ss@example.com:8080/p?q#f","origin":"https://example.com:8080","protocol":"https:","username":"user","password":"pa%20ss","host":"example.com:8080","hostname":"example.com","port":"8080","pathname":"/p","search":"?q","hash":"#f"}
? 0

$ curi url --json --base 'http://example.org/' 'https://a:99999/' 'blob:https://x.example:443/id'
{"input":"https://a:99999/","base":"http://example.org/","failure":true,"error":"PORT_RANGE","offset":10}
{"input":"blob:https://x.example:443/id","base":"http://example.org/","href":"blob:https://x.example:443/id","origin":"https://x.example","protocol":"blob:","username":"","password":"","host":"","hostname":"","port":"","pathname":"https://x.example:443/id","search":"","hash":""}
? 1

# --set NAME=VALUE: the URL API's setters (curi_url_set), in the order given.  Expected
# values are the Standard's answers (web-platform-tests' setters_tests.json has the same
# rules: a port over 65535 and a special-to-non-special protocol are ignored).
$ curi url --set pathname=/x --set search=q --set hash=h 'http://a/b?c#d'
http://a/x?q#h
? 0

$ curi url --set port=99999 --set protocol=mailto --set username=u 'http://a/' 'mailto:x'
http://u@a/
mailto:x
? 0

# A host setter whose port is invalid keeps the new host; hostname ignores a port; an
# empty search or hash removes it.
$ curi url --set host=example.com:65536 'http://a:81/' && curi url --set hostname=b:90 --set search= --set hash= 'http://a/?q#f'
http://example.com:81/
http://a/
? 0

$ curi url --json --set protocol=https --set port=443 'http://u:p@a:8080/p'
{"input":"http://u:p@a:8080/p","base":null,"href":"https://u:p@a/p","origin":"https://a","protocol":"https:","username":"u","password":"p","host":"a","hostname":"a","port":"","pathname":"/p","search":"","hash":""}
? 0

# Setters apply after --base resolution; an input that fails is not set.
$ curi url --base 'http://h/a/' --set search=x 'b' '//'
http://h/a/b?x
|
! curi: argument 2: URL_HOST_MISSING at byte 2: WHATWG URL: a special URL, or one with credentials, needs a host
!   //
!     ^
? 1

$ curi url --set bogus=1 'http://a/'
! curi: url: --set takes NAME=VALUE, NAME a URL attribute (protocol username password host hostname port pathname search hash) 'bogus=1'
! Try 'curi url --help'.
? 2
