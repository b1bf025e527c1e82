# SPDX-License-Identifier: GPL-2.0-or-later
# examples.awk — the test "every example ran on some guest" of a run
# (ci/report/summarize), in one process.
#
# usage: awk -F '\t' -v whole=yes|no -v notrun="GUEST..." -v tsv=RESULTS.TSV \
#            -f ci/report/examples.awk RESULTS.TSV BUILT PLAN...
#   RESULTS.TSV  the run's results (guest, test, pass|fail|skip, detail);
#                an example ran when one of its sessions passed or failed
#   BUILT        the build lists of the guests run, one after another
#                (PAGE<TAB>FILE<TAB>...: the examples a guest built)
#   PLAN         the pages' plans (ci/pages/extract-sessions), in order:
#                their P line names the page, their E lines the examples
# Prints the subtest's lines, one per example (ok, a SKIP with its reason,
# or not ok with a comment), then its plan "    1..K"; appends a skip or
# fail line per example that did not run to RESULTS.TSV.  Exit status 1
# when an example ran on no guest and the whole matrix was run.
FILENAME == ARGV[1] {
	if ($3 == "pass" || $3 == "fail") { split($2, p, ":"); ran[p[1] ":" p[2]] = 1 }
	next
}
FILENAME == ARGV[2] { built[$1 "\t" $2] = 1; next }
FNR == 1 {
	page = ""
	if ($1 == "P") { page = $0; sub(/^P\t[^\t]*\t/, "", page) }
}
$1 == "E" && $2 ~ /\.c$/ {
	ex = $2; sub(/\.c$/, "", ex); k++
	if ((page ":" ex) in ran) {
		print "    ok " k " - " page ":" ex
	} else if (whole == "yes" && notrun != "" && !((page "\t" $2) in built)) {
		# Built on none of the guests run: it runs on those of another tier.
		print "    ok " k " - " page ":" ex " # SKIP built only on guests not run (" notrun ")"
		printf "-\t%s:%s:unchecked\tskip\tbuilt only on guests not run (%s)\n", page, ex, notrun >> tsv
	} else if (whole == "no") {
		print "    ok " k " - " page ":" ex " # SKIP no session ran on the selected guests"
		printf "-\t%s:%s:unchecked\tskip\tnot run on the selected guests\n", page, ex >> tsv
	} else {
		print "    not ok " k " - " page ":" ex
		print "    # " page ": example " ex " is unchecked: no session ran it on any guest"
		printf "-\t%s:%s:unchecked\tfail\tno session ran it on any guest\n", page, ex >> tsv
		bad = 1
	}
}
END { print "    1.." k + 0; exit bad }
