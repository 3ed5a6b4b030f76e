# Reading standard input: one input per line, in order, invalid lines reported while the
# others go on; --jobs; I/O errors.

# A final line without '\n' is still an input; an empty line is an input (the empty
# reference).
$ printf 'HTTP://A/\n\nhttp://B/./c' | curi normalize
http://a/

http://b/c
? 0

# A '\r' just before '\n' belongs to the line end (CRLF files); a UTF-8 byte order mark at
# the start of the input is dropped.  --binary keeps every byte.
$ printf '\357\273\277http://a/\r\nhttp://b/\r\n' | curi parse --json
{"input":"http://a/","scheme":"http","userinfo":null,"host":"a","host_type":"reg-name","port":null,"path":"/","query":null,"fragment":null,"segments":[""],"params":null,"labels":["a"]}
{"input":"http://b/","scheme":"http","userinfo":null,"host":"b","host_type":"reg-name","port":null,"path":"/","query":null,"fragment":null,"segments":[""],"params":null,"labels":["b"]}
? 0

$ printf '\357\273\277http://a/\r\nhttp://b/\r\n' | curi get --binary '{path}'


! curi: -:1: PATH_CHAR at byte 0: a byte order mark (U+FEFF) cannot begin a URI reference
!   \xef\xbb\xbfhttp://a/\x0d
!   ^
! curi: -:2: PATH_CHAR at byte 9: character not allowed in the path
!   http://b/\x0d
!            ^
? 1

# Only the '\r' of a CRLF goes: a lone '\r' inside a line, a '\r' at the end of a last line
# without '\n', and a byte order mark after the first line stay part of their input.
$ printf 'a\rb\n\357\273\277c\nd\r' | curi get '{path}'



! curi: -:1: PATH_CHAR at byte 1: character not allowed in the path
!   a\x0db
!    ^
! curi: -:2: PATH_CHAR at byte 0: a byte order mark (U+FEFF) cannot begin a URI reference
!   \xef\xbb\xbfc
!   ^
! curi: -:3: PATH_CHAR at byte 1: character not allowed in the path
!   d\x0d
!    ^
? 1

# A NUL byte does not end a line.
$ printf 'a\000b\nc\n' | curi get '{path}'

c
! curi: -:1: PATH_CHAR at byte 1: character not allowed in the path
!   a\x00b
!    ^
? 1

# Text records of parse are separated by blank lines, also across invalid inputs.
$ printf 'a:b\n%%\nc:d\n' | curi parse
scheme:    a
path:      b

scheme:    c
path:      d
! curi: -:2: PCT at byte 0: '%' must be followed by two hexadecimal digits
!   %
!   ^
? 1

# --jobs N gives the same output, in input order, as one thread (30000 lines, about
# 700 KB, so that several chunks are in flight), and the same exit status.
$ awk 'BEGIN { for (i = 0; i < 30000; i++) print "HTTP://Host" i % 7 "/a/../b" i (i % 1000 == 5 ? " bad" : "") }' >in.txt; curi normalize <in.txt >one.txt 2>one.err; echo $?; curi normalize --jobs 3 <in.txt >three.txt 2>three.err; echo $?; cmp one.txt three.txt && cmp one.err three.err && wc -l <three.txt && grep -c 'PATH_CHAR at byte' three.err; rm -f in.txt one.txt three.txt one.err three.err
1
1
30000
30
? 0

$ awk 'BEGIN { for (i = 0; i < 20000; i++) print "http://h/" i "?q#f" }' | curi parse --json --jobs=2 | awk 'END { print NR } NR == 20000 { print }'
{"input":"http://h/19999?q#f","scheme":"http","userinfo":null,"host":"h","host_type":"reg-name","port":null,"path":"/19999","query":"q","fragment":"f","segments":["19999"],"params":[{"key":"q","value":null}],"labels":["h"]}
20000
? 0

