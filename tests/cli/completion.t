# curi completion: bash and zsh scripts made from the option table that --help prints.
# Each bash case sources the script in a clean bash, sets the words typed so far and calls
# the completion function, then prints what it offers.

$ curi completion bash >c.bash; bash --norc --noprofile -c '. ./c.bash; COMP_WORDS=(curi par); COMP_CWORD=1; _curi; echo "${COMPREPLY[@]}"'; rm -f c.bash
parse
? 0

# Options of the command being typed, and only its own: equal has --json but no --jobs.
$ curi completion bash >c.bash; for w in 'parse --js' 'equal --js' 'equal --jo' 'normalize --j' 'set --repl' 'build --en' 'check --dis' 'parse -z' 'extract --co'; do bash --norc --noprofile -c '. ./c.bash; COMP_WORDS=(curi $1); COMP_CWORD=2; _curi; echo "$1: ${COMPREPLY[*]}"' _ "$w"; done; rm -f c.bash
parse --js: --json
equal --js: --json
equal --jo: 
normalize --j: --json --jobs
set --repl: --replace --replace-append
build --en: --encode
check --dis: --disable
parse -z: -z
extract --co: --complete
? 0

# Values of an option: word lists from the table, files for -f.
$ curi completion bash >c.bash; for w in 'explain --color a' 'encode -c q' 'set --remove ho' 'get --query-separator ;' 'check --fail-on w' 'check --disable pct-c'; do bash --norc --noprofile -c '. ./c.bash; COMP_WORDS=(curi $1); COMP_CWORD=3; _curi; echo "$1: ${COMPREPLY[*]}"' _ "$w"; done; rm -f c.bash
explain --color a: auto always
encode -c q: query
set --remove ho: host
get --query-separator ;: ;
check --fail-on w: warning
check --disable pct-c: pct-crlf pct-control
? 0

$ d=$(mktemp -d); curi completion bash >"$d/c.bash"; cd "$d" && touch urls.txt && bash --norc --noprofile -c '. ./c.bash; COMP_WORDS=(curi parse -f ur); COMP_CWORD=3; _curi; echo "${COMPREPLY[@]}"'; cd / && rm -rf "$d"
urls.txt
? 0

# "curi help" and "curi completion" complete their one argument.
$ curi completion bash >c.bash; bash --norc --noprofile -c '. ./c.bash; COMP_WORDS=(curi help no); COMP_CWORD=2; _curi; echo "${COMPREPLY[@]}"; COMP_WORDS=(curi completion z); _curi; echo "${COMPREPLY[@]}"'; rm -f c.bash
normalize
zsh
? 0

# list: the table, one row per command and option (tools/check-options.py reads it).
$ curi completion list | grep -c .
232
? 0

$ curi completion list | grep '^to-path'
to-path	--windows	-	-	-	-
to-path	--json	-	-	-	-
to-path	--jobs	-j	N	-	2
to-path	--url-file	-f	FILE	FILE	/dev/null
to-path	--binary	-	-	-	-
to-path	--skip-invalid	-	-	-	-
to-path	--max-length	-	N	-	100
to-path	--zero-terminated	-z	-	-	-
to-path	--help	-h	-	-	-
? 0

$ curi completion list | grep '^encode'
encode	--keep-pct	-	-	-	-
encode	--component	-c	NAME	unreserved userinfo host segment path query fragment form	query
encode	--json	-	-	-	-
encode	--jobs	-j	N	-	2
encode	--url-file	-f	FILE	FILE	/dev/null
encode	--binary	-	-	-	-
encode	--skip-invalid	-	-	-	-
encode	--max-length	-	N	-	100
encode	--zero-terminated	-z	-	-	-
encode	--help	-h	-	-	-
? 0

# fish: one "complete" line per command and per option of each, from the same table
# (issue 27 item 11); fish itself is not needed to read it.
$ curi completion fish | grep -c '^complete -c curi'
257
? 0

$ curi completion fish | grep -e "-a parse " -e "from equal' -l json" -e "from encode' -l component" -e "from parse' -l url-file" -e "from completion'"
complete -c curi -n '__fish_seen_subcommand_from completion' -f -a 'bash zsh fish list'
complete -c curi -n __fish_use_subcommand -f -a parse -d 'show the components of each URI reference'
complete -c curi -n '__fish_seen_subcommand_from parse' -l url-file -s f -r -F -d 'read inputs from the lines of FILE (\'-\': standard'
complete -c curi -n '__fish_seen_subcommand_from encode' -l component -s c -r -f -a 'unreserved userinfo host segment path query fragment form' -d 'the component to encode for (see above; default unreserved)'
complete -c curi -n '__fish_seen_subcommand_from equal' -l json -d '{"a":...,"b":...,"equal":true|false,"level":"string"|'
? 0

# An unknown shell is named in the error.
$ curi completion tcsh
! curi: completion: unknown shell (bash, zsh, fish or list are known), got 'tcsh'
! Try 'curi completion --help'.
? 2
