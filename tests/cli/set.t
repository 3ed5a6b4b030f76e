# curi set: the builder (curi_set, then curi_recompose as RFC 3986 5.3).

$ curi set host=example.org port=8080 'http://a/b' 'http://u@h:1/p?q#f'
http://example.org:8080/b
http://u@example.org:8080/p?q#f
? 0

# NAME= sets an empty component; --remove removes it (5.3 keeps "?" for an empty query).
$ curi set query= fragment= http://a/b
http://a/b?#
? 0

$ curi set --remove query --remove fragment --remove userinfo 'http://u@a/b?q#f'
http://a/b
? 0

# Removing the host removes the userinfo and the port with it.
$ curi set --remove host 'http://u@h:1/p'
http:/p
? 0

$ curi set scheme=https --remove port 'http://a:80/'
https://a/
? 0

# Without --encode a value must already be valid for its component: a usage error, shown
# with a caret under the offending byte of the setting.
$ curi set 'query=a b' http://a/
! curi: setting: QUERY_CHAR at byte 7: character not allowed in the query
!   query=a b
!          ^
! curi: hint: --encode percent-encodes the bytes the component does not allow
? 2

$ curi set port=x http://a/
! curi: setting: PORT_CHAR at byte 5: character not allowed in the port (digits only)
!   port=x
!        ^
? 2

# --encode percent-encodes what the component does not allow ('%' included).
$ curi set --encode 'query=a b&c=%' 'path=/x y/z' 'fragment=#1' http://a/
http://a/x%20y/z?a%20b&c=%25#%231
? 0

# A host of the wrong form is still an error with --encode: a port cannot be encoded.
$ curi set --encode port=8x http://a/
! curi: setting: PORT_CHAR at byte 6: character not allowed in the port (digits only)
!   port=8x
!         ^
? 2

# Results that do not fit together are invalid inputs: diagnostic without caret, empty
# line.  The diagnostic names the rule that was broken (curi_recompose only says
# STRUCTURE; the tool works the rule out from the components).  One test per rule:
# RFC 3986 3.3, a path beside an authority must be empty or start with "/".
$ curi set host=h http://a/b mailto:x
http://h/b

! curi: argument 2: STRUCTURE: the components do not fit together into a URI reference: a path beside an authority must be empty or start with '/'
!   mailto:x
? 1

# 3.2: authority = [ userinfo "@" ] host [ ":" port ], so no userinfo or port without a host.
$ curi set port=8080 mailto:x
|
! curi: argument 1: STRUCTURE: the components do not fit together into a URI reference: a userinfo or port needs a host
!   mailto:x
? 1

$ curi set --remove host userinfo=u http://h/x
|
! curi: argument 1: STRUCTURE: the components do not fit together into a URI reference: a userinfo or port needs a host
!   http://h/x
? 1

# 3.3: without an authority a path cannot start with "//" (it would be read as one).
$ curi set path=//x mailto:a
|
! curi: argument 1: STRUCTURE: the components do not fit together into a URI reference: a path starting with '//' needs an authority
!   mailto:a
? 1

$ curi set --remove host http://h//x
|
! curi: argument 1: STRUCTURE: the components do not fit together into a URI reference: a path starting with '//' needs an authority
!   http://h//x
? 1

# 4.2: path-noscheme, the first segment of a relative-path reference cannot hold ':'.
$ curi set path=a:b/c rel
|
! curi: argument 1: STRUCTURE: the components do not fit together into a URI reference: a relative-path reference's first segment cannot contain ':'
!   rel
? 1

$ curi set --remove scheme foo:a:b
|
! curi: argument 1: STRUCTURE: the components do not fit together into a URI reference: a relative-path reference's first segment cannot contain ':'
!   foo:a:b
? 1

# JSON: the same, with a "rule" member after the error keys.
$ curi set --json host=h mailto:x http://a/b
{"input":"mailto:x","error":"STRUCTURE","message":"the components do not fit together into a URI reference","offset":null,"rule":"a path beside an authority must be empty or start with '/'"}
{"input":"http://a/b","output":"http://h/b"}
? 1

