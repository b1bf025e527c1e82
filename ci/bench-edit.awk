# SPDX-License-Identifier: GPL-2.0-or-later
# bench-edit.awk — the session ci/bench edits for its one-edit run: the first
# session of a page's plan (ci/pages/extract-sessions) that runs on every
# guest (no GUESTS:) and whose last command prints something.
# usage: awk -F '\t' -f ci/bench-edit.awk PLAN
# Prints "SESSION-LINE COMMAND-LINE": the line of the session's first
# command and of its last, whose first output line is the next page line.
function done_() { if (s != "" && out) { print s, c; found = 1; exit } }
$1 == "S" { done_(); s = ($3 == "" ? $2 : ""); c = ""; out = 0; next }
$1 == "C" && s != "" { c = $2; out = 0; next }
$1 == "O" && s != "" && c != "" { out = 1 }
END { if (!found) done_() }
