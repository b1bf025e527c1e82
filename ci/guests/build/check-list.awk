# SPDX-License-Identifier: GPL-2.0-or-later
# ci/guests/build/check-list.awk: every row of the guest list checked; each
# error is LIST:LINE: what, on stderr, and the exit status 1.
# -v list=FILE suites=" SUITE... " abis=" ABI... " (ci/arch/arch list)
function bad(msg) { printf "%s:%d: %s\n", list, NR, msg > "/dev/stderr"; e = 1 }
BEGIN {
	known = abis; gsub(/^ +| +$/, "", known); gsub(/ +/, ", ", known)
}
/^[ \t]*(#|$)/ { next }
{
	if (NF != 8) { bad("row of " $1 " has " NF " fields, not 8 (name suite kernel-suite libc abis kernel-args tier libc-from)"); next }
	if ($7 !~ /^(default|all|history|history-glibc)$/) bad("tier of " $1 " is \"" $7 "\", not default, all, history or history-glibc")
	if ($1 !~ /^[a-z0-9][a-z0-9-]*$/) bad("guest name \"" $1 "\" is not lower-case letters, digits and -")
	if ($1 in seen) bad("guest " $1 " is also on line " seen[$1])
	seen[$1] = NR
	for (i = 2; i <= 3; i++) if (index(suites, " " $i " ") == 0) bad("unknown Debian suite \"" $i "\" for " $1 " (known:" suites ")")
	if ($4 != "glibc" && $4 != "musl") bad("libc of " $1 " is \"" $4 "\", not glibc or musl")
	n = split($5, a, ",")
	for (i = 1; i <= n; i++) if (index(abis, " " a[i] " ") == 0) bad("unknown ABI \"" a[i] "\" for " $1 " (" known ")")
	if ($8 ~ /^source:/) {
		if ($8 !~ "^source:" $4 "-[0-9]+[.][0-9]") bad("libc-from of " $1 " is \"" $8 "\", not source:" $4 "-VERSION (the libc column says " $4 ")")
		if ($5 != "x86_64") bad("libc-from of " $1 " is \"" $8 "\": a C library built from source is built for x86_64 alone, not " $5 " (ci/guests/libc-recipes)")
	}
	else if ($8 !~ /^debian:/) bad("libc-from of " $1 " is \"" $8 "\", not debian:SUITE or source:NAME-VERSION")
	else if ($8 != "debian:" $2) bad("libc-from of " $1 " is \"" $8 "\": the C library comes from the guest's suite (debian:" $2 ") for now")
}
END { exit e }
