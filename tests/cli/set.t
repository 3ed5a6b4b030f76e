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

# Results that do not fit together (RFC 3986 3.3: a path beside an authority must be
# empty or start with "/") are invalid inputs: diagnostic without caret, empty line.
$ curi set host=h http://a/b mailto:x
http://h/b

! curi: argument 2: STRUCTURE: the components do not fit together into a URI reference
!   mailto:x
? 1

$ curi set --json host=h mailto:x http://a/b
{"input":"mailto:x","error":"STRUCTURE","message":"the components do not fit together into a URI reference","offset":null}
{"input":"http://a/b","output":"http://h/b"}
? 1

# Before "--" an argument is a setting when the text before its first '=' is a part name;
# other arguments (here with '=' in the query) are URIs, and so is everything after "--".
$ curi set fragment=x 'http://a/?scheme=1' -- path=y
http://a/?scheme=1#x
path=y#x
? 0

$ curi set http://a/
! curi: set: nothing to set: give NAME=VALUE or --remove NAME
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
