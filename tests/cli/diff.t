# curi diff: RFC 3986 against the WHATWG URL Standard (issue 28 item 4).  docs/url-diff.md
# has an example of every class (checked by tools/check-url-diff-doc.py); these cover the
# command: streaming, --json, --base, exit statuses and usage errors.

# One line per input; 0 when all agree, 1 when one differs (the others still processed).
$ curi diff 'http://Example.COM:80/a/./b/../c' 'mailto:x@y' 'http://[0:0::1]/'
agree
agree
agree
? 0

$ curi diff 'http://127.1/' 'http://a/' 'http:evil.com'
differ: host-differs,ipv4-number-form
agree
differ: host-differs,path-differs,scheme-relative-special
? 1

# A special scheme's empty path is the Standard's "/"; an href the Standard keeps '{' in is no
# RFC 3986 URI (kasztp.txt and userbait.txt have 185 such lines).
$ curi diff 'file://node.gypi' 'https://www.intel.com/pressroom/?iid={headline=press}'
agree
differ: rfc-invalid-whatwg-valid,whatwg-href-not-rfc
? 1

# Standard input, -f, -z.
$ printf 'http://a/\nhttp://a\\b/\n' | curi diff
agree
differ: rfc-invalid-whatwg-valid,host-differs,backslash-as-slash
? 1

$ printf 'http://a/\000http://0x7f.1/\000' | curi diff -z | tr '\000' '\n'
agree
differ: host-differs,ipv4-number-form
? 0

# Several causes at once; both-fail; the Standard failing where RFC 3986 accepts.
$ curi diff 'http://a.com:80\@b.com:81/' 'foo://a b' '/relative'
differ: rfc-invalid-whatwg-valid,host-differs,port-differs,backslash-as-slash,default-port-dropped
differ: both-fail
differ: whatwg-failure-rfc-valid
? 1

# --base: both standards resolve against it.
$ curi diff --base http://a/b/c '../d' 'http:g' '\\evil.com'
agree
differ: host-differs,path-differs,scheme-relative-special
differ: rfc-invalid-whatwg-valid,backslash-as-slash
? 1

# --json: exactly input, base, agree, rfc, whatwg, classes.
$ curi diff --json 'http://0x7f.1/'
{"input":"http://0x7f.1/","base":null,"agree":false,"rfc":{"input":"http://0x7f.1/","scheme":"http","userinfo":null,"host":"0x7f.1","host_type":"reg-name","port":null,"path":"/","query":null,"fragment":null,"segments":[""],"params":null,"labels":["0x7f","1"]},"whatwg":{"href":"http://127.0.0.1/","origin":"http://127.0.0.1","protocol":"http:","username":"","password":"","host":"127.0.0.1","hostname":"127.0.0.1","port":"","pathname":"/","search":"","hash":""},"classes":["host-differs","ipv4-number-form"]}
? 1

$ curi diff --json --base http://a/ 'b c'
{"input":"b c","base":"http://a/","agree":false,"rfc":{"input":"b c","error":"PATH_CHAR","message":"character not allowed in the path","offset":1},"whatwg":{"href":"http://a/b%20c","origin":"http://a","protocol":"http:","username":"","password":"","host":"a","hostname":"a","port":"","pathname":"/b%20c","search":"","hash":""},"classes":["rfc-invalid-whatwg-valid","percent-encoding-differs"]}
? 1

$ curi diff --json 'http://a.1/'
{"input":"http://a.1/","base":null,"agree":false,"rfc":{"input":"http://a.1/","scheme":"http","userinfo":null,"host":"a.1","host_type":"reg-name","port":null,"path":"/","query":null,"fragment":null,"segments":[""],"params":null,"labels":["a","1"]},"whatwg":{"failure":true,"error":"IPV4","offset":7},"classes":["whatwg-failure-rfc-valid"]}
? 1

# A base that is not an absolute URI under both standards is a usage error.
$ curi diff --base '/x' a
! curi: BASE: URL_BASE at byte 0: WHATWG URL: a relative URL needs a base URL (one without an opaque path)
!   /x
!   ^
? 2

$ curi diff --base 'http://a b/' a
! curi: BASE: HOST_CHAR at byte 7: character not allowed in the host
!   http://a b/
!          ^
? 2

# RFC 3986 must take the base too: the Standard accepts this one.
$ curi diff --base 'http://a/ b' a
! curi: BASE: PATH_CHAR at byte 9: character not allowed in the path
!   http://a/ b
!            ^
? 2

$ curi diff --frobnicate
! curi: diff: unknown option '--frobnicate'
! Try 'curi diff --help'.
? 2
