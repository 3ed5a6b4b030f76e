# curi build: URI references from JSON objects with the keys of curi parse --json.

# Every component key; "" is present but empty, null and missing are absent; port may be a
# number or a string.
$ curi build '{"scheme":"https","userinfo":"u:p","host":"example.com","port":8443,"path":"/x","query":"a=1","fragment":""}'
https://u:p@example.com:8443/x?a=1#
? 0

$ curi build '{"scheme":"http","host":"h","port":"","path":"","query":null}' '{"path":"a/b"}' '{}'
http://h:
a/b

? 0

# Lists: segments (each after a '/'), params (form data: ' ' is '+', null value: key alone),
# labels (joined with '.'), used when path, query, host are not given.
$ curi build '{"scheme":"http","labels":["www","example","com"],"segments":["a","b",""],"params":[{"key":"k","value":"1"},{"key":"f","value":null},{"key":"e","value":""}]}'
http://www.example.com/a/b/?k=1&f&e=
? 0

$ curi build '{"segments":[]}' '{"params":[]}' '{"labels":[]}' '{"scheme":"x","segments":[""]}'

?
//
x:/
? 0

# Decoded params are always encoded: '&', '=', '+', ';', '%' and non-ASCII.
$ curi build '{"scheme":"s","params":[{"key":"a b","value":"c&d=e+f;g%h"},{"key":"ü","value":"\u00fc"}]}'
s:?a+b=c%26d%3De%2Bf%3Bg%25h&%C3%BC=%C3%BC
? 0

# A raw key wins over its list: path over segments, query over params, host over labels.
$ curi build '{"scheme":"h","host":"a","labels":["b"],"path":"/p","segments":["q"],"query":"x","params":[{"key":"y","value":null}]}'
h://a/p?x
? 0

# Keys of parse --json that carry no component are ignored, so parse --json | build is
# the identity on valid inputs.
$ curi parse --json 'http://u@[fe80::1%25eth0]:8080/a/./b?q=1&r#f' 'mailto:x@y' '' | curi build
http://u@[fe80::1%25eth0]:8080/a/./b?q=1&r#f
mailto:x@y

? 0

# --encode: each string is percent-encoded for its component (not scheme or port; a host
# in brackets is an IP literal); segments are encoded as one segment each ('/' too).
$ curi build --encode '{"scheme":"http","userinfo":"a b:c","host":"h st","path":"/a b","query":"q r","fragment":"f g"}' '{"scheme":"http","host":"[::1]","segments":["a/b","c d"],"labels":["x y","z"]}'
http://a%20b:c@h%20st/a%20b?q%20r#f%20g
http://[::1]/a%2Fb/c%20d
? 0

# JSON strings: every escape, surrogate pairs joined into UTF-8 (then encoded).
$ curi build --encode '{"path":"\/\"\\\b\f\n\r\t\u0041\ud83d\ude00"}'
/%22%5C%08%0C%0A%0D%09A%F0%9F%98%80
? 0

# Without --encode a value must be valid as it is; the error names the key and the byte
# offset in its value.
$ curi build '{"scheme":"http","host":"a b"}' '{"path":"/%zz"}' '{"scheme":"1x"}' '{"port":"8o"}' '{"segments":["a b"]}'





! curi: argument 1: host: HOST_CHAR at byte 1: character not allowed in the host
!   a b
!    ^
! curi: argument 2: path: PCT at byte 1: '%' must be followed by two hexadecimal digits
!   /%zz
!    ^
! curi: argument 3: scheme: SCHEME at byte 0: the scheme must be a letter followed by letters, digits, '+', '-', '.'
!   1x
!   ^
! curi: argument 4: port: PORT_CHAR at byte 1: character not allowed in the port (digits only)
!   8o
!    ^
! curi: argument 5: segments: PATH_CHAR at byte 2: character not allowed in the path
!   /a b
!     ^
? 1

# Parts that do not fit together: STRUCTURE with the rule.
$ curi build '{"userinfo":"u"}' '{"path":"a:b"}' '{"host":"h","path":"x"}' '{"path":"//x"}'




