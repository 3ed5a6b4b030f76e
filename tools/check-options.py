#!/usr/bin/python3
"""check-options.py -- the option table of the curi tool (cli/options.c) against the tool,
its man page and its code.

For every row that `curi completion list` prints (one per command and option):
  - the command accepts the option, by its name and by its alias, with the row's sample
    value: `curi CMD OPTION [SAMPLE] --help` exits 0 (an unknown option would exit 2 first),
    and that --help lists the option;
  - docs/curi.1 names it in the command's section, or, for an option several commands
    share, in the OPTIONS section.
And every option-like word (--name) in a string literal of cli/*.c is in the table (or is --version), so that
no option is mentioned in a help text without being in the table; and every OPT_* id of cli/cli.h's enum
is the id of a row of cli/options.c and is acted on (main.c for the shared ones, a command's handler for
the others), so that no row parses into nothing and no handler waits for an option no row gives.
Prints one line per failure and ends with "N passed, N failed".

    CURI=build/curi /usr/bin/python3 tools/check-options.py
"""
import glob
import os
import re
import subprocess
import sys

curi = os.environ.get('CURI', 'build/curi')
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print('check-options: FAIL: ' + what)


rows = [line.split('\t') for line in
        subprocess.run([curi, 'completion', 'list'], capture_output=True, text=True,
                       check=True).stdout.splitlines()]
man = open('docs/curi.1', encoding='utf-8').read()


def man_section(title_re):
    m = re.search(r'^\.S[SH] ' + title_re + r'.*?$(.*?)(?=^\.S[SH] )', man, re.M | re.S)
    return m.group(1) if m else ''


shared = {}
for cmd, name, *_ in rows:
    shared.setdefault(name, set()).add(cmd)
options_section = man_section('OPTIONS')
helps = {}
for cmd, name, alias, arg, complete, sample in rows:
    if cmd not in helps:
        helps[cmd] = subprocess.run([curi, cmd, '--help'], capture_output=True,
                                    text=True).stdout
    check(name in helps[cmd], '%s --help does not list %s' % (cmd, name))
    for spelling in [name] + ([alias] if alias != '-' else []):
        argv = [curi, cmd, spelling]
        if arg != '-':
            if sample == '-':
                check(False, '%s %s takes %s but the table has no sample' % (cmd, name, arg))
                continue
            argv.append(sample)
        if name != '--help':
            argv.append('--help')
        p = subprocess.run(argv, capture_output=True, text=True)
        check(p.returncode == 0, '%s does not accept %s (exit %d: %s)'
              % (cmd, ' '.join(argv[2:]), p.returncode, p.stderr.strip()[:120]))
    groff = name.replace('-', r'\-')
    section = man_section(r'"curi ' + re.escape(cmd) + r'[ "]')
    where = section + (options_section if len(shared[name]) > 1 else '')
    check(groff in where, 'docs/curi.1 does not document %s %s (in its section%s)'
          % (cmd, name, ' or OPTIONS' if len(shared[name]) > 1 else ''))

known = set(shared) | {'--version'}
for path in sorted(glob.glob('cli/*.c')):
    if path.endswith('options.c'):
        continue
    # The string literals only: code (--i) and comments (trurl's --url) are not options.
    text = ' '.join(re.findall(r'"(?:[^"\\\n]|\\.)*"', open(path, encoding='utf-8').read()))
    for word in sorted(set(re.findall(r'(?<![\w-])--[a-z][a-z0-9-]*', text))):
        check(word in known, '%s names %s, which the option table lacks' % (path, word))

header = open('cli/cli.h', encoding='utf-8').read()
enum = re.search(r'enum \{\s*OPT_OPERAND,(.*?)\};', header, re.S).group(1)
enum = re.sub(r'/\*.*?\*/', '', enum, flags=re.S)
ids = [w for w in re.findall(r'\bOPT_[A-Z0-9_]+\b', enum) if w != 'OPT_SHARED_END']
table = open('cli/options.c', encoding='utf-8').read()
code = ' '.join(open(path, encoding='utf-8').read() for path in sorted(glob.glob('cli/*.c'))
                if not path.endswith('options.c'))
for oid in ids:
    check(re.search(r'^\s+' + oid + r', "--', table, re.M) is not None,
          'cli/cli.h has %s, which no row of cli/options.c has' % oid)
    check(re.search(r'\b' + oid + r'\b', code) is not None,
          'no code in cli/*.c acts on %s' % oid)

print('%d passed, %d failed' % (passed, failed))
sys.exit(1 if failed else 0)
