# SPDX-License-Identifier: GPL-2.0-or-later
# ci/guests/build/roles.awk: the lines of ci/guests/guest-packages that
# apply to a guest, as "ROLE ABI SUITE PKG..." (ABI - for *).
# -v libc=LIBC abis=" ABI... " suite=SUITE ksuite=KERNEL-SUITE
#    source=NAME-VERSION (a C library built from source, or empty)
# A guest whose C library is built from source (ci/guests/build/libc-source)
# takes of role libc only the kernel's headers (linux-libc-dev*), and those
# from the kernel suite, as role headers: the headers of the kernel it boots,
# whatever the suite of its commands (the census names system calls by
# them).  No libseccomp: Debian's is built against Debian's C library.
# Role beside applies to such a guest only.
/^[ \t]*(#|$)/ { next }
{
	want = ($1 == "kernel") ? ksuite : suite
	if ($2 != "*" && $2 != libc) next
	if ($3 != "*" && index(abis, " " $3 " ") == 0) next
	if ($4 != "*" && $4 != want) next
	if (source != "" && $1 == "seccomp") next
	if (source == "" && $1 == "beside") next
	line = $1 " " ($3 == "*" ? "-" : $3) " " want
	n = 0
	if (source != "" && $1 == "libc") {
		hline = "headers " ($3 == "*" ? "-" : $3) " " ksuite
		for (i = 5; i <= NF; i++)
			if ($i ~ /^linux-libc-dev(:|$)/) hline = hline " " $i
		if (hline ~ / linux-libc-dev/) print hline
		next
	}
	for (i = 5; i <= NF; i++) {
		line = line " " $i
		n++
	}
	if (n) print line
}
