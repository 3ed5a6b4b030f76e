#!/usr/bin/python3
"""cli-golden.py -- rewrite the expected stderr ('!' lines) of tests/cli/*.t blocks.

For a change that rewords diagnostics: every block whose stdout and exit status still match
gets its '!' lines replaced by what the command now writes to stderr.  Blocks whose stdout or
status differ are left alone and listed.  Review the diff before committing.

    CURI=build/curi /usr/bin/python3 tools/cli-golden.py tests/cli/FILE.t...
"""
import os
import subprocess
import sys
import tempfile

def run(cmd, curi):
    with tempfile.TemporaryDirectory() as d:
        p = subprocess.run(['sh', '-c', 'curi() { "$CURI" "$@"; }\n' + cmd], cwd=d,
                           stdin=subprocess.DEVNULL, capture_output=True,
                           env=dict(os.environ, CURI=curi, LC_ALL='C'))
    return p.stdout, p.stderr, p.returncode

def main():
    curi = os.path.abspath(os.environ['CURI'])
    for path in sys.argv[1:]:
        lines = open(path, encoding='utf-8', errors='surrogateescape').read().split('\n')
        out, i, changed = [], 0, 0
        while i < len(lines):
            line = lines[i]
            if not line.startswith('$ '):
                out.append(line); i += 1; continue
            j = i + 1
            while j < len(lines) and not lines[j].startswith('? '):
                j += 1
            block = lines[i:j + 1]
            body = block[1:-1]
            want = int(block[-1][2:])
            exp_out = b''.join(((l[2:] if l.startswith('| ') else '' if l == '|' else l) + '\n')
                               .encode('utf-8', 'surrogateescape')
                               for l in body if not (l == '!' or l.startswith('! ')))
            got_out, got_err, rc = run(line[2:], curi)
            if got_out != exp_out or rc != want:
                print(f'{path}:{i + 1}: stdout or status differ, left alone')
                out.extend(block); i = j + 1; continue
            new_err = ['! ' + l if l else '!' for l in
                       got_err.decode('utf-8', 'surrogateescape').split('\n')[:-1]]
            old_err = [l for l in body if l == '!' or l.startswith('! ')]
            if new_err != old_err:
                changed += 1
                keep = [l for l in body if not (l == '!' or l.startswith('! '))]
                first = next((k for k, l in enumerate(body) if l == '!' or l.startswith('! ')),
                             len(keep))
                pos = sum(1 for l in body[:first] if not (l == '!' or l.startswith('! ')))
                body = keep[:pos] + new_err + keep[pos:]
            out.append(line); out.extend(body); out.append(block[-1]); i = j + 1
        open(path, 'w', encoding='utf-8', errors='surrogateescape').write('\n'.join(out))
        print(f'{path}: {changed} blocks rewritten')

main()
