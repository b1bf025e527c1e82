# SPDX-License-Identifier: GPL-2.0-or-later
# facts.awk — the guests' facts for ci/report/junit, in one process.
#
# usage: awk -F '\t' -v work=WORKDIR -f ci/report/facts.awk STREAM
# STREAM is ci/report/results' output; for each guest its R records name
# (not "-"), in their order, prints "L<TAB>GUEST<TAB>LABEL" (the first line
# of WORKDIR/guests/GUEST/label, or the guest's name) and, for each
# KEY=VALUE line of WORKDIR/guests/GUEST/info (KEY of a-z and _),
# "I<TAB>GUEST<TAB>KEY<TAB>VALUE".
$1 == "R" && $2 != "-" && !seen[$2]++ {
	g = $2; d = work "/guests/" g
	label = g
	if ((getline l < (d "/label")) > 0) label = l
	close(d "/label")
	printf "L\t%s\t%s\n", g, label
	while ((getline l < (d "/info")) > 0)
		if (match(l, /^[a-z_]*=/))
			printf "I\t%s\t%s\t%s\n", g, substr(l, 1, RLENGTH - 1), substr(l, RLENGTH + 1)
	close(d "/info")
}
