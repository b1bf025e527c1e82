# SPDX-License-Identifier: GPL-2.0-or-later
# ci/guests/build/lock-diff.awk: "PACKAGE OLD NEW" for each package whose
# version differs between the lock's lines for guest NAME and the
# "package:arch version" lines on stdin ((none): not there).
# -v n=NAME lock=FILE
BEGIN {
	while ((getline l < lock) > 0) {
		split(l, f, /[ \t]+/)
		if (l ~ /^[ \t]*#/ || f[1] != n) continue
		old[f[2]] = f[3]; seen[f[2]] = 1
	}
}
{ new[$1] = $2; seen[$1] = 1 }
END {
	for (p in seen) {
		o = (p in old) ? old[p] : "(none)"
		w = (p in new) ? new[p] : "(none)"
		if (o != w) print p, o, w
	}
}
