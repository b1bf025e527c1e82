# SPDX-License-Identifier: GPL-2.0-or-later
# extract-sessions-blocks.awk — pass 1 of ci/pages/extract-sessions (see
# there): the page in; its examples (DIR/examples), the EXAMPLES blocks as
# small pages (DIR/bN, DIR/blocks) and their source lines (DIR/map) out.
# Variables: page, dir, names, abis.  With selector.awk.
function err(line, msg) { printf "%s:%d: %s\n", page, line, msg > "/dev/stderr"; bad = 1 }
function key(s) { sub(/^\.\\"[ \t]*/, "", s); sub(/:.*/, "", s); return s }
function val(s) { sub(/^[^:]*:[ \t]*/, "", s); sub(/[ \t]+$/, "", s); return s }
BEGIN { n = split(page, parts, "/"); printf "P\t%s\t%s\n", page, parts[n] > (dir "/examples") }
/^\.SH[ \t]/ { sh = $0; sub(/^\.SH[ \t]+/, "", sh); gsub(/"/, "", sh); next }
sh != "EXAMPLES" { next }
/^\.\\"[ \t]*SRC[ \t]+BEGIN/ {
	insrc = 1; name = $0; sub(/^[^(]*\(/, "", name); sub(/\).*/, "", name)
	srcline = NR; eg = ""; eabi = ""; head = 1; next
}
insrc && head && /^\.\\"[ \t]*GUESTS:/ { eg = val($0); checksel(NR, eg); next }
insrc && head && /^\.\\"[ \t]*ABI:/ { eabi = val($0); next }
insrc && head { head = 0 }
/^\.\\"[ \t]*SRC[ \t]+END/ {
	if (insrc) printf "E\t%s\t%d\t%s\t%s\n", name, srcline, eg, eabi > (dir "/examples")
	insrc = 0; next
}
insrc { next }
/^\.EX/ { inex = 1; nb++; exline[nb] = NR; f = dir "/b" nb; print ".TH EXTRACT 1 2000-01-01 x x\n.SH EXAMPLES" > f; print > f; nout = 0; next }
/^\.EE/ && inex { print > f; close(f); inex = 0; printf "%d\t%d\n", nb, NR > (dir "/blocks"); next }
!inex { next }
/^\.\\"[ \t]*[A-Z]+:/ {
	k = key($0)
	if (k != "GUESTS" && k != "VARY" && k != "TIMEOUT" && k != "EXIT" && k != "ALONE") err(NR, "unknown session annotation " k ": (GUESTS, VARY, TIMEOUT, EXIT, ALONE)")
	printf "%d\tA\t%d\t%s\t%s\t%d\n", nb, NR, k, val($0), nout > (dir "/map")
	next
}
/^[.\x27][ \t]*\\"/ { next }                               # other comments
/^[.\x27](B|I|BR|RB|IR|RI|BI|IB|SM|SB)([ \t]|$)/ || !/^[.\x27]/ {
	print > f; nout++
	printf "%d\tL\t%d\t%d\n", nb, NR, nout > (dir "/map"); next
}
/^[.\x27](in|ft|fi|nf)([ \t]|$)/ { print > f; next }
{ err(NR, "request " $1 " is not allowed inside .EX in EXAMPLES (it changes the line count)") }
END {
	if (inex) err(exline[nb], ".EX without .EE")
	close(dir "/examples"); close(dir "/map")
	exit bad
}
