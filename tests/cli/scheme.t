# curi parse --scheme --json: the "parts" object of each scheme of the layer (curi(1) JSON OUTPUT).

$ curi parse --scheme --json 'ftp://u:p%40x@h:21/a/%2Fb/c;type=d'
{"input":"ftp://u:p%40x@h:21/a/%2Fb/c;type=d","scheme":"ftp","userinfo":"u:p%40x","host":"h","host_type":"reg-name","port":"21","path":"/a/%2Fb/c;type=d","query":null,"fragment":null,"segments":["a","%2Fb","c;type=d"],"params":null,"labels":["h"],"parts":{"user":"u","password":"p@x","host":"h","port":21,"cwd":["a","/b"],"name":"c","typecode":"d"}}
? 0

$ curi parse --scheme --json 'ftp://h'
{"input":"ftp://h","scheme":"ftp","userinfo":null,"host":"h","host_type":"reg-name","port":null,"path":"","query":null,"fragment":null,"segments":[],"params":null,"labels":["h"],"parts":{"user":null,"password":null,"host":"h","port":null,"cwd":[],"name":null,"typecode":null}}
? 0

$ curi parse --scheme --json 'http://h:8080/x?y#z'
{"input":"http://h:8080/x?y#z","scheme":"http","userinfo":null,"host":"h","host_type":"reg-name","port":"8080","path":"/x","query":"y","fragment":"z","segments":["x"],"params":[{"key":"y","value":null}],"labels":["h"],"parts":{"user":null,"password":null,"host":"h","port":8080,"path":"/x","query":"y","fragment":"z"}}
? 0

$ curi parse --scheme --json 'gopher://h'
{"input":"gopher://h","scheme":"gopher","userinfo":null,"host":"h","host_type":"reg-name","port":null,"path":"","query":null,"fragment":null,"segments":[],"params":null,"labels":["h"],"parts":{"host":"h","port":null,"gophertype":"1","selector":"","search":null,"gopher_plus":null}}
? 0

$ curi parse --scheme --json 'gopher://h/1sel%09srch%09%2B'
{"input":"gopher://h/1sel%09srch%09%2B","scheme":"gopher","userinfo":null,"host":"h","host_type":"reg-name","port":null,"path":"/1sel%09srch%09%2B","query":null,"fragment":null,"segments":["1sel%09srch%09%2B"],"params":null,"labels":["h"],"parts":{"host":"h","port":null,"gophertype":"1","selector":"sel","search":"srch","gopher_plus":"+"}}
? 0

$ curi parse --scheme --json 'mailto:a@b,c@d?to=e@f,g@h&subject=Hi%20there#x'
{"input":"mailto:a@b,c@d?to=e@f,g@h&subject=Hi%20there#x","scheme":"mailto","userinfo":null,"host":null,"host_type":null,"port":null,"path":"a@b,c@d","query":"to=e@f,g@h&subject=Hi%20there","fragment":"x","segments":["a@b,c@d"],"params":null,"labels":null,"parts":{"to":["a@b","c@d","e@f","g@h"],"headers":[["to","e@f,g@h"],["subject","Hi there"]],"fragment":"x"}}
? 0

# A quoted local part is one recipient, its ',' (raw or %2C) and spaces included.
$ curi parse --scheme --json 'mailto:?to=%22a%2Cb%22@x.example'
{"input":"mailto:?to=%22a%2Cb%22@x.example","scheme":"mailto","userinfo":null,"host":null,"host_type":null,"port":null,"path":"","query":"to=%22a%2Cb%22@x.example","fragment":null,"segments":[],"params":null,"labels":null,"parts":{"to":["\"a,b\"@x.example"],"headers":[["to","\"a,b\"@x.example"]]}}
? 0

$ curi parse --scheme --json 'mailto:%22a,b%22@x.example,c@y.example?to=%22d%20e%22@z.example,f@g.example'
{"input":"mailto:%22a,b%22@x.example,c@y.example?to=%22d%20e%22@z.example,f@g.example","scheme":"mailto","userinfo":null,"host":null,"host_type":null,"port":null,"path":"%22a,b%22@x.example,c@y.example","query":"to=%22d%20e%22@z.example,f@g.example","fragment":null,"segments":["%22a,b%22@x.example,c@y.example"],"params":null,"labels":null,"parts":{"to":["\"a,b\"@x.example","c@y.example","\"d e\"@z.example","f@g.example"],"headers":[["to","\"d e\"@z.example,f@g.example"]]}}
? 0

$ curi parse --scheme --json 'news:a@b'
{"input":"news:a@b","scheme":"news","userinfo":null,"host":null,"host_type":null,"port":null,"path":"a@b","query":null,"fragment":null,"segments":["a@b"],"params":null,"labels":null,"parts":{"server":null,"port":null,"article":"a@b"}}
? 0

