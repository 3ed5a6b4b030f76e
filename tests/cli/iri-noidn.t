# A curi built without libidn2 (make IDN=0): every IDNA conversion fails with UNSUPPORTED,
# and the rest of IRI support works as with it (iri.t runs in both builds).
# REQUIRES: no-idn

$ curi host --idna2008 --to-ascii bücher.example
|
! curi: argument 1: UNSUPPORTED at byte 0: IDNA needs libidn2, and this libcuri was built without it
!   bücher.example
!   ^
? 1

# to-uri's default falls back to percent-encoding every host (issue 27).
$ curi to-uri 'https://münchen.de/' 'mailto:a@bücher.example'
https://m%C3%BCnchen.de/
mailto:a@b%C3%BCcher.example
? 0

$ curi to-uri --idn 'http://bücher.example/' 'http://a/'
|
|
! curi: argument 1: UNSUPPORTED at byte 0: IDNA needs libidn2, and this libcuri was built without it
!   http://bücher.example/
!   ^
! curi: argument 2: UNSUPPORTED at byte 0: IDNA needs libidn2, and this libcuri was built without it
!   http://a/
!   ^
? 1

$ curi get --iri '{host:ascii}' 'http://a/' 'http://bücher/'
a
|
! curi: argument 2: UNSUPPORTED at byte 7: IDNA needs libidn2, and this libcuri was built without it
!   http://bücher/
!          ^
? 1

# extract --to-uri without libidn2: every host percent-encoded, as to-uri does.
$ printf '%s\n' 'Visit http://bücher.example/ü today' | curi extract --to-uri
http://b%C3%BCcher.example/%C3%BC
? 0
