# SPDX-License-Identifier: GPL-2.0-or-later
# bench.awk — the arithmetic and the reading of ci/bench, one program with
# modes (-v mode=...):
#   secs    -v a=T0 -v b=T1 (seconds since the epoch): b - a, as N.NN
#   last    stdin: ci/guests/bench-boot's output; the last field of its
#           last line (the median boot to init), as a number
#   boots   file: "GUEST SECONDS FAMILY" lines; -v dflt="GUEST...":
#           "MEAN TOTAL N D XMEAN XN", the mean boot of the D default-tier
#           guests, the total of all N, the mean of the XN default-tier
#           guests of family pc (x86)
#   qemucpu files: ci/guests/guest-boot's timing of each guest of a run;
#           -v mean=B (the mean bare boot): a line saying the sum and mean
#           of qemu_cpu_ms, and how many guests started from a snapshot
#   sptime  file: a guest's results (ci/guests/guest-boot): the sum of the
#           SP-TIME records (ms), in seconds
#   ratio   -v fresh=S -v n=N -v mean=B: R = fresh / (n x mean)
#   failed  file: a run's results.tsv: "; failed: TEST on GUEST, ..." for
#           each test that failed, nothing when none did
mode == "last" { v = $NF; next }
mode == "boots" {
	total += $2; n++
	if (index(" " dflt " ", " " $1 " ")) {
		dt += $2; dn++
		if ($3 == "pc") { xt += $2; xn++ }
	}
	next
}
mode == "qemucpu" && /^qemu_cpu_ms=/ { c += substr($0, 13) / 1000; cn++; next }
mode == "qemucpu" && $0 == "snapshot=used" { sn++; next }
mode == "sptime" && $1 == "SP-TIME" { s += $3; next }
mode == "failed" { split($0, f, "\t"); if (f[3] == "fail") fl = fl (fl == "" ? "; failed: " : ", ") f[2] " on " f[1]; next }
END {
	if (mode == "secs") printf "%.2f\n", b - a
	else if (mode == "last") print v + 0
	else if (mode == "boots") {
		printf "%.2f %.2f %d %d %.2f %d\n", dn ? dt / dn : 0, total, n, dn, xn ? xt / xn : 0, xn
	} else if (mode == "qemucpu")
		printf "fresh CPU  %.1f s of QEMU for %d guests, %.2f s each (a bare boot: %s s; %d started from a snapshot, not booted); the rest is the sessions\n", c, cn, cn ? c / cn : 0, mean, sn
	else if (mode == "sptime") printf "%.2f\n", s / 1000
	else if (mode == "failed") printf "%s", fl
	else if (mode == "ratio") printf "R          %.2f  (fresh %s s / (%d guests x %s s))\n", fresh / (n * mean), fresh, n, mean
}
