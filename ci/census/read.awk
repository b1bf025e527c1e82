# SPDX-License-Identifier: GPL-2.0-or-later
# read.awk — the census records of the guests, read and checked
# (ci/census/table, which documents the records and the data files).
#
# usage: LC_ALL=C awk -v mode=MODE -v dir=DIR -v guestlist="GUEST..." \
#            -v historyfile=F -v capsfile=F -v timingfile=F \
#            -f read.awk -f groups.awk -f render-MODE.awk
# Its BEGIN, first, reads each guest's info and census records, the
# timing, history and capability files, and checks them: every record
# there, the probe finished, a clock source with a vDSO, and the two
# witnesses (F and W records) agreeing row by row.  Each failure is a line
# on stderr (fail) and sets bad; the renderers' BEGIN, after it, prints
# from what it read: G[1..ng] the guests, info[g, key], label[g], abi[g],
# forder[1..nf] and rorder[1..nr] the rows, has[g, f], calls[g, f],
# outcome[g, f], timed[g, f], err[g, f], rdeny[f], rres[g, f, filter],
# hfunc/hrel/hcalls/hsrc[1..nh], ctitle/cfuncs[1..nc].  In mode check it
# ends there, with exit status 1 when a check failed.
function fail(msg) { print "census/table: " msg > "/dev/stderr"; bad = 1 }
function words(s, a) { return split(s, a, /[ \t]+/) }
# The label of ABI a (ci/arch/: the name Debian uses)
function abilabel(a,    n, l, i, kv) {
	n = split(labels, l, " ")
	for (i = 1; i <= n; i++) { split(l[i], kv, "="); if (kv[1] == a) return kv[2] }
	return a
}
# New functions go after the one the same guest listed before them.
function addfunc(f, after,    i, p) {
	if (f in fseen) return
	fseen[f] = 1
	p = 0
	for (i = 1; i <= nf; i++) if (forder[i] == after) p = i
	for (i = nf; i > p; i--) forder[i + 1] = forder[i]
	forder[p + 1] = f
	nf++
}

function addr(f, after,    i, p) {
	if (f in rseen) return
	rseen[f] = 1
	p = 0
	for (i = 1; i <= nr; i++) if (rorder[i] == after) p = i
	for (i = nr; i > p; i--) rorder[i + 1] = rorder[i]
	rorder[p + 1] = f
	nr++
}

