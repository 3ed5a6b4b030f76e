# curi resolve and curi relative (RFC 3986 section 5).  The expected targets are the
# examples of 5.4.1 and 5.4.2, base "http://a/b/c/d;p?q".

$ curi resolve 'http://a/b/c/d;p?q' 'g:h' g ./g g/ /g //g '?y' g?y '#s' g#s 'g?y#s' ';x' 'g;x' 'g;x?y#s' '' . ./ .. ../ ../g ../.. ../../ ../../g
g:h
http://a/b/c/g
http://a/b/c/g
http://a/b/c/g/
http://a/g
http://g
http://a/b/c/d;p?y
http://a/b/c/g?y
http://a/b/c/d;p?q#s
http://a/b/c/g#s
http://a/b/c/g?y#s
http://a/b/c/;x
http://a/b/c/g;x
http://a/b/c/g;x?y#s
http://a/b/c/d;p?q
http://a/b/c/
http://a/b/c/
http://a/b/
http://a/b/
http://a/b/g
http://a/
http://a/
http://a/g
? 0

$ curi resolve 'http://a/b/c/d;p?q' ../../../g ../../../../g /./g /../g g. .g g.. ..g ./../g ./g/. g/./h g/../h 'g;x=1/./y' 'g;x=1/../y' 'g?y/./x' 'g?y/../x' 'g#s/./x' 'g#s/../x'
http://a/g
http://a/g
http://a/g
http://a/g
http://a/b/c/g.
http://a/b/c/.g
http://a/b/c/g..
http://a/b/c/..g
http://a/b/g
http://a/b/c/g/
http://a/b/c/g/h
http://a/b/c/h
http://a/b/c/g;x=1/y
http://a/b/c/y
http://a/b/c/g?y/./x
http://a/b/c/g?y/../x
http://a/b/c/g#s/./x
http://a/b/c/g#s/../x
? 0

# 5.4.2: "http:g" is an absolute URI for a strict parser, relative for a non-strict one.
$ curi resolve 'http://a/b/c/d;p?q' http:g
http:g
? 0

$ curi resolve --non-strict 'http://a/b/c/d;p?q' http:g
http://a/b/c/g
? 0

# References from stdin; an invalid one gives a diagnostic and an empty line.
$ printf 'g\n%%zz\n../x\n' | curi resolve http://a/b/c
http://a/b/g

http://a/x
! curi: -:2: PCT at byte 0: '%' must be followed by two hexadecimal digits
!   %zz
!   ^
? 1

$ curi resolve --json http://a/b/c g 'a b'
{"base":"http://a/b/c","reference":"g","target":"http://a/b/g"}
{"base":"http://a/b/c","reference":"a b","error":"PATH_CHAR","message":"character not allowed in the path","offset":1}
? 1

# The base must be a valid URI with a scheme: otherwise a usage error.
$ curi resolve /no/scheme g
! curi: BASE: BASE_NOT_ABSOLUTE at byte 0: the base URI must have a scheme
!   /no/scheme
!   ^
? 2

$ curi resolve 'http://a b/' g
! curi: BASE: HOST_CHAR at byte 8: character not allowed in the host
!   http://a b/
!           ^
? 2

$ curi resolve
! curi: resolve: missing BASE
! Try 'curi resolve --help'.
? 2

# relative is the inverse: the shortest reference that resolves back to the target.
$ curi relative 'http://a/b/c/d;p?q' 'http://a/b/c/g' 'http://a/b/c/d;p?y' 'http://a/b/c/d;p?q#s' 'ftp://a/b' 'http://x/y'
g
?y
#s
ftp://a/b
//x/y
? 0

$ printf 'http://a/b/c/g\nhttp://a/g\n' | curi relative --json 'http://a/b/c/d;p?q'
{"base":"http://a/b/c/d;p?q","target":"http://a/b/c/g","reference":"g"}
{"base":"http://a/b/c/d;p?q","target":"http://a/g","reference":"/g"}
? 0

# Each reference printed by relative resolves back to its target.
$ for t in http://a/b/c/g http://a/g 'http://a/b/c/d;p?y' http://a/b/x/y/; do curi resolve 'http://a/b/c/d;p?q' "$(curi relative 'http://a/b/c/d;p?q' "$t")"; done
http://a/b/c/g
http://a/g
http://a/b/c/d;p?y
http://a/b/x/y/
? 0

$ curi relative --abspath --netpath http://a/ http://a/b
! curi: relative: --abspath and --netpath exclude each other
! Try 'curi relative --help'.
? 2

# A target must be a URI, with a scheme (the result must resolve back to it).
$ curi relative --json http://a/b/c g
{"base":"http://a/b/c","target":"g","error":"SCHEME_MISSING","message":"a URI must start with a scheme followed by ':'","offset":0}
? 1

# The scheme and the host match without regard to case (issue 27 item 9); the userinfo and
# the path do not, nor an IPv6 zone ID.
$ curi relative https://example.com/docs/a https://EXAMPLE.com/docs/x HTTPS://Example.COM/docs/a?q https://example.com/Docs/x 'http://[fe80::1%25eth0]/a'
x
?q
/Docs/x
http://[fe80::1%25eth0]/a
? 0

$ curi relative 'http://[fe80::1%25eth0]/a' 'http://[FE80::1%25eth0]/b' 'http://[fe80::1%25ETH0]/b'
b
//[fe80::1%25ETH0]/b
? 0

# An empty line is the empty reference (the base itself); an invalid input gives one too,
# with a diagnostic: --json or --skip-invalid tell them apart.
$ curi relative http://h/a http://h/a b http://h/c
|
|
c
! curi: argument 2: SCHEME_MISSING at byte 0: a URI must start with a scheme followed by ':'
!   b
!   ^
? 1

$ curi relative --skip-invalid http://h/a http://h/a b http://h/c 2>/dev/null
|
c
? 1

$ curi relative --json http://h/a http://h/a b
{"base":"http://h/a","target":"http://h/a","reference":""}
{"base":"http://h/a","target":"b","error":"SCHEME_MISSING","message":"a URI must start with a scheme followed by ':'","offset":0}
? 1
