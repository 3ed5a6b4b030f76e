# curi parse: text and JSON output, diagnostics, JSON escaping.

# RFC 3986 section 3, the example under the component diagram.
$ curi parse 'foo://example.com:8042/over/there?name=ferret#nose'
scheme:    foo
host:      example.com
host_type: reg-name
port:      8042
path:      /over/there
query:     name=ferret
fragment:  nose
? 0

$ curi parse --json 'foo://example.com:8042/over/there?name=ferret#nose' 'urn:example:animal:ferret:nose'
{"input":"foo://example.com:8042/over/there?name=ferret#nose","scheme":"foo","userinfo":null,"host":"example.com","host_type":"reg-name","port":"8042","path":"/over/there","query":"name=ferret","fragment":"nose","segments":["over","there"],"params":[{"key":"name","value":"ferret"}],"labels":["example","com"]}
{"input":"urn:example:animal:ferret:nose","scheme":"urn","userinfo":null,"host":null,"host_type":null,"port":null,"path":"example:animal:ferret:nose","query":null,"fragment":null,"segments":["example:animal:ferret:nose"],"params":null,"labels":null}
? 0

# RFC 3986 1.1.2 examples: an IPv6 literal keeps its brackets; an IPv4 host; a blank line
# separates the records of several inputs.
$ curi parse 'ldap://[2001:db8::7]/c=GB?objectClass?one' 'telnet://192.0.2.16:80/'
scheme:    ldap
host:      [2001:db8::7]
host_type: ipv6
path:      /c=GB
query:     objectClass?one

scheme:    telnet
host:      192.0.2.16
host_type: ipv4
port:      80
path:      /
? 0

$ curi parse --json 'http://[v7.x]/' 'ftp://user:pw@h/' '//h'
{"input":"http://[v7.x]/","scheme":"http","userinfo":null,"host":"[v7.x]","host_type":"ipvfuture","port":null,"path":"/","query":null,"fragment":null,"segments":[""],"params":null,"labels":null}
{"input":"ftp://user:pw@h/","scheme":"ftp","userinfo":"user:pw","host":"h","host_type":"reg-name","port":null,"path":"/","query":null,"fragment":null,"segments":[""],"params":null,"labels":["h"]}
{"input":"//h","scheme":null,"userinfo":null,"host":"h","host_type":"reg-name","port":null,"path":"","query":null,"fragment":null,"segments":[],"params":null,"labels":["h"]}
? 0

# Empty but present components are shown empty ("?" and "#" with nothing after them,
# an empty port and an empty host); absent ones are left out.
$ curi parse 'http://@:?#'
scheme:    http
userinfo:
host:
host_type: reg-name
port:
path:
query:
fragment:
? 0

$ curi parse --json 'http://@:?#'
{"input":"http://@:?#","scheme":"http","userinfo":"","host":"","host_type":"reg-name","port":"","path":"","query":"","fragment":"","segments":[],"params":[],"labels":[]}
? 0

# The empty reference is valid (RFC 3986 4.2: relative-part may be path-empty).
$ curi parse --json ''
{"input":"","scheme":null,"userinfo":null,"host":null,"host_type":null,"port":null,"path":"","query":null,"fragment":null,"segments":[],"params":null,"labels":null}
? 0

# Zone IDs (RFC 6874) are accepted unless --strict-3986.
$ curi get '{host} {zone}' 'http://[fe80::1%25eth0]/'
[fe80::1%25eth0] eth0
? 0

$ curi parse --strict-3986 --json 'http://[fe80::1%25eth0]/'
{"input":"http://[fe80::1%25eth0]/","error":"ZONE_FORBIDDEN","message":"IPv6 zone IDs are not allowed by strict RFC 3986","offset":15}
? 1

# An invalid input: a compiler-like diagnostic on stderr, nothing on stdout, exit 1.
$ curi parse 'http://a b/'
! curi: argument 1: HOST_CHAR at byte 8: character not allowed in the host
!   http://a b/
!           ^
? 1

# Valid inputs are still printed; the caret may sit just past the end.
$ curi parse 'http://[::1' 'a:b'
scheme:    a
path:      b
! curi: argument 1: IP_UNTERMINATED at byte 7: '[' opens an IP literal that has no closing ']'
!   http://[::1
!          ^
? 1

# Control bytes, '\' and bytes that are not UTF-8 are shown as escapes, valid UTF-8 as text
# (issue 27), and the caret counts columns: 2 for a wide character.
$ printf 'a\tb\\\303\251 c\n' | curi parse
! curi: -:1: PATH_CHAR at byte 1: character not allowed in the path
!   a\x09b\\é c
!    ^
? 1

