# SPDX-License-Identifier: GPL-2.0-or-later
# ran.awk — the examples that ran on some guest (ci/report/summarize).
#
# usage: awk -F '\t' -f ci/report/ran.awk results.tsv
# Prints PAGE:EXAMPLE once for every example one of whose sessions passed
# or failed (tests are named PAGE:EXAMPLE:LINE; a skip is not a run).
($3 == "pass" || $3 == "fail") {
	split($2, p, ":")
	k = p[1] ":" p[2]
	if (!(k in seen)) { seen[k] = 1; print k }
}
