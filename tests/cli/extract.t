# curi extract: the URIs of free text (extraction.md; the rules themselves are tested as
# data in tests/vectors/extract.vec), here the tool around them: files and standard input,
# --json offsets and line/column, -z, --complete, exit statuses, reading in blocks.

# Angle brackets (with URL: and a line break), running text without the final period,
# double quotes verbatim, in order of appearance.
$ printf '%s\n' 'See <URL:http://example.com/a' '   /b> and http://x.org/.' 'or www.example.org, "http://q.example/."' | curi extract
http://example.com/a/b
http://x.org/
http://q.example/.
? 0

$ printf '%s\n' 'or www.example.org, <www.w3.org/Addressing>' 'ftp.gnu.org:/pub/gnu/bash' | curi extract --complete
http://www.example.org
http://www.w3.org/Addressing
ftp://ftp.gnu.org:/pub/gnu/bash
? 0

# No URI: nothing printed, status 1 (grep's convention).  E-mail addresses are not URIs.
$ printf 'Maintainer: Jane <jane@example.com>\nsee example.com\n' | curi extract
? 1

$ curi extract < /dev/null
? 1

# JSON: byte offsets of the URI's text (inside its delimiters), end exclusive, and the
# 1-based line and byte column of its start; "-" names standard input.
$ printf 'See <URL:http://example.com/a\n   /b> and http://x.org/.\n' | curi extract --json
{"uri":"http://example.com/a/b","file":"-","start":9,"end":35,"line":1,"column":10}
{"uri":"http://x.org/","file":"-","start":41,"end":54,"line":2,"column":12}
? 0

# A completed URI: the offsets are those of its text, without the prefix.
$ printf '\n\n  www.example.com.' | curi extract --complete --json
{"uri":"http://www.example.com","file":"-","start":4,"end":19,"line":3,"column":3}
? 0

# Files: each named as given; the line count starts again in each.
$ d=$(mktemp -d) && printf 'a\nb http://a.example/\n' >"$d/one" && printf 'mailto:x@y.example.\n' >"$d/two" && cd "$d" && curi extract --json one - two < one; s=$?; rm -rf "$d"; exit $s
{"uri":"http://a.example/","file":"one","start":4,"end":21,"line":2,"column":3}
{"uri":"http://a.example/","file":"-","start":4,"end":21,"line":2,"column":3}
{"uri":"mailto:x@y.example","file":"two","start":0,"end":18,"line":1,"column":1}
? 0

# -z: NUL after each URI instead of newline.
$ printf 'a http://a.example/ b\nmailto:x@y.example\n' | curi extract -z | tr '\0' '|'; echo
http://a.example/|mailto:x@y.example|
? 0

$ printf 'www.example.com' | curi extract --complete --json --zero-terminated | tr '\0' '|'; echo
{"uri":"http://www.example.com","file":"-","start":0,"end":15,"line":1,"column":1}|
? 0

# Non-UTF-8 bytes around a URI are stops.
$ printf '\377http://a.example/\376\n' | curi extract
http://a.example/
? 0

# A hyphen before a line break inside <> is kept, with a warning.
$ printf 'See <https://reproducible-builds.org/specs/source-\n       date-epoch/>.\n' | curi extract
https://reproducible-builds.org/specs/source-date-epoch/
! curi: -:1:6: warning: a '-' before a line break is kept in the URI; a typesetter may have added it
? 0

# An unreadable FILE: a message, the other files are still read, status 3.
$ printf 'http://a.example/\n' | curi extract /nonexistent/file -
http://a.example/
! curi: /nonexistent/file: open error: No such file or directory
? 3

$ curi extract /
! curi: /: read error: Is a directory
? 3

# Usage errors.
$ curi extract --bogus
! curi: extract: unknown option '--bogus'
! Try 'curi extract --help'.
? 2

$ curi extract --json=1
! curi: extract: unknown option '--json=1'
! Try 'curi extract --help'.
? 2

# "--" ends the options: "-z" is then a file name.
$ curi extract -- -z
! curi: -z: open error: No such file or directory
? 3

# Read in blocks of 1, 2 and 7 bytes (CURI_EXTRACT_BLOCK, for tests), every URI crosses a
# block boundary and is found the same as in one block.
$ t='x <URL:http://example.com/a-\n b> "http://q.example/." (https://en.wikipedia.org/wiki/Foo_(bar)), www.example.org \342\237\250http://www\n.fefe.de/\342\237\251 <a <http://e.example/>'; for b in 1 2 7 65536; do printf "$t" | CURI_EXTRACT_BLOCK=$b curi extract --complete --json 2>/dev/null | md5sum; done | uniq -c | sed 's/^ *//'
4 6f63a5c8a96550edfd41e3c129599e20  -
? 0

