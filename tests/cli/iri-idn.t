# IDNA in the tool (libidn2): curi host, to-uri --idn, to-iri --idn, get {host:ascii}
# {host:unicode}.  Without libidn2 every conversion fails with UNSUPPORTED (the last block);
# run.sh skips this file's other blocks then (see the REQUIRES line).
# REQUIRES: idn

$ curi host --to-ascii bücher.example 'B%C3%BCcher.Example' 納豆.example.org '[::1]'
xn--bcher-kva.example
xn--bcher-kva.example
xn--99zt52a.example.org
[::1]
? 0

$ curi host --to-unicode xn--bcher-kva.example XN--99ZT52A.example.org
bücher.example
納豆.example.org
? 0

# A name that fails: the message with a caret under its label, and libidn2's reason (or the
# UTS #46 option libcuri checks itself); the other names still run.
$ curi host --to-ascii a_b.example x.-a ok.example xn--a
|
|
ok.example
|
! curi: argument 1: IDN_DISALLOWED at byte 0: IDNA: a disallowed or unassigned code point
!   a_b.example
!   ^
!   reason: UseSTD3ASCIIRules: only letters, digits and '-' may stand in an ASCII label (checked by libcuri)
! curi: argument 2: IDN_HYPHEN at byte 2: IDNA: '-' at a label's start or end, or '--' at 3-4
!   x.-a
!     ^
!   reason: IDN2_HYPHEN_STARTEND: string start/ends with forbidden hyphen
! curi: argument 4: IDN_DISALLOWED at byte 0: IDNA: a disallowed or unassigned code point
!   xn--a
!   ^
!   reason: IDN2_INVALID_NONTRANSITIONAL: domain label has character forbidden in non-transitional mode (TR46)
? 1

$ printf 'xn--a.com\n' | curi host --to-unicode --json
{"input":"xn--a.com","error":"IDN_DISALLOWED","message":"IDNA: a disallowed or unassigned code point","offset":0,"reason":"IDN2_INVALID_NONTRANSITIONAL"}
? 1

$ curi to-uri --idn 'http://bücher.example/ü' 'http://a_b/ü'
http://xn--bcher-kva.example/%C3%BC
http://a_b/%C3%BC
? 0

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
|
! curi: argument 1: IDN_DISALLOWED at byte 7: IDNA: a disallowed or unassigned code point
!   http://a_b.\xc3\xbc/
!          ^
!   reason: UseSTD3ASCIIRules: only letters, digits and '-' may stand in an ASCII label (checked by libcuri)
? 1

$ curi equal --iri 'http://BÜCHER.example/' 'http://bücher.example/'
not equal
? 1
