# SPDX-License-Identifier: GPL-2.0-or-later
# page-example.awk — census/page-example: the page with the lines of the
# file `block` in place of census_filter() in the SRC block allowlist.c
# (from its line "/*" to its line "}").
BEGIN { while ((getline l < block) > 0) text = text l "\n" }
/^\.\\" SRC BEGIN \(allowlist\.c\)/ { insrc = 1 }
insrc && !done && !inblock && $0 == "/*" { inblock = 1; printf "%s", text; next }
inblock { if ($0 == "}") { inblock = 0; done = 1 } ; next }
/^\.\\" SRC END/ { insrc = 0 }
{ print }
END {
	if (!done) { print me ": no census_filter() (from /* to }) in the SRC block allowlist.c" > "/dev/stderr"; exit 1 }
}