$ printf '\346\235\261\344\272\254 \342\200\256\303x\n' | curi parse --iri
! curi: -:1: PATH_CHAR at byte 6: character not allowed in the path
!   東京 \xe2\x80\xae\xc3x
!       ^
? 1

$ curi parse 'http://a/%4g'
! curi: argument 1: PCT at byte 9: '%' must be followed by two hexadecimal digits
!   http://a/%4g
!            ^
? 1

# JSON escaping: '"' and '\' as \" and \\, control bytes and NUL as \u00XX, valid UTF-8
# as is; an invalid UTF-8 byte becomes U+FFFD and "input_hex" keeps the exact bytes.
$ printf 'a"b\nc\\d\n\001\000\037\177\n\303\251t\303\251\n\377x\n' | curi parse --json
{"input":"a\"b","error":"PATH_CHAR","message":"character not allowed in the path","offset":1}
{"input":"c\\d","error":"PATH_CHAR","message":"character not allowed in the path","offset":1}
{"input":"\u0001\u0000\u001f\u007f","error":"PATH_CHAR","message":"character not allowed in the path","offset":0}
{"input":"été","error":"PATH_CHAR","message":"character not allowed in the path","offset":0}
{"input":"�x","input_hex":"ff78","error":"PATH_CHAR","message":"character not allowed in the path","offset":0}
? 1

# Overlong, surrogate and truncated UTF-8 sequences are not valid UTF-8 either.
$ printf '\300\257\n\355\240\200\n\342\202\n' | curi parse --json
{"input":"��","input_hex":"c0af","error":"PATH_CHAR","message":"character not allowed in the path","offset":0}
{"input":"���","input_hex":"eda080","error":"PATH_CHAR","message":"character not allowed in the path","offset":0}
{"input":"��","input_hex":"e282","error":"PATH_CHAR","message":"character not allowed in the path","offset":0}
? 1

# The error keys for every input of a stream, the others still parsed.
$ printf 'http://a/b\nhttp://a b\nmailto:x@y\n' | curi parse --json
{"input":"http://a/b","scheme":"http","userinfo":null,"host":"a","host_type":"reg-name","port":null,"path":"/b","query":null,"fragment":null,"segments":["b"],"params":null,"labels":["a"]}
{"input":"http://a b","error":"HOST_CHAR","message":"character not allowed in the host","offset":8}
{"input":"mailto:x@y","scheme":"mailto","userinfo":null,"host":null,"host_type":null,"port":null,"path":"x@y","query":null,"fragment":null,"segments":["x@y"],"params":null,"labels":null}
? 1

# -z: each record's block ends with NUL instead of being separated by an empty line.
$ printf 'a:b\0c:d\0%%\0' | curi parse -z | tr '\0' '@'; echo
scheme:    a
path:      b@scheme:    c
path:      d@
! curi: -:3: PCT at byte 0: '%' must be followed by two hexadecimal digits
!   %
!   ^
? 0

# --scheme: the scheme's own grammar (curi_scheme_check); the rule names the error.
$ curi parse --scheme 'ftp://h/a;type=x'
! curi: argument 1: ftp-typecode at byte 15: a ';' in an ftp path must start the final ';type=' with a, i or d (RFC 1738 3.2.2)
!   ftp://h/a;type=x
!                  ^
? 1

$ curi parse --scheme --json 'mailto:joe@example.com?cc=bob@example.com?body=hello' 'urn:example:a?+r' 'foo:any?thing'
{"input":"mailto:joe@example.com?cc=bob@example.com?body=hello","error":"mailto-hfvalue","message":"'=' and '?' in a mailto header value must be percent-encoded (RFC 6068 2, 6.1)","offset":41}
{"input":"urn:example:a?+r","scheme":"urn","userinfo":null,"host":null,"host_type":null,"port":null,"path":"example:a","query":"+r","fragment":null,"segments":["example:a"],"params":null,"labels":null,"parts":{"nid":"example","nss":"a","r_component":"r","q_component":null,"f_component":null}}
{"input":"foo:any?thing","scheme":"foo","userinfo":null,"host":null,"host_type":null,"port":null,"path":"any","query":"thing","fragment":null,"segments":["any"],"params":[{"key":"thing","value":null}],"labels":null,"parts":null}
? 1

# without --scheme the same input is a valid RFC 3986 reference
$ curi parse --json 'ftp://h/a;type=x'
{"input":"ftp://h/a;type=x","scheme":"ftp","userinfo":null,"host":"h","host_type":"reg-name","port":null,"path":"/a;type=x","query":null,"fragment":null,"segments":["a;type=x"],"params":null,"labels":["h"]}
? 0
