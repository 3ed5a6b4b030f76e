#!/usr/bin/env python3
"""python_normalize_one.py -- URI.normalize() one URL at a time against curi.parse.

    PYTHONPATH=build/python /usr/bin/python3 bench/python_normalize_one.py FILE [N]

Times, on the first N (default 20,000) lines of FILE that parse, curi.parse(s),
u.normalize() and the way URI.normalize went before issue 27 (the text normalized, then
parsed again: curi.parse(curi.normalize(str(u)))), each the best of 9 interleaved runs, in
microseconds per URL, and the ratios to curi.parse (issue 27 item 12 asks for at most 3).
SPDX-License-Identifier: MIT
"""
import sys
import time

import curi


def main():
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    us = []
    with open(sys.argv[1], encoding="utf-8", errors="surrogateescape") as f:
        for line in f:
            s = line.rstrip("\n")
            try:
                us.append((s, curi.parse(s)))
            except (curi.ParseError, UnicodeEncodeError):
                continue
            if len(us) == n:
                break

    runs = (lambda: [curi.parse(s) for s, _ in us],
            lambda: [u.normalize() for _, u in us],
            lambda: [curi.parse(curi.normalize(str(u))) for _, u in us])
    # the three interleaved, so that a busy machine slows each of them alike
    best = [float("inf")] * len(runs)
    for _ in range(9):
        for k, fn in enumerate(runs):
            t0 = time.perf_counter()
            fn()
            best[k] = min(best[k], time.perf_counter() - t0)
    parse, norm, old = (b / len(us) * 1e6 for b in best)
    print("%d URLs: curi.parse %.3f us, URI.normalize %.3f us (%.2fx), "
          "normalize then parse %.3f us (%.2fx)" % (len(us), parse, norm, norm / parse, old,
                                                    old / parse))


if __name__ == "__main__":
    main()
