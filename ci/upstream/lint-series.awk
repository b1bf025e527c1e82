# SPDX-License-Identifier: GPL-2.0-or-later
# lint-series.awk — the program of ci/upstream/lint-series (see there).
BEGIN {
	FS = "\n"
	while ((getline l < ff) > 0) {
		if (l ~ /^#/ || l == "") continue
		i = index(l, "\t"); n++; pat[n] = tolower(substr(l, 1, i - 1)); why[n] = substr(l, i + 1)
	}
}
function done(   ) {
	if (file == "" || cover || mail) return
	if (changed > max) { printf "%s: changes %d lines (at most %d: one fact per patch)\n", file, changed, max; bad = 1 }
	if (!sob) { printf "%s: no Signed-off-by: line\n", file; bad = 1 }
}
FNR == 1 { done(); file = FILENAME; cover = (file ~ /0000-cover-letter\.patch$/); changed = 0; sob = 0; indiff = 0; rdiff = 0; inex = 0 }
cover && /^Range-diff against v[0-9]+:$/ { rdiff = 1 }
rdiff { next }
/^Signed-off-by: / { sob = 1 }
/^diff --git / { indiff = 1 }
/[ \t]$/ && $0 != "-- " && $0 != " " { printf "%s:%d: trailing whitespace\n", FILENAME, FNR; bad = 1 }
{
	low = tolower($0)
	for (i = 1; i <= n; i++) if (low ~ pat[i]) { printf "%s:%d: %s: %s\n", FILENAME, FNR, why[i], $0; bad = 1 }
}
th && indiff && /^[-+]\.TH[ \t]/ { printf "%s:%d: changes a .TH line\n", FILENAME, FNR; bad = 1 }
indiff && /^[+ ]\.EX/ { inex = 1 }
indiff && /^[+ ]\.EE/ { inex = 0 }
indiff && /^\+\.I[ \t]+[A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]*$/ { printf "%s:%d: a constant in italics (man-pages sets constants in bold: .B): %s\n", FILENAME, FNR, substr($0, 2); bad = 1 }
indiff && !inex && /^\+[^.\\]/ && /, [^ ]/ { printf "advice: %s:%d: the line goes on after a clause comma (semantic newlines): %s\n", FILENAME, FNR, substr($0, 2) > "/dev/stderr" }
indiff && /^[-+]/ && !/^(\+\+\+|---) / { changed++ }
END { done(); exit bad }
