# curi normalize and curi equal (RFC 3986 section 6).

# 6.2.2.1 case, 6.2.2.2 unreserved %HH decoded and other hex uppercased, 6.2.2.3 dot
# segments; 6.2.3 default port dropped and empty path with authority becomes "/".
$ curi normalize 'HTTP://www.Example.COM:80/a/./b/../c/%7euser?%3f#x' 'http://example.com' 'http://example.com:/'
http://www.example.com/a/c/~user?%3F#x
http://example.com/
http://example.com/
? 0

# --syntax: only 6.2.2, the port and the empty path are left alone.
$ curi normalize --syntax 'HTTP://Example.COM:80' 'http://a/%7e%2f'
http://example.com:80
http://a/~%2F
? 0

# RFC 5952 text for IPv6 literals only with --ipv6.
$ curi normalize 'http://[2001:DB8:0:0::1]/' 
http://[2001:db8:0:0::1]/
? 0

$ curi normalize --ipv6 'http://[2001:DB8:0:0::1]/'
http://[2001:db8::1]/
? 0

$ printf 'http://A/\nhttp://a b/\nhttp://B/./c\n' | curi normalize
http://a/

http://b/c
! curi: -:2: HOST_CHAR at byte 8: character not allowed in the host
!   http://a b/
!           ^
? 1

$ curi normalize --json 'HTTP://A/' '%'
{"input":"HTTP://A/","normalized":"http://a/"}
{"input":"%","error":"PCT","message":"'%' must be followed by two hexadecimal digits","offset":0}
? 1

# equal: the first rung of the 6.2 ladder at which the two are equal.
$ curi equal http://a/b http://a/b
equal: string (RFC 3986 6.2.1)
? 0

$ curi equal 'HTTP://a/%7e' 'http://A/~'
equal: syntax-based (RFC 3986 6.2.2)
? 0

$ curi equal 'http://example.com' 'http://example.com:80/'
equal: scheme-based (RFC 3986 6.2.3)
? 0

$ curi equal --syntax 'http://example.com' 'http://example.com:80/'
not equal
? 1

$ curi equal http://a/b http://a/c
not equal
? 1

$ curi equal --json 'HTTP://a/' 'http://a/'
{"a":"HTTP://a/","b":"http://a/","equal":true,"level":"syntax-based"}
? 0

$ curi equal --json 'http://a/b' 'http://a/c'
{"a":"http://a/b","b":"http://a/c","equal":false,"level":null}
? 1

# An invalid operand: exit 2.
$ curi equal http://a 'http://a b'
! curi: B: HOST_CHAR at byte 8: character not allowed in the host
!   http://a b
!           ^
? 2

$ curi equal http://a
! curi: equal: needs two URIs, A and B
! Try 'curi equal --help'.
? 2

# The scheme layer's rules: curi normalize and curi equal (libcuri(3), CURI_NORM_SCHEME_RULES).
$ curi normalize 'file://LOCALHOST/etc/motd' 'gopher://h' 'news://s.example/*' 'ldap://h/o=x?cn?base'
file:///etc/motd
gopher://h/1
news://s.example/
ldap://h/o=x?cn
? 0

$ curi equal 'urn:example:a123,z456' 'urn:EXAMPLE:a123,z456?+abc'
equal: scheme-based (RFC 3986 6.2.3)
? 0

$ curi equal 'mailto:a@example.org,b@example.org' 'mailto:?to=a@example.org,b@Example.ORG'
equal: scheme-based (RFC 3986 6.2.3)
? 0

# One registry: the lint, the normalizer and {default:port} agree on every scheme's port
# (issue 23: ssh was in the lint's table only, coap in the normalizer's only).
$ curi normalize 'ssh://h:22/' 'coap://h:5683/' 'SFTP://h:22/x' 'imaps://h:993/' 'ssh://h:2222/'
ssh://h/
coap://h/
sftp://h/x
imaps://h/
ssh://h:2222/
? 0

$ curi get '{default:port}' ssh://h/ coap://h/ smtps://h/ javascript:x
22
5683
465

? 0

$ curi check --fail-on error 'coap://h:5683/' 'ssh://h:22/'
coap://h:5683/:9-13: info: port '5683' is not in canonical form (the scheme default); normalization removes it [port-not-canonical]
  coap://h:5683/
           ^~~~
ssh://h:22/:8-10: info: port '22' is not in canonical form (the scheme default); normalization removes it [port-not-canonical]
  ssh://h:22/
          ^~
? 0
