# SPDX-License-Identifier: GPL-2.0-or-later
# extract-examples-text.awk — pass 2 of ci/pages/extract-examples (see
# there): a block rendered by mandoc and col in; its text without the page's
# header, footer, blank ends and common indent out.
		/^[^ ]/ { next }                  # header, footer, section heading
		{ sub(/[ \t]+$/, ""); line[++n] = $0 }
		END {
			first = 1; while (first <= n && line[first] == "") first++
			last = n; while (last >= first && line[last] == "") last--
			ind = -1
			for (i = first; i <= last; i++) if (line[i] != "") {
				match(line[i], /^ */)
				if (ind < 0 || RLENGTH < ind) ind = RLENGTH
			}
			for (i = first; i <= last; i++) print substr(line[i], ind + 1)
		}
