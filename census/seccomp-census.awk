# SPDX-License-Identifier: GPL-2.0-or-later
# seccomp-census.awk — the answers of seccomp-census (census/seccomp-census,
# which documents the options and passes them here).
#
# usage: LC_ALL=C awk -v data=CENSUS.TSV -v form=FORM -v on=SYSTEMS
#            -v abis=ABIS -v funcs=NAMES -v show=functions|systems|
#            distributions| -v allow=1|"" -v mapfile=IMPORTS
#            -v importsfile=F -v prog=PROG -v shell=SH -v shellfile=F2
#            -v distfile=DISTRIBUTIONS -v mode=diff|"" -v sidea=A -v sideb=B
#            -v me=NAME -f seccomp-census.awk
# Everything happens in BEGIN: it reads the census data (and, for --for,
# the map census/imports and elf-imports' output in importsfile, and in
# shellfile that of the shell SH, or "error MESSAGE"), picks the
# rows, and prints the allowlist per ABI.  Exit 0; 1 when the census does
# not answer for all that was asked (an unknown function, no row on a
# system asked for, an unmeasured import, a distribution whose C library
# release is not measured), each named on stderr, and nothing printed
# unless allow is set; 2 on bad usage or bad data.
# With mode=diff: the rows that differ between the systems sidea and sideb
# (sidea "" and sideb "releases": between each C library's consecutive
# releases); exit 0 when none differ, 1 when some do, 2 on trouble.