# ---- reading ----
function exists(f,    l, r) { r = (getline l < f) >= 0; close(f); return r }
function readinfo(g,    file, line, k) {
	file = dir "/" g ".info"
	if (!exists(file)) file = dir "/" g "/info"
	while ((getline line < file) > 0) {
		k = index(line, "=")
		if (k) info[g, substr(line, 1, k - 1)] = substr(line, k + 1)
	}
	close(file)
	if (!((g, "libc") in info)) fail(g ": no " file)
}
function readcensus(g,    file, line, n, a, f, i, rest, k, prevf, prevr) {
	file = dir "/" g ".census"
	if (!exists(file)) file = dir "/" g "/census"
	while ((getline line < file) > 0) {
		sub(/\r$/, "", line)
		n = words(line, a)
		if (a[1] == "H") {
			hdr[g] = 1
			for (i = 2; i <= n; i++) {
				k = index(a[i], "=")
				if (k) head[g, substr(a[i], 1, k - 1)] = substr(a[i], k + 1)
			}
		} else if (a[1] == "F" && n >= 2) {
			f = a[2]; addfunc(f, prevf); prevf = f; has[g, f] = 1
			rest = ""
			for (i = 3; i <= n; i++) rest = rest (rest == "" ? "" : " ") a[i]
			calls[g, f] = rest
		} else if (a[1] == "W" && n >= 2) {
			rest = ""
			for (i = 3; i <= n; i++) rest = rest (rest == "" ? "" : " ") a[i]
			wcalls[g, a[2]] = rest; nwit[g]++
		} else if (a[1] == "WO" && n >= 3) {
			rest = line; sub(/^WO[ \t]+[^ \t]+[ \t]+/, "", rest)
			woutcome[g, a[2]] = rest
		} else if (a[1] == "O" && n >= 3) {
			rest = line; sub(/^O[ \t]+[^ \t]+[ \t]+/, "", rest)
			outcome[g, a[2]] = rest
		} else if (a[1] == "R" && n >= 5) {
			f = a[2]
			addr(f, prevr); prevr = f
			rdeny[f] = substr(a[3], 6)
			k = substr(a[4], 8)
			rest = line; sub(/^.*result=/, "", rest)
			rres[g, f, k] = rest
		} else if (a[1] == "E") {
			rest = line; sub(/^E[ \t]+/, "", rest)
			fail(g ": the probe failed: " rest)
			if (n >= 2) err[g, a[2]] = 1
		} else if (a[1] == "T") {
			done[g] = 1
		}
	}
	close(file)
	if (!hdr[g]) fail(g ": no H record in " file " (did the probe run?)")
	else if (!done[g]) fail(g ": " file " ends before the T record (the probe did not finish)")
	cs = head[g, "clocksource"]
	# Those of ci/arch/ (vdso_clocksources) are read by the vDSO.
	if (hdr[g] && index(vdso, " " cs " ") == 0)
		fail(g ": clock source " cs " has no vDSO, so the time functions made system calls; boot the guest with tsc=reliable")
}
# Does the timing rule of row f hold on guest g?  Its systems: "all", or
# C libraries ("musl") or releases ("glibc 2.36"), separated by commas.
function timedon(g, f,    n, a, i) {
	n = split(twhere[f], a, /, */)
	for (i = 1; i <= n; i++)
		if (a[i] == "all" || a[i] == info[g, "libc"] || a[i] == info[g, "libc"] " " info[g, "libc_version"]) return 1
	return 0
}
# A row of ci/census/timing: compared without its timed calls, which it
# then lists after the others, with a note, whether or not this run made
# them: a row that listed them only when a witness saw them would change
# from run to run.
function timedrow(g, f, wl,    fu, wu, t) {
	delete tseen
	fu = untimed(calls[g, f], tcalls[f]); wu = untimed(wl, tcalls[f])
	if (fu != wu)
		fail(g ": " f ": apart from " tcalls[f] " (ci/census/timing), the probe (seccomp notification) saw [" calls[g, f] "], the tracer (ptrace) saw [" wl "]")
	t = tcalls[f]
	calls[g, f] = fu (t != "" && fu != "" ? " " : "") t
	if (t != "") timed[g, f] = t
}

