# SPDX-License-Identifier: GPL-2.0-or-later
# result-cache.awk — the session side of the result cache (ci/guests/run-guest):
# what a session's result depends on, which commands are left to run, and a
# passed session's records.  One program, three modes (-v mode=...):
#
# mode=keys   files: BINSUMS SCRIPT EXPECT; variables: dir, guest (the
#             guest's own key: image, boot settings, harness)
#     BINSUMS  "SHA256  ./PAGE/PROGRAM" lines: the programs compiled for this
#              guest (sha256sum in its bin/)
#     Writes, for the N-th session (T record) of EXPECT, dir/s.N: every input
#     of its result but the guest's image: the guest key, the checksums of
#     its page's programs, its T, V, C and O records (what it runs and what
#     it must print, its VARY patterns and exit statuses) and its commands'
#     entries in SCRIPT (user, timeout, directory, text); and dir/index:
#     N<TAB>test<TAB>command ids (blank-separated).  K, F and N records
#     (skipped sessions, planning errors) are never keyed: they are decided
#     afresh by every run.
# mode=filter files: IDS SCRIPT; prints SCRIPT without the commands whose
#     ids IDS lists (one a line): those of the sessions taken from the cache.
# mode=limit  file: SCRIPT; prints 30 + the sum of its commands' timeouts,
#     the whole-guest limit ci/guests/guest-boot gives that script.
# mode=records files: SESSIONS PASSED RESULTS; variables: dir, named
#     SESSIONS the joined index (see join)
#     PASSED   the tests whose result is to be kept (one a line)
#     Writes dir/r.N (named=key: dir/KEY, the session's key, as it is
#     stored in the cache): the SP-* records of the N-th session's commands
#     (SP-BEGIN to SP-END, with their output lines, SP-NOEOL, SP-CUT and
#     SP-TIME), for each session of PASSED whose every command has a result.
# mode=row    file: ci/guests/guests.lock; variables: name: the guest's rows
# mode=join   files: SUMS INDEX: INDEX's lines (N<TAB>test<TAB>ids), each
#     with the key of its session, the SHA-256 of dir/s.N that SUMS
#     ("SHA256  ./s.N" lines, sha256sum's) gives, as a fourth field
# mode=ids    files: CACHED SESSIONS: the command ids of the sessions of
#     SESSIONS (the joined index) that CACHED lists (tests, one a line),
#     one a line
# mode=looked files: VERIFIED SESSIONS; variables: dir (the cache area):
#     for each session of SESSIONS (the joined index) whose entry dir/KEY
#     VERIFIED (ci/cache's cache_verify_files) names, that status, the
#     session's line and what is damaged, tab-separated
# mode=passed file: RESULTS.TSV: the tests that passed in this boot (not
#     taken from the cache), one a line
# mode=allpassed files: RESULTS.TSV SESSIONS: exit status 1 unless every
#     session of SESSIONS passed (in this boot or from the cache)
# mode=rfiles file: SESSIONS; variables: dir: the records files dir/r.N of
#     its sessions, one a line
BEGIN { if (mode ~ /^(join|ids|passed|allpassed|rfiles|looked)$/) FS = "\t" }
mode == "row" { split($0, w, " "); if (w[1] == name) print; next }
mode == "join" && FILENAME == ARGV[1] { split($0, w, " "); s = w[2]; sub(/^\.\/s\./, "", s); k[s] = w[1]; next }
mode == "join" { print $0 "\t" k[$1]; next }
mode == "looked" && FILENAME == ARGV[1] { split($0, w, " "); st[w[2]] = w[1]; why[w[2]] = substr($0, length(w[1] w[2]) + 3); next }
mode == "looked" { e = dir "/" $4; if (e in st) print st[e] "\t" $0 "\t" why[e]; next }
mode == "ids" && FILENAME == ARGV[1] { c[$0] = 1; next }
mode == "ids" { if ($2 in c) { ni = split($3, w, " "); for (i = 1; i <= ni; i++) print w[i] } next }
mode == "passed" { if ($3 == "pass" && $4 != "cached") print $2; next }
mode == "allpassed" && FILENAME == ARGV[1] { if ($3 == "pass") p[$2] = 1; next }
mode == "allpassed" { if (!($2 in p)) bad = 1; next }
mode == "rfiles" { print dir "/r." $1; next }
mode == "keys" && FILENAME == ARGV[1] {
	p = $2; sub(/^\.\//, "", p); sub(/\/[^\/]*$/, "", p)
	bins[p] = bins[p] "B " $1 " " $2 "\n"
	next
}
mode == "keys" && FILENAME == ARGV[2] {
	if (want_text) { cmdtext[want_text] = cmdtext[want_text] $0 "\n"; want_text = ""; next }
	if ($1 == "lanes" && NF == 2) { section = $0 "\n"; next }   # ALONE: part of the key
	if ($1 == "cmd" && NF == 5) { cmdtext[$2] = "S " $0 "\n" section; want_text = $2 }
	next
}
mode == "keys" {
	split($0, f, "\t")
	if (f[1] == "T") {
		close(cur); n++; cur = dir "/s." n
		printf "G %s\n%s", guest, bins[f[3]] > cur
		test[n] = f[2]; ids[n] = ""
	} else if (f[1] == "K" || f[1] == "F" || f[1] == "N") {
		close(cur); cur = ""
		next
	}
	if (cur == "") next
	print > cur
	if (f[1] == "C") { ids[n] = ids[n] (ids[n] == "" ? "" : " ") f[2]; printf "%s", cmdtext[f[2]] > cur }
	next
}
mode == "filter" && FILENAME == ARGV[1] { drop[$0] = 1; next }
mode == "filter" {
	if (skip) { skip = 0; next }
	if ($1 == "cmd" && NF == 5 && ($2 in drop)) { skip = 1; next }
	print
	next
}
mode == "limit" {
	if (skipl) { skipl = 0; next }
	if ($1 == "cmd" && NF == 5 && $4 ~ /^[0-9]+$/) { lim += $4; skipl = 1 }
	next
}
mode == "records" && FILENAME == ARGV[1] {
	split($0, f, "\t")
	ns++; sn[ns] = (named == "key" ? f[4] : "r." f[1]); stest[ns] = f[2]; sids[ns] = f[3]
	next
}
mode == "records" && FILENAME == ARGV[2] { keep[$0] = 1; next }
mode == "records" {
	line = $0
	if (line ~ /^SP-BEGIN /) { cur = substr(line, 10); rec[cur] = line "\n"; next }
	if (line ~ /^SP-(END|CUT|TIME) /) {
		split(line, w, " "); id = w[2]
		rec[id] = rec[id] line "\n"
		if (w[1] == "SP-END") { ended[id] = 1; cur = "" }
		next
	}
	if (cur != "" && (line ~ /^\|/ || line == "SP-NOEOL")) rec[cur] = rec[cur] line "\n"
	next
}
END {
	if (mode == "allpassed") exit bad
	if (mode == "limit") print 30 + lim
	if (mode == "keys") {
		close(cur)
		for (i = 1; i <= n; i++) printf "%d\t%s\t%s\n", i, test[i], ids[i] > (dir "/index")
	}
	if (mode == "records") {
		for (i = 1; i <= ns; i++) {
			if (!(stest[i] in keep)) continue
			nids = split(sids[i], w, " "); o = ""
			for (j = 1; j <= nids; j++) { if (!(w[j] in ended)) break; o = o rec[w[j]] }
			if (nids == 0 || j <= nids) continue
			printf "%s", o > (dir "/" sn[i]); close(dir "/" sn[i])
		}
	}
}
