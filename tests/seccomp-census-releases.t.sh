#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# census/seccomp-census across releases, on fixtures whose systems are
# labelled as ci/census/read.awk labels the history guests (2.25, 2.26,
# musl-1-2-3 beside musl/6.12): answers labelled per system, diff between
# two systems or each C library's consecutive releases, distributions
# (census/distributions) mapped to the systems of the release they ship.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
SECCOMP_CENSUS_DATA=tests/fixtures/census/releases.tsv
SECCOMP_CENSUS_DISTRIBUTIONS=tests/fixtures/census/distributions
export SECCOMP_CENSUS_DATA SECCOMP_CENSUS_DISTRIBUTIONS
q=census/seccomp-census
tab=$(printf '\t')
# is WHAT EXPECTED COMMAND...: ok if COMMAND prints exactly EXPECTED (stdout)
# and its status is $want_rc (0 unless set)
is() {
	what=$1 want=$2; shift 2; T=$((T + 1))
	rc=0; got=$("$@" 2> "$SCRATCH/err") || rc=$?
	if [ "$got" = "$want" ] && [ "$rc" = "${want_rc:-0}" ]; then echo "ok $T - $what"
	else echo "not ok $T - $what"; printf '%s\n' "# wanted (status ${want_rc:-0}):" "$want" "# got (status $rc):" "$got" "# stderr:" | sed 's/^/# /'; sed 's/^/#   /' "$SCRATCH/err"
	fi
}
# err_has PATTERN: the stderr of the last `is` matches PATTERN (ERE)
err_has() {
	T=$((T + 1))
	if grep -Eq -- "$2" "$SCRATCH/err"; then echo "ok $T - $1"
	else echo "not ok $T - $1"; echo "# wanted on stderr: $2"; sed 's/^/# /' "$SCRATCH/err"
	fi
}

# Several systems asked for: a call that only some of them made is labelled
is "--on 2.25,2.26 open: open, then openat, each labelled with its system" \
	"$(printf 'x86_64\topen\t2.25\nx86_64\topenat\t2.26')" $q --on 2.25,2.26 open
is "a call every system of its ABI made has no label" "x86_64${tab}openat" $q --on 2.26,2.31/5.10 open
is "one system an ABI: no labels" "$(printf 'i386\topenat\nx86_64\topen')" $q --on 2.25,i386 open
is "--on glibc-2.26: every system of that release, whatever its ABI" \
	"$(printf 'i386\topenat\ni386\tsocketcall\nx86_64\topenat\nx86_64\tsocket')" $q --on glibc-2.26 open,socket
is "--on musl-1.2.3: the release of a history guest labelled by its name" "x86_64${tab}open" $q --on musl-1.2.3 open

# diff
want_rc=1
is "diff 2.25 2.26: per row the calls added and removed, a row on one side only named, the union" \
	"$(printf '%s\n' '--- glibc-2-25	glibc 2.25, Linux 6.12, x86_64' '+++ glibc-2-26	glibc 2.26, Linux 6.12, x86_64' \
		'x86_64	open	+openat -open' 'x86_64	open@first	+openat -open' 'x86_64	fopen	+openat -open' \
		'x86_64	getentropy	only on glibc-2-26' \
		'x86_64	fchmodat(NOFOLLOW)	failed on glibc-2-25 (errno ENOTSUP); failed on glibc-2-26 (errno EOPNOTSUPP)' \
		'x86_64	(all)	+openat -open')" $q diff 2.25 2.26
is "diff A B FUNCTION: only the rows of those functions (with their /thread, @first rows)" \
	"$(printf '%s\n' '--- glibc-2-26	glibc 2.26, Linux 6.12, x86_64' '+++ glibc-2-25	glibc 2.25, Linux 6.12, x86_64' \
		'x86_64	open	+open -openat' 'x86_64	open@first	+open -openat' 'x86_64	(all)	+open -openat')" $q diff glibc-2-26 glibc-2-25 open
