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
