# Where inputs come from (operands, -f FILE, stdin), how lines are cut, what is refused
# before parsing, and how diagnostics name the input.  Files are made in the current
# directory and removed by the same command.

# -f FILE (also --url-file FILE and --url-file=FILE) reads inputs from a file; several -f
# are read in order, "-" is standard input; operands come first.
$ printf 'http://a/1\nhttp://a/2\n' >f1.txt; printf 'http://b/3' >f2.txt; printf 'http://c/4\n' | curi get '{host}{path}' x:/0 -f f1.txt --url-file=f2.txt --url-file - ; rm -f f1.txt f2.txt
/0
a/1
a/2
b/3
c/4
? 0

# The same with --jobs: the operands' results still come first (they used to follow the
# files' when the operands' output was still buffered as the threads wrote theirs).
$ printf 'http://a/1\nhttp://a/2\n' >f1.txt; printf 'http://b/3' >f2.txt; printf 'http://c/4\n' | curi get --jobs 2 '{host}{path}' x:/0 -f f1.txt --url-file=f2.txt --url-file - ; rm -f f1.txt f2.txt
/0
a/1
a/2
b/3
c/4
? 0

# Diagnostics name the file and line ("-" for standard input), or the operand's number.
$ printf 'http://a/1\nhttp://a/%%\n' >f1.txt; printf 'ok\n' | curi normalize 'http://[' -f f1.txt -f -; s=$?; rm -f f1.txt; exit $s

http://a/1

ok
! curi: argument 1: IP_UNTERMINATED at byte 7: '[' opens an IP literal that has no closing ']'
!   http://[
!          ^
! curi: f1.txt:2: PCT at byte 9: '%' must be followed by two hexadecimal digits
!   http://a/%
!            ^
? 1

# A file that cannot be opened is an I/O error: the other sources are still read, every
# result is written, and the status is 3.
$ printf 'http://a/1\n' >f1.txt; curi get '{path}' -f nosuch.txt -f f1.txt; echo "status $?"; rm -f f1.txt
/1
status 3
! curi: nosuch.txt: open error: No such file or directory
? 0

# A read error after some lines: the finished results are written, the error says after
# which line it came, and the status is 3 (here a directory, which cannot be read).
$ printf 'http://a/1\nhttp://a/2\n' >f1.txt; curi get '{path}' -f f1.txt -f . -j2; echo "status $?"; rm -f f1.txt
/1
/2
status 3
! curi: .: read error: Is a directory
? 0

# The peer of a socket on stdin resets the connection after 1000 lines: all 1000 results
# are written before the error, then the status is 3.
$ /usr/bin/python3 tests/cli/peer-reset.py "$CURI" get '{path}' >out.txt; echo "status $?"; wc -l <out.txt; tail -n 1 out.txt; rm -f out.txt
status 3
1000
/999
! curi: -: read error after line 1000: Connection reset by peer
? 0

# --skip-invalid: an invalid input gives no output line at all (its diagnostic stays).
$ printf 'http://a/1\n%%\nhttp://a/3\n' | curi get --skip-invalid '{path}'
/1
/3
! curi: -:2: PCT at byte 0: '%' must be followed by two hexadecimal digits
!   %
!   ^
? 1

$ printf 'http://a/1\n%%\n' | curi normalize --json --skip-invalid 2>/dev/null
{"input":"http://a/1","normalized":"http://a/1"}
? 1

# --accept-space: a raw space is read as %20 (a named leniency; strict RFC 3986 refuses it).
$ curi normalize --accept-space 'http://a/b c?d e#f g'
http://a/b%20c?d%20e#f%20g
? 0

$ printf 'http://a b/\n' | curi parse --accept-space --json
{"input":"http://a%20b/","scheme":"http","userinfo":null,"host":"a%20b","host_type":"reg-name","port":null,"path":"/","query":null,"fragment":null,"segments":[""],"params":null,"labels":["a%20b"]}
? 0

$ curi resolve --accept-space 'http://a/b c/' 'd e'
http://a/b%20c/d%20e
? 0

$ curi normalize 'http://a/b c'

! curi: argument 1: PATH_CHAR at byte 10: character not allowed in the path
!   http://a/b c
!             ^
? 1

# encode and decode do not parse URIs: --accept-space is not theirs.
$ curi encode --accept-space 'a b'
! curi: encode: unknown option '--accept-space'
! Try 'curi encode --help'.
? 2

