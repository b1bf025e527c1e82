# SPDX-License-Identifier: GPL-2.0-or-later
# plan-guest.awk — the program of ci/pages/plan-guest (see there): the
# guest's facts (GDIR/info, GDIR/tools), the examples' libraries (includes)
# and the pages' plans in; OUTDIR/build, OUTDIR/script and OUTDIR/expect out.
# Variables: out (OUTDIR).  Tab-separated input (-F '\t').  With
# selector-match.awk.
# GUESTS: selectors: match_sel() (selector-match.awk); a condition it cannot
# read is said once, for the session it is in.
function sel_error(msg) { planerr = msg }
function has(list, w,   a, n, i) { n = split(list, a, /[ ,]+/); for (i = 1; i <= n; i++) if (a[i] == w) return 1; return 0 }
# ABI: the first of the ABIs named (blank-separated) that the guest offers,
# else the first named (then "not offered"); none named: the default.
function pickabi(want,   a, n, i) {
	if (want == "") return defabi
	n = split(want, a, /[ ]+/)
	for (i = 1; i <= n; i++) if (a[i] != "" && has(info["abis"], a[i])) return a[i]
	for (i = 1; i <= n; i++) if (a[i] != "") return a[i]
	return defabi
}
function flush_session(   i, j, id, w, nw, words, prog, seg, ns, s, fail, skip, test, first, lead) {
	if (!insession) return
	insession = 0
	if (!match_sel(sguests, defabi)) { if (planerr != "") { print "F\t" page ":?:" sline "\t" page ":" sline ": " planerr > expect; planerr = "" } return }
	first = ""; fail = ""; skip = ""
	for (i = 1; i <= ncmd; i++) {
		ns = split(cmd[i], seg, /(\|\||&&|[|;&])/)
		for (s = 1; s <= ns; s++) {
			nw = split(seg[s], words, /[ \t]+/); lead = 1
			for (j = 1; j <= nw; j++) {
				w = words[j]
				if (w == "" || (lead && w ~ /^[A-Za-z_][A-Za-z0-9_]*=/)) continue
				if (w ~ /^\.\/[^\/]+$/) {
					# ./name: an example of the page (must be built here)
					prog = substr(w, 3)
					if ((page, prog ".c") in example) {
						if (first == "") first = prog
						progs[prog] = 1
						if (!((page, prog ".c") in built) && index(skip, "; ./" prog " ") == 0)
							skip = skip "; ./" prog " is not built on this guest (" notbuilt[page, prog ".c"] ")"
					} else if (lead) fail = fail "; line " cmdline[i] ": ./" prog " is not an example of " page
				} else if (lead && !(w in tools) && !(w in builtin))
					fail = fail "; line " cmdline[i] ": " w " is neither an example of " page " nor a command of the guest (ci/guests/guest-packages, role commands)"
				lead = 0
			}
		}
	}
	test = page ":" (first == "" ? "-" : first) ":" sline
	for (prog in progs) { used[page, prog ".c"] = 1; delete progs[prog] }
	if (fail != "") { print "F\t" test "\t" page ":" substr(fail, 8) > expect; return }
	if (skip != "") { print "K\t" test "\t" substr(skip, 3) > expect; return }
	if (salone) pagealone = 1      # ALONE: where the session runs
	print "T\t" test "\t" page "\t" first "\t" sline > expect
	for (i = 1; i <= nvary; i++) print "V\t" vary[i] > expect
	for (i = 1; i <= ncmd; i++) {
		id = page ":" sline ":" cmdline[i]
		pagescript = pagescript sprintf("cmd %s %d %d /home/user/%s\n%s\n", id, uid[i], timeout, page, cmd[i])
		print "C\t" id "\t" status[i] "\t" (uid[i] == 0 ? "#" : "$") "\t" cmd[i] > expect
		for (j = 1; j <= nout[i]; j++) print "O\t" outl[i, j] > expect
	}
}
# The commands of a page go to the script, or after those of every other
# page when one of its sessions that runs on this guest says ALONE:.
function flush_page() {
	if (pagealone) alonescript = alonescript pagescript
	else printf "%s", pagescript > script
	pagescript = ""; pagealone = 0
}
BEGIN {
	expect = out "/expect"; script = out "/script"; build = out "/build"
	printf "" > expect; printf "" > build
	print "# seccomp-pages: commands for the guest /init; see ci/guests/guest-init.c" > script
	split("cd echo printf test [ true false exit export kill read set shift trap type ulimit umask unset wait exec command", b, " ")
	for (i in b) builtin[b[i]] = 1
}
FILENAME ~ /\/info$/ { i = index($0, "="); if (i) info[substr($0, 1, i - 1)] = substr($0, i + 1); next }
FILENAME ~ /\/tools$/ { tools[$0] = 1; next }
FILENAME ~ /\/includes$/ { libs[$1, $2] = $3; next }
$1 == "P" {
	flush_session(); flush_page(); page = $3
	split(info["abis"], abis, /[ ,]+/); defabi = abis[1]
	next
}
$1 == "E" {
	example[page, $2] = 1
	abi = pickabi($5)
	if ($2 !~ /\.c$/) next
	if (!match_sel($4, abi)) { notbuilt[page, $2] = "GUESTS: " $4; print "N\t" page "\t" $2 "\t" notbuilt[page, $2] > expect; next }
	if (!has(info["abis"], abi)) { notbuilt[page, $2] = "ABI " abi " not offered"; print "N\t" page "\t" $2 "\t" notbuilt[page, $2] > expect; next }
	if (libs[page, $2] ~ /-lseccomp/ && !has(info["libseccomp_abis"], abi)) {
		notbuilt[page, $2] = "no libseccomp for " abi; print "N\t" page "\t" $2 "\t" notbuilt[page, $2] > expect; next
	}
	built[page, $2] = 1
	printf "%s\t%s\t%s\t%s\n", page, $2, abi, libs[page, $2] > build
	next
}
$1 == "S" { flush_session(); insession = 1; sline = $2; sguests = $3; timeout = $4; ncmd = 0; nvary = 0; salone = $5 != ""; next }
$1 == "V" { vary[++nvary] = $2; next }
$1 == "C" { ncmd++; cmdline[ncmd] = $2; uid[ncmd] = $3; cmd[ncmd] = $4; status[ncmd] = "-"; nout[ncmd] = 0; next }
$1 == "X" { status[ncmd] = $2; next }
$1 == "O" { nout[ncmd]++; outl[ncmd, nout[ncmd]] = $2; next }
END {
	flush_session(); flush_page()
	# The pages whose sessions need the guest to themselves (ALONE:) run
	# after the others, one command at a time (guest-init: lanes).
	if (alonescript != "") printf "lanes 1\n%s", alonescript > script
	for (k in built) if (!(k in used)) {
		split(k, pe, SUBSEP); n = pe[2]; sub(/\.c$/, "", n)
		print "F\t" pe[1] ":" n ":-\t" pe[1] ": example " pe[2] " is built on this guest but no session applies here" > expect
	}
}