# --jobs numbers lines without counting them ahead: each thread numbers its chunk's lines
# from 1 and the writer adds the lines of the chunks before it (a running sum per file).
# 60,000 lines (1.5 MB, six chunks of 256 KiB) with a byte order mark first, CRLF and LF line
# ends, a space in every 997th line (PATH_CHAR at byte 10), a NUL byte in every 1499th
# (PATH_CHAR at byte 9, and the NUL does not end the line), a 300-byte line every 5003rd
# (TOO_LONG under --max-length 200) and a last line without '\n'; then a missing file and
# the first 3000 lines again: 60 + 40 + 11 diagnostics in a.txt, 5 in b.txt (numbered from
# 1 again), one empty output line for each, and the same bytes on 1, 2 and 3 threads.
$ awk 'BEGIN { printf "\357\273\277"; for (i = 1; i <= 60000; i++) { if (i % 997 == 0) s = "http://h/a b" i; else if (i % 1499 == 0) s = "http://h/@" i; else if (i % 5003 == 0) { s = "http://h/"; for (k = 0; k < 30; k++) s = s "0123456789" } else s = "HTTP://Host" i % 7 "/a/../b" i; printf "%s%s", s, (i % 3 ? "\r\n" : "\n") } printf "http://H/last" }' | tr '@' '\000' >a.txt; head -n 3000 a.txt >b.txt; for j in 1 2 3; do curi normalize --max-length 200 -f a.txt -f missing.txt -f b.txt >o$j.txt 2>e$j.txt; echo $?; done; cmp o1.txt o2.txt && cmp o1.txt o3.txt && cmp e1.txt e2.txt && cmp e1.txt e3.txt && wc -l <o2.txt && sed -n '60000,60002p' o2.txt && grep -c '^curi: a.txt:' e2.txt && grep -c 'TOO_LONG at byte 200' e2.txt && grep '^curi: ' e2.txt | tail -n 9; rm -f a.txt b.txt o?.txt e?.txt
3
3
3
63001
http://host3/b60000
http://h/last
http://host1/b1
111
11
curi: a.txt:58823: PATH_CHAR at byte 10: character not allowed in the path
curi: a.txt:59820: PATH_CHAR at byte 10: character not allowed in the path
curi: a.txt:59960: PATH_CHAR at byte 9: character not allowed in the path
curi: missing.txt: open error: No such file or directory
curi: b.txt:997: PATH_CHAR at byte 10: character not allowed in the path
curi: b.txt:1499: PATH_CHAR at byte 9: character not allowed in the path
curi: b.txt:1994: PATH_CHAR at byte 10: character not allowed in the path
curi: b.txt:2991: PATH_CHAR at byte 10: character not allowed in the path
curi: b.txt:2998: PATH_CHAR at byte 9: character not allowed in the path
? 0

# The same lines as NUL-terminated records (-z) on standard input: each NUL line is two
# records now, so the 60th space is on record 59820 + 39.
$ awk 'BEGIN { for (i = 1; i <= 60000; i++) { if (i % 997 == 0) s = "http://h/a b" i; else if (i % 1499 == 0) s = "http://h/@" i; else s = "HTTP://Host" i % 7 "/a/../b" i; printf "%s%c", s, 10 } }' | tr '@\n' '\000\000' >z.txt; curi normalize -z <z.txt >z1.txt 2>e1.txt; echo $?; curi normalize -z --jobs 2 <z.txt >z2.txt 2>e2.txt; echo $?; cmp z1.txt z2.txt && cmp e1.txt e2.txt && tr -cd '\000' <z2.txt | wc -c && grep -c '^curi: -:' e2.txt && grep '^curi: ' e2.txt | tail -n 1; rm -f z.txt z?.txt e?.txt
1
1
60040
60
curi: -:59859: PATH_CHAR at byte 10: character not allowed in the path
? 0

# A read error after lines on a chunk of its own: the writer numbers it (peer-reset.py: a
# socket that sends 1000 lines, then resets).
$ /usr/bin/python3 tests/cli/peer-reset.py "$CURI" get --jobs 2 '{path}' >out.txt; echo "status $?"; wc -l <out.txt; tail -n 1 out.txt; rm -f out.txt
status 3
1000
/999
! curi: -: read error after line 1000: Connection reset by peer
? 0

