# curi set: editing query pairs (--append query=, --replace, --force-replace, --trim,
# --sort-query, --query-separator) and --iterate.

# --append query=PAIR adds a pair, its key and value encoded as form data (issue 27 item 8:
# trurl's habit); with --raw it must be valid query text instead.
$ curi set --append query=b=2 'http://h/?a=1' http://h/ 'http://h/?' 'http://h/#f'
http://h/?a=1&b=2
http://h/?b=2
http://h/?b=2
http://h/?b=2#f
? 0

# Key and value are encoded apart as form data (space becomes '+', '&' '=' '+' '%' are
# encoded); the first '=' stays.  --encode says the same; --raw gives way to it.
$ curi set --append 'query=a b=c&d+e=f' --append query=k http://h/
http://h/?a+b=c%26d%2Be%3Df&k
? 0

$ curi set --append 'query=q=hello world' --replace 'p=50%' 'http://h/?p=1'
http://h/?p=50%25&q=hello+world
? 0

$ curi set --raw --encode --append 'query=a b=c&d+e=f' http://h/
http://h/?a+b=c%26d%2Be%3Df
? 0

# With --raw the pair must be valid query text, and each error says how to have it encoded.
$ curi set --raw --append 'query=a=1&b=2' http://h/
! curi: error: --append: a pair cannot contain its separator (leave out --raw to encode it)
!   query=a=1&b=2
!            ^
? 2

$ curi set --raw --append 'query=a b' http://h/
! curi: --append: QUERY_CHAR at byte 7: character not allowed in the query
!   query=a b
!          ^
! curi: hint: --encode (or leaving out --raw) encodes the pair as form data
? 2

$ curi set --raw --append 'query=a=%zz' http://h/
! curi: --append: PCT at byte 8: '%' must be followed by two hexadecimal digits
!   query=a=%zz
!           ^
! curi: hint: --encode (or leaving out --raw) encodes the pair as form data
? 2

$ curi set --raw --append 'query=a=%2B+b' http://h/
http://h/?a=%2B+b
? 0

$ curi set --append query= http://h/
! curi: error: --append: the pair is empty
!   query=
!         ^
? 2

# Pairs that no edit touches are copied byte for byte: '+', %20, %2B, lowercase hex,
# encoded unreserved bytes, '=' inside a value, empty values and bare keys.
$ curi set --append query=z=1 'http://h/?a=%2B&b=+&c=%20&d=%2b%7e&e=x=y&f=&g&%61=1'
http://h/?a=%2B&b=+&c=%20&d=%2b%7e&e=x=y&f=&g&%61=1&z=1
? 0

$ curi set --trim query=c 'http://h/?a=%2B&b=+&c=%20&d=%2b%7e&e=x=y&f=&g&%61=1'
http://h/?a=%2B&b=+&d=%2b%7e&e=x=y&f=&g&%61=1
? 0

$ curi set --replace d=new 'http://h/?a=%2B&b=+&c=%20&d=%2b%7e&e=x=y&f=&g&%61=1'
http://h/?a=%2B&b=+&c=%20&d=new&e=x=y&f=&g&%61=1
? 0

$ curi set --sort-query 'http://h/?g&f=&e=x=y&d=%2b%7e&c=%20&b=+&a=%2B'
http://h/?a=%2B&b=+&c=%20&d=%2b%7e&e=x=y&f=&g
? 0

# --replace KEY=VALUE: the first pair whose decoded key is KEY gets the new text, later
# pairs with that key are removed (as trurl), nothing happens when KEY is absent.
# %61 and 'a' are the same decoded key; 'A' is not.
$ curi set --replace a=9 'http://h/?a=1&b=2&%61=3&A=4&a=5' 'http://h/?b=1' http://h/
http://h/?a=9&b=2&A=4
http://h/?b=1
http://h/
? 0

# '+' in a key typed with --raw is a space, as in the query; encoded, the key is taken as
# typed.
$ curi set --raw --replace 'a+b=1' 'http://h/?a%20b=0&c=1'
http://h/?a+b=1&c=1
? 0