function die(m) { print me ": " m > "/dev/stderr"; exit 2 }
function note(m) { print me ": " m > "/dev/stderr" }
function bad_data(file, line, m) { die(file ":" line ": " m) }
# base(F): the census function of row F (without /thread, /child,
# /other-thread, @first)
function base(f) { sub(/(\/(thread|child|other-thread)|@first)$/, "", f); return f }
# bare(F): F without its arguments and forced fallback: malloc for
# malloc(64), stat for stat@statx=ENOSYS
function bare(f) { sub(/[(@].*$/, "", f); return f }
# splitfuncs(S, A): S split at the commas outside parentheses, as in kill(pid,0).
function splitfuncs(s, a,   i, c, d, n, cur) {
	n = 0
	if (s == "") return 0
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "(") d++
		else if (c == ")") d--
		if (c == "," && d == 0) { a[++n] = cur; cur = "" } else cur = cur c
	}
	a[++n] = cur
	return n
}
# glob(P): the ERE of a pattern whose * matches any text
function glob(p,   r) {
	r = p
	gsub(/[][\\.^$+?(){}|]/, "\\\\&", r)
	gsub(/\*/, ".*", r)
	return "^" r "$"
}
# sortw(A, N): sort A[1..N] (insertion sort: a few hundred at most)
function sortw(a, n,   i, j, v) {
	for (i = 2; i <= n; i++) { v = a[i]; for (j = i - 1; j >= 1 && a[j] > v; j--) a[j + 1] = a[j]; a[j + 1] = v }
}
# lookup(NAME): the census functions NAME stands for, separated by SUBSEP:
# NAME itself when it has arguments, as kill(pid,0); else NAME and each
# NAME(...) (fchmodat: fchmodat and fchmodat(NOFOLLOW)); "" when none
function lookup(name) {
	if (name ~ /[(@]/) return (name in exact) ? exact[name] : ""
	return (name in variants) ? variants[name] : ""
}
# resolve(IMPORT): "census" (with the functions in resolved[IMPORT]),
# "pure", "ends", or "" (unmeasured)
function resolve(imp,   name, i, n, r, k, pat, pre, suf, changed) {
	name = imp
	for (n = 0; n <= 4; n++) {
		r = lookup(name)
		if (r != "") { resolved[imp] = r; return "census" }
		if (name in pure) return "pure"
		if (name in ends) return "ends"
		if (name in alias) { name = alias[name]; continue }
		changed = 0
		for (k = 1; k <= nrename; k++) {
			pat = rfrom[k]
			pre = substr(pat, 1, index(pat, "*") - 1)
			suf = substr(pat, index(pat, "*") + 1)
			if (length(name) > length(pre) + length(suf) && substr(name, 1, length(pre)) == pre &&
			    substr(name, length(name) - length(suf) + 1) == suf) {
				name = substr(name, length(pre) + 1, length(name) - length(pre) - length(suf))
				i = rto[k]; sub(/\*/, name, i); name = i
				changed = 1
				break
			}
		}
		if (!changed) return ""
	}
	return ""
}
# readimports(FILE, WHO): elf-imports' output in FILE: the ABI (PROG's when
# WHO is ""), the libraries loaded (and those not found), the imports
# (each once, in order; an import first seen in the shell WHO is named
# with it)
function readimports(file, who,   l, rc, imp) {
	while ((rc = (getline l < file)) > 0) {
		if (l ~ /^abi /) { if (who == "") progabi = substr(l, 5); continue }
		if (l ~ /^needed /) { needed[substr(l, 8)] = 1; continue }
		if (l ~ /^missing /) { if (!(substr(l, 9) in nolibs)) { nolibs[substr(l, 9)] = 1; nolib = nolib (nolib == "" ? "" : ", ") substr(l, 9) }; continue }
		if (l !~ /^import /) die("elf-imports said: " l)
		imp = substr(l, 8)
		if (imp in iseen) continue
		iseen[imp] = 1; iorder[++ni] = imp; iwho[imp] = who
	}
	if (rc < 0) die("cannot read " file)
	close(file)
}
# want(LABEL, LIST): the census functions in LIST (SUBSEP-separated) are
# asked for, under LABEL (what the user named)
function want(label, list,   n, a, i) {
	n = split(list, a, SUBSEP)
	for (i = 1; i <= n; i++) { wanted[a[i]] = 1; asked[label, a[i]] = 1; bring(a[i]); bring(bare(a[i])) }
	if (!(label in labels)) { labels[label] = 1; lorder[++nl] = label }
}
# comment(TEXT): TEXT as the lines of a C comment, at most 66 columns
function comment(text,   n, w, i, l) {
	n = split(text, w, " ")
	l = " *"
	for (i = 1; i <= n; i++) {
		if (length(l) + 1 + length(w[i]) > 66 && l != " *") { print l; l = " *" }
		l = l " " w[i]
	}
	print l
}
# bring(F): the rows the lifecycle file brings with function F (those the
# census has), wanted without being asked for (no "no row" for them)
function bring(f,   n, a, i) {
	if (!(f in brings)) return
	n = split(brings[f], a, SUBSEP)
	for (i = 1; i <= n; i++) if (a[i] in exact) wanted[a[i]] = 1
}
# vcmp(A, B): <0, 0, >0 as release A is older than, the same as, newer
# than B (numeric fields: 1.2.10 after 1.2.9; a field's text after its
# number as text: 1.2.4_git after 1.2.4)
function vcmp(a, b,   x, y, n, m, i, p, q) {
	n = split(a, x, "."); m = split(b, y, ".")
	for (i = 1; i <= n || i <= m; i++) {
		if (i > n) return -1
		if (i > m) return 1
		p = x[i] + 0; q = y[i] + 0
		if (p != q) return p < q ? -1 : 1
		if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1
	}
	return 0
}
# measured(): the C library releases the census has, as
# "glibc 2.31, 2.36; musl 1.2.6", each library's releases in order
function measured(   i, j, m, s, l, v, nl2, libs, k, o, t, r) {
	if (measuredtext != "") return measuredtext
	nl2 = 0
	for (i = 1; i <= ns; i++) {
		s = sorder[i]; l = slibc[s]; v = sver[s]
		if ((l, v) in mseen) continue
		mseen[l, v] = 1
		if (!(l in mlib)) { mlib[l] = ""; libs[++nl2] = l }
		mlib[l] = mlib[l] (mlib[l] == "" ? "" : " ") v
	}
	r = ""
	for (i = 1; i <= nl2; i++) {
		k = split(mlib[libs[i]], o, " ")
		for (j = 2; j <= k; j++) { t = o[j]; for (m = j - 1; m >= 1 && vcmp(o[m], t) > 0; m--) o[m + 1] = o[m]; o[m + 1] = t }
		t = ""
		for (j = 1; j <= k; j++) t = t (j > 1 ? ", " : "") o[j]
		r = r (r == "" ? "" : "; ") libs[i] " " t
	}
	return measuredtext = r
}
# pick(NAME, SET): puts the systems NAME stands for in SET (a name, a
# label, a distribution of the distributions file, or LIBC-VERSION such as
# glibc-2.35 or musl-1.2.3: every system of that release) and returns how
# many; 0 for a release that is not measured, -1 for an unknown NAME.
# A distribution is named on stderr with the systems that stand for it.
function pick(name, set,   j, l, v, k, w) {
	if (name in sys) { set[name] = 1; return 1 }
	if (name in lab) { set[lab[name]] = 1; return 1 }
	if (name in dlibc) { l = dlibc[name]; v = dver[name] }
	else if (name ~ /^(glibc|musl)-[0-9]/) { l = substr(name, 1, index(name, "-") - 1); v = substr(name, index(name, "-") + 1) }
	else return -1
	k = 0; w = ""
	for (j = 1; j <= ns; j++) if (slibc[sorder[j]] == l && sver[sorder[j]] == v) {
		set[sorder[j]] = 1; k++; w = w (w == "" ? "" : ", ") sorder[j]
	}
	if (k == 0) {
		if (name in dlibc)
			note(name " ships " l " " v " (" dpkg[name] "), a release the census has not measured: it needs a system of " l " " v " (it has " measured() ")")
		else note("no system of " l " " v " in the census (it has " measured() "; " me " -s lists the systems)")
	} else if ((name in dlibc) && !((name, "noted") in dnoted)) {
		dnoted[name, "noted"] = 1
		note(name ": " l " " v " (" dpkg[name] ") as measured on " w "; the distribution's own build of it, and its patches, may make other calls")
	}
	return k
}
# pickone(NAME, SET): pick, or the end with status 2 for a NAME that stands
# for no system
function pickone(name, set,   k) {
	k = pick(name, set)
	if (k < 0) die("no system " name " in the census (" me " -s lists them, " me " -d the distributions)")
	if (k == 0) exit 2
	return k
}
# setdiff(A, B): the words of A not in B, sorted, blank-separated
function setdiff(a, b,   n, x, i, seen, o, k, r) {
	n = split(b, x, " ")
	for (i = 1; i <= n; i++) seen[x[i]] = 1
	n = split(a, x, " "); k = 0
	for (i = 1; i <= n; i++) if (x[i] != "" && !(x[i] in seen)) { seen[x[i]] = 1; o[++k] = x[i] }
	sortw(o, k)
	r = ""
	for (i = 1; i <= k; i++) r = r (i > 1 ? " " : "") o[i]
	return r
}
# plusminus(ADDED, REMOVED): "+a +b -c"
function plusminus(a, r,   s) {
	s = a; gsub(/[^ ]+/, "+&", s)
	if (r != "") { gsub(/[^ ]+/, "-&", r); s = s (s == "" ? "" : " ") r }
	return s
}
# compare(A, B, ABI): the rows that differ from system A to system B, a
# line each (ABI, tab, row, tab, what changed), and a line "(all)" with
# the union over the rows both have; how many lines
function compare(a, b, ab,   i, f, ca, cb, ua, ub, ad, rm, k, t) {
	print "--- " a "\t" sdesc2(a)
	print "+++ " b "\t" sdesc2(b)
	k = 0; ua = ""; ub = ""
	for (i = 1; i <= nrow; i++) {
		f = rorder[i]
		if (dfuncs != "" && !(rbaseof[f] in dwant)) continue
		if (!((a, f) in rcall) && !((b, f) in rcall)) continue
		if (!((a, f) in rcall)) { print ab "\t" f "\tonly on " b; k++; continue }
		if (!((b, f) in rcall)) { print ab "\t" f "\tonly on " a; k++; continue }
		ca = rcall[a, f]; cb = rcall[b, f]
		ua = ua " " ca; ub = ub " " cb
		t = plusminus(setdiff(cb, ca), setdiff(ca, cb))
		if (rfailed[a, f] != rfailed[b, f]) {
			if (rfailed[a, f] != "") t = t (t == "" ? "" : "; ") "failed on " a " (" rfailed[a, f] ")"
			if (rfailed[b, f] != "") t = t (t == "" ? "" : "; ") "failed on " b " (" rfailed[b, f] ")"
		}
		if (t != "") { print ab "\t" f "\t" t; k++ }
	}
	t = plusminus(setdiff(ub, ua), setdiff(ua, ub))
	if (t != "") print ab "\t(all)\t" t
	return k
}
function sdesc2(s) { return slibc[s] " " sver[s] ", Linux " skern[s] ", " sabi[s] }
# byabi(SET, NAME, BY, ORDER): BY[abi] = the system of SET of that ABI,
# ORDER[1..] the ABIs; the end (status 2) when NAME has two of one ABI
function byabi(set, name, by, ord,   j, s, n) {
	n = 0
	for (j = 1; j <= ns; j++) {
		s = sorder[j]
		if (!(s in set)) continue
		if (sabi[s] in by) die(name " stands for two systems of ABI " sabi[s] " (" by[sabi[s]] ", " s "): name one of them")
		by[sabi[s]] = s; ord[++n] = sabi[s]
	}
	return n
}
# diffmain(): seccomp-census diff; does not return
function diffmain(   npa, npb, n, fl, i, j, r, a, sa, sb, ba, bb, oa, ob, na2, nb2, np, pa, pb, pab, x, only, k, libs, nl2, l, ab, m, v, t, s, lastv) {
	if (funcs != "") {
		n = splitfuncs(funcs, fl)
		for (i = 1; i <= n; i++) {
			r = lookup(fl[i])
			if (r == "") die("no function " fl[i] " in the census (" me " -l lists them)")
			k = split(r, a, SUBSEP)
			for (j = 1; j <= k; j++) dwant[a[j]] = 1
		}
		dfuncs = funcs
	}
	if (abis != "") { n = split(abis, a, ","); for (i = 1; i <= n; i++) abiok[a[i]] = 1 }
	np = 0
	if (sideb != "releases" || sidea != "") { npa = pickone(sidea, sa); npb = pickone(sideb, sb) }
	if (sidea == "" && sideb == "releases") {
		# each C library's releases on each ABI, in order, one system a
		# release (the first the census lists), each to the next
		nl2 = 0
		for (j = 1; j <= ns; j++) {
			s = sorder[j]; l = slibc[s] SUBSEP sabi[s]
			if (abis != "" && !(sabi[s] in abiok)) continue
			if (!(l in fam)) { fam[l] = 0; libs[++nl2] = l }
			if ((l, sver[s]) in famv) continue
			famv[l, sver[s]] = s
			m = ++fam[l]; fs[l, m] = s
			# insertion by release
			for (i = m - 1; i >= 1 && vcmp(sver[fs[l, i]], sver[s]) > 0; i--) fs[l, i + 1] = fs[l, i]
			fs[l, i + 1] = s
		}
		for (i = 1; i <= nl2; i++) for (m = 2; m <= fam[libs[i]]; m++) {
			np++; pa[np] = fs[libs[i], m - 1]; pb[np] = fs[libs[i], m]; pab[np] = sabi[pb[np]]
		}
		if (np == 0) { note("no C library has two releases measured on one ABI: nothing to compare"); exit 0 }
	} else if (npa == 1 && npb == 1) {
		# one system each: compared even across ABIs
		for (j = 1; j <= ns; j++) { if (sorder[j] in sa) pa[1] = sorder[j]; if (sorder[j] in sb) pb[1] = sorder[j] }
		ab = sabi[pa[1]] == sabi[pb[1]] ? sabi[pa[1]] : sabi[pa[1]] "->" sabi[pb[1]]
		if (abis != "" && !(sabi[pa[1]] in abiok) && !(sabi[pb[1]] in abiok))
			die("neither " pa[1] " nor " pb[1] " is of ABI " abis)
		np = 1; pab[1] = ab
	} else {
		# several systems on a side: the systems of each ABI compared
		na2 = byabi(sa, sidea, ba, oa); nb2 = byabi(sb, sideb, bb, ob)
		only = ""
		for (i = 1; i <= na2; i++) {
			x = oa[i]
			if (abis != "" && !(x in abiok)) continue
			if (x in bb) { np++; pa[np] = ba[x]; pb[np] = bb[x]; pab[np] = x }
			else only = only (only == "" ? "" : ", ") x " (only " sidea ")"
		}
		for (i = 1; i <= nb2; i++) if (!(ob[i] in ba) && (abis == "" || ob[i] in abiok)) only = only (only == "" ? "" : ", ") ob[i] " (only " sideb ")"
		if (np == 0) die(sidea " and " sideb " have no ABI in common" (abis != "" ? " among " abis : "") ": name one system each to compare across ABIs")
		if (only != "") note("not compared, no system of the ABI on the other side: " only)
	}
	k = 0
	for (i = 1; i <= np; i++) k += compare(pa[i], pb[i], pab[i])
	exit k > 0 ? 1 : 0
}
# the libseccomp and OCI name of an ABI; systemd's
function scmp(a) { if (!(a in scmpname)) die("no libseccomp name for ABI " a); return scmpname[a] }
function sd(a) { if (!(a in sdname)) die("no systemd name for ABI " a); return sdname[a] }

BEGIN {
	split("x86_64 SCMP_ARCH_X86_64 i386 SCMP_ARCH_X86 x32 SCMP_ARCH_X32 aarch64 SCMP_ARCH_AARCH64 " \
	      "armhf SCMP_ARCH_ARM riscv64 SCMP_ARCH_RISCV64 s390x SCMP_ARCH_S390X ppc64le SCMP_ARCH_PPC64LE", t, " ")
	for (i = 1; i in t; i += 2) scmpname[t[i]] = t[i + 1]
	split("x86_64 x86-64 i386 x86 x32 x32 aarch64 arm64 armhf arm riscv64 riscv64 s390x s390x ppc64le ppc64-le", t, " ")
	for (i = 1; i in t; i += 2) sdname[t[i]] = t[i + 1]

	# The census: system label libc version kernel abi function calls failed
	line = 0
	while ((rc = (getline l < data)) > 0) {
		line++
		if (l ~ /^#/ || l == "") continue
		n = split(l, c, "\t")
		if (!hdr) {
			if (c[1] != "system" || c[6] != "abi" || c[7] != "function" || c[8] != "calls")
				bad_data(data, line, "not census data (its header is not system, label, libc, version, kernel, abi, function, calls, failed)")
			hdr = 1; continue
		}
		if (n < 8 || n > 9 || c[1] == "" || c[6] == "" || c[7] == "")
			bad_data(data, line, "a row of " n " fields (wanted 9: system, label, libc, version, kernel, abi, function, calls, failed)")
		s = c[1]; f = base(c[7])
		if (!(s in sys)) {
			sys[s] = 1; sorder[++ns] = s; sdesc[s] = c[2] "\t" c[3] " " c[4] ", Linux " c[5] ", " c[6]; sabi[s] = c[6]; slabel[s] = c[2]
			slibc[s] = c[3]; sver[s] = c[4]; skern[s] = c[5]
		}
		lab[c[2]] = s
		# each row by its full name, for diff
		if (!(c[7] in rseen)) { rseen[c[7]] = 1; rorder[++nrow] = c[7]; rbaseof[c[7]] = f }
		rcall[s, c[7]] = c[8]; rfailed[s, c[7]] = c[9]
		if (!(f in exact)) {
			exact[f] = f; forder[++nf] = f
			b = bare(f)
			variants[b] = (b in variants) ? variants[b] SUBSEP f : f
		}
		has[s, f] = 1
		nr++; rsys[nr] = s; rfun[nr] = c[7]; rbase[nr] = f; rcalls[nr] = c[8]; rfail[nr] = c[9]
	}
	if (rc < 0) die("cannot read " data)
	if (!hdr) die(data ": no census data in it")
	close(data)

	# The lifecycle rows (ci/census/lifecycle): row, tab, "all" or the
	# functions that bring it, tab, what it measures
	line = 0
	while (lifefile != "" && (rc = (getline l < lifefile)) > 0) {
		line++
		if (l ~ /^#/ || l == "") continue
		if (split(l, c, "\t") != 3 || c[1] == "" || c[2] == "")
			bad_data(lifefile, line, "not a row, tab, \"all\" or the functions that bring it, tab, what it measures")
		n = split(c[2], w, " ")
		for (i = 1; i <= n; i++) {
			if (w[i] == "all") allrows[++nall] = c[1]
			else brings[w[i]] = (w[i] in brings) ? brings[w[i]] SUBSEP c[1] : c[1]
		}
	}
	if (lifefile != "" && rc < 0) die("cannot read " lifefile)
	if (lifefile != "") close(lifefile)

	# The distributions (census/distributions): distribution, tab, C
	# library, tab, its release, tab, the package, tab, where that was read
	line = 0; dhdr = 0
	while (distfile != "" && (rc = (getline l < distfile)) > 0) {
		line++
		if (l ~ /^#/ || l == "") continue
		n = split(l, c, "\t")
		if (!dhdr) {
			if (c[1] != "distribution" || c[2] != "libc" || c[3] != "version")
				bad_data(distfile, line, "not the distributions (its header is not distribution, libc, version, package, source)")
			dhdr = 1; continue
		}
		if (n != 5 || c[1] !~ /^[a-z][a-z0-9.-]*$/ || c[2] !~ /^(glibc|musl)$/ || c[3] !~ /^[0-9][0-9.]*$/ || c[4] == "" || c[5] == "")
			bad_data(distfile, line, "not a row of distribution (lower case), glibc or musl, release, package, source")
		if (c[1] in dlibc) bad_data(distfile, line, c[1] " again")
		if ((c[1] in sys) || (c[1] in lab)) bad_data(distfile, line, c[1] " is the name of a system of the census")
		dlibc[c[1]] = c[2]; dver[c[1]] = c[3]; dpkg[c[1]] = c[4]; dorder[++nd] = c[1]
	}
	if (distfile != "" && rc < 0) die("cannot read " distfile)
	if (distfile != "") { close(distfile); if (!dhdr) die(distfile ": no distributions in it") }

	if (show == "functions") { for (i = 1; i <= nf; i++) print forder[i]; exit 0 }
	if (show == "systems") { for (i = 1; i <= ns; i++) print sorder[i] "\t" sdesc[sorder[i]]; exit 0 }
	if (show == "distributions") {
		# distribution, tab, its C library release, tab, the systems
		# of that release or "not measured"
		for (i = 1; i <= nd; i++) {
			d = dorder[i]; ws = ""
			for (j = 1; j <= ns; j++) if (slibc[sorder[j]] == dlibc[d] && sver[sorder[j]] == dver[d]) ws = ws (ws == "" ? "" : ",") sorder[j]
			print d "\t" dlibc[d] " " dver[d] "\t" (ws == "" ? "not measured" : ws)
		}
		exit 0
	}
	if (mode == "diff") diffmain()

	# The systems asked for, then the ABIs
	if (on == "all") for (i = 1; i <= ns; i++) use[sorder[i]] = 1
	else {
		n = split(on, o, ",")
		for (i = 1; i <= n; i++) {
			picked = pick(o[i], use)
			if (picked < 0) die("no system " o[i] " in the census (" me " -s lists them, " me " -d the distributions)")
			if (picked == 0) unmeasured_release++
		}
		# nothing to answer for: status 1, as for a function not measured
		for (j = 1; j <= ns; j++) if (sorder[j] in use) break
		if (j > ns) exit 1
	}
	if (abis != "") {
		n = split(abis, o, ",")
		for (i = 1; i <= n; i++) {
			for (j = 1; j <= ns; j++) if (sorder[j] in use && sabi[sorder[j]] == o[i]) break
			if (j > ns) die("no system of ABI " o[i] " among those asked for (" me " -s lists them with their ABIs)")
			abiok[o[i]] = 1
		}
		for (j = 1; j <= ns; j++) if (sorder[j] in use && !(sabi[sorder[j]] in abiok)) delete use[sorder[j]]
	}
	nu = 0
	for (j = 1; j <= ns; j++) if (sorder[j] in use) {
		uorder[++nu] = sorder[j]
		if (!(sabi[sorder[j]] in aseen)) { aseen[sabi[sorder[j]]] = 1; aorder[++na] = sabi[sorder[j]] }
	}

	missing = 0
	if (prog == "") {
		# Functions named on the command line
		n = splitfuncs(funcs, fl)
		for (i = 1; i <= n; i++) {
			r = lookup(fl[i])
			if (r == "") { note("no function " fl[i] " in the census (" me " -l lists them)"); missing++; continue }
			want(fl[i], r)
		}
		what = ""
		for (i = 1; i <= n; i++) what = what (i > 1 ? ", " : "") fl[i]
	} else {
		# --for: the map, then the program's imports
		line = 0
		while ((rc = (getline l < mapfile)) > 0) {
			line++
			sub(/#.*/, "", l)
			n = split(l, w, /[ \t]+/)
			if (n == 0) continue
			if (w[1] == "") { for (i = 1; i < n; i++) w[i] = w[i + 1]; n-- }
			if (n == 0) continue
			if (w[1] == "always") for (i = 2; i <= n; i++) always[++nalways] = w[i]
			else if (w[1] == "pure") for (i = 2; i <= n; i++) pure[w[i]] = 1
			else if (w[1] == "ends") for (i = 2; i <= n; i++) ends[w[i]] = 1
			else if (w[1] == "needed" && n >= 3) for (i = 3; i <= n; i++) needrows[w[2]] = needrows[w[2]] (w[2] in needrows ? SUBSEP : "") w[i]
			else if (w[1] == "shell") for (i = 2; i <= n; i++) shellfuncs[w[i]] = 1
			else if (w[1] == "alias" && n == 3) alias[w[2]] = w[3]
			else if (w[1] == "rename" && n == 3 && w[2] ~ /^[^*]*\*[^*]*$/ && w[3] ~ /^[^*]*\*[^*]*$/) { rfrom[++nrename] = w[2]; rto[nrename] = w[3] }
			else bad_data(mapfile, line, "not always, needed LIBRARY ROW..., shell FUNCTION..., alias IMPORT NAME, rename PATTERN REPLACEMENT (one * each), pure or ends")
		}
		if (rc < 0) die("cannot read " mapfile)
		close(mapfile)
		progabi = ""
		readimports(importsfile, "")
		# A program that runs the shell (system, popen: the map's "shell"
		# line) lives on in it under the same filter: the shell's imports,
		# and the libraries it needs, are the program's too.
		for (i = 1; i <= ni; i++) if (iorder[i] in shellfuncs) { runs = iorder[i]; break }
		if (runs != "") {
			if ((getline l < shellfile) <= 0) die("cannot read " shellfile)
			close(shellfile)
			# a shell that cannot be read, or of another ABI than PROG (the
			# amd64 /bin/sh of an i386 system): its calls are not measured
			if (l ~ /^error /) shellgap = substr(l, 7)
			else if (l != "abi " progabi) shellgap = shell " is a program for " substr(l, 5) ", not " progabi
			else readimports(shellfile, shell)
			if (shellgap != "") shellgap = "the shell that " runs " runs (" shellgap ")"
		}
		for (lib in needed) if (lib in needrows) {
			n = split(needrows[lib], a, SUBSEP)
			for (i = 1; i <= n; i++) {
				re = glob(a[i])
				for (j = 1; j <= nf; j++) if (forder[j] ~ re) want("(needed " lib ") " forder[j], forder[j])
			}
		}
		for (i = 1; i <= nall; i++) if (allrows[i] in exact) want("(always) " allrows[i], allrows[i])
		for (i = 1; i <= nalways; i++) {
			re = glob(always[i])
			for (j = 1; j <= nf; j++) if (forder[j] ~ re) want("(always) " forder[j], forder[j])
		}
		covered = 0; unmeasured = ""; endsl = ""
		for (i = 1; i <= ni; i++) {
			imp = iorder[i]
			kind = resolve(imp)
			bring(imp)
			if (kind == "pure") { covered++; continue }
			if (kind == "ends") { covered++; endsl = endsl (endsl == "" ? "" : ", ") imp; continue }
			if (kind == "") { unmeasured = unmeasured (unmeasured == "" ? "" : ", ") imp (iwho[imp] != "" ? " (of " iwho[imp] ")" : ""); continue }
			want(imp, resolved[imp])
			# measured where some row it stands for was measured on every system asked for
			n = split(resolved[imp], a, SUBSEP); not = ""
			for (j = 1; j <= nu; j++) {
				for (m = 1; m <= n; m++) if (has[uorder[j], a[m]]) break
				if (m > n) not = not (not == "" ? "" : " ") uorder[j]
			}
			if (not == "") covered++
			else unmeasured = unmeasured (unmeasured == "" ? "" : ", ") imp (iwho[imp] != "" ? " (of " iwho[imp] ")" : "") " (not on " not ")"
		}
		if (shellgap != "") unmeasured = unmeasured (unmeasured == "" ? "" : ", ") shellgap
		what = "the imports of " prog
	}

	# Each name asked for: a row on every system asked for
	for (i = 1; i <= nl; i++) {
		if (lorder[i] ~ /^\(always\) /) continue
		if (prog != "") continue	# counted in the coverage line
		not = ""
		for (j = 1; j <= nu; j++) {
			ok = 0
			for (f in wanted) if ((lorder[i], f) in asked && has[uorder[j], f]) { ok = 1; break }
			if (!ok) not = not (not == "" ? "" : ", ") uorder[j]
		}
		if (not != "") { note(lorder[i] ": no row on " not " (not measured there)"); missing++ }
	}
	if (prog != "") {
		note(prog ": " (progabi != "" ? "an ELF program for " progabi ", " : "") ni " imported functions" (runs != "" && shellgap == "" ? " with those of the shell " shell ", which " runs " runs" : ""))
		# a shell whose calls are not known counts as one unmeasured import
		if (shellgap != "") ni++
		if (endsl != "") note("not in the allowlist, as they only end the program: " endsl)
		if (nolib != "") note("libraries not found under " (root == "" ? "/" : root) ": " nolib " (the start-up of what they need is not counted)")
		print "coverage: " covered " of " ni " imported functions measured; unmeasured: " (unmeasured == "" ? "none" : unmeasured) > "/dev/stderr"
		# the allowlist is printed all the same: status 1 says it is short
		if (covered < ni && !allow) status = 1
	}
	missing += unmeasured_release
	if (missing && !allow) {
		note("the census does not cover all that was asked: nothing printed (--allow-missing prints what it covers)")
		exit 1
	}

	# The allowlist: per ABI, the union of the calls of the rows asked for
	for (r = 1; r <= nr; r++) {
		if (!(rsys[r] in use) || !(rbase[r] in wanted)) continue
		ab = sabi[rsys[r]]
		n = split(rcalls[r], k, " ")
		for (j = 1; j <= n; j++) if (k[j] != "") sgot[rsys[r], k[j]] = 1
		for (j = 1; j <= n; j++) if (k[j] != "" && !((ab, k[j]) in got)) {
			got[ab, k[j]] = 1; cnt[ab]++; names[ab, cnt[ab]] = k[j]
			if (!(k[j] in uall)) { uall[k[j]] = 1; union[++nunion] = k[j] }
		}
		# a failure is named once per function and reason, with its systems
		if (rfail[r] == "") continue
		fk = base(rfun[r]) SUBSEP rfail[r]
		if (!(fk in failon)) { failon[fk] = ""; failfn[++nfail] = base(rfun[r]); failhow[nfail] = rfail[r] }
		if (index(", " failon[fk] ", ", ", " rsys[r] ", ") == 0) failon[fk] = failon[fk] (failon[fk] == "" ? "" : ", ") rsys[r]
	}
	for (i = 1; i <= nfail; i++) note(failfn[i] " failed on " failon[failfn[i], failhow[i]] " (" failhow[i] ")")
	sortw(aorder, na)
	# every ABI has a name in the form asked for, before anything is printed
	for (i = 1; i <= na; i++) { if (form ~ /^(c|oci|all)$/) scmp(aorder[i]); if (form ~ /^(systemd|all)$/) sd(aorder[i]) }
	# one filter holds the ABIs of one byte order (libseccomp: EDOM)
	for (i = 1; i <= na; i++) order[aorder[i] == "s390x" ? "big" : "little"] = 1
	if (("big" in order) && ("little" in order) && form ~ /^(systemd|oci|all)$/)
		note("the ABIs asked for are of both byte orders, which one filter cannot hold: pick those of one machine with --abi")
	for (i = 1; i <= na; i++) {
		ab = aorder[i]
		for (j = 1; j <= cnt[ab]; j++) tmp[j] = names[ab, j]
		sortw(tmp, cnt[ab])
		for (j = 1; j <= cnt[ab]; j++) names[ab, j] = tmp[j]
	}
	sortw(union, nunion)
	systems = ""
	for (j = 1; j <= nu; j++) systems = systems (j > 1 ? ", " : "") uorder[j]

	if (form == "list" || form == "all") {
		if (form == "all") print "# list"
		# a call that some of the systems of its ABI asked for made, and
		# others did not: the labels of those that made it
		for (i = 1; i <= na; i++) for (j = 1; j <= cnt[aorder[i]]; j++) {
			ab = aorder[i]; l = ""; m = 0; n = 0
			for (r = 1; r <= nu; r++) {
				if (sabi[uorder[r]] != ab) continue
				n++
				if ((uorder[r], names[ab, j]) in sgot) { m++; l = l (l == "" ? "" : ",") slabel[uorder[r]] }
			}
			print ab "\t" names[ab, j] (m < n ? "\t" l : "")
		}
	}
	if (form == "c" || form == "all") {
		if (form == "all") print "# c"
		print "/*"
		comment("seccomp-census: the system calls of " what " on " systems ", per ABI.")
		print " * census_filter(DEFAULT) returns a new libseccomp filter"
		print " * context whose rules allow these calls, each ABI its own;"
		print " * ABIs of the other byte order are left out (they cannot"
		print " * share a filter with this machine's ABI, nor run on it)."
		print " * NULL on failure.  Needs <errno.h>, <seccomp.h>,"
		print " * <stddef.h> and <stdint.h>."
		print " */"
		print "static scmp_filter_ctx census_filter(uint32_t def_action)"
		print "{"
		print "    static const struct {"
		print "        uint32_t arch;"
		print "        const char *name;"
		print "    } allowed[] = {"
		for (i = 1; i <= na; i++) for (j = 1; j <= cnt[aorder[i]]; j++)
			print "        { " scmp(aorder[i]) ", \"" names[aorder[i], j] "\" },"
		print "    };"
		print "    static const uint32_t arches[] = {"
		l = "       "
		for (i = 1; i <= na; i++) {
			if (length(l) + length(scmp(aorder[i])) + 2 > 66) { print l; l = "       " }
			l = l " " scmp(aorder[i]) (i < na ? "," : "")
		}
		print l
		print "    };"
		print "    size_t n = sizeof(allowed) / sizeof(allowed[0]);"
		print "    size_t na = sizeof(arches) / sizeof(arches[0]);"
		print "    scmp_filter_ctx filter = NULL;"
		print ""
		print "    for (size_t a = 0; a < na; a++) {"
		print "        scmp_filter_ctx ctx = seccomp_init(def_action);"
		print "        int rc = 0;"
		print ""
		print "        if (ctx == NULL)"
		print "            goto fail;"
		print "        /* A new context has the native ABI: make it this one. */"
		print "        if (arches[a] != seccomp_arch_native()) {"
		print "            rc = seccomp_arch_add(ctx, arches[a]);"
		print "            if (rc == -EDOM) {          /* the other byte order */"
		print "                seccomp_release(ctx);"
		print "                continue;"
		print "            }"
		print "            if (rc == 0)"
		print "                rc = seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE);"
		print "        }"
		print "        for (size_t i = 0; i < n && rc == 0; i++) {"
		print "            const char *name = allowed[i].name;"
		print "            uint32_t arch = allowed[i].arch;"
		print "            int sc;"
		print ""
		print "            /* A rule takes the native number of a name (or"
		print "               libseccomp's pseudo number) and translates it"
		print "               for the context's ABI.  A name this libseccomp"
		print "               does not know for the ABI (fchmodat2 before 2.6)"
		print "               is left to the default action. */"
		print "            if (arch != arches[a])"
		print "                continue;"
		print "            sc = seccomp_syscall_resolve_name_arch(arch, name);"
		print "            if (sc == __NR_SCMP_ERROR)"
		print "                continue;"
		print "            sc = seccomp_syscall_resolve_name(name);"
		print "            rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, sc, 0);"
		print "        }"
		print "        if (rc == 0 && filter != NULL)"
		print "            rc = seccomp_merge(filter, ctx);   /* releases ctx */"
		print "        else if (rc == 0)"
		print "            filter = ctx;"
		print "        if (rc != 0) {"
		print "            seccomp_release(ctx);"
		print "            goto fail;"
		print "        }"
		print "    }"
		print "    return filter;"
		print ""
		print "fail:"
		print "    if (filter != NULL)"
		print "        seccomp_release(filter);"
		print "    return NULL;"
		print "}"
	}
	if (form == "systemd" || form == "all") {
		if (form == "all") print "# systemd"
		l = "SystemCallArchitectures="
		for (i = 1; i <= na; i++) l = l (i > 1 ? " " : "") sd(aorder[i])
		print l
		l = "SystemCallFilter="
		for (i = 1; i <= nunion; i++) l = l (i > 1 ? " " : "") union[i]
		print l
	}
	if (form == "oci" || form == "all") {
		if (form == "all") print "# oci"
		l = "{\"defaultAction\": \"SCMP_ACT_ERRNO\", \"defaultErrnoRet\": 38, \"architectures\": ["
		for (i = 1; i <= na; i++) l = l (i > 1 ? ", " : "") "\"" scmp(aorder[i]) "\""
		l = l "], \"syscalls\": [{\"names\": ["
		for (i = 1; i <= nunion; i++) l = l (i > 1 ? ", " : "") "\"" union[i] "\""
		print l "], \"action\": \"SCMP_ACT_ALLOW\"}]}"
	}
	exit status + 0
}
