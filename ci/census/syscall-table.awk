# SPDX-License-Identifier: GPL-2.0-or-later
# syscall-table.awk — ci/census/build's table of one ABI's system calls for
# the probe (a struct sc_name array, C) from the kernel's <asm/unistd*.h>
# FILEs of the sysroot.  Variables: abi, bit (x32: __X32_SYSCALL_BIT), file
# (the header's name, for messages).
	BEGIN {
		printf "/* from <asm/%s> */\n", file
		printf "static const struct sc_name sc_%s[] = {\n", abi
	}
	$1 == "#define" && $2 ~ /^__NR_[a-z0-9_]+$/ {
		name = substr($2, 6)
		v = $0
		sub(/^#define[ \t]+[^ \t]+[ \t]+/, "", v)
		if (v ~ /^[0-9]+$/) num = v
		else if (v ~ /^\(__X32_SYSCALL_BIT \+ [0-9]+\)$/) {
			sub(/^.*\+ /, "", v); sub(/\)$/, "", v); num = "(" bit " + " v ")"
		} else if (v ~ /^\(__NR_SYSCALL_BASE \+ [0-9]+\)$/) {
			sub(/^.*\+ /, "", v); sub(/\)$/, "", v); num = v
		} else if (v ~ /^__NR_[a-z0-9_]+$/) {
			next    # an alias (armhf: sync_file_range2), named under its own name
		} else {
			printf "%s: cannot read the number of %s: %s\n", file, name, v > "/dev/stderr"
			bad = 1; exit 1
		}
		printf "    { %s, \"%s\" },\n", num, name
		n++
	}
	# armhf: its private calls, __ARM_NR_BASE (0x0f0000) + N, in <asm/unistd.h>.
	$1 == "#define" && $2 ~ /^__ARM_NR_[a-z0-9_]+$/ && $3 ~ /^\(__ARM_NR_BASE\+[0-9]+\)$/ {
		v = $3; sub(/^.*\+/, "", v); sub(/\)$/, "", v)
		printf "    { %d, \"%s\" },\n", 983040 + v, substr($2, 10)
	}
	END {
		if (bad) exit 1
		if (n < 300) { printf "%s: only %d system calls\n", file, n > "/dev/stderr"; exit 1 }
		printf "};\n\n"
	}
