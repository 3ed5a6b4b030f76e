# JSON output (every --json): strings are RFC 8259, and characters that would act on a
# terminal or an editor are escaped even though they are valid UTF-8.

# C1 controls (U+0080..U+009F), bidi marks (U+200E, U+200F), line and paragraph separators
# (U+2028, U+2029), embeddings and overrides (U+202A..U+202E) and isolates (U+2066..U+2069)
# come out as \uXXXX; their neighbours (U+00A0, U+200D, U+202F, U+2065, U+206A) stay raw.
$ curi decode --json 'a%C2%80%C2%9F%C2%A0b' '%E2%80%8E%E2%80%8F%E2%80%8D' '%E2%80%A8%E2%80%A9%E2%80%AA%E2%80%AE%E2%80%AF' '%E2%81%A5%E2%81%A6%E2%81%A9%E2%81%AA'
{"input":"a%C2%80%C2%9F%C2%A0b","output":"a\u0080\u009f b"}
{"input":"%E2%80%8E%E2%80%8F%E2%80%8D","output":"\u200e\u200f‍"}
{"input":"%E2%80%A8%E2%80%A9%E2%80%AA%E2%80%AE%E2%80%AF","output":"\u2028\u2029\u202a\u202e "}
{"input":"%E2%81%A5%E2%81%A6%E2%81%A9%E2%81%AA","output":"⁥\u2066\u2069⁪"}
? 0

# The same in a get {:NAME} value and in an invalid input echoed back.
$ curi get --json '{:path}' 'http://h/%E2%80%AE' 2>/dev/null
{"input":"http://h/%E2%80%AE","output":"/\u202e"}
? 0

$ printf 'http://h/\342\200\256x\n' | curi parse --json
{"input":"http://h/\u202ex","error":"PATH_CHAR","message":"character not allowed in the path","offset":9}
? 1

# Controls, quote, backslash and DEL; invalid UTF-8 becomes U+FFFD with an exact _hex twin.
$ curi decode --json '%01%22%5C%7F%FFz'
{"input":"%01%22%5C%7F%FFz","output":"\u0001\"\\\u007f�z","output_hex":"01225c7fff7a"}
? 0

# A long value is escaped in pieces: the text is the same across piece boundaries.
$ /usr/bin/python3 -c "print('%C2%85' * 40000 + 'x')" | curi decode --json | /usr/bin/python3 -c "import json, sys; o = json.loads(sys.stdin.read())['output']; print(len(o), o == chr(0x85) * 40000 + 'x')"
40001 True
? 0

# parse --json ends with segments (raw, as curi_segments_next gives them), params (decoded
# as form data: '+' is a space; value null without '='; empty pairs skipped; null without a
# query) and labels (a reg-name's labels, raw; a trailing dot gives an empty last label; an
# empty host has none; null for IP literals, IPv4 and no host).
$ curi parse --json 'http://u@www.Example.com./a/b/?a=1&b+c=d%20e&f&&g=;h=1#x'
{"input":"http://u@www.Example.com./a/b/?a=1&b+c=d%20e&f&&g=;h=1#x","scheme":"http","userinfo":"u","host":"www.Example.com.","host_type":"reg-name","port":null,"path":"/a/b/","query":"a=1&b+c=d%20e&f&&g=;h=1","fragment":"x","segments":["a","b",""],"params":[{"key":"a","value":"1"},{"key":"b c","value":"d e"},{"key":"f","value":null},{"key":"g","value":";h=1"}],"labels":["www","Example","com",""]}
? 0

$ curi parse --json 'file:///' 'x:' 'http://[::1]' 'http://1.2.3.4/?' 'a/b'
{"input":"file:///","scheme":"file","userinfo":null,"host":"","host_type":"reg-name","port":null,"path":"/","query":null,"fragment":null,"segments":[""],"params":null,"labels":[]}
{"input":"x:","scheme":"x","userinfo":null,"host":null,"host_type":null,"port":null,"path":"","query":null,"fragment":null,"segments":[],"params":null,"labels":null}
{"input":"http://[::1]","scheme":"http","userinfo":null,"host":"[::1]","host_type":"ipv6","port":null,"path":"","query":null,"fragment":null,"segments":[],"params":null,"labels":null}
{"input":"http://1.2.3.4/?","scheme":"http","userinfo":null,"host":"1.2.3.4","host_type":"ipv4","port":null,"path":"/","query":"","fragment":null,"segments":[""],"params":[],"labels":null}
{"input":"a/b","scheme":null,"userinfo":null,"host":null,"host_type":null,"port":null,"path":"a/b","query":null,"fragment":null,"segments":["a","b"],"params":null,"labels":null}
? 0

# --query-separator ';' splits params at ';' too; decoded bytes that are not UTF-8 get a
# _hex twin inside their pair.
$ curi parse --json --query-separator ';' '?a=1;b=%FF'
{"input":"?a=1;b=%FF","scheme":null,"userinfo":null,"host":null,"host_type":null,"port":null,"path":"","query":"a=1;b=%FF","fragment":null,"segments":[],"params":[{"key":"a","value":"1"},{"key":"b","value":"�","value_hex":"ff"}],"labels":null}
? 0

# --require-scheme: a URI is needed (CURI_PARSE_URI); --absolute: an absolute-URI
# (CURI_PARSE_ABSOLUTE: a scheme and no fragment).
$ curi parse --require-scheme example.com/x http://example.com/x
scheme:    http
host:      example.com
host_type: reg-name
path:      /x
! curi: argument 1: SCHEME_MISSING at byte 0: a URI must start with a scheme followed by ':'
!   example.com/x
!   ^
? 1

$ curi parse --absolute --json 'http://a/#f' 'http://a/' x
{"input":"http://a/#f","error":"FRAGMENT_FORBIDDEN","message":"an absolute URI may not have a fragment","offset":9}
{"input":"http://a/","scheme":"http","userinfo":null,"host":"a","host_type":"reg-name","port":null,"path":"/","query":null,"fragment":null,"segments":[""],"params":null,"labels":["a"]}
{"input":"x","error":"SCHEME_MISSING","message":"a URI must start with a scheme followed by ':'","offset":0}
? 1

# equal --json with an invalid operand still writes one object, naming the operand; exit 2.
$ curi equal --json 'http://a b/' x
{"a":"http://a b/","b":"x","operand":"a","error":"HOST_CHAR","message":"character not allowed in the host","offset":8}
? 2

$ curi equal --json x 'http://['
{"a":"x","b":"http://[","operand":"b","error":"IP_UNTERMINATED","message":"'[' opens an IP literal that has no closing ']'","offset":7}
? 2

$ curi equal x 'http://['
! curi: B: IP_UNTERMINATED at byte 7: '[' opens an IP literal that has no closing ']'
!   http://[
!          ^
? 2

# equal --ipv6 compares IPv6 literals in RFC 5952 text from the syntax-based rung on.
$ curi equal 'http://[::1]/' 'http://[0:0::1]/'
not equal
? 1

$ curi equal --ipv6 'http://[::1]/' 'http://[0:0::1]/'
equal: syntax-based (RFC 3986 6.2.2)
? 0

$ curi equal --ipv6 --json 'HTTP://[::1]:80' 'http://[0:0::1]/'
{"a":"HTTP://[::1]:80","b":"http://[0:0::1]/","equal":true,"level":"scheme-based"}
? 0

$ curi equal --ipv6 --syntax 'HTTP://[::1]:80' 'http://[0:0::1]/'
not equal
? 1

$ curi equal --ipv6 'http://[::1]' 'http://[::1]'
equal: string (RFC 3986 6.2.1)
? 0