# --max-length N refuses a longer input with TOO_LONG before it is parsed; on stdin as soon
# as N bytes have gone by, without keeping the line (the rest is skipped up to its '\n').
# The default limit is CURI_MAX_LEN (2147483647 bytes), the longest input the library takes.
$ printf 'http://a/1\nhttp://a/123456789\nhttp://a/3\n' | curi get --max-length 12 '{path}'
/1

/3
! curi: -:2: TOO_LONG at byte 12: the input is longer than 12 bytes (--max-length); skipped
? 1

$ printf 'http://a/1\nhttp://a/123456789\nhttp://a/3' | curi parse --json --max-length=12 -j2
{"input":"http://a/1","scheme":"http","userinfo":null,"host":"a","host_type":"reg-name","port":null,"path":"/1","query":null,"fragment":null,"segments":["1"],"params":null,"labels":["a"]}
{"input":null,"error":"TOO_LONG","message":"the input is longer than 12 bytes (--max-length)","offset":12}
{"input":"http://a/3","scheme":"http","userinfo":null,"host":"a","host_type":"reg-name","port":null,"path":"/3","query":null,"fragment":null,"segments":["3"],"params":null,"labels":["a"]}
? 1

$ curi normalize --max-length 5 'http://a/' 'a:b'

a:b
! curi: argument 1: TOO_LONG at byte 5: the input is longer than 5 bytes (--max-length); skipped
? 1

# A 40 MB line under --max-length 1000 (and a short line after it) runs in 64 MB of address
# space: the long line is never held (not checked under the sanitizers, whose shadow memory
# needs more).
$ case $CURI in */build-san/*) lim=unlimited ;; *) lim=65536 ;; esac; { head -c 40000000 /dev/zero | tr '\0' a; printf '\nhttp://b/\n'; } | (ulimit -v $lim; "$CURI" get --max-length 1000 '{host}')

b
! curi: -:1: TOO_LONG at byte 1000: the input is longer than 1000 bytes (--max-length); skipped
? 1

$ curi get --max-length 0 '{host}' x
! curi: get: --max-length needs a number from 1 to 2147483647, got '0'
! Try 'curi get --help'.
? 2

# A long invalid input is shown as a window of 60 bytes on each side of the offending byte,
# so a huge bad line costs one line of stderr.
$ awk 'BEGIN { printf "http://a/"; for (i = 0; i < 20000; i++) printf "abcde"; printf "%%zz"; for (i = 0; i < 20000; i++) printf "vwxyz"; print "" }' | curi get '{host}'

! curi: -:1: PCT at byte 100009: '%' must be followed by two hexadecimal digits
!   ...abcdeabcdeabcdeabcdeabcdeabcdeabcdeabcdeabcdeabcdeabcdeabcde%zzvwxyzvwxyzvwxyzvwxyzvwxyzvwxyzvwxyzvwxyzvwxyzvwxyzvwxyzvw...
!                                                                  ^
? 1

# An input whose first byte cannot begin a reference says so.
$ curi parse '"http://a/"' '<http://a/>' ' http://a/' '[x]'
! curi: argument 1: PATH_CHAR at byte 0: a URI reference cannot begin with a quote or '<' (delimiters around a URI are not part of it, RFC 3986 Appendix C)
!   "http://a/"
!   ^
! curi: argument 2: PATH_CHAR at byte 0: a URI reference cannot begin with a quote or '<' (delimiters around a URI are not part of it, RFC 3986 Appendix C)
!   <http://a/>
!   ^
! curi: argument 3: PATH_CHAR at byte 0: a URI reference cannot begin with white space
!    http://a/
!   ^
! curi: argument 4: PATH_CHAR at byte 0: a URI reference cannot begin with this character (there is no scheme, and a path cannot hold it)
!   [x]
!   ^
? 1

# Usage errors show the offending argument escaped, so it cannot drive the terminal.
$ curi parse "$(printf -- '-\033]0;x\007')"
! curi: parse: unknown option '-\x1b]0;x\x07'
! Try 'curi parse --help'.
? 2

$ curi "$(printf 'x\033[2J')"
! curi: unknown command 'x\x1b[2J'
! Try 'curi --help'.
? 2

# Short options take attached values: -j2, -f FILE and -fFILE.
$ printf 'http://a/1\n' >f1.txt; curi get -j2 -ff1.txt '{path}'; rm -f f1.txt
/1
? 0
