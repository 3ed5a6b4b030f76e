#!/usr/bin/env python3
"""python_bench.py -- the curi package beside urllib.parse, yarl and rfc3986, one run.

    python_bench.py FILE              time per URL of each runner over FILE's lines
    python_bench.py --callgrind FILE  instructions per URL of each runner under callgrind:
                                      (Ir of N calls - Ir of the same script without them) / N,
                                      both scripts having first run the runner over the
                                      first WARM lines, so that one-time costs (cffi's first
                                      call of a function, first raise) cancel out

Runners: curi.parse (one call per URL: validates and makes the URI object; its components'
offsets come from a second parse when one is first read), curi.parse + .host (that read
too, the fair peer of urlsplit, which splits every component), curi.normalize (one at a time),
curi.normalize_many, curi.valid_many and curi.split_many (one call for all the URLs, the
result list included), urllib.parse.urlsplit, yarl.URL, rfc3986.uri_reference and
rfc3986's uri_reference(...).normalize().  An input a runner refuses costs what its refusal
costs (curi raises ParseError, caught).  A runner whose package is missing is left out.
`make bench-python` runs both over ../shared/data/urls/kasztp.txt.
SPDX-License-Identifier: MIT
"""
import os
import re
import subprocess
import sys
import time

N_INSTR = 10000  # URLs per callgrind run
WARM = 500       # URLs of the warm-up run that both callgrind scripts make


def load(path, n=None):
    with open(path, "rb") as f:
        b = f.read()
    if b.startswith(b"\xef\xbb\xbf"):
        b = b[3:]
    lines = b.decode("utf-8", "surrogateescape").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [x[:-1] if x.endswith("\r") else x for x in lines]
    return lines[:n] if n else lines


def runners():
    """name -> (function over the whole list, description)."""
    import curi
    out = {}

    def c_parse(L, parse=curi.parse, E=curi.ParseError):
        for s in L:
            try:
                parse(s)
            except E:
                pass

    def c_norm(L, norm=curi.normalize, E=curi.ParseError):
        for s in L:
            try:
                norm(s)
            except E:
                pass

    def c_parse_host(L, parse=curi.parse, E=curi.ParseError):
        for s in L:
            try:
                parse(s).host
            except E:
                pass

    out["curi.parse"] = c_parse
    out["curi.parse + .host"] = c_parse_host
    out["curi.normalize (one at a time)"] = c_norm
    out["curi.normalize_many"] = lambda L: curi.normalize_many(L, errors="null")
    out["curi.valid_many"] = lambda L: curi.valid_many(L)
    out["curi.split_many"] = lambda L: curi.split_many(L)
    import urllib.parse

    def u_split(L, f=urllib.parse.urlsplit):
        for s in L:
            try:
                f(s)
            except ValueError:
                pass
    out["urllib.parse.urlsplit"] = u_split
    try:
        import yarl

        def y_url(L, U=yarl.URL):
            for s in L:
                try:
                    U(s)
                except (ValueError, TypeError, UnicodeError):
                    pass
        out["yarl.URL"] = y_url
    except ImportError:
        pass
    try:
        import rfc3986

        def r_ref(L, f=rfc3986.uri_reference):
            for s in L:
                try:
                    f(s)
                except Exception:
                    pass

        def r_norm(L, f=rfc3986.uri_reference):
            for s in L:
                try:
                    f(s).normalize()
                except Exception:
                    pass
        out["rfc3986.uri_reference"] = r_ref
        out["rfc3986 normalize"] = r_norm
    except ImportError:
        pass
    return out


def timing(path):
    L = load(path)
    rs = runners()
    base = None
    print("%s: %d URLs, best of 3 runs" % (os.path.basename(path), len(L)))
    print("%-34s %10s %10s" % ("runner", "ns/URL", "vs parse"))
    for name, f in rs.items():
        best = float("inf")
        for _ in range(3):
            t = time.perf_counter()
            f(L)
            best = min(best, time.perf_counter() - t)
        ns = best * 1e9 / len(L)
        if base is None:
            base = ns
        print("%-34s %10.0f %9.2fx" % (name, ns, ns / base))


def run_one(name, n, path):
    L = load(path, n)
    rs = runners()
    base = name.startswith("baseline:")
    f = rs[name[len("baseline:"):] if base else name]
    f(L[:WARM])
    if not base:
        f(L)


def callgrind(path):
    names = list(runners())
    ir = {}
    for name in names + ["baseline:" + x for x in names]:
        p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                            sys.executable, os.path.abspath(__file__), "--run", name,
                            str(N_INSTR), path], capture_output=True, text=True)
        m = re.search(r"Collected : (\d+)", p.stderr)
        if p.returncode != 0 or not m:
            sys.exit("callgrind run of %s failed:\n%s" % (name, p.stderr[-2000:]))
        ir[name] = int(m.group(1))
    n = len(load(path, N_INSTR))
    print("%s: callgrind, %d URLs per run, instructions per URL over a run without the calls"
          " (both after a warm-up over %d)" % (os.path.basename(path), n, WARM))
    print("%-34s %12s" % ("runner", "instr/URL"))
    for name in names:
        print("%-34s %12.0f" % (name, (ir[name] - ir["baseline:" + name]) / n))


if __name__ == "__main__":
    a = sys.argv[1:]
    if a[:1] == ["--run"]:
        run_one(a[1], int(a[2]), a[3])
    elif a[:1] == ["--callgrind"]:
        callgrind(a[1])
    elif len(a) == 1:
        timing(a[0])
    else:
        sys.exit(__doc__)
