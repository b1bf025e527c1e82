# SPDX-License-Identifier: GPL-2.0-or-later
# lifecycle.awk — checks ci/census/lifecycle against the census data:
# every row it lists was measured on some system, and every row measured
# with an answer forced (FUNCTION@CALL=ERRNO, ci/census/probe.h) is listed.
# Each failure is a line "FILE:LINE: ..." on stderr; exit status 1 then.
#
# usage: awk -F '\t' -f ci/census/lifecycle.awk ci/census/lifecycle census/census.tsv
function fail(msg) { print msg > "/dev/stderr"; bad = 1 }
FNR == 1 { file++ }
file == 1 && /^[ \t]*(#|$)/ { next }
file == 1 {
	if (NF != 3 || $1 == "" || $2 == "" || $3 == "")
		fail(FILENAME ":" FNR ": not 3 tab-separated fields: " $0)
	else if ($1 in listed)
		fail(FILENAME ":" FNR ": " $1 " is listed twice")
	else { listed[$1] = FNR; lfile = FILENAME }
	next
}
/^#/ || $1 == "system" { next }
{
	f = $7
	sub(/\/[a-z-]+$/, "", f)
	measured[f] = 1
	if (f ~ /@[a-z0-9_]+=E[A-Z0-9]+$/ && !(f in listed) && !(f in named)) {
		named[f] = 1
		fail(FILENAME ":" FNR ": " f " is measured with an answer forced but not listed in " lfile)
	}
}
END {
	for (r in listed)
		if (!(r in measured))
			fail(lfile ":" listed[r] ": " r " was measured on no system")
	exit bad
}
