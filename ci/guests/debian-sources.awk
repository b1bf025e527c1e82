# SPDX-License-Identifier: GPL-2.0-or-later
# debian-sources.awk — ci/guests/debian-mirror's reader of a deb822 .sources
# file: the first URI of the first stanza of type deb whose suites include
# one without '-' or '/'.
		function main_suite(s,  n, w, i) {
			n = split(s, w, /[ \t]+/)
			for (i = 1; i <= n; i++) if (w[i] != "" && w[i] !~ /[-\/]/) return 1
			return 0
		}
		BEGIN { RS = ""; FS = "\n" }
		{
			types = uris = suites = ""
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^#/) continue
				if ($i ~ /^Types:/)  { types = $i;  sub(/^Types:[ \t]*/, "", types) }
				if ($i ~ /^URIs:/)   { uris = $i;   sub(/^URIs:[ \t]*/, "", uris) }
				if ($i ~ /^Suites:/) { suites = $i; sub(/^Suites:[ \t]*/, "", suites) }
			}
			if (types ~ /(^|[ \t])deb([ \t]|$)/ && uris != "" && main_suite(suites)) {
				split(uris, u, /[ \t]+/); print u[1]; exit
			}
		}
