# curi encode and curi decode (RFC 3986 2.1, 2.4).

# The default keeps only unreserved characters (2.3): safe in every component.
$ curi encode 'a b/c?d%e~f_g.h-i'
a%20b%2Fc%3Fd%25e~f_g.h-i
? 0

$ curi encode --component path 'a b/c?d:@!'
a%20b/c%3Fd:@!
? 0

$ curi encode --component segment 'a b/c?d:@!'
a%20b%2Fc%3Fd:@!
? 0

$ curi encode --component query 'a b/c?d#e'
a%20b/c?d%23e
? 0

$ curi encode --component=form 'a b&c=d'
a+b%26c%3Dd
? 0

$ curi encode --component host 'a:b@c'
a%3Ab%40c
? 0

$ curi encode --keep-pct '100% a%20b'
100%25%20a%20b
? 0

# Every byte, including NUL and non-ASCII, is encoded with uppercase hex.
$ printf 'a\000\303\251\n' | curi encode
a%00%C3%A9
? 0

$ curi encode --component nosuch x
! curi: encode: unknown component 'nosuch'
! Try 'curi encode --help'.
? 2

$ curi encode --json 'a b'
{"input":"a b","output":"a%20b"}
? 0

# decode writes the bytes raw.
$ curi decode 'a%20b%2fc' 'a+b'
a b/c
a+b
? 0

$ curi decode --plus 'a+b%2B'
a b+
? 0

$ curi decode '%41%00%C3%A9%FF' | od -An -tx1 | tr -s ' '
 41 00 c3 a9 ff 0a
? 0

$ curi decode --no-nul 'a%00b'
|
! curi: argument 1: PCT_NUL at byte 1: '%00' is refused
!   a%00b
!    ^
? 1

$ curi decode --lenient '100%' 'a%zz%41%4' '%%41'
100%
a%zzA%4
%A
? 0

$ curi decode --lenient --plus --json '50%+off%21'
{"input":"50%+off%21","output":"50% off!"}
? 0

$ curi decode --lenient --no-nul 'a%zz%00'
|
! curi: argument 1: PCT_NUL at byte 4: '%00' is refused
!   a%zz%00
!       ^
? 1

$ printf 'ok%%21\nbad%%4\nok\n' | curi decode
ok!

ok
! curi: -:2: PCT at byte 3: '%' must be followed by two hexadecimal digits
!   bad%4
!      ^
? 1

$ curi decode --json '%C3%A9' '%FF' '%'
{"input":"%C3%A9","output":"é"}
{"input":"%FF","output":"�","output_hex":"ff"}
{"input":"%","error":"PCT","message":"'%' must be followed by two hexadecimal digits","offset":0}
? 1

# -z: a decoded LF stays data inside its NUL-terminated record.
$ printf 'a\0%%0a\0%%41' | curi decode -z | od -An -c | tr -s ' '
 a \0 \n \0 A \0
? 0

$ printf 'a b\0c\nd\0' | curi encode -z | tr '\0' '@'; echo
a%20b@c%0Ad@
? 0
