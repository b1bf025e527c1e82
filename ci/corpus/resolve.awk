# SPDX-License-Identifier: GPL-2.0-or-later
# ci/corpus/resolve.awk — an allowlist of names (seccomp-census -f list
# --abi ABI: "ABI<TAB>NAME" lines, or bare names) made into what
# corpus-load reads: "NUMBER NAME" lines, in the list's order, each once.
#   awk -v abi=ABI -f resolve.awk TABLE LIST
#   TABLE  "NUMBER<TAB>NAME" lines (ci/corpus/table.awk)
# A line of another ABI is an error, as is a name the table lacks: each
# named on stderr as LIST:LINE, and the exit status is 1 (nothing is
# printed then).
FNR == NR { split($0, t, "\t"); nr[t[2]] = t[1]; next }
/^[ \t]*(#|$)/ { next }
{
	line = $0
	sub(/[ \t\r]+$/, "", line)
	if (index(line, "\t")) {
		a = substr(line, 1, index(line, "\t") - 1)
		name = substr(line, index(line, "\t") + 1)
		if (a != abi) { printf "%s:%d: a call of ABI %s, not %s: %s\n", FILENAME, FNR, a, abi, name > "/dev/stderr"; bad = 1; next }
	} else name = line
	if (name !~ /^[a-z0-9_]+$/) { printf "%s:%d: not a system call name: %s\n", FILENAME, FNR, line > "/dev/stderr"; bad = 1; next }
	if (!(name in nr)) { printf "%s:%d: no system call %s on %s\n", FILENAME, FNR, name, abi > "/dev/stderr"; bad = 1; next }
	if (name in seen) next
	seen[name] = 1
	out[++n] = nr[name] " " name
}
END {
	if (bad) exit 1
	for (i = 1; i <= n; i++) print out[i]
}