$ curi set --replace 'a+b=1' 'http://h/?a%20b=0&a%2Bb=2'
http://h/?a%20b=0&a%2Bb=1
? 0

$ curi set --encode --replace 'a b=x y' 'http://h/?a+b=0'
http://h/?a+b=x+y
? 0

# A KEY without '=' replaces with a bare key.
$ curi set --replace flag 'http://h/?flag=1&x=2'
http://h/?flag&x=2
? 0

# --force-replace (trurl's name) replaces, or appends when the key is absent.
$ curi set --force-replace a=9 'http://h/?b=1' 'http://h/?a=1&a=2' http://h/
http://h/?b=1&a=9
http://h/?a=9
http://h/?a=9
? 0

# trurl's other name for it, --replace-append, in both value forms; --replace=K=V too.
$ curi set --replace-append a=9 --replace-append=b=8 --replace=c=7 'http://h/?b=1' 'http://h/?c=1&a=2'
http://h/?b=8&a=9
http://h/?c=7&a=9&b=8
? 0

# --trim query=GLOB removes the pairs whose decoded key matches: '*' any bytes, '?' one,
# '\' quotes the next.  Case matters (trurl ignores case here; curi does not).
$ curi set --trim 'query=utm_*' 'http://h/?q=a+b&utm_source=x&UTM_X=1&utm_medium=y'
http://h/?q=a+b&UTM_X=1
? 0

$ curi set --trim 'query=?' --trim 'query=x\*' 'http://h/?a=1&bb=2&x*=3&xy=4&%63=5'
http://h/?bb=2&xy=4
? 0

$ curi set --trim query=nosuch 'http://h/?a=1&&b=2&'
http://h/?a=1&&b=2&
? 0

$ curi set --trim path=x http://h/
! curi: set: --trim: only query=GLOB, got 'path=x'
! Try 'curi set --help'.
? 2

# When the last pair goes, the query goes with its '?' (as trurl); a query that is not
# changed stays as it is, even an empty one.
$ curi set --trim 'query=utm_*' 'http://h/?utm_a=1' 'http://h/?utm_a=1&&#f' 'http://h/?'
http://h/
http://h/#f
http://h/?
? 0

# A changed query is rebuilt from its non-empty pairs joined by its first separator.
$ curi set --trim query=b 'http://h/?a=1&&b=2&c=3&'
http://h/?a=1&c=3
? 0

# --sort-query: a stable sort by decoded key, bytewise (uppercase before lowercase);
# pairs with equal keys keep their order.
$ curi set --sort-query 'http://h/?c=3&b=2&a=1&b=1&B=0&%61=x' 'http://h/?b=a&c=b&a=c'
http://h/?B=0&a=1&%61=x&b=2&b=1&c=3
http://h/?a=c&b=a&c=b
? 0

# Already sorted: nothing changes, not even the empty pairs.
$ curi set --sort-query 'http://h/?a=1&&b=2' http://h/ 'http://h/?'
http://h/?a=1&&b=2
http://h/
http://h/?
? 0

# Edits run in command-line order, the sort last, after the NAME=VALUE settings.
$ curi set --sort-query --append query=a=0 --replace b=9 --trim 'query=c' 'query=c=1&b=2&d=3' http://h/
http://h/?a=0&b=9&d=3
? 0

$ curi set --append query=b=1 --trim 'query=b' http://h/
http://h/
? 0

# --query-separator ';' splits pairs at ';' as well as '&'; new pairs and a rebuilt query
# use the query's first separator, or ';' when it has none.  With --encode a ';' in a
# pair is then encoded too.
$ curi set --query-separator ';' --trim query=search 'https://curl.se?search=fool;page=5'
https://curl.se?page=5
? 0

$ curi set --query-separator ';' --append query=c=3 'http://h/?a=1;b=2' 'http://h/?a=1&b=2' http://h/
http://h/?a=1;b=2;c=3
http://h/?a=1&b=2&c=3
http://h/?c=3
? 0

$ curi set --query-separator ';' --sort-query 'http://h/?b=1;a=2&c=3'
http://h/?a=2;b=1;c=3
? 0