! curi: argument 1: STRUCTURE: the components do not fit together into a URI reference: a userinfo or port needs a host
!   {"userinfo":"u"}
! curi: argument 2: STRUCTURE: the components do not fit together into a URI reference: a relative-path reference's first segment cannot contain ':'
!   {"path":"a:b"}
! curi: argument 3: STRUCTURE: the components do not fit together into a URI reference: a path beside an authority must be empty or start with '/'
!   {"host":"h","path":"x"}
! curi: argument 4: STRUCTURE: the components do not fit together into a URI reference: a path starting with '//' needs an authority
!   {"path":"//x"}
? 1

# JSON that is not an object of this shape: JSON or KEY errors at their byte.
$ curi build '{"hots":"x"}' '{"path":"a","path":"b"}' '{"path":1}' '{"port":-1}' '{"segments":"a"}' '{"params":[{"value":"x"}]}' '{"params":[{"key":"a","extra":1}]}' '[]' '{"path":"a"} x' '{"path":"a' '{"path":"\x"}' '{"path":"\ud800"}' '{"path":"\udc00"}' '{"path":"\u12"}'














! curi: argument 1: KEY at byte 1: unknown member
!   {"hots":"x"}
!    ^
! curi: argument 2: KEY at byte 12: a member is given twice
!   {"path":"a","path":"b"}
!               ^
! curi: argument 3: JSON at byte 8: a string was expected
!   {"path":1}
!           ^
! curi: argument 4: JSON at byte 8: a string was expected
!   {"port":-1}
!           ^
! curi: argument 5: KEY at byte 12: a list of strings was expected
!   {"segments":"a"}
!               ^
! curi: argument 6: KEY at byte 11: a param needs a "key"
!   {"params":[{"value":"x"}]}
!              ^
! curi: argument 7: KEY at byte 22: a param has only "key" and "value"
!   {"params":[{"key":"a","extra":1}]}
!                         ^
! curi: argument 8: JSON at byte 0: a JSON object was expected
!   []
!   ^
! curi: argument 9: JSON at byte 13: only one JSON object per line
!   {"path":"a"} x
!                ^
! curi: argument 10: JSON at byte 10: the string is not closed
!   {"path":"a
!             ^
! curi: argument 11: JSON at byte 9: unknown escape in a string
!   {"path":"\\x"}
!            ^
! curi: argument 12: JSON at byte 9: a high surrogate without a low one after it
!   {"path":"\\ud800"}
!            ^
! curi: argument 13: JSON at byte 9: a low surrogate without a high one before it
!   {"path":"\\udc00"}
!            ^
! curi: argument 14: JSON at byte 9: \u needs four hexadecimal digits
!   {"path":"\\u12"}
!            ^
? 1

# --json: one object per input, with "key" naming the member at fault, and "rule" for
# STRUCTURE.
$ curi build --json '{"scheme":"http","host":"h"}' '{"host":"a b"}' '{"hots":1}' '{"userinfo":"u"}'
{"input":"{\"scheme\":\"http\",\"host\":\"h\"}","output":"http://h"}
{"input":"{\"host\":\"a b\"}","error":"HOST_CHAR","message":"character not allowed in the host","offset":1,"key":"host"}
{"input":"{\"hots\":1}","error":"KEY","message":"unknown member","offset":1}
{"input":"{\"userinfo\":\"u\"}","error":"STRUCTURE","message":"the components do not fit together into a URI reference","offset":null,"rule":"a userinfo or port needs a host"}
? 1

# Lines from standard input and -f, CRLF line ends, --skip-invalid, --jobs.
$ printf '{"scheme":"a","path":"1"}\r\n{"x":1}\r\n{"scheme":"b","path":"2"}' | curi build --skip-invalid -j2 2>/dev/null
a:1
b:2
? 1

# A param's _hex twin (as parse --json writes for bytes that are not UTF-8) gives the exact
# bytes back.
$ curi build '{"scheme":"x","params":[{"key":"a","value":"\ufffd","value_hex":"ff"},{"key_hex":"2b","key":"?"}]}'
x:?a=%FF&%2B
? 0
