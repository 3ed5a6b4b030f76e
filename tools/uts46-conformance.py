#!/usr/bin/env python3
"""UTS #46 conformance of curi's IDNA (curi host --to-unicode and --to-ascii, that is
curi_host_to_unicode and curi_host_to_ascii, IDNA2008 on libcuri's UTS #46), measured on Unicode's IdnaTestV2.txt.

Usage: python3 tools/uts46-conformance.py IdnaTestV2.txt [--curi build/curi]
                                          [--subset N OUT.vec] [--show K]

For each test line, two checks: toUnicode (column 2, status column 3) and toAsciiN (columns 4
and 5; the transitional columns 6 and 7 are not curi's processing).  A check passes when the
file expects an error (a non-empty status) and curi reports one, of any code (the file says
an implementation need only record that there is an error), or when it expects none and curi
gives exactly the expected string.  The settings are those of the file's own test: every flag
true (CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules, VerifyDnsLength), so no status
is ignored.  Prints the figure per check and the failures by kind (the first K of each with
--show).  --subset N OUT.vec writes every N-th line on which both checks pass as uts46 cases
for the vector runner (tests/kinds_iri.c), with a header naming the file's version.
Exit status 0 (the figure is the result; nothing here judges it).
"""
import json
import re
import subprocess
import sys


def unescape(s):
    return re.sub(r"\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}",
                  lambda m: chr(int(m.group(1) or m.group(2), 16)), s)


def read_tests(path):
    version, tests = None, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"#\s*Version:\s*(\S+)", line)
            if m and version is None:
                version = m.group(1)
            if line.startswith("#") or not line.strip():
                continue
            body = line.split("#", 1)[0]
            c = [x.strip() for x in body.split(";")]
            c += [""] * (7 - len(c))
            src = unescape(c[0])
            uni = unescape(c[1]) if c[1] else src
            ustat = c[2] if c[2] else "[]"
            asc = unescape(c[3]) if c[3] else uni
            astat = c[4] if c[4] else ustat
            tests.append((src, uni, ustat != "[]", asc, astat != "[]", ustat, astat))
    return version, tests


def run(curi, opt, sources):
    # surrogatepass: the file writes some invalid inputs as lone surrogates (\uD900)
    data = b"".join(s.encode("utf-8", "surrogatepass") + b"\0" for s in sources)
    p = subprocess.run([curi, "host", opt, "--idna2008", "--json", "-z", "--binary"], input=data,
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
    out = [json.loads(r) for r in p.stdout.split(b"\0") if r]
    if len(out) != len(sources):
        sys.exit(f"uts46-conformance: {len(out)} answers for {len(sources)} inputs from {curi}")
    return out


def vec_token(s):
    if s == "":
        return '""'
    o = []
    for ch in s:
        b = ch.encode("utf-8")
        if ch == "\\":
            o.append("\\\\")
        elif ord(ch) <= 0x20 or ord(ch) == 0x7F or ch == '"' or not ch.isprintable():
            o.append("".join(f"\\x{x:02X}" for x in b))
        else:
            o.append(ch)
    return "".join(o)


def main(argv):
    args = argv[1:]
    curi, subset, show = "build/curi", None, 0
    if "--curi" in args:
        i = args.index("--curi")
        curi = args[i + 1]
        del args[i:i + 2]
    if "--subset" in args:
        i = args.index("--subset")
        subset = (int(args[i + 1]), args[i + 2])
        del args[i:i + 3]
    if "--show" in args:
        i = args.index("--show")
        show = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    version, tests = read_tests(args[0])
    sources = [t[0] for t in tests]
    answers = {"--to-unicode": run(curi, "--to-unicode", sources),
               "--to-ascii": run(curi, "--to-ascii", sources)}
    ok_line = [True] * len(tests)
    print(f"IdnaTestV2.txt, Unicode {version}: {len(tests)} lines")
    for name, opt, want_i, err_i in (("toUnicode", "--to-unicode", 1, 2),
                                     ("toAsciiN", "--to-ascii", 3, 4)):
        kinds = {}
        passed = 0
        for k, (t, a) in enumerate(zip(tests, answers[opt])):
            want_err, want = t[err_i], t[want_i]
            got_err = "error" in a
            if want_err and got_err or (not want_err and not got_err and a["output"] == want):
                passed += 1
                continue
            ok_line[k] = False
            if want_err:
                kind = "expected an error, got a name"
            elif got_err:
                kind = f"expected a name, got {a['error']} ({a.get('reason', '-')})"
            else:
                kind = "a different name"
            kinds.setdefault(kind, []).append((t, a))
        n = len(tests)
        print(f"{name}: {passed}/{n} = {100.0 * passed / n:.2f}%")
        for kind, items in sorted(kinds.items(), key=lambda x: -len(x[1])):
            print(f"  {len(items):5d}  {kind}")
            for t, a in items[:show]:
                print(f"         {t[0]!r}: want {t[want_i]!r} {t[5] if want_i == 1 else t[6]}, got {a}")
    both = sum(ok_line)
    print(f"both checks: {both}/{len(tests)} = {100.0 * both / len(tests):.2f}%")
    if subset:
        step, out = subset
        rows = [(t, ok) for t, ok in zip(tests, ok_line)]
        picked = [t for i, (t, ok) in enumerate(rows) if i % step == 0 and ok]
        skipped = sum(1 for i, (t, ok) in enumerate(rows) if i % step == 0 and not ok)
        with open(out, "w", encoding="utf-8") as f:
            f.write("# UTS #46 conformance, a sample: every %d-th test line of Unicode's IdnaTestV2.txt,\n"
                    "# Unicode %s (https://www.unicode.org/Public/idna/), the lines on which curi\n"
                    "# agrees (%d; %d lines of the sample on which it does not are left out:\n"
                    "# libcuri(3), BUGS, says why).  Written by tools/uts46-conformance.py --subset %d;\n"
                    "# run that script on the whole file for the figure.  Columns: SOURCE, then\n"
                    "# toUnicode's and toASCII's (nontransitional) result, or ! for an error.\n"
                    "%%kind uts46\n" % (step, version, len(picked), skipped, step))
            for t in picked:
                f.write("%s %s %s\n" % (vec_token(t[0]), "!" if t[2] else vec_token(t[1]),
                                        "!" if t[4] else vec_token(t[3])))
        print(f"wrote {out}: {len(picked)} cases ({skipped} of the sample left out)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
