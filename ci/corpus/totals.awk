# SPDX-License-Identifier: GPL-2.0-or-later
# ci/corpus/totals.awk — the totals of a corpus run and its kill list, from
# its results.tsv (guest, test, pass|fail|skip|gap, detail; -F '\t').
# Prints "# Totals: ..." and, for every program killed, "# killed: GUEST
# TEST: CALL (NUMBER)" with the detail compare.awk wrote.
{ n[$3]++ }
$4 ~ /killed by SIGSYS/ {
	d = $4; sub(/^.*killed by SIGSYS/, "killed by SIGSYS", d)
	kills[++nk] = "# killed: " $1 " " $2 ": " d ($3 == "gap" ? " (a known gap)" : "")
}
END {
	printf "# Totals: %d passed, %d failed, %d skipped, %d known gaps (counted as skipped, never as passed)\n", n["pass"], n["fail"], n["skip"], n["gap"]
	for (i = 1; i <= nk; i++) print kills[i]
}
