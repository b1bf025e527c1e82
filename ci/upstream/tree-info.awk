# SPDX-License-Identifier: GPL-2.0-or-later
# tree-info.awk — the program of ci/upstream/tree-info (see there).
	# Split a roff request line into arguments, honouring "quotes".
	function args(line, a,   n, i, c, cur, q, inarg) {
		n = 0; cur = ""; q = 0; inarg = 0
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			if (q) { if (c == "\"") q = 0; cur = cur c; continue }
			if (c == " " || c == "\t") { if (inarg) { a[++n] = cur; cur = ""; inarg = 0 } continue }
			if (c == "\"") q = 1
			cur = cur c; inarg = 1
		}
		if (inarg) a[++n] = cur
		return n
	}
	{
		n = args($0, a)
		if (n < 4) next
		datef = (a[4] == "(date)" || a[4] == "\"(date)\"") ? "(date)" : "keep"
		rest = ""
		for (i = 5; i <= n; i++) rest = rest (i > 5 ? " " : "") a[i]
		form[datef "\t" rest]++
		if (a[2] ~ /[a-z]/) lower++; else upper++
	}
	END {
		best = ""; m = 0
		for (f in form) if (form[f] > m || (form[f] == m && f < best)) { m = form[f]; best = f }
		if (best != "") printf "th.%s\t%s\n", sec, best
		printf "upper.%s\t%s\n", sec, (upper > lower ? "yes" : "no")
	}
