# SPDX-License-Identifier: GPL-2.0-or-later
# page-changes.awk — ci/census/page's account of what a new census block
# changes: the old and the new block's cells (census/cells.awk, sorted) in,
# one line per change out.  Variables: p (the page).
	function say(key, g, a, b,    k, w) {
		k = key; w = ""
		if (k ~ /^calls /) { sub(/^calls /, "", k); w = k " on " g }
		else if (k ~ /^fallback /) {
			sub(/^fallback /, "", k); split(k, x, " ")
			w = x[1] " with " x[2] " answered " x[3] " on " g
		} else { sub(/^capability /, "", k); w = "capability \"" k "\"" }
		printf "%s: census: %s: page says %s, guests say %s\n", p, w, a, b
	}
	FILENAME == ARGV[1] { old[$1 "\t" $2] = $3; keys[$1 "\t" $2] = 1; next }
	{ new[$1 "\t" $2] = $3; keys[$1 "\t" $2] = 1 }
	END {
		for (k in keys) {
			split(k, y, "\t")
			a = (k in old) ? old[k] : "nothing"
			b = (k in new) ? new[k] : "nothing"
			if (a != b) { say(y[1], y[2], a, b); n++ }
		}
		exit n > 0
	}
