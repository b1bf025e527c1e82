# SPDX-License-Identifier: GPL-2.0-or-later
# totals.awk — a run's counts, from its results.tsv (ci/report/summarize).
#
# usage: awk -F '\t' -f ci/report/totals.awk results.tsv
# Prints the facts shown: distinct sessions that passed, in pages and in
# claim tests (claims/*.claim, whose page names end in .claim), as
#   # Facts proven on the guests: N sessions of pages, M of claim tests
# then one line "PASSED FAILED SKIPPED CACHED" (lines of results.tsv; CACHED:
# the passes taken from the result cache, detail "cached", ci/guests/run-guest).
$3 == "pass" {
	split($2, t, ":")
	if (!($2 in seen)) { seen[$2] = 1; if (t[1] ~ /\.claim$/) c++; else s++ }
}
$3 == "pass" { p++; if ($4 == "cached") c2++ }
$3 == "fail" { f++ }
$3 == "skip" { k++ }
END {
	printf "# Facts proven on the guests: %d sessions of pages, %d of claim tests\n", s, c
	printf "%d %d %d %d\n", p, f, k, c2
}
