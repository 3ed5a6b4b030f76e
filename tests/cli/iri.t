# IRIs (RFC 3987) and IDNA host names in the tool: parse --iri, to-uri, to-iri, host, resolve
# --iri, normalize --iri, equal --iri, get {host:ascii} {host:unicode}.  The mappings and the
# host conversion are tested as data in tests/vectors/iri.vec; here the tool: output, messages
# with a caret and the reason, exit status, --json, stdin.  The IDNA2008 blocks are in
# iri-idn.t.

$ curi parse --iri --json 'https://ja.wikipedia.org/wiki/東京?q=ü#f'
{"input":"https://ja.wikipedia.org/wiki/東京?q=ü#f","scheme":"https","userinfo":null,"host":"ja.wikipedia.org","host_type":"reg-name","port":null,"path":"/wiki/東京","query":"q=ü","fragment":"f","segments":["wiki","東京"],"params":[{"key":"q","value":"ü"}],"labels":["ja","wikipedia","org"]}
? 0

# Without --iri a raw non-ASCII byte is an error, as RFC 3986 says; when it starts valid
# UTF-8 the message says that this is an IRI and how to read it (issue 27).
$ curi parse 'http://a/ü' >/dev/null
! curi: argument 1: PATH_CHAR at byte 9: character not allowed in the path
!   http://a/ü
!            ^
!   hint: a non-ASCII character: this is an IRI (RFC 3987), not a URI; read it with 'curi parse --iri', or map it with 'curi to-uri'
? 1

$ curi parse 'https://en.wikipedia.org/wiki/Café' 'http://東京.example/'
! curi: argument 1: PATH_CHAR at byte 33: character not allowed in the path
!   https://en.wikipedia.org/wiki/Café
!                                    ^
!   hint: a non-ASCII character: this is an IRI (RFC 3987), not a URI; read it with 'curi parse --iri', or map it with 'curi to-uri'
! curi: argument 2: HOST_CHAR at byte 7: character not allowed in the host
!   http://東京.example/
!          ^
!   hint: a non-ASCII character: this is an IRI (RFC 3987), not a URI; read it with 'curi parse --iri', or map it with 'curi to-uri'
? 1

# A command without --iri names only to-uri; the text output shows UTF-8 as text, as JSON does.
$ curi to-path 'file:///Café'
|
! curi: argument 1: PATH_CHAR at byte 11: character not allowed in the path
!   file:///Café
!              ^
!   hint: a non-ASCII character: this is an IRI (RFC 3987), not a URI; map it with 'curi to-uri'
? 1

$ curi parse --iri 'http://bücher.example/ü'
scheme:    http
host:      bücher.example
host_type: reg-name
path:      /ü
? 0

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
$ curi to-uri --no-idn 'https://ja.wikipedia.org/wiki/東京' "$(printf 'http://a/\303')" 'http://ü@bücher.example/ü?ü#ü'
https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC
|
http://%C3%BC@b%C3%BCcher.example/%C3%BC?%C3%BC#%C3%BC
! curi: argument 2: UTF8 at byte 9: invalid UTF-8: a bad, overlong or cut sequence, or a surrogate
!   http://a/\xc3
!            ^
? 1

# to-iri decodes what spells an allowed character, and unreserved ASCII (RFC 3987 3.2 step 1);
# the rest stays encoded, in uppercase hex (issue 27).
$ printf 'http://www.example.org/D%%C3%%BCrst\nhttp://www.example.org/D%%FCrst\nhttp://a/%%E2%%80%%AE%%41\n' | curi to-iri
http://www.example.org/Dürst
http://www.example.org/D%FCrst
http://a/%E2%80%AEA
? 0

$ curi to-iri 'http://a/%7E%41%2f%25%3F%20' 'scheme:/%CE%2E%2E' 'http://a/%e2%80%ae%c3'
http://a/~A%2F%25%3F%20
scheme:/%CE..
http://a/%E2%80%AE%C3
? 0

$ curi to-iri --json 'http://a/%C3%BC' 'http://a/%zz'
{"input":"http://a/%C3%BC","output":"http://a/ü"}
{"input":"http://a/%zz","error":"PCT","message":"'%' must be followed by two hexadecimal digits","offset":9}
? 1