is "diff of systems of two ABIs: the ABI column says both" \
	"$(printf '%s\n' '--- glibc-2-26	glibc 2.26, Linux 6.12, x86_64' '+++ i386	glibc 2.26, Linux 6.12, i386' \
		'x86_64->i386	socket	+socketcall -socket' 'x86_64->i386	(all)	+socketcall -socket')" $q diff 2.26 i386 socket
is "diff of distributions: the systems of each ABI compared, the ABI of one side only named" \
	"$(printf '%s\n' '--- musl-1-2-3	musl 1.2.3, Linux 6.12, x86_64' '+++ musl	musl 1.2.6, Linux 6.12, x86_64' \
		'x86_64	fork/child	-gettid' 'x86_64	(all)	-gettid')" $q diff alpine-3.16 alpine-3.24
err_has "... which names each distribution's release and systems, and the ABI not compared" \
	'alpine-3.24: musl 1.2.6 \(musl 1.2.6-r2\) as measured on musl, arm64-musl.*patches.*aarch64 \(only alpine-3.24\)|aarch64 \(only alpine-3.24\)'
want_rc=0
is "diff --releases: each C library's releases on each ABI in order (2.25 listed after 2.26), each to the next" \
	"$(printf '%s\n' '--- glibc-2-25' '+++ glibc-2-26' '--- glibc-2-26' '+++ bullseye' '--- musl-1-2-3' '+++ musl')" \
	sh -c "$q diff --releases | sed -n 's/\t.*//; /^[-+][-+][-+] /p'"
is "diff --releases: status 1 when a release differs" "1" sh -c "$q diff --releases > /dev/null; echo \$?"
is "diff of a system with itself: the headers, status 0" \
	"$(printf '%s\n' '--- glibc-2-26	glibc 2.26, Linux 6.12, x86_64' '+++ glibc-2-26	glibc 2.26, Linux 6.12, x86_64')" $q diff 2.26 2.26
want_rc=1
is "diff --abi: only the systems of those ABIs compared (no word of the others)" \
	"$(printf '%s\n' '--- glibc-2-26	glibc 2.26, Linux 6.12, x86_64' '+++ musl	musl 1.2.6, Linux 6.12, x86_64' \
		'x86_64	fork	only on musl' 'x86_64	fork/child	only on musl')" $q diff --abi x86_64 newglibc-2 alpine-3.24 fork
T=$((T + 1))
if grep -q 'not compared' "$SCRATCH/err"; then echo "not ok $T - ... and no ABI named as not compared"; sed 's/^/# /' "$SCRATCH/err"
else echo "ok $T - ... and no ABI named as not compared"
fi
want_rc=2
is "diff: an unknown system is refused, status 2" "" $q diff 2.25 vax
err_has "... naming it" "no system vax in the census"
is "diff: a distribution whose release is not measured is refused, status 2" "" $q diff ubuntu-18.04 2.26
err_has "... naming the release it needs" "ubuntu-18.04 ships glibc 2.27 .*it needs a system of glibc 2.27"
is "diff: a release with two systems of one ABI is refused, status 2" "" $q diff glibc-2.31 2.26
err_has "... naming them" "glibc-2.31 stands for two systems of ABI x86_64 \\(bullseye, later\\)"
is "diff: an unknown function is refused, status 2" "" $q diff 2.25 2.26 nosuch
err_has "... naming it" "no function nosuch"
is "diff with one system is refused, status 2" "" $q diff 2.25
err_has "... saying what it needs" "diff needs two systems"
is "diff --releases and two systems is refused, status 2" "" $q diff 2.25 2.26 --releases
err_has "... saying so" "not both"
want_rc=0

# Distributions
is "--on DISTRIBUTION: the systems of the release it ships" "x86_64${tab}open" $q --on oldglibc-1 open
err_has "... named on stderr with the system, and that its own patches may differ" \
	"oldglibc-1: glibc 2.25 \\(libc6 2.25-1\\) as measured on glibc-2-25; the distribution's own build of it, and its patches, may make other calls"
want_rc=1
is "--on a distribution whose release is not measured: nothing printed, status 1" "" $q --on ubuntu-18.04 open
err_has "... naming the release it needs and those measured" \
	"ubuntu-18.04 ships glibc 2.27 \\(libc6 2.27-3ubuntu1\\), a release the census has not measured: it needs a system of glibc 2.27 \\(it has glibc 2.25, 2.26, 2.31; musl 1.2.3, 1.2.6\\)"
