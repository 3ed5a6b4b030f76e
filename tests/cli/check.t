# curi check: the lint findings of each input as compiler-style text or JSON, --fail-on,
# --disable, --ports, -z, --jobs.  Most cases use syntax-invalid and clean inputs, whose
# findings do not depend on the other rules (lint-rules.md; curi(1), LINT RULES).

# Text: INPUT:START-END: SEVERITY: MESSAGE [RULE], the input, and ^~~~ under the span.
$ curi check 'http://a/b?c#d#e'
http://a/b?c#d#e:14-15: error: not an RFC 3986 URI reference: byte 0x23 at offset 14 is not allowed here [syntax-invalid]
  http://a/b?c#d#e
                ^
? 1

# A clean input prints nothing in text mode, and [] in JSON.
$ curi check http://example.com/
? 0

$ curi check --json http://example.com/ 'http://a/b?c#d?e'
{"input":"http://example.com/","findings":[]}
{"input":"http://a/b?c#d?e","findings":[]}
? 0

$ curi check --json 'http://a/b?c#d#e'
{"input":"http://a/b?c#d#e","findings":[{"rule":"syntax-invalid","severity":"error","message":"not an RFC 3986 URI reference: byte 0x23 at offset 14 is not allowed here","start":14,"end":15}]}
? 1

# Control bytes are escaped in INPUT, in the echo and in messages, and the marks cover the
# escaped byte; nothing but printable ASCII and newlines is written.
$ curi check --disable raw-control-or-space "$(printf 'http://a/b\033c')"
http://a/b\x1bc:10-11: error: not an RFC 3986 URI reference: byte 0x1B at offset 10 is not allowed here [syntax-invalid]
  http://a/b\x1bc
            ^~~~
? 1

$ curi check --disable raw-control-or-space,raw-backslash "$(printf 'x\tb')" 'a\b{'
x\x09b:1-2: error: not an RFC 3986 URI reference: byte 0x09 at offset 1 is not allowed here [syntax-invalid]
  x\x09b
   ^~~~