$ curi set --json path=//x mailto:a
{"input":"mailto:a","error":"STRUCTURE","message":"the components do not fit together into a URI reference","offset":null,"rule":"a path starting with '//' needs an authority"}
? 1

# Before "--" an argument is a setting when the text before its first '=' is made of
# letters and '-' only; other arguments (here with '=' in the query) are URIs, and so is
# everything after "--".
$ curi set fragment=x 'http://a/?scheme=1' -- path=y a=b
http://a/?scheme=1#x
path=y#x
a=b#x
? 0

# A setting-shaped argument with an unknown name is a usage error naming it: a typo is
# not taken for a relative reference.
$ curi set hots=example.org http://a/
! curi: set: unknown component 'hots'
! Try 'curi set --help'.
? 2

$ curi set fragment=x a=b
! curi: set: unknown component 'a'
! Try 'curi set --help'.
? 2

# Names are case-insensitive, like curi_part_from_name.
$ curi set HOST=b http://a/
http://b/
? 0

$ curi set http://a/
! curi: set: nothing to set: give NAME=VALUE, --remove NAME, or an edit
! Try 'curi set --help'.
? 2

$ curi set --remove nosuch http://a/
! curi: set: --remove: unknown component 'nosuch'
! Try 'curi set --help'.
? 2

# Inputs from stdin, one per line.
$ printf 'http://a/1\nhttp://b/2\n' | curi set scheme=ftp
ftp://a/1
ftp://b/2
? 0

# url=URI is an input, as trurl's --url: in order with the operands.
$ curi set scheme=ftp url=http://a/1 http://b/2 'url=http://c/?x=1'
ftp://a/1
ftp://b/2
ftp://c/?x=1
? 0

# trurl's user= and password= set the userinfo before and after its first ':'.
$ curi set user=bob http://h/ 'http://u:p@h/' 'http://:p@h/'
http://bob@h/
http://bob:p@h/
http://bob:p@h/
? 0

$ curi set password=pw http://h/ http://u@h/ 'http://u:p:q@h/'
http://:pw@h/
http://u:pw@h/
http://u:pw@h/
? 0

# Empty values keep the delimiters; removing one part keeps the other, and a userinfo left
# empty is removed with its '@'.
$ curi set user= password= 'http://u:p@h/'
http://:@h/
? 0

$ curi set --remove user 'http://u:p@h/' 'http://u@h/'
http://:p@h/
http://h/
? 0

$ curi set --remove password 'http://u:p@h/' 'http://:p@h/' http://h/
http://u@h/
http://h/
http://h/
? 0

# A user cannot contain the ':' that ends it; --encode encodes it (and what the userinfo
# does not allow).  A password may contain ':'.
$ curi set user=a:b http://h/
! curi: error: setting: a user cannot contain ':' (write %3A, or use --encode)
!   user=a:b
!         ^
? 2

$ curi set --encode 'user=a:b c' 'password=x:y@' http://h/
http://a%3Ab%20c:x:y%40@h/
? 0

# zoneid= sets the zone of an IPv6 host (RFC 6874), empty or --remove removes it; for any
# other host it is skipped with a note, and the rest still applies.
$ curi set zoneid=eth0 'http://[fe80::1]/' 'http://[fe80::1%25en0]:80/x' 'http://[::1]/'
http://[fe80::1%25eth0]/
http://[fe80::1%25eth0]:80/x
http://[::1%25eth0]/
? 0

$ curi set zoneid=eth0 fragment=f http://h/ 'http://[v1.x]/'
http://h/#f
http://[v1.x]/#f
! curi: note: zoneid skipped: the host is not an IPv6 address
!   http://h/
! curi: note: zoneid skipped: the host is not an IPv6 address
!   http://[v1.x]/
? 0

