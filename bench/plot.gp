# plot.gp -- draw a curi-bench CSV as grouped bars: one group per runner, one bar per file.
#
#   gnuplot -e "csv='build/bench.csv'; out='build/benchmarks.svg'" bench/plot.gp
#   gnuplot -e "csv='build/instr.csv'; out='x.svg'; col='instructions_per_url'" bench/plot.gp
#
# csv has a header line naming its columns (curi-bench --csv, or bench/instr.sh --csv);
# col picks the column to draw (default ns_per_url), on a logarithmic axis.
# SPDX-License-Identifier: MIT

if (!exists("csv")) csv = 'build/bench.csv'
if (!exists("out")) out = 'build/benchmarks.svg'
if (!exists("col")) col = 'ns_per_url'
if (!exists("title")) title = ''
ylab = (col eq 'ns_per_url') ? 'ns per URL (median), log scale' : \
       (col eq 'instructions_per_url') ? 'instructions per URL, log scale' : col

# The files and the runners, in the order they first appear in the CSV.
files = system("awk -F, 'NR > 1 && !seen[$1]++ { printf \"%s \", $1 }' " . csv)
runners = system("awk -F, 'NR > 1 && !seen[$2]++ { printf \"%s \", $2 }' " . csv)
F = words(files)
R = words(runners)

# A file's name without ".txt", for the key.
label(f) = (strlen(f) > 4 && f[strlen(f) - 3:] eq '.txt') ? f[1:strlen(f) - 4] : f

# Position of runner s in the list (gnuplot has no maps: a recursive search).
ridx(s, n) = (n > R) ? NaN : ((word(runners, n) eq s) ? n : ridx(s, n + 1))

# The output's extension picks the terminal: .png (cairo) or anything else as SVG.
if (out[strlen(out) - 3:] eq '.png') {
    set terminal pngcairo size 1100, 560 font 'sans,10' background '#ffffff'
} else {
    set terminal svg size 1100, 560 dynamic font 'sans,11' background '#ffffff'
}
set termoption noenhanced   # file names have underscores, not subscripts
set output out
set datafile separator ','
set datafile columnheaders
set title title
set logscale y
set ylabel ylab
set grid ytics mytics
set xrange [0.4 : R + 0.6]
set xtics rotate by -35 left nomirror
set xtics ()
do for [j = 1:R] { set xtics add (word(runners, j) j) }
set key outside right top box
set style fill solid 0.85 border -1
set bmargin 8

w = 0.8 / F
plot for [i = 1:F] csv \
     using (strcol(1) eq word(files, i) ? ridx(strcol(2), 1) + (i - (F + 1) / 2.0) * w : NaN) \
         : (column(col) > 0 ? column(col) : NaN) : (w) \
     with boxes title label(word(files, i))