$ curi parse --scheme --json 'news://s/comp.*'
{"input":"news://s/comp.*","scheme":"news","userinfo":null,"host":"s","host_type":"reg-name","port":null,"path":"/comp.*","query":null,"fragment":null,"segments":["comp.*"],"params":null,"labels":["s"],"parts":{"server":"s","port":null,"newsgroups":"comp.*"}}
? 0

# a group decoded (RFC 5538 2.3); nntp's deprecated user:password as two keys (RFC 5538 7)
$ curi parse --scheme --json 'news:example.group.th%3Fse'
{"input":"news:example.group.th%3Fse","scheme":"news","userinfo":null,"host":null,"host_type":null,"port":null,"path":"example.group.th%3Fse","query":null,"fragment":null,"segments":["example.group.th%3Fse"],"params":null,"labels":null,"parts":{"server":null,"port":null,"newsgroups":"example.group.th?se"}}
? 0

$ curi parse --scheme --json 'nntp://user:password@s/n%2Fa/7'
{"input":"nntp://user:password@s/n%2Fa/7","scheme":"nntp","userinfo":"user:password","host":"s","host_type":"reg-name","port":null,"path":"/n%2Fa/7","query":null,"fragment":null,"segments":["n%2Fa","7"],"params":null,"labels":["s"],"parts":{"server":"s","port":null,"user":"user","group":"n/a","article_number":"7","password":"password"}}
? 0

$ curi parse --scheme --json 'nntp://s/g/12'
{"input":"nntp://s/g/12","scheme":"nntp","userinfo":null,"host":"s","host_type":"reg-name","port":null,"path":"/g/12","query":null,"fragment":null,"segments":["g","12"],"params":null,"labels":["s"],"parts":{"server":"s","port":null,"group":"g","article_number":"12"}}
? 0

$ curi parse --scheme --json 'telnet://u@h/'
{"input":"telnet://u@h/","scheme":"telnet","userinfo":"u","host":"h","host_type":"reg-name","port":null,"path":"/","query":null,"fragment":null,"segments":[""],"params":null,"labels":["h"],"parts":{"user":"u","password":null,"host":"h","port":null}}
? 0

$ curi parse --scheme --json 'wais://h/db?x'
{"input":"wais://h/db?x","scheme":"wais","userinfo":null,"host":"h","host_type":"reg-name","port":null,"path":"/db","query":"x","fragment":null,"segments":["db"],"params":null,"labels":["h"],"parts":{"host":"h","port":null,"form":"search","database":"db","search":"x"}}
? 0

$ curi parse --scheme --json 'wais://h/db/t/p'
{"input":"wais://h/db/t/p","scheme":"wais","userinfo":null,"host":"h","host_type":"reg-name","port":null,"path":"/db/t/p","query":null,"fragment":null,"segments":["db","t","p"],"params":null,"labels":["h"],"parts":{"host":"h","port":null,"form":"document","database":"db","wtype":"t","wpath":"p"}}
? 0

$ curi parse --scheme --json 'file:///c:/x'
{"input":"file:///c:/x","scheme":"file","userinfo":null,"host":"","host_type":"reg-name","port":null,"path":"/c:/x","query":null,"fragment":null,"segments":["c:","x"],"params":null,"labels":[],"parts":{"host":"","path":"/c:/x","drive":"c","host_kind":"empty"}}
? 0

$ curi parse --scheme --json 'file://localhost/etc'
{"input":"file://localhost/etc","scheme":"file","userinfo":null,"host":"localhost","host_type":"reg-name","port":null,"path":"/etc","query":null,"fragment":null,"segments":["etc"],"params":null,"labels":["localhost"],"parts":{"host":"localhost","path":"/etc","drive":null,"host_kind":"localhost"}}
? 0

$ curi parse --scheme --json 'prospero://h//pros/n;V=3'
{"input":"prospero://h//pros/n;V=3","scheme":"prospero","userinfo":null,"host":"h","host_type":"reg-name","port":null,"path":"//pros/n;V=3","query":null,"fragment":null,"segments":["","pros","n;V=3"],"params":null,"labels":["h"],"parts":{"host":"h","port":null,"hsoname":"/pros/n","fields":[["V","3"]]}}
? 0

