# The curi column of docs/trurl.md, row by row: every task trurl's manual describes, done
# with curi.  Keep the two in step: a row added there gets a block here (the IDNA rows'
# blocks are in iri-idn.t).  tests/cli/trurl-doc.sh runs the table's
# commands themselves.

# Print one component; decoded with {:NAME}; encoded is how curi keeps them.
$ curi get '{host}|{:path}|{path}' 'http://example.com/a%20b'
example.com|/a b|/a%20b
? 0

# The port or the scheme's default; the URL with the default port added.
$ curi get '{default:port} {default:uri}' http://h/a 'https://h:8443/'
80 http://h:80/a
8443 https://h:8443/
? 0

# A default port is kept unless the URI is normalized.
$ curi get '{uri}' 'http://h:80/'
http://h:80/
? 0

$ curi normalize 'http://h:80/'
http://h/
? 0

# Query values: the first, and all of them.
$ curi get '{query:a}|{query-all:a}' 'http://h/?a=1&b=2&a=x+y'
1|1 x y
? 0

# user, password, zoneid and url are trurl's names.
$ curi get '{user} {password} {zoneid} {url}' 'http://al:pw@[fe80::1%25eth0]/'
al pw eth0 http://al:pw@[fe80::1%25eth0]/
? 0

# Set a component, encoding it or as written; only where not set; remove it.
$ curi set --encode 'path=/a b' http://h/
http://h/a%20b
? 0

$ curi set path=/a%20b http://h/
http://h/a%20b
? 0

$ curi set 'port?=8080' http://h/ http://h:1/
http://h:8080/
http://h:1/
? 0

$ curi set --remove query 'http://h/?q'
http://h/
? 0

$ curi set user=alice password=s3 http://h/
http://alice:s3@h/
? 0

# Build a URL from parts.
$ curi set scheme=https host=example.com path=/x -- ''
https://example.com/x
? 0

$ echo '{"scheme":"https","host":"example.com","path":"/x"}' | curi build
https://example.com/x
? 0

# Path and query edits.
$ curi set --append path=four 'http://twelve/three?hello'
http://twelve/three/four?hello
? 0

$ curi set --append query=a=b http://h/?x
http://h/?x&a=b
? 0

# A pair is encoded as form data, as trurl does; --raw takes it as written.
$ curi set --append 'query=q=hello world' --replace 'x=a&b' http://h/?x
http://h/?x=a%26b&q=hello+world
? 0

$ curi set --raw --append 'query=q=a%20b+c' http://h/
http://h/?q=a%20b+c
? 0

$ curi set --replace a=b 'http://h/?a=1&c=2' http://h/
http://h/?a=b&c=2
http://h/
? 0

$ curi set --replace-append a=b 'http://h/?a=1&c=2' http://h/
http://h/?a=b&c=2
http://h/?a=b
? 0

$ curi set --trim 'query=utm_*' 'http://h/?utm_source=x&id=3&utm_medium=y'
http://h/?id=3
? 0

$ curi set --sort-query 'http://h/?b=1&a=2&c=3'
http://h/?a=2&b=1&c=3
? 0

$ curi get --query-separator ';' '{query:b}' 'http://h/?a=1;b=2'
2
? 0

$ curi set --iterate 'scheme=http https' --iterate 'host=a b' x://h/
http://a/
http://b/
https://a/
https://b/
? 0

# Spaces, files, several URLs.
$ curi normalize --accept-space 'http://h/a b'
http://h/a%20b
? 0

$ printf 'http://h/1\r\nhttp://h/2\n' | curi normalize -f -
http://h/1
http://h/2
? 0

$ curi normalize http://A/ http://B/
http://a/
http://b/
? 0

$ curi set path=/p url=http://h/ http://g/
http://h/p
http://g/p
? 0

# Redirect, normalization, IPv6.
$ curi resolve http://h/a/b ../c
http://h/c
? 0

$ curi normalize 'HTTP://ex%61mple:80/%62ath/a/../b?%2e#tes%74'
http://example/bath/b?.#test
? 0

$ curi normalize --ipv6 'http://[2001:9b1:0:0:0:0:7b97:364b]/'
http://[2001:9b1::7b97:364b]/
? 0

# An invalid URL: exit status 1 and a diagnostic; quiet with 2>/dev/null.
$ curi normalize 'http://a b/' 2>/dev/null

? 1

# The scheme, to filter on.
$ curi get '{scheme}' 'gopher://h/' 'http://h/'
gopher
http
? 0

# Numeric IPv4 forms stay reg-names.
$ curi get '{host_type} {host}' 'http://0x7f.1/'
reg-name 0x7f.1
? 0

# All the parts as JSON, and JSON back to the URL.
$ curi parse --json 'https://u@example.com/a/b?x=1&y#f' | curi build
https://u@example.com/a/b?x=1&y#f
? 0

$ curi parse --json 'https://example.com/a/b?x=1&y' | sed 's/.*"segments"/"segments"/'
"segments":["a","b"],"params":[{"key":"x","value":"1"},{"key":"y","value":null}],"labels":["example","com"]}
? 0

# curi never guesses a scheme; --require-scheme refuses a reference without one.
$ curi parse --require-scheme example.com 2>/dev/null
? 1
