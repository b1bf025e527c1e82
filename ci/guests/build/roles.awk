# SPDX-License-Identifier: GPL-2.0-or-later
# ci/guests/build/roles.awk: the lines of ci/guests/guest-packages that
# apply to a guest, as "ROLE ABI SUITE PKG..." (ABI - for *).
# -v libc=LIBC abis=" ABI... " suite=SUITE ksuite=KERNEL-SUITE
/^[ \t]*(#|$)/ { next }
{
	want = ($1 == "kernel") ? ksuite : suite
	if ($2 != "*" && $2 != libc) next
	if ($3 != "*" && index(abis, " " $3 " ") == 0) next
	if ($4 != "*" && $4 != want) next
	line = $1 " " ($3 == "*" ? "-" : $3) " " want
	for (i = 5; i <= NF; i++) line = line " " $i
	print line
}
