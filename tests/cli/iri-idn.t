# IDNA2008 in the tool (libcuri's own, in every build): curi host --idna2008, to-uri --idn,
# to-iri --idn, get {host:ascii} {host:unicode}.

$ curi host --idna2008 --to-ascii bücher.example 'B%C3%BCcher.Example' 納豆.example.org '[::1]'
xn--bcher-kva.example
xn--bcher-kva.example
xn--99zt52a.example.org
[::1]
? 0

$ curi host --idna2008 --to-unicode xn--bcher-kva.example XN--99ZT52A.example.org
bücher.example
納豆.example.org
? 0

# A name that fails: the message with a caret under its label, and the reason (the UTS #46
# option or step, or the IDNA2008 rule, that refused it); the other names still run.  '_' is
# allowed: host names in URLs carry it (issue 27); --std3 asks for DNS host syntax.
$ curi host --idna2008 --to-ascii a_b.example x.-a ok.example xn--a
a_b.example
|
ok.example
|
! curi: argument 2: IDN_HYPHEN at byte 2: IDNA: '-' at a label's start or end, or '--' at 3-4
!   x.-a
!     ^
!   reason: CheckHyphens: '-' at a label's start or end, or "--" at its 3rd and 4th position
! curi: argument 4: IDN_DISALLOWED at byte 0: IDNA: a disallowed or unassigned code point
!   xn--a
!   ^
!   reason: ValidityCriteria: a code point that UTS #46 disallows (or leaves unassigned) after mapping
? 1

$ curi host --idna2008 --to-ascii _dmarc.bücher.example _sip._tcp.example.com
_dmarc.xn--bcher-kva.example
_sip._tcp.example.com
? 0

# --std3: the rule in the headline, the caret on the offending byte.  U+2260 is DISALLOWED
# in IDNA2008 (NV8) with --std3 or without.
$ curi host --idna2008 --to-ascii --std3 a_b.example ok.example 'x.≠'
|
ok.example
|
! curi: argument 1: IDN_STD3 at byte 1: IDNA UseSTD3ASCIIRules: a DNS name holds only letters, digits, '-', '.'
!   a_b.example
!    ^
!   reason: UseSTD3ASCIIRules: only letters, digits and '-' may stand in an ASCII label
! curi: argument 3: IDN_DISALLOWED at byte 2: IDNA: a disallowed or unassigned code point
!   x.≠
!     ^
!   reason: IDNA2008: a character UTS #46 accepts but IDNA2008 disallows (RFC 5892; NV8, XV8): a symbol or punctuation
? 1

# Without --std3 a mapping may still not make what a URI host cannot hold (U+FF0F is '/').
$ curi host --idna2008 --to-ascii 'a.b／c'
|
! curi: argument 1: IDN_DISALLOWED at byte 2: IDNA: a disallowed or unassigned code point
!   a.b／c
!     ^
!   reason: URIHost: a character that maps to ASCII a URI host cannot hold, such as '/' or a space
? 1

# A U-label whose A-label passes 63 bytes is too long, not bad Punycode.
$ curi host --idna2008 --to-ascii "$(printf 'x%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59)ü.example" 2>&1 >/dev/null | head -1
curi: argument 1: IDN_LENGTH at byte 0: IDNA: an empty label, a label over 63 or a name over 253 bytes
? 0

$ printf 'xn--a.com\n' | curi host --idna2008 --to-unicode --json
{"input":"xn--a.com","error":"IDN_DISALLOWED","message":"IDNA: a disallowed or unassigned code point","offset":0,"reason":"ValidityCriteria"}
? 1

$ curi to-uri --idn 'http://bücher.example/ü' 'http://a_b/ü' 'foo://bücher/'
http://xn--bcher-kva.example/%C3%BC
http://a_b/%C3%BC
foo://xn--bcher-kva/
? 0

# to-uri's default (RFC 3987 3.1): IDNA for the hosts of the schemes whose host is a DNS name
# (the registry's CURI_SCHEME_DNS_HOST) and mailto's domains; other schemes' hosts encoded.
$ curi to-uri 'https://münchen.de/' 'ftp://bücher.example/ü' 'mailto:a@bücher.example,b@x.example?subject=ü' 'foo://bücher.example/' 'urn:x:ü'
https://xn--mnchen-3ya.de/
ftp://xn--bcher-kva.example/%C3%BC
mailto:a@xn--bcher-kva.example,b@x.example?subject=%C3%BC
foo://b%C3%BCcher.example/
urn:x:%C3%BC
? 0