a\\b{:1-2: error: not an RFC 3986 URI reference: byte 0x5C at offset 1 is not allowed here [syntax-invalid]
  a\\b{
   ^~
? 1

$ printf 'http://a/\033[31m\302\233x\nhttp://a/\342\200\256\n' | curi check --fail-on none | tr -d '\n -~' | wc -c
0
? 0

# Non-UTF-8 input in JSON: U+FFFD and an input_hex twin, as parse --json does.
$ printf 'http://a/\377\n' | curi check --json
{"input":"http://a/�","input_hex":"687474703a2f2f612fff","findings":[{"rule":"syntax-invalid","severity":"error","message":"not an RFC 3986 URI reference: byte 0xFF at offset 9 is not allowed here","start":9,"end":10}]}
? 1

# A long input: INPUT shows its first 100 bytes, the echo a window around the span.
$ curi check "http://h/00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000|0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
http://h/0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000...:209-210: error: not an RFC 3986 URI reference: byte 0x7C at offset 209 is not allowed here [syntax-invalid]
  ...000000000000000000000000000000000000000000000000000000000000|000000000000000000000000000000000000000000000000000000000000...
                                                                 ^
? 1

# Standard input: one input per line; operands after "--" may start with '-'.
$ printf 'http://example.com/\nhttp://a/b?c#d#e\n' | curi check
http://a/b?c#d#e:14-15: error: not an RFC 3986 URI reference: byte 0x23 at offset 14 is not allowed here [syntax-invalid]
  http://a/b?c#d#e
                ^
? 1

$ curi check -- -x '-a{'
-a{:2-3: error: not an RFC 3986 URI reference: byte 0x7B at offset 2 is not allowed here [syntax-invalid]
  -a{
    ^
? 1

$ curi check -x
! curi: check: unknown option '-x'
! Try 'curi check --help'.
? 2

# --fail-on: exit 1 when a finding is at or above the level (default warning); none never.
$ for l in error warning info none; do curi check --fail-on $l 'http://a/b?c#d#e' >/dev/null; echo "$l $?"; done
error 1
warning 1
info 1
none 0
? 0

$ for l in error warning info none; do curi check --fail-on=$l http://example.com/; echo "$l $?"; done
error 0
warning 0
info 0
none 0
? 0

# Warnings only (userinfo-password, userinfo-in-http): fail at warning, not at error.
$ curi check --fail-on error 'http://user:pass@host/' >/dev/null; echo $?; curi check 'http://user:pass@host/' >/dev/null
0
? 1

# Under --strict-3986 a zone ID is syntax-invalid too (an error); without, host-ipv6-zone-id
# is a warning.
$ curi check --fail-on error 'http://[fe80::1%25eth0]/' >/dev/null; echo $?; curi check --strict-3986 --json 'http://[fe80::1%25eth0]/' | grep -o '"rule":"syntax-invalid"'
0
"rule":"syntax-invalid"
? 0

$ curi check --fail-on bogus x
! curi: check: --fail-on needs error, warning, info or none, got 'bogus'
! Try 'curi check --help'.
? 2

# --disable: names separated by commas, repeatable; an unknown or empty name is a usage error.
$ curi check --disable syntax-invalid 'http://a/b?c#d#e'
? 0

$ curi check --disable raw-backslash,syntax-invalid --disable pct-malformed 'a\b%'
? 0

$ curi check --disable syntax-invalid,nope x
! curi: check: --disable: unknown rule 'nope'
! Try 'curi check --help'.
? 2

$ curi check --disable= x
! curi: check: --disable: unknown rule ''
! Try 'curi check --help'.
? 2

# --ports FILE: PORT PROTOCOL [SCHEME...] lines replace the well-known port table.
# (port-non-default is what a non-default port of a listed scheme, or of any scheme with an
# empty table, gets instead.)
$ printf '# port protocol schemes\n\n8080  proxy   # no scheme\n25 smtp SMTP Http\n' >p.txt; curi check --ports p.txt --json http://a:25/ http://a:8080/ | grep -o '"rule":"[a-z-]*"'; rm -f p.txt
"rule":"port-non-default"
"rule":"port-other-protocol"
? 0

# The message names the protocol of the caller's table.
$ printf '8080 proxy\n25 mailer smtp\n' >p.txt; curi check --ports p.txt http://a:8080/; s=$?; rm -f p.txt; exit $s
http://a:8080/:9-13: warning: port 8080 belongs to proxy, not http: the request's content can be read as proxy commands [port-other-protocol]
  http://a:8080/
           ^~~~
? 1

$ curi check --ports /dev/null --fail-on warning --json http://a:25/ | grep -o '"rule":"[a-z-]*"'
"rule":"port-non-default"
? 0

$ curi check http://a:25/ >/dev/null
? 1

$ printf '25 smtp smtp\nfoo bar\n' >p.txt; curi check --ports p.txt x; s=$?; rm -f p.txt; exit $s
! curi: check: --ports p.txt:2: the port must be a number from 1 to 65535, got 'foo'
! Try 'curi check --help'.
? 2

$ printf '25\n' >p.txt; curi check --ports p.txt x; printf '25 smtp\n0025 x\n' >p.txt; curi check --ports p.txt x; printf '1 a 2b\n' >p.txt; curi check --ports p.txt x; s=$?; rm -f p.txt; exit $s
! curi: check: --ports p.txt:1: a port needs a protocol name: '25'
! Try 'curi check --help'.
! curi: check: --ports p.txt:2: port listed twice: '0025'
! Try 'curi check --help'.
! curi: check: --ports p.txt:1: not a scheme name: '2b'
! Try 'curi check --help'.
? 2

$ curi check --ports /nonexistent x
! curi: check: --ports /nonexistent: cannot open: 'No such file or directory'
! Try 'curi check --help'.
? 2

# -z: NUL-terminated records, so that an input may contain LF; each input's block ends with
# NUL instead of its last newline, and a clean input still prints nothing.
$ printf 'a\nb\0http://example.com/\0x{\0' | curi check -z --disable raw-control-or-space | tr '\0' '@'; echo
a\x0ab:1-2: error: not an RFC 3986 URI reference: byte 0x0A at offset 1 is not allowed here [syntax-invalid]
  a\x0ab
   ^~~~@x{:1-2: error: not an RFC 3986 URI reference: byte 0x7B at offset 1 is not allowed here [syntax-invalid]
  x{
   ^@
? 0

$ printf 'a\r\nb\0http://example.com/' | curi check -z --json | tr '\0' '\n' | grep -o '^{"input":"[^"]*"'
{"input":"a\u000d\u000ab"
{"input":"http://example.com/"
? 0

$ printf 'http://example.com/\0a\nb' | curi check -z >/dev/null; echo $?; printf 'http://example.com/\0' | curi check -z
1
? 0

# --jobs 2: the same output, in input order, and the same exit status as one thread.
$ awk 'BEGIN { for (i = 0; i < 40000; i++) print (i % 7 == 3 ? "http://h/" i "?q#f#" : "http://example.com/" i) }' >in.txt; curi check <in.txt >one.txt; echo $?; curi check --jobs 2 <in.txt >two.txt; echo $?; cmp one.txt two.txt && wc -l <two.txt && curi check --json -j2 <in.txt | awk 'END { print NR } NR == 39999 { print }'; rm -f in.txt one.txt two.txt
1
1
17142
{"input":"http://example.com/39998","findings":[]}
40000
? 0

# -f FILE and operands together, in order.
$ printf 'x{\n' >u.txt; curi check --json -f u.txt http://example.com/ | cut -c1-24; rm -f u.txt
{"input":"http://example
{"input":"x{","findings"
? 0

# issue 26 item 10: the message's well-formed UTF-8 is text (the ellipsis only when the
# userinfo goes on past the quote); bidi characters stay \xHH, and the input's echo shows
# valid UTF-8 as text too (issue 27 item 2)
$ curi check --fail-on none --disable userinfo-in-http 'http://www.paypal.com@evil.com/' 'http://good.com%2F@evil.com/' "$(printf '\303\251\342\200\256:b')"
http://www.paypal.com@evil.com/:7-21: warning: userinfo 'www.paypal.com' looks like a host name, but the host is 'evil.com' [userinfo-hostlike]
  http://www.paypal.com@evil.com/
         ^~~~~~~~~~~~~~
http://good.com%2F@evil.com/:7-18: warning: userinfo 'good.com…' looks like a host name, but the host is 'evil.com' [userinfo-hostlike]
  http://good.com%2F@evil.com/
         ^~~~~~~~~~~
é\xe2\x80\xae:b:0-1: error: not an RFC 3986 URI reference: byte 0xC3 at offset 0 is not allowed here [syntax-invalid]
  é\xe2\x80\xae:b
  ^
é\xe2\x80\xae:b:0-7: error: relative reference whose first segment 'é\xe2\x80\xae:b' contains ':': it cannot be a relative path (RFC 3986 4.2), and other parsers read a scheme; write './é\xe2\x80\xae:b' [relative-colon-first-segment]
  é\xe2\x80\xae:b
  ^~~~~~~~~~~~~~~
? 0
