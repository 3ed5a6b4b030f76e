#!/bin/sh
# completion-zsh.sh -- the zsh completion script parses (zsh -n) and compinit registers it
# for curi from its #compdef line.  Says SKIPPED, visibly, where zsh is not installed (CI
# installs it).  Ends with "N passed, N failed".
#   CURI=build/curi sh tests/cli/completion-zsh.sh
# SPDX-License-Identifier: MIT
set -u
CURI=${CURI:-build/curi}
if ! command -v zsh >/dev/null 2>&1; then
    echo "completion-zsh: SKIPPED: zsh is not installed"
    echo "0 passed, 0 failed"
    exit 0
fi
d=$(mktemp -d) || exit 2
trap 'rm -rf "$d"' EXIT
pass=0 fail=0
"$CURI" completion zsh >"$d/_curi"
if zsh -n "$d/_curi"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "completion-zsh: FAIL: zsh -n rejects the script"
fi
got=$(zsh -fc "fpath=($d \$fpath); autoload -Uz compinit; compinit -u -d $d/.zcd; print \${_comps[curi]}")
if [ "$got" = _curi ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "completion-zsh: FAIL: compinit registered '$got' for curi, not _curi"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