$ curi to-uri --no-idn 'https://münchen.de/'
https://m%C3%BCnchen.de/
? 0

$ curi to-uri 'http://a_b.ü/' 'http://x.-ü/'
http://a_b.xn--tda/
|
! curi: argument 2: IDN_HYPHEN at byte 9: IDNA: '-' at a label's start or end, or '--' at 3-4
!   http://x.-ü/
!            ^
!   reason: CheckHyphens: '-' at a label's start or end, or "--" at its 3rd and 4th position
? 1

$ curi to-iri --idn 'http://xn--bcher-kva.example/%C3%BC' 'http://xn--a.example/'
http://bücher.example/ü
http://xn--a.example/
? 0

$ curi get --iri '{host} {host:ascii} {host:unicode}' 'http://bücher.example/' 'http://xn--bcher-kva.example/' 'http://a_b/'
bücher.example xn--bcher-kva.example bücher.example
xn--bcher-kva.example xn--bcher-kva.example bücher.example
a_b a_b a_b
? 0

# trurl's names for the two: {puny:host} and {idn:host} (issue 27 item 8).
$ curi get --iri '{puny:host} {idn:host}' 'http://bücher.example/' 'http://xn--bcher-kva.example/'
xn--bcher-kva.example bücher.example
xn--bcher-kva.example bücher.example
? 0

$ curi get --iri '{host:ascii}' 'http://a_b.ü/'
a_b.xn--tda
? 0

# equal --iri: IDNA for DNS hosts at the scheme-based rung (RFC 3987 5.3.3, issue 27).
$ curi equal --iri 'http://BÜCHER.example/' 'http://bücher.example/'
equal: scheme-based (RFC 3987 5.3.3)
? 0

$ curi equal --iri 'http://bücher.example/' 'http://xn--bcher-kva.example/'
equal: scheme-based (RFC 3987 5.3.3)
? 0

$ curi equal --iri --syntax 'http://bücher.example/' 'http://xn--bcher-kva.example/'
not equal
? 1

$ curi equal --iri 'foo://bücher.example/' 'foo://xn--bcher-kva.example/'
not equal
? 1

# extract --to-uri: a DNS host through IDNA; one IDNA refuses is percent-encoded, with a
# warning (issue 27 item 1).
$ printf '%s\n' 'Visit http://bücher.example/ü today' | curi extract --to-uri
http://xn--bcher-kva.example/%C3%BC
? 0

$ printf 'x http://\314\201x.example/ y\n' | curi extract --to-uri
http://%CC%81x.example/
! curi: -:1:3: warning: IDN_LEADING_COMBINING: IDNA refused the host, which is percent-encoded instead
? 0

# check --iri lints the URI of an IRI (issue 27 item 3): without it the Cyrillic homograph
# is only syntax-invalid, with it the lint sees xn--80ak6aa92e.com and its confusable label.
$ curi check --iri --fail-on none 'https://аррӏе.com/'
https://xn--80ak6aa92e.com/:8-26: info: internationalized host name: check what it displays as before trusting it (homographs, mixed scripts) [host-idn]
  https://xn--80ak6aa92e.com/
          ^~~~~~~~~~~~~~~~~~
https://xn--80ak6aa92e.com/:8-22: warning: host label 'аррӏе' looks like 'appie' (a UTS #39 whole-script confusable of an ASCII label): check who owns the name before trusting it [host-confusable]
  https://xn--80ak6aa92e.com/
          ^~~~~~~~~~~~~~
? 0

$ curi check --iri --json --fail-on none 'https://аррӏе.com/'
{"input":"https://аррӏе.com/","uri":"https://xn--80ak6aa92e.com/","findings":[{"rule":"host-idn","severity":"info","message":"internationalized host name: check what it displays as before trusting it (homographs, mixed scripts)","start":8,"end":26},{"rule":"host-confusable","severity":"warning","message":"host label 'аррӏе' looks like 'appie' (a UTS #39 whole-script confusable of an ASCII label): check who owns the name before trusting it","start":8,"end":22}]}
? 0
