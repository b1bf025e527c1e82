# SPDX-License-Identifier: GPL-2.0-or-later
# ci/peers/candidates.awk — which listed source version serves the version
# w a guest carries (ci/peers/fetch-source).  Input (tab-separated): suite,
# version, tarball, sha256, one line per version a suite lists.  Output:
# DISTANCE TAB the input line, for each version that is w itself (-1) or of
# w's upstream series (same first two numbers), the nearer the smaller, the
# higher of two equally near first; sort -n gives the order to try.
function up(v) { sub(/^[0-9]+:/, "", v); sub(/-[^-]*$/, "", v); return v }
function num(v, i,   a) { split(up(v), a, /[.~+]/); return a[i] + 0 }
NF >= 4 && !seen[$2]++ {
	if ($2 == w) d = -1
	else if (num($2, 1) != num(w, 1) || num($2, 2) != num(w, 2)) next
	else { d = num($2, 3) - num(w, 3); d = d < 0 ? -2 * d + 1 : 2 * d }
	print d "\t" $0
}