$ curi set --query-separator ';' --encode --append 'query=a;b=c d' 'http://h/?q=1'
http://h/?q=1;a%3Bb=c+d
? 0

$ curi set --raw --query-separator ';' --append 'query=a;b' http://h/
! curi: error: --append: a pair cannot contain its separator (leave out --raw to encode it)
!   query=a;b
!          ^
? 2

# Without --query-separator, ';' is part of a pair.
$ curi set --trim query=a 'http://h/?a=1;b=2&c=3'
http://h/?c=3
? 0

$ curi set --query-separator : --sort-query http://h/
! curi: set: --query-separator accepts only ';' or '&', got ':'
! Try 'curi set --help'.
? 2

# --iterate NAME=V1 V2...: one output line per value, so one input gives several lines.
$ curi set --iterate 'scheme=http https ftp' http://h/p
http://h/p
https://h/p
ftp://h/p
? 0

# Several --iterate give every combination, the last one varying fastest; each input
# gives the same number of lines, an invalid input that many empty lines (one diagnostic).
$ curi set --iterate 'scheme=http https' --iterate 'host=a b' http://h/p %zz x://y
http://a/p
http://b/p
https://a/p
https://b/p




http://a
http://b
https://a
https://b
! curi: argument 2: PCT at byte 0: '%' must be followed by two hexadecimal digits
!   %zz
!   ^
? 1

$ curi set --json --iterate 'port=1 2' http://h/ %zz
{"input":"http://h/","output":"http://h:1/"}
{"input":"http://h/","output":"http://h:2/"}
{"input":"%zz","error":"PCT","message":"'%' must be followed by two hexadecimal digits","offset":0}
{"input":"%zz","error":"PCT","message":"'%' must be followed by two hexadecimal digits","offset":0}
? 1

# Values are separated by single spaces: two spaces make an empty value.  Each value is
# checked like a VALUE (--encode encodes it); settings, path and query edits apply to
# every variant.
$ curi set --iterate 'port=1  2' http://h/
http://h:1/
http://h:/
http://h:2/
? 0

$ curi set --encode --iterate 'path=/a|b /c' --append query=x=1 fragment=f http://h/
http://h/a%7Cb?x=1#f
http://h/c?x=1#f
? 0

$ curi set --iterate 'zoneid=en0 en1' --iterate 'user=a b' 'http://[fe80::1]/'
http://a@[fe80::1%25en0]/
http://b@[fe80::1%25en0]/
http://a@[fe80::1%25en1]/
http://b@[fe80::1%25en1]/
? 0

# A variant whose components do not fit together fails alone.
$ curi set --iterate 'path=/x y' http://h/
http://h/x

! curi: argument 1: STRUCTURE: the components do not fit together into a URI reference: a path beside an authority must be empty or start with '/'
!   http://h/
? 1

$ curi set --iterate 'port=1 x' http://h/
! curi: --iterate: PORT_CHAR at byte 7: character not allowed in the port (digits only)
!   port=1 x
!          ^
? 2

$ curi set --iterate 'hots=a b' http://h/
! curi: set: --iterate: unknown component 'hots'
! Try 'curi set --help'.
? 2

$ curi set --iterate 'host=a b' --iterate 'host=c' http://h/
! curi: set: --iterate given twice for 'host'
! Try 'curi set --help'.
? 2

$ curi set --iterate 'host=a b' host=c http://h/
! curi: set: --iterate and a setting both change 'host'
! Try 'curi set --help'.
? 2

$ curi set --iterate host http://h/
! curi: set: --iterate needs NAME=VALUES, got 'host'
! Try 'curi set --help'.
? 2

# Inputs from stdin on several threads: the variants of each input stay together and in
# input order.
$ printf 'http://a/\nhttp://b/\n' | curi set --jobs 2 --iterate 'port=1 2'
http://a:1/
http://a:2/
http://b:1/
http://b:2/
? 0

# The combinations are capped, so that a typo cannot ask for an endless output.
$ curi set --iterate "port=$(seq -s ' ' 1 1100)" --iterate "host=$(seq -s ' ' 1 1000)" http://h/
! curi: set: --iterate: more than 1048576 combinations
! Try 'curi set --help'.
? 2
