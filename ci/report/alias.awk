# SPDX-License-Identifier: GPL-2.0-or-later
# report/alias.awk — a page that is a .so link: a link to the page it includes.
# Variables: name (seccomp_arch_exist.3), target (seccomp_arch_add.3), facts (lib.awk).
BEGIN {
	b = name; sub(/\.[^.]*$/, "", b); s = name; sub(/^.*\./, "", s)
	tb = target; sub(/\.[^.]*$/, "", tb); ts = target; sub(/^.*\./, "", ts)
	top(b "(" s ")", "alias")
	print "<h1>" h(b) "(" h(s) ")</h1>"
	print "<p class=\"alias\"><b>" h(b) "</b>(" h(s) ") is described in <a href=\"" h(target) ".html\"><b>" h(tb) "</b>(" h(ts) ")</a>.</p>"
	bottom()
}
