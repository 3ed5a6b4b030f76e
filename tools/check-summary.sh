#!/bin/sh
# check-summary.sh -- the last line of make check: every suite's "N passed, N failed" summed.
#
#   sh tools/check-summary.sh LOG
#
# LOG is make check's output.  A suite's summary is a line "N passed, N failed", bare (the
# vector runner, tests/cli/run.sh's total, build-roundtrip, completion-zsh, check-options,
# textprop) or after a name without '/' ("limits: ...", "install: ...", "python: ...",
# "fuzz-replay-parse: ..."); a file's own line ("tests/cli/set.t: ...") is inside its
# suite's total and is not counted again, and of the lines of one name only the last counts
# (the Python runner repeats its line).  Prints "make check: N passed, N failed (S suites)"
# and exits 1 when a suite failed or none was found.
# SPDX-License-Identifier: MIT

log=${1:?usage: tools/check-summary.sh LOG}
awk '
    /^([^ \/:]+: )?[0-9]+ passed, [0-9]+ failed$/ {
        name = ""
        line = $0
        if (index(line, ": ") > 0) {
            name = substr(line, 1, index(line, ": ") - 1)
            line = substr(line, index(line, ": ") + 2)
        }
        split(line, w, " ")
        if (name == "") {
            bare++
            name = "#" bare
        } else if (!(name in p)) {
            order[++n] = name
        }
        if (name ~ /^#/)
            order[++n] = name
        p[name] = w[1]
        f[name] = w[3]
    }
    END {
        for (i = 1; i <= n; i++) {
            tp += p[order[i]]
            tf += f[order[i]]
        }
        printf "make check: %d passed, %d failed (%d suites)\n", tp, tf, n
        exit (tf > 0 || n == 0) ? 1 : 0
    }
' "$log"