$ curi parse --scheme --json 'ldap://h/o=x??sub?(cn=a)?!e=1,f'
{"input":"ldap://h/o=x??sub?(cn=a)?!e=1,f","scheme":"ldap","userinfo":null,"host":"h","host_type":"reg-name","port":null,"path":"/o=x","query":"?sub?(cn=a)?!e=1,f","fragment":null,"segments":["o=x"],"params":null,"labels":["h"],"parts":{"host":"h","port":null,"dn":"o=x","attributes":null,"scope":"sub","filter":"(cn=a)","extensions":[{"critical":true,"type":"e","value":"1"},{"critical":false,"type":"f","value":null}]}}
? 0

$ curi parse --scheme --json 'urn:Ex:a?+r?=q#f'
{"input":"urn:Ex:a?+r?=q#f","scheme":"urn","userinfo":null,"host":null,"host_type":null,"port":null,"path":"Ex:a","query":"+r?=q","fragment":"f","segments":["Ex:a"],"params":null,"labels":null,"parts":{"nid":"Ex","nss":"a","r_component":"r","q_component":"q","f_component":"f"}}
? 0

$ curi parse --scheme --json 'man:ls(1)'
{"input":"man:ls(1)","scheme":"man","userinfo":null,"host":null,"host_type":null,"port":null,"path":"ls(1)","query":null,"fragment":null,"segments":["ls(1)"],"params":null,"labels":null,"parts":{"name":"ls","section":"1"}}
? 0

$ curi parse --scheme --json 'info:gcc#G++_and_GCC'
{"input":"info:gcc#G++_and_GCC","scheme":"info","userinfo":null,"host":null,"host_type":null,"port":null,"path":"gcc","query":null,"fragment":"G++_and_GCC","segments":["gcc"],"params":null,"labels":null,"parts":{"form":"gnome","file":"gcc","node":"G++_and_GCC","node_name":"G++ and GCC"}}
? 0

$ curi parse --scheme --json 'info:(gcc)'
{"input":"info:(gcc)","scheme":"info","userinfo":null,"host":null,"host_type":null,"port":null,"path":"(gcc)","query":null,"fragment":null,"segments":["(gcc)"],"params":null,"labels":null,"parts":{"form":"kde","file":"gcc","node":null,"node_name":"Top"}}
? 0

$ curi parse --scheme --json 'whatis:x%20y'
{"input":"whatis:x%20y","scheme":"whatis","userinfo":null,"host":null,"host_type":null,"port":null,"path":"x%20y","query":null,"fragment":null,"segments":["x%20y"],"params":null,"labels":null,"parts":{"string":"x y"}}
? 0

$ curi parse --scheme --json 'ghelp:a'
{"input":"ghelp:a","scheme":"ghelp","userinfo":null,"host":null,"host_type":null,"port":null,"path":"a","query":null,"fragment":null,"segments":["a"],"params":null,"labels":null,"parts":{"application":"a"}}
? 0

$ curi parse --scheme --json 'wss://h'
{"input":"wss://h","scheme":"wss","userinfo":null,"host":"h","host_type":"reg-name","port":null,"path":"","query":null,"fragment":null,"segments":[],"params":null,"labels":["h"],"parts":{"host":"h","port":null,"path":"","query":null,"resource_name":"/","secure":true}}
? 0

$ curi parse --scheme --json 'ws://h/p?q'
{"input":"ws://h/p?q","scheme":"ws","userinfo":null,"host":"h","host_type":"reg-name","port":null,"path":"/p","query":"q","fragment":null,"segments":["p"],"params":[{"key":"q","value":null}],"labels":["h"],"parts":{"host":"h","port":null,"path":"/p","query":"q","resource_name":"/p?q","secure":false}}
? 0

$ curi parse --scheme --json 'tel:+1-(201).555;ext=1;x'
{"input":"tel:+1-(201).555;ext=1;x","scheme":"tel","userinfo":null,"host":null,"host_type":null,"port":null,"path":"+1-(201).555;ext=1;x","query":null,"fragment":null,"segments":["+1-(201).555;ext=1;x"],"params":null,"labels":null,"parts":{"kind":"global","number":"+1-(201).555","digits":"+1201555","params":[["ext","1"],["x",null]]}}
? 0

$ curi parse --scheme --json 'tel:12;phone-context=a.b'
{"input":"tel:12;phone-context=a.b","scheme":"tel","userinfo":null,"host":null,"host_type":null,"port":null,"path":"12;phone-context=a.b","query":null,"fragment":null,"segments":["12;phone-context=a.b"],"params":null,"labels":null,"parts":{"kind":"local","number":"12","digits":"12","params":[["phone-context","a.b"]]}}
? 0

$ curi parse --scheme --json 'data:,a%20b'
{"input":"data:,a%20b","scheme":"data","userinfo":null,"host":null,"host_type":null,"port":null,"path":",a%20b","query":null,"fragment":null,"segments":[",a%20b"],"params":null,"labels":null,"parts":{"mediatype":"","effective_type":"text/plain;charset=US-ASCII","base64":false,"data":"a b"}}
? 0

