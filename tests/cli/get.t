# curi get FORMAT: components into a format string.

$ curi get '{scheme}|{userinfo}|{host}|{port}|{path}|{query}|{fragment}' 'foo://u:p@example.com:8042/over/there?name=ferret#nose'
foo|u:p|example.com|8042|/over/there|name=ferret|nose
? 0

$ curi get '{authority} {host_type} {port_number} {uri}' 'foo://u@example.com:8042/x' 'http://[::1]/' 'http://192.0.2.1:/'
u@example.com:8042 reg-name 8042 foo://u@example.com:8042/x
[::1] ipv6  http://[::1]/
192.0.2.1: ipv4  http://192.0.2.1:/
? 0

# Absent components print as nothing; {{ and }} are braces; an unmatched brace is literal.
$ curi get '{{{scheme}}} [{query}] [{fragment}] }{x' 'urn:a'
{urn} [] [] }{x
? 0

# An unknown name is a usage error found before any input is read (stdin is not even
# touched here), named with its control bytes escaped.
$ printf 'http://a/\n' | curi get '{host} {nosuch}'
! curi: get: unknown name in FORMAT '{nosuch}'
! Try 'curi get --help'.
? 2

$ curi get "$(printf '{ho\001st}')" http://a/
! curi: get: unknown name in FORMAT '{ho\x01st}'
! Try 'curi get --help'.
? 2

$ curi get '{}' http://a/
! curi: get: unknown name in FORMAT '{}'
! Try 'curi get --help'.
? 2

# {options} is trurl's, for IMAP only: no RFC 3986 component matches it.  default: applies
# to plain names only.
$ curi get '{options}' http://a/
! curi: get: unknown name in FORMAT '{options}'
! Try 'curi get --help'.
? 2

$ curi get '{default:query:a}' http://a/
! curi: get: unknown name in FORMAT '{default:query:a}'
! Try 'curi get --help'.
? 2

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

# trurl's names: {url} is {uri}, {zoneid} is {zone}; {user} and {password} split the
# userinfo at its first ':' (the password may hold more ':').
$ curi get '{url}|{zoneid}' 'http://[fe80::1%25en0]:8080/x'
http://[fe80::1%25en0]:8080/x|en0
? 0

$ curi get '[{user}] [{password}] [{:user}] [{:password}]' 'http://a%3Ab:c:d%40@h/' 'http://u@h/' 'http://u:@h/' 'http://:p@h/' 'http://h/'
[a%3Ab] [c:d%40] [a:b] [c:d@]
[u] [] [u] []
[u] [] [u] []
[] [p] [] [p]
[] [] [] []
? 0

# {query:KEY}: the first pair whose decoded key is KEY, its value decoded as form data
# ('+' is a space, %2B is '+'); {query-all:KEY}: every such value, space-separated.  Keys
# are compared case-sensitively after decoding; a pair without '=' has no value.
$ curi get '[{query:a}] [{query-all:a}] [{query:b c}] [{query:A}] [{query:k}] [{query:}]' 'http://h/?a=1+2&b+c=%41%2B&k&a=%2B&A=up&a=&=e'
[1 2] [1 2 + ] [A+] [up] [] [e]
? 0

$ curi get '[{query:a}] [{query-all:a}]' 'http://h/' 'http://h/?' 'http://h/?b=1'
[] []
[] []
[] []
? 0

# A key in FORMAT is literal text (even '%' or ':'); {:query:KEY} is the same as {query:KEY}.
$ curi get '[{query:a%20b}] [{query:a b}] [{query:x:y}] [{:query:x:y}]' 'http://h/?a%20b=1&x:y=2'
[] [1] [2] [2]
? 0

# --query-separator ';' splits pairs at ';' as well as '&'; only ';' and '&' are accepted.
$ curi get '{query-all:a}' 'http://h/?a=1;a=2&a=3'
1;a=2 3
? 0

$ curi get --query-separator ';' '{query-all:a}' 'http://h/?a=1;a=2&a=3'
1 2 3
? 0

$ curi get --query-separator=';' '{query:b}' 'http://h/?a=1;b=2'
2
? 0

$ curi get --query-separator , '{query:a}' 'http://h/?a=1,b'
! curi: get: --query-separator accepts only ';' or '&', got ','
! Try 'curi get --help'.
? 2

# Decoded values are raw bytes; in JSON a non-UTF-8 one gets its "_hex" twin.
$ curi get --json '{query:a}' 'http://h/?a=%FF+%41'
{"input":"http://h/?a=%FF+%41","output":"� A","output_hex":"ff2041"}
? 0

# {default:port}: the port, or when it is absent or empty the scheme's default port from the
# scheme table (nothing for a scheme without one).  {default_port} is unchanged.
$ curi get '{default:port}|{default_port}|{port}' 'http://h' 'http://h:/' 'http://h:8080/' 'HTTPS://h' 'foo://h' 'mailto:x' '//h'
80|80|
80|80|
8080|80|8080
443|443|
||
||
||
? 0

# {default:port_number} is the port's value, else the default.
$ curi get '{default:port_number}' 'http://h:0080/' 'http://h:99999/' 'ftp://h'
80
80
21
? 0

# {default:path} is "/" for an empty path beside a host when the scheme's table entry says
# an empty path means "/" (RFC 3986 6.2.3); {default:authority} and {default:uri} put the
# default port (and that "/") in.
$ curi get '{default:path}|{default:authority}|{default:uri}' 'http://u@h' 'http://h:/x?q' 'https://[::1]' 'foo://h' 'mailto:x' '/rel' 'http://h:81'
/|u@h:80|http://u@h:80/
/x|h:80|http://h:80/x?q
/|[::1]:443|https://[::1]:443/
|h|foo://h
x||mailto:x
/rel||/rel
/|h:81|http://h:81/
? 0

# For components without a default, {default:NAME} is {NAME}; {:default:NAME} decodes.
$ curi get '{default:scheme}|{default:host}|{default:query}|{default:fragment}|{:default:userinfo}' 'http://u%40@h%41/?q#f'
http|h%41|q|f|u@
? 0

# {part:NAME} and {NAME}: the parts of the scheme layer (curi parse --scheme); {:NAME} decoded.
$ curi get '{part:cwd}|{:cwd}|{name}|{typecode}|{part:host}' 'ftp://h/a/%2Fb/c;type=d'
a/%2Fb|a//b|c|d|h
? 0

$ curi get '{nid} {nss} [{r_component}] [{q_component}]' 'urn:Example:x?+r'
Example x [r] []
? 0

# a part the scheme does not have prints as nothing; a broken rule is an invalid input
$ curi get '[{selector}]' 'http://h/x' 'gopher://h/1a%0Db'
[]

! curi: argument 2: gopher-selector-crlf at byte 13: a gopher selector may not contain CR or LF (RFC 4266 2.1, RFC 1738 3.4.1)
!   gopher://h/1a%0Db
!                ^
? 1

$ curi get --json '{dn}' 'ldap://h/o=x??sub'
{"input":"ldap://h/o=x??sub","output":"o=x"}
? 0
