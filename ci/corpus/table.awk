# SPDX-License-Identifier: GPL-2.0-or-later
# ci/corpus/table.awk — the system call table of one ABI, from its kernel
# headers as the guest's sysroot has them (the unistd of ci/arch/), as
# "NUMBER<TAB>NAME" lines, the numbers as a filter sees them.
#   awk -v bit=N -f table.awk HEADER...
#   bit  the value of __X32_SYSCALL_BIT for x32, else empty
# Read as ci/census/build reads them: "#define __NR_name N", x32's
# (__X32_SYSCALL_BIT + N), armhf's (__NR_SYSCALL_BASE + N) and its private
# __ARM_NR_name (__ARM_NR_BASE+N), __ARM_NR_BASE being 0x0f0000; an alias
# (#define __NR_a __NR_b) is left out.  An unreadable number is an error
# naming file and line.
$1 == "#define" && $2 ~ /^__NR_[a-z0-9_]+$/ {
	name = substr($2, 6)
	v = $0
	sub(/^#define[ \t]+[^ \t]+[ \t]+/, "", v)
	sub(/[ \t]+$/, "", v)
	if (v ~ /^[0-9]+$/) num = v + 0
	else if (v ~ /^\(__X32_SYSCALL_BIT \+ [0-9]+\)$/ && bit != "") {
		sub(/^.*\+ /, "", v); sub(/\)$/, "", v); num = bit + v
	} else if (v ~ /^\(__NR_SYSCALL_BASE ?\+ ?[0-9]+\)$/) {
		sub(/^.*\+ ?/, "", v); sub(/\)$/, "", v); num = v + 0
	} else if (v ~ /^__NR_[a-z0-9_]+$/) next
	else {
		printf "%s:%d: cannot read the number of %s: %s\n", FILENAME, FNR, name, v > "/dev/stderr"
		bad = 1; exit 1
	}
	printf "%d\t%s\n", num, name
	n++
	next
}
$1 == "#define" && $2 ~ /^__ARM_NR_[a-z0-9_]+$/ && $3 ~ /^\(__ARM_NR_BASE\+[0-9]+\)$/ {
	v = $3; sub(/^.*\+/, "", v); sub(/\)$/, "", v)
	printf "%d\t%s\n", 983040 + v, substr($2, 10)
	n++
}
END {
	if (bad) exit 1
	if (n == 0) { print "table.awk: no system calls in " ARGV[1] > "/dev/stderr"; exit 1 }
}