# The second witness (ci/census/trace.c, W and WO records) must have seen
# what the probe saw, row by row: the same system calls in the same order,
# and the same failure.  A row of created tasks (FUNCTION/SUFFIX) without
# a W record is empty for the tracer, which writes one only when such a
# task ran.  Every disagreement fails, naming guest, row and both lists.
function witness(g,    j, f, b, wl, k, s, o, wo) {
	if (!nwit[g]) { fail(g ": no W records: the second witness (census-trace) did not run"); return }
	for (j = 1; j <= nf; j++) {
		f = forder[j]
		if (!((g, f) in has)) continue
		b = f
		if ((g, f) in wcalls) wl = wcalls[g, f]
		else if (sub(/\/[a-z-]+$/, "", b) && ((g, b) in wcalls)) wl = ""
		else { fail(g ": " f ": the probe saw [" calls[g, f] "], the tracer wrote no record"); continue }
		if ((f in tcalls) && timedon(g, f)) timedrow(g, f, wl)
		else if (wl != calls[g, f])
			fail(g ": " f ": the probe (seccomp notification) saw [" calls[g, f] "], the tracer (ptrace) saw [" wl "]")
		# "in" only: reading a missing element would create it
		o = ((g, f) in outcome) ? outcome[g, f] : "none"
		wo = ((g, f) in woutcome) ? woutcome[g, f] : "none"
		if (o != wo) fail(g ": " f ": the failure under the probe [" o "], under the tracer [" wo "]")
	}
	for (k in wcalls) {
		split(k, s, SUBSEP)
		if (s[1] == g && !((g, s[2]) in has))
			fail(g ": " s[2] ": the tracer saw [" wcalls[k] "], the probe wrote no record")
	}
}
function readtiming(    line, a, n) {
	while ((getline line < timingfile) > 0) {
		if (line ~ /^[ \t]*(#|$)/) continue
		n = split(line, a, "\t")
		if (n != 4) { fail(timingfile ": not 4 tab-separated fields: " line); continue }
		tcalls[a[1]] = a[2]; tcalls[a[1] "@first"] = a[2]
		twhere[a[1]] = a[3]; twhere[a[1] "@first"] = a[3]
	}
	close(timingfile)
}
# LIST without the calls of T, and (in tseen) those of T it had.
function untimed(list, t,    n, a, i, m, b, j, r, skip) {
	n = words(list, a); m = words(t, b); r = ""
	for (i = 1; i <= n; i++) {
		skip = 0
		for (j = 1; j <= m; j++) if (a[i] == b[j]) { skip = 1; tseen[b[j]] = 1 }
		if (!skip && a[i] != "") r = r (r == "" ? "" : " ") a[i]
	}
	return r
}
function readhistory(    line, a, n) {
	while ((getline line < historyfile) > 0) {
		if (line ~ /^[ \t]*(#|$)/) continue
		n = split(line, a, "\t")
		if (n != 4) { fail(historyfile ": not 4 tab-separated fields: " line); continue }
		nh++; hfunc[nh] = a[1]; hrel[nh] = a[2]; hcalls[nh] = a[3]; hsrc[nh] = a[4]
	}
	close(historyfile)
}
function readcaps(    line, a, n) {
	while ((getline line < capsfile) > 0) {
		if (line ~ /^[ \t]*(#|$)/) continue
		n = split(line, a, "\t")
		if (n != 3) { fail(capsfile ": not 3 tab-separated fields: " line); continue }
		nc++; ctitle[nc] = a[2]; cfuncs[nc] = a[3]
	}
	close(capsfile)
}

# ---- labels: glibc version, musl (musl-VERSION if built from source), or
# the ABI; the kernel where they clash ----
function majmin(v) { return match(v, /^[0-9]+\.[0-9]+/) ? substr(v, RSTART, RLENGTH) : v }
function makelabels(    i, g, a, b, seen2) {
	for (i = 1; i <= ng; i++) {
		g = G[i]
		abi[g] = info[g, "abis"]; sub(/ .*/, "", abi[g])
		# The label of the ABI (ci/arch/): arm64 for aarch64, ppc64el for ppc64le
		a = abilabel(abi[g])
		if (info[g, "libc"] == "musl") b = a == "x86_64" ? "musl" : a "-musl"
		else if (a != "x86_64") b = a
		else b = info[g, "libc_version"]
		# A musl built from source (a history guest): its version too.
		if (info[g, "libc"] == "musl" && info[g, "libc_package"] ~ /^source:/) b = b "-" info[g, "libc_version"]
		base[g] = b; nbase[b]++
	}
	for (i = 1; i <= ng; i++) {
		g = G[i]
		label[g] = nbase[base[g]] > 1 ? base[g] "/" majmin(info[g, "kernel_version"]) : base[g]
		if (label[g] in seen2) label[g] = g
		seen2[label[g]] = 1
	}
}

BEGIN {
	ng = split(guestlist, G, " ")
	readtiming()
	for (i = 1; i <= ng; i++) { readinfo(G[i]); readcensus(G[i]) }
	for (i = 1; i <= ng; i++) if (hdr[G[i]]) witness(G[i])
	readhistory(); readcaps()
	if (nf == 0) fail("no F records")
	makelabels()
	if (mode == "check") exit bad
}