# A line longer than the 1 MiB read buffer (1.2 MB of path).  The line is written piece by
# piece: building it by 's = s "abcd"' copies the string each time, which takes minutes.
$ awk 'BEGIN { printf "http://a/"; for (i = 0; i < 300000; i++) printf "abcd"; print ""; print "http://b/" }' | curi get '{host}' --jobs 2
a
b
? 0

$ awk 'BEGIN { printf "http://a/"; for (i = 0; i < 300000; i++) printf "abcd"; print ""; print "http://b/" }' | curi get '{host}'
a
b
? 0

# Empty input: no output, success.
$ curi normalize </dev/null
? 0

# A write error on stdout is exit status 3, reported once.
$ curi parse http://a/ >/dev/full
! curi: write error: No space left on device
? 3

$ printf 'http://a/\n' | curi normalize --jobs 2 >/dev/full
! curi: write error: No space left on device
? 3

$ curi --help >/dev/full
! curi: write error: No space left on device
? 3

# A reader that goes away: with SIGPIPE ignored, EPIPE ends curi quietly with status 3
# (with the default SIGPIPE action the signal ends it, as for any filter).
$ trap '' PIPE; { awk 'BEGIN { for (i = 0; i < 200000; i++) print "http://a/" i }' 2>/dev/null | curi normalize; echo "status $?" >&2; } | head -n 1
http://a/0
! status 3
? 0

# A read error on stdin is exit status 3.
$ curi normalize <.
! curi: -: read error: Is a directory
? 3

# The help of --jobs documents 0 as one thread per processor; any value works.
$ printf 'http://A/\n' | curi normalize --jobs 0
http://a/
? 0

# -j is short for --jobs.
$ printf 'http://A/\nhttp://B/\n' | curi normalize -j 2
http://a/
http://b/
? 0

# A closed stdout is a write error too.
$ curi parse http://a/ >&-
! curi: write error: Bad file descriptor
? 3

# -z: records end at NUL instead of newline, so an input may hold LF or CR (a CR before the
# NUL is data, and a diagnostic's line number counts records); a last record without NUL is
# still an input; each input's output ends with NUL instead of its newline.
$ printf 'HTTP://A/\r\0http://b/./c\0a\nb' | curi normalize -z | tr '\0' '@'; echo
@http://b/c@@
! curi: -:1: PATH_CHAR at byte 9: character not allowed in the path
!   HTTP://A/\x0d
!            ^
! curi: -:3: PATH_CHAR at byte 1: character not allowed in the path
!   a\x0ab
!    ^
? 0

$ printf '\357\273\277http://a/\0' | curi get -z '{host}' | od -An -c | tr -s ' '
 a \0
? 0

$ curi get --zero-terminated '{host}' http://a/ http://b/ | tr '\0' '@'; echo
a@b@
? 0

# A refused over-long record gives an empty record; -f FILE is read the same way.
$ printf 'http://a/\0b\0' | curi normalize -z --max-length 3 | tr '\0' '@'; echo
@b@
! curi: -:1: TOO_LONG at byte 3: the input is longer than 3 bytes (--max-length); skipped
? 0

$ printf 'x\ny\0/a/../b\0' >z.txt; curi normalize -z --json -f z.txt | tr '\0' '@'; echo; rm -f z.txt
{"input":"x\u000ay","error":"PATH_CHAR","message":"character not allowed in the path","offset":1}@{"input":"/a/../b","normalized":"/b"}@
? 0

# -z on 3 threads: the same records as one thread.
$ awk 'BEGIN { for (i = 0; i < 30000; i++) printf "HTTP://H%d/a/../b\n%d%c", i % 7, i, 0 }' >in.z; curi normalize -z <in.z >one.z 2>/dev/null; curi normalize -z -j3 <in.z >three.z 2>/dev/null; cmp one.z three.z && tr -cd '\0' <three.z | wc -c; rm -f in.z one.z three.z
30000
? 0