$ curi set --remove zoneid 'http://[fe80::1%25en0]/' 'http://[fe80::1]/'
http://[fe80::1]/
http://[fe80::1]/
? 0

$ curi set zoneid= 'http://[fe80::1%25en0]/'
http://[fe80::1]/
? 0

$ curi set 'zoneid=a b' 'http://[::1]/'
! curi: setting: ZONE at byte 8: malformed IPv6 zone ID: '%25' then unreserved or percent-encoded bytes
!   zoneid=a b
!           ^
! curi: hint: --encode percent-encodes the bytes the component does not allow
? 2

$ curi set --encode 'zoneid=a b' 'http://[::1]/'
http://[::1%25a%20b]/
? 0

$ curi set --strict-3986 zoneid=a 'http://[::1]/'
! curi: setting: ZONE_FORBIDDEN at byte 7: IPv6 zone IDs are not allowed by strict RFC 3986
!   zoneid=a
!          ^
? 2

# --append path=SEGMENT adds one segment, always percent-encoded as a segment ('/' and '%'
# included, as trurl does), after a '/' unless the path ends with one; an empty path gets
# a leading '/' only beside a host.
$ curi set --append path=x http://h http://h/ http://h/a 'http://h/a/?q' mailto: rel ''
http://h/x
http://h/x
http://h/a/x
http://h/a/x?q
mailto:x
rel/x
x
? 0

$ curi set --append 'path=a/b c%' --append path=2 http://h/p
http://h/p/a%2Fb%20c%25/2
? 0

$ curi set --append host=x http://h/
! curi: set: --append: only path=SEGMENT or query=PAIR, got 'host=x'
! Try 'curi set --help'.
? 2

# NAME?=VALUE (trurl's form) sets only what is not set: absent, or an empty path, user or
# password; it can be mixed with plain settings, and is not a form of --iterate or url=.
$ curi set 'port?=8080' 'path?=/idx' 'user?=anon' 'fragment?=top' 'password?=pw' http://h 'http://u:x@h:1/p#f' 'http://:@h/'
http://anon:pw@h:8080/idx#top
http://u:x@h:1/p#f
http://anon:@h:8080/#top
? 0

$ curi set 'query?=a=1' 'zoneid?=eth0' 'http://[fe80::1]/?' 'http://[fe80::1%25en0]/' http://[fe80::2]/
http://[fe80::1%25eth0]/?
http://[fe80::1%25en0]/?a=1
http://[fe80::2%25eth0]/?a=1
? 0

$ curi set --iterate 'host?=a b' http://x/
! curi: set: --iterate needs NAME=VALUES, got 'host?=a b'
! Try 'curi set --help'.
? 2

# -z: every output line of --iterate is its own NUL-terminated record.
$ printf 'http://a/\0' | curi set -z --iterate 'scheme=http https' | tr '\0' '@'; echo
http://a/@https://a/@
? 0

$ printf 'http://a/\0x\ny\0' | curi set -z --json --iterate 'scheme=http https' | tr '\0' '@'; echo
{"input":"http://a/","output":"http://a/"}@{"input":"http://a/","output":"https://a/"}@{"input":"x\u000ay","error":"PATH_CHAR","message":"character not allowed in the path","offset":1}@{"input":"x\u000ay","error":"PATH_CHAR","message":"character not allowed in the path","offset":1}@
? 0

# Every error that --encode cures says so (issue 27 item 8): the path, --iterate's values.
$ curi set 'path=/a b' http://h/
! curi: setting: PATH_CHAR at byte 7: character not allowed in the path
!   path=/a b
!          ^
! curi: hint: --encode percent-encodes the bytes the component does not allow
? 2

$ curi set --iterate 'path=/a /b^' http://h/
! curi: --iterate: PATH_CHAR at byte 10: character not allowed in the path
!   path=/a /b^
!             ^
! curi: hint: --encode percent-encodes the bytes the component does not allow
? 2
