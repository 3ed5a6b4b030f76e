# The command itself: --help, --version, unknown commands and options, "--".

$ curi --version
curi 0.3.0
? 0

$ curi --help | sed -n 1p
Usage: curi COMMAND [OPTION...] [ARG...]
? 0

$ curi --help >/dev/null
? 0

# No command at all is a usage error; the help goes to stderr.
$ curi 2>/dev/null
? 2

$ curi frobnicate
! curi: unknown command 'frobnicate'
! Try 'curi --help'.
? 2

$ curi --frobnicate
! curi: unknown option '--frobnicate'
! Try 'curi --help'.
? 2

# Every subcommand has --help (exit 0, on stdout) and "curi help CMD" is the same.
$ for c in parse get set encode decode explain resolve relative normalize equal; do curi $c --help | sed -n 1p | cut -d' ' -f1-3; done
Usage: curi parse
Usage: curi get
Usage: curi set
Usage: curi encode
Usage: curi decode
Usage: curi explain
Usage: curi resolve
Usage: curi relative
Usage: curi normalize
Usage: curi equal
? 0

$ curi help normalize | sed -n 1p
Usage: curi normalize [--syntax] [--ipv6] [--iri] [--json] [--strict-3986]
? 0

$ curi parse -h >/dev/null
? 0

# Unknown options are usage errors, with a pointer to --help.
$ curi parse --frob http://a
! curi: parse: unknown option '--frob'
! Try 'curi parse --help'.
? 2

$ curi explain --json http://a
! curi: explain: unknown option '--json'
! Try 'curi explain --help'.
? 2

$ curi normalize --jobs x
! curi: normalize: --jobs needs a number from 0 to 1024, got 'x'
! Try 'curi normalize --help'.
? 2

$ curi normalize --jobs
! curi: option needs a value: '--jobs'
? 2

# "--" ends the options: an input may then start with '-'.  "-" alone is an operand.
$ curi get '{path}' -- -x --json -
-x
--json
-
? 0

$ curi get '{path}' --x
! curi: get: unknown option '--x'
! Try 'curi get --help'.
? 2

# Options may follow operands (before "--").
$ curi parse http://a --json
{"input":"http://a","scheme":"http","userinfo":null,"host":"a","host_type":"reg-name","port":null,"path":"","query":null,"fragment":null,"segments":[],"params":null,"labels":["a"]}
? 0

# The exit statuses --help names, equal's, open's and diff's among them (issue 27 item 11).
$ curi --help | grep -A4 '^Exit status'
Exit status: 0 all inputs valid, 1 some input invalid (check: a finding at or
above --fail-on; extract: no URI found), 2 usage error, 3 I/O error.
equal: 0 equal, 1 not equal, 2 an invalid A or B.  open: the handler's status,
1 refused, 126 the handler could not run, 127 no handler, 128+N signal N.
diff: 0 every input agrees, 1 some input differs.
? 0

# The README's first command ends in status 0: every URL of examples/urls.txt is valid.
$ curi parse < examples/urls.txt >/dev/null
? 0
