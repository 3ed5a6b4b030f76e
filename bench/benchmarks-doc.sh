#!/bin/sh
# benchmarks-doc.sh -- write docs/benchmarks.md from one run (issue 31: the page says which
# machine each time came from, and is generated, not edited by hand).
#
#   sh bench/benchmarks-doc.sh [BUILD_DIR]      (make bench-doc; BUILD_DIR defaults to build)
#
# Runs BUILD_DIR/curi-bench over ../shared/data/urls/*.txt (timed: CPU time, 11 rounds) and
# bench/instr.sh over the same files (callgrind), notes the machine (lscpu's CPU model, cores,
# caches, kernel, compilers, the peers' Debian packages, the load average), and fills the
# markers of bench/benchmarks.md.in: @RUN@ (when, which commit), @MACHINE@, @RESULTS@ (the
# curi-bench header, the runner list, the summary of ratios, the targets, the per-file tables of
# bench/report.sh, curi-bench's own table for kasztp).  With gnuplot, the two pictures
# docs/benchmarks.svg and docs/benchmarks-instr.svg are drawn from the same CSVs; without
# it they are deleted and not linked, so no picture of another run stays on the page.
# SPDX-License-Identifier: MIT
set -eu
cd "$(dirname "$0")/.."
b=${1:-build}
bench="$b/curi-bench"
tmpl=bench/benchmarks.md.in
doc=docs/benchmarks.md
[ -x "$bench" ] || { echo "benchmarks-doc: no $bench (make $bench)" >&2; exit 2; }
# BENCH_DOC_DATA: other files, to try the script quickly (the page then says which).
data=${BENCH_DOC_DATA:-$(ls ../shared/data/urls/*.txt)}

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The run.
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git status --porcelain --untracked-files=no 2>/dev/null | grep -v " $doc\$" | grep -c . || true)
started=$(date -u '+%Y-%m-%d %H:%M UTC')
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
t0=$(date +%s)
# shellcheck disable=SC2086
"$bench" --csv "$dir/bench.csv" $data >"$dir/bench.out"
t1=$(date +%s)
# shellcheck disable=SC2086
sh bench/instr.sh --csv "$dir/instr.csv" "$bench" $data >/dev/null
t2=$(date +%s)

# @RUN@
{
    printf 'This run: %s, commit `%s`' "$started" "$commit"
    [ "$dirty" -gt 0 ] && printf ' with %s uncommitted change(s) to tracked files' "$dirty"
    printf ', `%s` built with the default flags, over' "$bench"
    for f in $data; do printf ' `%s`' "$(basename "$f")"; done
    printf '. The timed run took %s s, the callgrind run %s s\n' $((t1 - t0)) $((t2 - t1))
    printf '(wall clock, on the machine below).\n'
} >"$dir/run"

# @MACHINE@
lsv() { lscpu 2>/dev/null | awk -F: -v k="$1" '$1 == k { sub(/^[ \t]+/, "", $2); print $2; exit }'; }
pkgv() { dpkg-query -W -f '${Version}' "$1" 2>/dev/null || echo "not installed"; }
firstline() { "$@" 2>/dev/null | head -n 1 || true; }
{
    echo "| | |"
    echo "|---|---|"
    printf '| CPU (lscpu "Model name") | `%s` (vendor %s, family %s, model %s)%s |\n' \
        "$(lsv 'Model name')" "$(lsv 'Vendor ID')" "$(lsv 'CPU family')" "$(lsv 'Model')" \
        "$(h=$(lsv 'Hypervisor vendor'); [ -n "$h" ] && printf ', under %s' "$h")"
    printf '| AVX2 | %s |\n' "$(grep -qw avx2 /proc/cpuinfo && echo yes || echo no)"
    printf '| cores | %s CPUs, %s thread(s) per core; L1d %s, L2 %s, L3 %s |\n' "$(lsv 'CPU(s)')" \
        "$(lsv 'Thread(s) per core')" "$(lsv 'L1d cache')" "$(lsv 'L2 cache')" "$(lsv 'L3 cache')"
    printf '| memory | %s |\n' "$(awk '/^MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
    printf '| kernel | %s, Debian %s |\n' "$(uname -srm)" "$(cat /etc/debian_version 2>/dev/null || echo '-')"
    printf '| compilers | %s; %s |\n' "$(firstline ${CC:-cc} --version)" "$(firstline ${CXX:-c++} --version)"
    printf '| libraries (dpkg) | liburiparser1 %s, libcurl4 %s, libglib2.0-0 %s, libboost1.81-dev %s, libc6 %s |\n' \
        "$(pkgv liburiparser1)" "$(pkgv libcurl4)" "$(pkgv libglib2.0-0)" "$(pkgv libboost1.81-dev)" "$(pkgv libc6)"
    printf '| node | %s |\n' "$(firstline node --version || echo none)"
    printf '| instruction counts | %s (callgrind) |\n' "$(firstline valgrind --version)"
    printf '| load average when the run started | %s |\n' "$load"
} >"$dir/machine"

# @RESULTS@
plots=0
if command -v gnuplot >/dev/null 2>&1; then
    gnuplot -e "csv='$dir/bench.csv'; out='docs/benchmarks.svg'" bench/plot.gp
    gnuplot -e "csv='$dir/instr.csv'; out='docs/benchmarks-instr.svg'; col='instructions_per_url'" \
        bench/plot.gp
    plots=1
else
    rm -f docs/benchmarks.svg docs/benchmarks-instr.svg
fi
{
    echo "## Results"
    echo
    echo "curi-bench's header for this run:"
    echo
    echo '```'
    sed -n '1,/^$/p' "$dir/bench.out" | sed '/^$/d'
    echo '```'
    echo
    echo "The runners (\`curi-bench --list\`):"
    echo
    echo "| runner | one URL costs |"
    echo "|---|---|"
    "$bench" --list | sed 's/^\([^ ]*\)  *\(.*\)$/| `\1` | \2 |/'
    echo
    echo "### Summary: how many times the peer's time (and instructions) curi's are"
    echo
    echo "Each cell: median time of the peer / median time of the curi runner of the same operation,"
    echo "in this run; in parentheses the same ratio of callgrind instructions/URL. Above 1: curi is"
    echo "faster."
    echo
    awk -F, '
    function op(r) { if (r == "node-canparse") return "parse"; sub(/^[a-z]+-/, "", r); return r }
    FNR == 1 { next }
    FILENAME == ARGV[1] { ins[$1 "," $2] = $3; next }
    {
        if (!($1 in seenf)) { seenf[$1] = 1; files[++nf] = $1 }
        if ($2 !~ /^curi-/ && !($2 in seenr)) { seenr[$2] = 1; peers[++np] = $2 }
        ns[$1 "," $2] = $3
    }
    END {
        printf "| peer (vs curi runner) |"
        for (f = 1; f <= nf; f++) { x = files[f]; sub(/\.txt$/, "", x); printf " %s |", x }
        printf "\n|---|"
        for (f = 1; f <= nf; f++) printf "---:|"
        printf "\n"
        for (p = 1; p <= np; p++) {
            r = peers[p]; ref = "curi-" op(r)
            printf "| %s (vs %s) |", r, ref
            for (f = 1; f <= nf; f++) {
                k = files[f] "," r; kr = files[f] "," ref
                if (!(k in ns) || !(kr in ns) || ns[kr] <= 0) { printf " - |"; continue }
                printf " %.1fx", ns[k] / ns[kr]
                if ((k in ins) && (kr in ins) && ins[kr] > 0) printf " (%.1fx)", ins[k] / ins[kr]
                printf " |"
            }
            printf "\n"
        }
    }' "$dir/instr.csv" "$dir/bench.csv"
    echo
    if [ "$plots" = 1 ]; then
        echo "![ns/URL per runner and file](benchmarks.svg)"
        echo
        echo "![instructions/URL per runner and file (callgrind)](benchmarks-instr.svg)"
        echo
    fi
    echo "### Per file"
    echo
    echo "ns/URL and MB/s: the timed run (median CPU time of 11 rounds). instructions/URL: callgrind,"
    echo "same binary."
    sh bench/report.sh "$dir/bench.csv" "$dir/instr.csv"
    echo
    echo "### curi-bench's own table for kasztp, from the same run"
    echo
    echo '```'
    awk '/^## / { f = ($2 == "kasztp.txt:") } f { l[++n] = $0 }
         END { while (n > 0 && l[n] == "") n--; for (i = 1; i <= n; i++) print l[i] }' "$dir/bench.out"
    echo '```'
    echo
    echo "## Targets"
    echo
    if ! grep -q '^kasztp.txt,' "$dir/instr.csv"; then
        echo "kasztp.txt was not in this run."
    else
        echo "The core targets of issue 31 (item 6), on kasztp.txt, from this run's callgrind counts:"
        echo
        echo "| runner | target (kasztp) | measured | |"
        echo "|---|---:|---:|---|"
        awk -F, '
        $1 == "kasztp.txt" { i[$2] = $3 }
        function row(r, lim, what, v) {
            v = i[r]
            printf "| %s | <= %s | %.0f | %s |\n", r, what, v, (v <= lim) ? "met" : sprintf("%.2fx the target, %.0f over", v / lim, v - lim)
        }
        END {
            row("curi-parse", 250, "250 instructions/URL")
            row("curi-normalize", 600, "600 instructions/URL")
            row("curi-resolve", 550, "550 instructions/URL")
            lim = 3 * i["curi-parse"]
            printf "| curi-check | <= 3x curi-parse (%.0f) | %.0f (%.2fx) | %s |\n", lim, i["curi-check"], \
                i["curi-check"] / i["curi-parse"], (i["curi-check"] <= lim) ? "met" : "not met"
        }' "$dir/instr.csv"
    fi
} >"$dir/results"

awk -v run="$dir/run" -v machine="$dir/machine" -v results="$dir/results" '
function cat(f,    l) { while ((getline l < f) > 0) print l; close(f) }
$0 == "@RUN@" { cat(run); next }
$0 == "@MACHINE@" { cat(machine); next }
$0 == "@RESULTS@" { cat(results); next }
{ print }' "$tmpl" >"$dir/doc"
mv "$dir/doc" "$doc"
echo "benchmarks-doc: wrote $doc (timed run $((t1 - t0)) s, callgrind $((t2 - t1)) s)"
