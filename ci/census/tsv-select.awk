# SPDX-License-Identifier: GPL-2.0-or-later
# ci/census/tsv-select.awk: the rows of census/census.tsv whose system a
# run measured, so that make check compares what it can judge.
# usage: awk -f ci/census/tsv-select.awk RUN.tsv census/census.tsv
#   RUN.tsv  ci/census/table tsv of the run's guests
# Prints census.tsv's comment and header lines and the rows of the systems
# RUN.tsv has, in census.tsv's order; the systems it leaves out go to
# stderr as "not run: SYSTEM..." (nothing when it leaves none out).
FNR == NR { if ($0 !~ /^#/) ran[$1] = 1; next }
/^#/ || $1 == "system" { print; next }
$1 in ran { print; next }
!($1 in left) { left[$1] = 1; order = order " " $1 }
END { if (order != "") print "not run:" order > "/dev/stderr" }
