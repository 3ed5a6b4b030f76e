# curi get FORMAT: components into a format string.

$ curi get '{scheme}|{userinfo}|{host}|{port}|{path}|{query}|{fragment}' 'foo://u:p@example.com:8042/over/there?name=ferret#nose'
foo|u:p|example.com|8042|/over/there|name=ferret|nose
? 0

$ curi get '{authority} {host_type} {port_number} {uri}' 'foo://u@example.com:8042/x' 'http://[::1]/' 'http://192.0.2.1:/'
u@example.com:8042 reg-name 8042 foo://u@example.com:8042/x
[::1] ipv6  http://[::1]/
192.0.2.1: ipv4  http://192.0.2.1:/
? 0

# Absent components and unknown names print as nothing; {{ and }} are braces; an
# unmatched brace is literal.
$ curi get '{{{scheme}}} [{query}] [{nosuch}] {x' 'urn:a'
{urn} [] [] {x
? 0

# {port_number} is empty for a port above 65535 (the port text is still there).
$ curi get '{port}/{port_number}' 'http://a:99999/' 'http://a:065535/'
99999/
065535/65535
? 0

# {default_port} comes from the scheme table: 80 for http (RFC 7230 2.7.1), 21 for ftp
# (RFC 1738 3.2), nothing for a scheme without one or without a scheme.
$ curi get '{scheme}:{default_port}' 'http://a' 'HTTPS://a' 'ftp://a' 'mailto:x' '/rel'
http:80
HTTPS:443
ftp:21
mailto:
:
? 0

# {:NAME} is the percent-decoded component, its bytes written raw.
$ curi get '{:path}|{:query}|{:host}' 'http://h%41/a%20b?c%3Dd' | od -An -c | tr -s ' '
 / a b | c = d | h A \n
? 0

$ curi get '{zone}|{:zone}' 'http://[fe80::1%25en%301]/'
en%301|en01
? 0

# An invalid input: a diagnostic on stderr and an empty output line, so that output line N
# always belongs to input line N.
$ printf 'http://a/1\nhttp://a/%%\nhttp://a/3\n' | curi get '{path}'
/1

/3
! curi: -:2: PCT at byte 9: '%' must be followed by two hexadecimal digits
!   http://a/%
!            ^
? 1

$ curi get --json '{host}{path}' 'http://a/b' 'http://a/%zz'
{"input":"http://a/b","output":"a/b"}
{"input":"http://a/%zz","error":"PCT","message":"'%' must be followed by two hexadecimal digits","offset":9}
? 1

# Decoded bytes that are not UTF-8 get an "output_hex" twin in JSON.
$ curi get --json '{:path}' 'http://a/%FF%41'
{"input":"http://a/%FF%41","output":"/�A","output_hex":"2fff41"}
? 0

$ curi get
! curi: get: missing FORMAT
! Try 'curi get --help'.
? 2
