# SPDX-License-Identifier: GPL-2.0-or-later
# ci/corpus/suite-system.awk — the guest of ci/guests/guests.list whose C
# library is Debian's glibc of SUITE (libc-from debian:SUITE) and whose
# first ABI is ABI: the census system that measures the Debian commands,
# /bin/sh among them, of a guest whose own C library is built from source
# or is musl.
# Prints its name, or nothing.
# usage: awk -v suite=SUITE -v abi=ABI -f suite-system.awk GUESTS.LIST
!/^[ \t]*(#|$)/ && $4 == "glibc" && $8 == "debian:" suite {
	split($5, a, ",")
	if (a[1] == abi) { print $1; exit }
}