$ printf 'x <URL:http://example.com/a-\n b> "http://q.example/." (https://en.wikipedia.org/wiki/Foo_(bar)), www.example.org \342\237\250http://www\n.fefe.de/\342\237\251 <a <http://e.example/>' | CURI_EXTRACT_BLOCK=1 curi extract --complete 2>/dev/null
http://example.com/a-b
http://q.example/.
https://en.wikipedia.org/wiki/Foo_(bar)
http://www.example.org
http://www.fefe.de/
http://e.example/
? 0

# The README's pipeline: extract, then lint what was found.
$ printf 'Hi, see <http://user:pw@example.com/x>.\n' | curi extract | curi check --fail-on error
http://user:pw@example.com/x:7-15: warning: userinfo in a http URI: rarely legitimate, often used to make the real host harder to see (RFC 3986 7.6) [userinfo-in-http]
  http://user:pw@example.com/x
         ^~~~~~~~
http://user:pw@example.com/x:12-14: warning: password in the URI: it ends up in logs, history, bookmarks and Referer headers [userinfo-password]
  http://user:pw@example.com/x
              ^~
? 0

# IRIs (issue 27 item 1): found whole by default, never cut into a shorter, valid URI.
$ printf '%s\n' 'Visit http://bücher.example/ü today' 'https://ja.wikipedia.org/wiki/東京' | curi extract
http://bücher.example/ü
https://ja.wikipedia.org/wiki/東京
? 0

$ printf '%s\n' 'Visit http://bücher.example/ü today' | curi extract --ascii --iri
http://bücher.example/ü
? 0

# --ascii: URIs only; a candidate that non-ASCII text goes on is dropped, not cut.
$ printf '%s\n' 'Visit http://bücher.example/ü today' 'https://ja.wikipedia.org/wiki/東京' 'and http://a.example/x' | curi extract --ascii
http://a.example/x
? 0

$ printf '%s\n' 'https://ja.wikipedia.org/wiki/東京' | curi extract --ascii
? 1

# CJK sentence punctuation, closing quotes and brackets end an IRI; opening ones before it
# are ordinary text.
$ printf '%s\n' '参见https://ja.wikipedia.org/wiki/東京。谢谢' '「https://ja.wikipedia.org/wiki/大阪」' '网站：https://example.com，谢谢！' '“http://example.com/ä”' '（https://example.com/ö）' | curi extract
https://ja.wikipedia.org/wiki/東京
https://ja.wikipedia.org/wiki/大阪
https://example.com
http://example.com/ä
https://example.com/ö
? 0

# --to-uri: each IRI as its URI (RFC 3987 3.1); a path needs no IDNA.
$ printf '%s\n' 'https://ja.wikipedia.org/wiki/東京 and http://a.example/' | curi extract --to-uri
https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC
http://a.example/
? 0

# --json: byte offsets into the input (a non-ASCII character counts its UTF-8 bytes);
# with --to-uri, iri is the text found.
$ printf 'é http://example.com/ä.\n' | curi extract --json
{"uri":"http://example.com/ä","file":"-","start":3,"end":24,"line":1,"column":4}
? 0

$ printf 'é http://example.com/ä.\n' | curi extract --json --to-uri
{"uri":"http://example.com/%C3%A4","iri":"http://example.com/ä","file":"-","start":3,"end":24,"line":1,"column":4}
? 0

# A URI of more than 64 KiB is written out between "uri" and "iri": the ',' between them
# stays (it was lost, which made the line no JSON).
$ { printf 'x http://a.example/\303\274'; head -c 70000 /dev/zero | tr '\0' a; printf ' y\n'; } | curi extract --to-uri --json | sed 's/aaaa*/A/g'
{"uri":"http://a.example/%C3%BCA","iri":"http://a.example/üA","file":"-","start":2,"end":70021,"line":1,"column":3}
? 0

# Read in blocks of 1 byte: a UTF-8 character cut between blocks is found the same.
$ printf 'x https://ja.wikipedia.org/wiki/東京」 y http://b.example/ü\n' | CURI_EXTRACT_BLOCK=1 curi extract
https://ja.wikipedia.org/wiki/東京
http://b.example/ü
? 0

# The window is 512 KiB (curi(1), Limits): a run of URI characters longer than that is
# decided where the window ends (it holds the byte before the scheme too: 524,287 bytes of
# URI), and the text after it is read on, its lines counted.
$ { printf 'see http://'; head -c 600000 /dev/zero | tr '\0' a; printf ' end\nhttp://x.example/\n'; } | curi extract --json | sed 's/aaaa*/A/'
{"uri":"http://A","file":"-","start":4,"end":524291,"line":1,"column":5}
{"uri":"http://x.example/","file":"-","start":600016,"end":600033,"line":2,"column":1}
? 0