want_rc=0
is "--allow-missing: the distributions that are measured answer" "x86_64${tab}openat" $q --on ubuntu-18.04,newglibc-2 --abi x86_64 --allow-missing open
is "-d lists the distributions, their release and its systems" \
	"$(printf '%s\n' 'ubuntu-18.04	glibc 2.27	not measured' 'oldglibc-1	glibc 2.25	glibc-2-25' 'newglibc-2	glibc 2.26	glibc-2-26,i386' \
		'alpine-3.16	musl 1.2.3	musl-1-2-3' 'alpine-3.24	musl 1.2.6	musl,arm64-musl')" $q -d
want_rc=2
printf 'distribution\tlibc\tversion\tpackage\tsource\ndebian-12\tglibc\t2.36\tlibc6\n' > "$SCRATCH/d1"
is "a bad distributions row is refused" "" env SECCOMP_CENSUS_DISTRIBUTIONS="$SCRATCH/d1" $q --on debian-12 open
err_has "... naming file and line" "d1:2: not a row of distribution"
printf 'distribution\tlibc\tversion\tpackage\tsource\nbullseye\tglibc\t2.31\tlibc6 2.31\tx\n' > "$SCRATCH/d2"
is "a distribution named like a system is refused" "" env SECCOMP_CENSUS_DISTRIBUTIONS="$SCRATCH/d2" $q --on bullseye open
err_has "... naming file and line" "d2:2: bullseye is the name of a system"
printf 'name\tlibc\n' > "$SCRATCH/d3"
is "a file that is not the distributions is refused" "" env SECCOMP_CENSUS_DISTRIBUTIONS="$SCRATCH/d3" $q -d
err_has "... naming file and line" "d3:1: not the distributions"
is "a missing distributions file named in the environment is refused" "" env SECCOMP_CENSUS_DISTRIBUTIONS="$SCRATCH/none" $q -d
err_has "... naming it" "no distributions: .*none"
want_rc=0

# The project's own data: every row well formed, each distribution's
# release a release, and those the census measures found.
is "census/distributions reads cleanly with the project's census" "" \
	sh -c "SECCOMP_CENSUS_DATA=census/census.tsv SECCOMP_CENSUS_DISTRIBUTIONS=census/distributions $q -d > /dev/null"
T=$((T + 1))
if SECCOMP_CENSUS_DATA=census/census.tsv SECCOMP_CENSUS_DISTRIBUTIONS=census/distributions $q -d | grep -q "^debian-13${tab}glibc 2.41${tab}trixie"; then
	echo "ok $T - debian-13 maps to the census's trixie"
else echo "not ok $T - debian-13 maps to the census's trixie"
fi

# libc_syscalls(7)'s table of distributions (ci/census/distributions)
check "libc_syscalls(7)'s distributions table is what ci/census/distributions makes of the data" \
	sh -c "ci/census/distributions > '$SCRATCH/dist.roff' && ci/census/page -m DISTRIBUTIONS check man7/libc_syscalls.7 '$SCRATCH/dist.roff'"
T=$((T + 1))
if ci/census/distributions tests/fixtures/census/distributions tests/fixtures/census/releases.tsv > "$SCRATCH/fix.roff" &&
   grep -q '^ubuntu\\-18.04	glibc 2.27	libc6 2.27\\-3ubuntu1	no$' "$SCRATCH/fix.roff" &&
   grep -q '^oldglibc\\-1	glibc 2.25	libc6 2.25\\-1	yes$' "$SCRATCH/fix.roff"; then
	echo "ok $T - the table says which releases the census measured"
else echo "not ok $T - the table says which releases the census measured"; sed 's/^/# /' "$SCRATCH/fix.roff"
fi
fails_with "the table generator refuses a bad row, naming file and line" "d1:2: not a row" \
	ci/census/distributions "$SCRATCH/d1" tests/fixtures/census/releases.tsv
done_testing
