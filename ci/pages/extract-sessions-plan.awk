# SPDX-License-Identifier: GPL-2.0-or-later
# extract-sessions-plan.awk — pass 2 of ci/pages/extract-sessions (see
# there): a rendered block and its source lines (files: RENDERED MAP) in;
# the plan's session records out.  Variables: page, endline, names, abis,
# varyf.  Tab-separated input (-F '\t').  With selector.awk.
	function err(line, msg) { printf "%s:%d: %s\n", page, line, msg > "/dev/stderr"; bad = 1 }
	FNR == NR { sub(/[ \t]+$/, ""); r[++nr] = $0; next }          # rendered lines
	$2 == "L" { src[$4] = $3; nsrc = $4; next }
	$2 == "A" { na++; aline[na] = $3; akey[na] = $4; aval[na] = $5; aafter[na] = $6; next }
	END {
		if (nsrc != nr) { err(endline, "session block renders to " nr " lines but has " nsrc " text lines; cannot map it"); exit 1 }
		ind = -1
		for (i = 1; i <= nr; i++) if (r[i] != "") { match(r[i], /^ */); if (ind < 0 || RLENGTH < ind) ind = RLENGTH }
		for (i = 1; i <= nr; i++) r[i] = substr(r[i], ind + 1)
		if (nr == 0 || r[1] !~ /^[$#] /) {                     # not a session
			for (a = 1; a <= na; a++) err(aline[a], "annotation " akey[a] ": outside a session")
			exit bad
		}
		guests = ""; timeout = 10; nv = 0; alone = ""
		for (a = 1; a <= na; a++) {
			if (akey[a] == "EXIT") continue
			if (aafter[a] != 0) { err(aline[a], akey[a] ": must come before the first command"); continue }
			if (akey[a] == "GUESTS") { guests = aval[a]; checksel(aline[a], guests) }
			else if (akey[a] == "TIMEOUT") {
				if (aval[a] !~ /^[1-9][0-9]*$/) err(aline[a], "TIMEOUT: wants whole seconds, not \"" aval[a] "\"")
				timeout = aval[a]
			} else if (akey[a] == "VARY") { vary[++nv] = aval[a]; printf "%d\t%s\n", aline[a], aval[a] >> varyf }
			else if (akey[a] == "ALONE") {
				if (aval[a] !~ /[a-z]/) err(aline[a], "ALONE: wants the reason the session needs the guest to itself")
				alone = aval[a]
			}
		}
		printf "S\t%d\t%s\t%d\t%s\n", src[1], guests, timeout, alone
		for (v = 1; v <= nv; v++) printf "V\t%s\n", vary[v]
		for (i = 1; i <= nr; i++) {
			if (r[i] ~ /^[$#] /) {
				cmd = substr(r[i], 3); sub(/^ +/, "", cmd)
				if (cmd == "") err(src[i], "empty command")
				printf "C\t%d\t%d\t%s\n", src[i], (r[i] ~ /^#/ ? 0 : 1000), cmd
				for (a = 1; a <= na; a++) if (akey[a] == "EXIT" && aafter[a] == i) {
					if (aval[a] !~ /^[0-9]+$/) err(aline[a], "EXIT: wants a number, not \"" aval[a] "\"")
					printf "X\t%s\n", aval[a]
				}
			} else {
				printf "O\t%s\n", r[i]
				for (a = 1; a <= na; a++) if (akey[a] == "EXIT" && aafter[a] == i)
					err(aline[a], "EXIT: must follow a command line")
			}
		}
		exit bad
	}
