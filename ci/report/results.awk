# SPDX-License-Identifier: GPL-2.0-or-later
# results.awk — the program of ci/report/results (see there).
# TAP: "    not ok N - TEST" then "    # ..." lines (the message and the diff).
FILENAME != tsv {
	line = substr($0, length($1) + 2)
	if (line ~ /^    (not )?ok [0-9]+ - /) {
		cur = ""
		if (line ~ /^    not ok/) {
			t = line; sub(/^    not ok [0-9]+ - /, "", t); cur = $1 SUBSEP t; nd[cur] = 0
		}
		next
	}
	if (cur != "" && line ~ /^    #( |$)/) { d[cur, ++nd[cur]] = substr(line, 7); next }
	cur = ""
	next
}
{
	print "R\t" $0
	k = $1 SUBSEP $2
	if ($3 == "fail") for (i = 1; i <= nd[k]; i++) print "D\t" d[k, i]
}