# The round trip.
$ curi to-uri --no-idn 'http://例え.テスト/東京?q=ü' | curi to-iri
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

# equal --iri: RFC 3987 5.3's ladder; the strings first, then the URIs (issue 27).
$ curi equal --iri 'http://www.example.org/résumé.html' 'http://www.example.org/r%C3%A9sum%C3%A9.html'
equal: syntax-based (RFC 3987 5.3.2)
? 0

$ curi equal --iri 'http://www.example.org/résumé.html' 'http://www.example.org/résumé.html'
equal: string (RFC 3987 5.3.1)
? 0

$ curi equal --iri 'http://a/ü' 'http://a/%c3%bc'
equal: syntax-based (RFC 3987 5.3.2)
? 0

$ curi equal --iri --json 'http://bücher.example/ü' 'http://b%C3%BCcher.example/%C3%BC'
{"a":"http://bücher.example/ü","b":"http://b%C3%BCcher.example/%C3%BC","equal":true,"level":"syntax-based"}
? 0

$ curi host
! curi: host: needs exactly one of --to-ascii and --to-unicode
! Try 'curi host --help'.
? 2

# curi host without --idna2008: libcuri's own UTS #46 as the WHATWG URL Standard configures
# it: symbols map (U+00A1), U+3002 is a dot, no CheckHyphens,
# '_' passes, and lengths are not checked unless asked.
$ curi host --to-ascii ¡ 。 a。b Bücher.Example '[::1]' _dmarc.x.-a a..b
xn--7a
.
a.b
xn--bcher-kva.example
[::1]
_dmarc.x.-a
a..b
? 0

$ curi host --to-unicode xn--7a XN--BCHER-KVA.example
¡
bücher.example
? 0

# --verify-dns-length: UTS #46 VerifyDnsLength (in ToASCII the root label's empty label too,
# as IdnaTestV2.txt says; --idna2008 allows a root dot); --std3: UseSTD3ASCIIRules.
$ curi host --to-ascii --verify-dns-length a..b a. "$(printf 'a%.0s' $(seq 64))" ok
|
|
|
ok
! curi: argument 1: IDN_LENGTH at byte 2: IDNA: an empty label, a label over 63 or a name over 253 bytes
!   a..b
!     ^
! curi: argument 2: IDN_LENGTH at byte 2: IDNA: an empty label, a label over 63 or a name over 253 bytes
!   a.
!     ^
! curi: argument 3: IDN_LENGTH at byte 0: IDNA: an empty label, a label over 63 or a name over 253 bytes
!   aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
!   ^
? 1

$ curi host --to-ascii --std3 a_b ok
|
ok
! curi: argument 1: IDN_STD3 at byte 0: IDNA UseSTD3ASCIIRules: a DNS name holds only letters, digits, '-', '.'
!   a_b
!   ^
? 1

$ curi to-uri --to-ascii x
! curi: to-uri: unknown option '--to-ascii'
! Try 'curi to-uri --help'.
? 2

# --iri for explain, relative and check (issue 27 item 3): the diagram stands under the
# characters (one column each), relative keeps them raw, check lints an ASCII URI as it is
# and an input that is no IRI either as itself.
$ curi explain --iri 'http://bücher.example/ü?q#f'
http://bücher.example/ü?q#f
\__/   \____________/\/ | |
 |           |       |  | |
 scheme      |       |  | fragment
             |       |  query
             |       path
             authority
? 0

$ curi relative --iri 'http://bücher.example/a/b' 'http://bücher.example/a/ü' 'http://bücher.example/c'
ü
/c
? 0

$ curi check --iri http://a/ 'http://a/b c'
http://a/b c:10-11: error: not an RFC 3986 URI reference: byte 0x20 at offset 10 is not allowed here [syntax-invalid]
  http://a/b c
            ^
http://a/b c:10-11: error: raw space in path: browsers strip or trim it, other parsers keep it, so they see different URIs [raw-control-or-space]
  http://a/b c
            ^
? 1
