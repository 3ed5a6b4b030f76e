# IRIs (RFC 3987) and IDNA host names in the tool: parse --iri, to-uri, to-iri, host, resolve
# --iri, normalize --iri, equal --iri, get {host:ascii} {host:unicode}.  The mappings and the
# host conversion are tested as data in tests/vectors/iri.vec; here the tool: output, messages
# with a caret and libidn2's reason, exit status, --json, stdin.  The IDNA blocks need
# libidn2 (iri-idn.t); the ones here do not.

$ curi parse --iri --json 'https://ja.wikipedia.org/wiki/東京?q=ü#f'
{"input":"https://ja.wikipedia.org/wiki/東京?q=ü#f","scheme":"https","userinfo":null,"host":"ja.wikipedia.org","host_type":"reg-name","port":null,"path":"/wiki/東京","query":"q=ü","fragment":"f","segments":["wiki","東京"],"params":[{"key":"q","value":"ü"}],"labels":["ja","wikipedia","org"]}
? 0

# Without --iri a raw non-ASCII byte is an error, as RFC 3986 says.
$ curi parse 'http://a/ü' >/dev/null
! curi: argument 1: PATH_CHAR at byte 9: character not allowed in the path
!   http://a/\xc3\xbc
!            ^
? 1

# Bad UTF-8 is UTF8 at its first byte; a character the ABNF leaves out is the component's error.
$ curi parse --iri "$(printf 'http://a/\340\200\257')" "$(printf 'http://a/\357\277\276')" >/dev/null
! curi: argument 1: UTF8 at byte 9: invalid UTF-8: a bad, overlong or cut sequence, or a surrogate
!   http://a/\xe0\x80\xaf
!            ^
! curi: argument 2: PATH_CHAR at byte 9: character not allowed in the path
!   http://a/\xef\xbf\xbe
!            ^
? 1

# to-uri: one line per input; an invalid one gets an empty line and a message, the others go on.
$ curi to-uri 'https://ja.wikipedia.org/wiki/東京' "$(printf 'http://a/\303')" 'http://ü@bücher.example/ü?ü#ü'
https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC
|
http://%C3%BC@b%C3%BCcher.example/%C3%BC?%C3%BC#%C3%BC
! curi: argument 2: UTF8 at byte 9: invalid UTF-8: a bad, overlong or cut sequence, or a surrogate
!   http://a/\xc3
!            ^
? 1

# to-iri decodes only what spells an allowed character; the rest stays as it was.
$ printf 'http://www.example.org/D%%C3%%BCrst\nhttp://www.example.org/D%%FCrst\nhttp://a/%%E2%%80%%AE%%41\n' | curi to-iri
http://www.example.org/Dürst
http://www.example.org/D%FCrst
http://a/%E2%80%AE%41
? 0

$ curi to-iri --json 'http://a/%C3%BC' 'http://a/%zz'
{"input":"http://a/%C3%BC","output":"http://a/ü"}
{"input":"http://a/%zz","error":"PCT","message":"'%' must be followed by two hexadecimal digits","offset":9}
? 1

# The round trip.
$ curi to-uri 'http://例え.テスト/東京?q=ü' | curi to-iri
http://例え.テスト/東京?q=ü
? 0

$ curi resolve --iri 'http://bücher.example/a/b' '../東京' '?ü'
http://bücher.example/東京
http://bücher.example/a/b?ü
? 0

# normalize --iri: RFC 3986 6.2 on the IRI, then the %HH of allowed characters decoded.
$ curi normalize --iri 'HTTP://Bücher.Example:80/%c3%bc/./x' 'http://a/%e2%80%ae'
http://bücher.example/ü/x
http://a/%E2%80%AE
? 0

$ curi equal --iri 'http://www.example.org/résumé.html' 'http://www.example.org/r%C3%A9sum%C3%A9.html'
equal: string (RFC 3986 6.2.1)
? 0

$ curi equal --iri 'http://a/ü' 'http://a/%c3%bc'
equal: syntax-based (RFC 3986 6.2.2)
? 0

$ curi host
! curi: host: needs exactly one of --to-ascii and --to-unicode
! Try 'curi host --help'.
? 2

$ curi to-uri --to-ascii x
! curi: to-uri: unknown option '--to-ascii'
! Try 'curi to-uri --help'.
? 2
