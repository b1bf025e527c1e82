# SPDX-License-Identifier: GPL-2.0-or-later
# render-tsv.awk — the census as data, census/census.tsv (ci/census/table
# tsv; after read.awk and groups.awk).  Prints nothing when the check failed.
# The census as data: a header, then one row per guest and function
# (what ran in a created thread or process is its own row, FUNCTION/thread
# or FUNCTION/child).  Read by census/seccomp-census.
function tsv(    i, j, g, f) {
	print "# The census of seccomp-pages: the system calls that one call of each"
	print "# C library function made, measured on each test system."
	print "# Written by \"make update-census\"; do not edit."
	print "system\tlabel\tlibc\tversion\tkernel\tabi\tfunction\tcalls\tfailed"
	for (i = 1; i <= ng; i++) {
		g = G[i]
		for (j = 1; j <= nf; j++) {
			f = forder[j]
			if (!has[g, f]) continue
			printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", g, label[g], info[g, "libc"], info[g, "libc_version"], majmin(info[g, "kernel_version"]), abi[g], f, calls[g, f], outcome[g, f]
		}
	}
}

BEGIN {
	if (!bad) tsv()
	exit bad
}
