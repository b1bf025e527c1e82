# SPDX-License-Identifier: GPL-2.0-or-later
# proof-coverage.awk — count the statements of a page that say how they are
# known (ci/pages/proof-coverage runs it; the rules are there).
#
# Variables: enforce (directories, blank-separated, whose pages fail below
# 100 %).  Input: pages.  Output, per page with at least one statement:
#     NAME: P/N proven or cited
# then, for each statement with neither PROVEN-BY nor SOURCE:,
#     FILE:LINE: SECTION entry not proven or cited: FIRST WORDS
# (the latter only for pages of an enforced directory; the others say
# "(not enforced)" after their count).  A SOURCE: that names no file or no
# version is an error wherever it is.  Exit status 1 on any failure.

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }

# The text a reader sees of a roff line, roughly: for naming a statement.
function words(s) {
	sub(/^\.[A-Za-z]+[ \t]*/, "", s)
	gsub(/\\f[BIRP]|\\f\[[A-Z]*\]|\\&|"/, "", s)
	gsub(/\\-/, "-", s)
	s = trim(s)
	return length(s) > 50 ? substr(s, 1, 50) "..." : s
}

# Close the open statement, if any.
function close_unit() {
	if (!open) return
	open = 0
	if (!hastext) return
	total++
	if (covered) { proven++; return }
	missing[++nmissing] = FILENAME ":" uline ": " usect " entry not proven or cited: " utext
}

function open_unit(line) {
	close_unit()
	open = 1; covered = 0; hastext = 0; uline = line; utext = ""; usect = section
}

function end_page(   dir, enforced, i) {
	close_unit()
	if (page == "" || total == 0) { reset(); return }
	dir = page; sub(/\/[^\/]*$/, "", dir); if (dir == page) dir = "."
	enforced = (" " enforce " ") ~ (" " dir " ") || enforce == "all"
	name = page; sub(/.*\//, "", name)
	printf "%s: %d/%d proven or cited%s\n", name, proven, total, enforced ? "" : " (not enforced)"
	if (enforced) for (i = 1; i <= nmissing; i++) { print missing[i]; bad = 1 }
	reset()
}

function reset() { total = proven = nmissing = 0; split("", missing); section = ""; inex = 0; open = 0 }

# A SOURCE: names a file (a word with a dot-suffix or a slash, or one of
# CHANGELOG, README, CREDITS, MAINTAINERS, NEWS, Makefile, Kconfig) and a version
# (digits dot digits, as 2.5.4, v6.9, glibc-2.36, or a commit of 12+ hex digits).
function valid_source(s,   n, w, i, file, ver) {
	n = split(s, w, /[ \t,;()]+/)
	for (i = 1; i <= n; i++) {
		if (w[i] ~ /^[A-Za-z_][A-Za-z0-9_.\/-]*\.[A-Za-z]+$/ || w[i] ~ /\/[A-Za-z0-9_.-]+$/ || w[i] ~ /^(CHANGELOG|README|CREDITS|MAINTAINERS|NEWS|Makefile|Kconfig)(\.[a-z]+)?$/) file = 1
		if (w[i] ~ /(^|[^A-Za-z0-9])v?[0-9]+\.[0-9]+/ && w[i] !~ /^[A-Za-z_][A-Za-z0-9_\/-]*\.[A-Za-z]+$/) ver = 1
		if (w[i] ~ /^[0-9a-f]+$/ && length(w[i]) >= 12) ver = 1
	}
	return file && ver
}

FNR == 1 { end_page(); page = FILENAME }

/^\.SH[ \t]/ {
	close_unit()
	s = $0; sub(/^\.SH[ \t]+/, "", s); gsub(/"/, "", s); s = trim(s)
	section = (s == "ERRORS" || s == "RETURN VALUE" || s == "HISTORY" || s == "CAVEATS" || s == "BUGS") ? s : ""
	if (section != "" && section != "ERRORS") open_unit(FNR + 1)
	next
}
section == "" { next }

/^\.\\"/ {
	if (/^\.\\"[ \t]*PROVEN-BY:[ \t]*[^ \t]/) { if (open) covered = 1 }
	else if (/^\.\\"[ \t]*SOURCE:/) {
		s = $0; sub(/^[^:]*:/, "", s)
		if (!valid_source(s)) { printf "%s:%d: SOURCE: must name a file and a version: %s\n", FILENAME, FNR, trim(s); bad = 1 }
		else if (open) covered = 1
	}
	next
}
# An example inside a statement is part of it.
/^\.EX/ { inex = 1; next }
/^\.EE/ { inex = 0; next }
inex { next }

# Where a statement starts: every .TP of ERRORS; elsewhere every paragraph,
# .TP, and tagged .IP (an .IP without a tag continues the item before it).
/^\.TP([ \t]|$)/ { open_unit(FNR + 1); next }
/^\.(P|PP|LP|SS)([ \t]|$)/ { if (section == "ERRORS") close_unit(); else open_unit(FNR + 1); next }
/^\.IP([ \t]|$)/ {
	tag = $0; sub(/^\.IP[ \t]*/, "", tag); sub(/^""/, "", tag); tag = trim(tag)
	if (section != "ERRORS" && tag != "") open_unit(FNR)
	else if (section != "ERRORS" && !open) open_unit(FNR + 1)
	next
}
/^\.(RS|RE|in|sp|br|nf|fi|ad|na|ne)([ \t]|$)/ { next }
/^[^.]|^\.[A-Za-z]+[ \t]+[^ \t]/ {
	if (!open) next
	if (!hastext) { hastext = 1; uline = FNR; utext = words($0) }
}

END { end_page(); exit bad }
