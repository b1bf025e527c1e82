# SPDX-License-Identifier: GPL-2.0-or-later
# report/junit.awk — the JUnit XML of ci/report/junit (see there), with h()
# of lib.awk for escaping.  Input: L (labels) and I (facts) lines, then
# ci/report/results' R and D lines.
BEGIN { FS = "\t" }
$1 == "L" { label[$2] = $3; next }
$1 == "I" { prop[$2, ++np[$2]] = $3 SUBSEP $4; next }
$1 == "R" {
	g = $2
	if (!(g in suite)) { suite[g] = ++ns; sname[ns] = g }
	n = ++nc[g]; c_name[g, n] = $3; c_st[g, n] = $4; c_det[g, n] = $5
	cur = g SUBSEP n; nd[cur] = 0
	tot[$4]++; per[g, $4]++
	next
}
$1 == "D" { dl[cur, ++nd[cur]] = substr($0, 3); next }
END {
	print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
	printf "<testsuites name=\"check-examples\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\">\n", tot["pass"] + tot["fail"] + tot["skip"], tot["fail"], tot["skip"]
	for (s = 1; s <= ns; s++) {
		g = sname[s]
		name = g == "-" ? "every example ran on some guest" : (g in label ? label[g] : g)
		printf "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\">\n", h(name), nc[g], per[g, "fail"], per[g, "skip"]
		if (np[g] > 0) {
			print "    <properties>"
			for (i = 1; i <= np[g]; i++) {
				split(prop[g, i], kv, SUBSEP)
				printf "      <property name=\"%s\" value=\"%s\"/>\n", h(kv[1]), h(kv[2])
			}
			print "    </properties>"
		}
		for (i = 1; i <= nc[g]; i++) {
			t = c_name[g, i]; split(t, part, ":")
			file = part[1] ~ /\.[0-9]$/ ? " file=\"man" substr(part[1], length(part[1])) "/" h(part[1]) "\"" : ""
			printf "    <testcase classname=\"%s\" name=\"%s\"%s", h(g == "-" ? "matrix" : g), h(t), file
			if (c_st[g, i] == "pass" && c_det[g, i] == "cached") {
				# Taken from the result cache (ci/guests/run-guest): said so.
				print ">\n      <properties>\n        <property name=\"cached\" value=\"true\"/>\n      </properties>"
				print "      <system-out>cached: passed in an earlier run with the same inputs (guest image, programs, session, harness); FRESH=1 runs it again</system-out>\n    </testcase>"
				continue
			}
			if (c_st[g, i] == "pass") { print "/>"; continue }
			print ">"
			if (c_st[g, i] == "skip") printf "      <skipped message=\"%s\"/>\n", h(c_det[g, i])
			else {
				printf "      <failure message=\"%s\" type=\"%s\">", h(c_det[g, i]), t ~ /:guest$/ ? "guest" : "session"
				for (j = 1; j <= nd[g SUBSEP i]; j++) printf "%s\n", h(dl[g SUBSEP i, j])
				print "</failure>"
			}
			print "    </testcase>"
		}
		print "  </testsuite>"
	}
	print "</testsuites>"
}