$ curi parse --scheme --json 'data:;charset=utf-8;base64,SGk='
{"input":"data:;charset=utf-8;base64,SGk=","scheme":"data","userinfo":null,"host":null,"host_type":null,"port":null,"path":";charset=utf-8;base64,SGk=","query":null,"fragment":null,"segments":[";charset=utf-8;base64,SGk="],"params":null,"labels":null,"parts":{"mediatype":";charset=utf-8","effective_type":"text/plain;charset=utf-8","base64":true,"data":"SGk="}}
? 0

$ curi parse --scheme --json 'data:text/html,x'
{"input":"data:text/html,x","scheme":"data","userinfo":null,"host":null,"host_type":null,"port":null,"path":"text/html,x","query":null,"fragment":null,"segments":["text","html,x"],"params":null,"labels":null,"parts":{"mediatype":"text/html","effective_type":"text/html","base64":false,"data":"x"}}
? 0

$ curi parse --scheme --json 'foo:x'
{"input":"foo:x","scheme":"foo","userinfo":null,"host":null,"host_type":null,"port":null,"path":"x","query":null,"fragment":null,"segments":["x"],"params":null,"labels":null,"parts":null}
? 0

# a broken rule: an error object, exit status 1
$ curi parse --scheme --json 'ftp://h/a;type=q' 'gopher://h/1a%0Db'
{"input":"ftp://h/a;type=q","error":"ftp-typecode","message":"a ';' in an ftp path must start the final ';type=' with a, i or d (RFC 1738 3.2.2)","offset":15}
{"input":"gopher://h/1a%0Db","error":"gopher-selector-crlf","message":"a gopher selector may not contain CR or LF (RFC 4266 2.1, RFC 1738 3.4.1)","offset":13}
? 1

# The text output goes on with one "part.NAME: value" line per part present, in the
# layout's order: a list one line per item, text decoded, name=value items decoded side
# by side (issue 27 item 6).
$ curi parse --scheme 'mailto:a@example.org,b@example.org?to=c@example.org&subject=Hi%20there'
scheme:    mailto
path:      a@example.org,b@example.org
query:     to=c@example.org&subject=Hi%20there
part.to: a@example.org
part.to: b@example.org
part.headers: to=c@example.org
part.headers: subject=Hi there
? 0

$ curi parse --scheme 'ldap://h/o=x?cn,mail?sub?(cn=a%20b)?!e=1'
scheme:    ldap
host:      h
host_type: reg-name
path:      /o=x
query:     cn,mail?sub?(cn=a%20b)?!e=1
part.host: h
part.dn: o=x
part.attributes: cn
part.attributes: mail
part.scope: sub
part.filter: (cn=a b)
part.extensions: !e=1
? 0

$ curi parse --scheme 'ftp://u:p%40x@h/a/%2Fb/c;type=d' 'ftp://h/'
scheme:    ftp
userinfo:  u:p%40x
host:      h
host_type: reg-name
path:      /a/%2Fb/c;type=d
part.user: u
part.password: p@x
part.host: h
part.cwd: a
part.cwd: /b
part.name: c
part.typecode: d

scheme:    ftp
host:      h
host_type: reg-name
path:      /
part.host: h
part.name:
? 0

# tel's params are not text: raw.  A scheme outside the layer has no part lines.
$ curi parse --scheme 'tel:5550123;phone-context=+1-201;x=%41' 'coap://h/x?a=1'
scheme:    tel
path:      5550123;phone-context=+1-201;x=%41
part.number: 5550123
part.params: phone-context=+1-201
part.params: x=%41
|
scheme:    coap
host:      h
host_type: reg-name
path:      /x
query:     a=1
? 0

# params (the query as form data) only where the scheme reads its query so: not for ldap,
# ldaps, mailto, urn, whose layouts give it a meaning of their own (curi_scheme_kind); with
# or without --scheme.
$ curi parse --json 'ldaps://h/o=x?cn?sub?(a=b)' 'coap://h/?a=b+c'
{"input":"ldaps://h/o=x?cn?sub?(a=b)","scheme":"ldaps","userinfo":null,"host":"h","host_type":"reg-name","port":null,"path":"/o=x","query":"cn?sub?(a=b)","fragment":null,"segments":["o=x"],"params":null,"labels":["h"]}
{"input":"coap://h/?a=b+c","scheme":"coap","userinfo":null,"host":"h","host_type":"reg-name","port":null,"path":"/","query":"a=b+c","fragment":null,"segments":[""],"params":[{"key":"a","value":"b c"}],"labels":["h"]}
? 0
