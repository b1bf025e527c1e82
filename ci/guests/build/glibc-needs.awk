# SPDX-License-Identifier: GPL-2.0-or-later
# ci/guests/build/glibc-needs.awk: from readelf -V output of one ELF file,
# the newest GLIBC_X.Y[.Z] symbol version it needs, or nothing.
/^ *0x[0-9a-f]+: +Name: GLIBC_[0-9.]+ / {
	v = $3
	sub(/^GLIBC_/, "", v)
	if (newer(v, best)) best = v
}
END { if (best != "") print best }
function newer(a, b,    x, y, i, n) {
	if (b == "") return 1
	n = split(a, x, ".")
	split(b, y, ".")
	for (i = 1; i <= n || i in y; i++) {
		if (x[i] + 0 != y[i] + 0) return x[i] + 0 > y[i] + 0
	}
	return 0
}
