#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# ci/census/changes: the block RELEASES of libc_syscalls(7), the changes of
# each C library's rows by release, made from `seccomp-census diff
# --releases` on a fixture census (tests/fixtures/census/changes.tsv: glibc
# 2.25, 2.26 and 2.31 on x86_64, musl 1.2.3 and 1.2.4 alike, glibc 2.41 and
# 2.43 on aarch64): the lines grouped by change, variants folded, each
# change under the first measured release that shows it, the notes naming
# releases, a stale page block refused; and the project's page checked
# against its census.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/census/changes.tsv
tab=$(printf '\t')
gen() { SECCOMP_CENSUS_DATA=$fx ci/census/changes "$@"; }
# ok WHAT STATUS [FILE]: a test line from STATUS, the status of the test
# before; when not 0, FILE (default: the block) is shown
ok() {
	T=$((T + 1))
	if [ "$2" = 0 ]; then echo "ok $T - $1"; else echo "not ok $T - $1"; sed 's/^/# /' "${3:-$SCRATCH/block}" | head -n 60; fi
}
# section RELEASE: the lines of the block from ".B RELEASE" to its .TE, or
# to the next release when it has no table
section() { sed -n "/^\\.B $1\$/,/^\\.TE\$/p" "$SCRATCH/block" | sed '1!{/^\.B /,$d}'; }
has() { grep -q -F -x -- "$1"; }

check "ci/census/changes makes a block of the fixture census" sh -c "SECCOMP_CENSUS_DATA=$fx ci/census/changes > '$SCRATCH/block' 2> '$SCRATCH/err' && [ -s '$SCRATCH/block' ] && [ ! -s '$SCRATCH/err' ]"

# Grouping: the rows of one pair with one change share a line.
section 'glibc 2.26' | has "+openat \\-open${tab}startup, open, fopen"
ok "rows with the same change are one line (startup, open, fopen)" $?
# Attribution: open -> openat shows first in 2.26, stat -> newfstatat in 2.31.
section 'glibc 2.31' | has "+newfstatat \\-stat${tab}stat"
ok "stat -> newfstatat is listed under 2.31, the first measured release showing it" $?
! section 'glibc 2.26' | grep -q newfstatat && ! section 'glibc 2.31' | grep -q 'openat \\-open'
ok "... and under no other release; open -> openat under 2.26 only" $?
# Folding: variants that changed as their row did are not named ...
! grep -q -e 'stat(2040)' -e 'stat@statx' -e 'open@first' "$SCRATCH/block"
ok "stat(2040), stat@statx=ENOSYS and open@first fold under stat and open" $?
# ... one that changed otherwise keeps its line, as a first call.
section 'glibc 2.31' | has "+getrandom +newfstatat \\-stat${tab}first call of stat"
ok "stat@first, changed otherwise, has its own line (first call of stat)" $?
section 'glibc 2.31' | has "+rseq${tab}pthread_create/thread"
ok "the row of a new thread is not folded under its function" $?
# Notes: systems named by their release.
section 'glibc 2.31' | has '\ \ failed\ in\ 2.26\ (errno\ ENOTSUP)	\&' &&
	! grep -q 'glibc\\-2\\-26' "$SCRATCH/block"
ok "'failed on glibc-2-26' becomes 'failed in 2.26', kept in one piece" $?
section 'glibc 2.31' | has "only in 2.31${tab}arc4random"
ok "a row of the newer release alone: 'only in 2.31'" $?
section 'glibc 2.31' | has "after 2.26, Linux 5.10 after 6.12:" &&
	section 'glibc 2.26' | has "after 2.25, both on Linux 6.12:"
ok "each pair names its releases and their kernels" $?
section 'musl 1.2.4' | has "after 1.2.3, both on Linux 6.12: no change."
ok "a pair without a change says so" $?
section 'glibc 2.26' | grep -q "^+openat \\\\-open${tab}(all)\$"
ok "the (all) line ends the table" $?
# Other ABIs: named, not listed.
grep -q '^The census also measured glibc 2.41 and 2.43 on aarch64:$' "$SCRATCH/block" &&
	! grep -q -e 'malloc' -e '^\.B glibc 2\.43' "$SCRATCH/block"
ok "the pairs of aarch64 are named in a sentence, their rows not listed" $?
# Long lists wrap inside 71 columns; the change's next lines are indented.
section 'glibc 2.31' | has '\&	setenv, putenv, strdup, textdomain,' &&
	section 'glibc 2.31' | has '\ \ +newfstatat +rseq \-lstat \-stat	\&'
ok "long cells wrap, a change's continuation indented" $?
if have groff col; then
	{ printf "'\\\\\" t\n.TH T 7\n.SH NAME\nt \\\\- t\n.SH DESCRIPTION\n"; cat "$SCRATCH/block"; } > "$SCRATCH/t.7"
	groff -t -man -rLL=78n -Tutf8 "$SCRATCH/t.7" 2> "$SCRATCH/groff.err" | col -b -p -x > "$SCRATCH/t.txt"
	[ ! -s "$SCRATCH/groff.err" ] && ! LC_ALL=C.UTF-8 grep -q '.\{80\}' "$SCRATCH/t.txt" && grep -q 'first call of fopen' "$SCRATCH/t.txt"
	ok "the block renders under 80 columns (groff, 78n as make lint)" $?
else skip "the block renders under 80 columns" "$missing"
fi

# Deterministic, and the same from a saved diff.
gen > "$SCRATCH/block2" && cmp -s "$SCRATCH/block" "$SCRATCH/block2"
ok "two runs print the same block" $?
SECCOMP_CENSUS_DATA=$fx census/seccomp-census diff --releases > "$SCRATCH/diff" || :
ci/census/changes "$SCRATCH/diff" > "$SCRATCH/block3" && cmp -s "$SCRATCH/block" "$SCRATCH/block3"
ok "a saved diff gives the same block" $?
gen --abi aarch64 > "$SCRATCH/block4" && grep -q "^\\\\-mmap${tab}malloc(1M)\$" "$SCRATCH/block4" &&
	grep -q 'The census also measured glibc 2.25, 2.26 and 2.31 on x86_64; and musl 1.2.3 and 1.2.4 on x86_64:' "$SCRATCH/block4"
ok "--abi aarch64 lists aarch64 and names the others" $?

# Bad input: named with its line, nothing printed.
{ sed -n 1,3p "$SCRATCH/diff"; echo "x86_64 garbage"; } > "$SCRATCH/bad.diff"
fails_with "a line that is not of seccomp-census diff is refused, naming file and line" \
	"bad\\.diff:4: not a line" ci/census/changes "$SCRATCH/bad.diff"
ci/census/changes "$SCRATCH/bad.diff" > "$SCRATCH/out2" 2> /dev/null; rc=$?
[ "$rc" = 2 ] && [ ! -s "$SCRATCH/out2" ]
ok "... with status 2 and nothing on stdout" $?
sed 's/failed on glibc-2-26/failed on nowhere/' "$SCRATCH/diff" > "$SCRATCH/bad2.diff"
fails_with "a note naming a system of neither release is refused" \
	"bad2\\.diff:[0-9]+: .*names a system of neither release" ci/census/changes "$SCRATCH/bad2.diff"
sed 's/(errno ENOTSUP)/(lost; then failed on glibc-2-25 (x))/' "$SCRATCH/diff" > "$SCRATCH/odd.diff"
ci/census/changes "$SCRATCH/odd.diff" | grep -q -F 'failed\ in\ 2.26\ (lost;\ then\ failed\ on\ glibc\-2\-25\ (x))'
ok "a failure's text is kept whole, whatever it holds" $?
fails_with "a census seccomp-census cannot read is trouble" "seccomp-census diff --releases failed \\(status 2\\)" \
	env SECCOMP_CENSUS_DATA="$SCRATCH/none.tsv" ci/census/changes

# A stale block: ci/census/page check fails, telling how to update.
printf '.TH T 7\n.SH NAME\nt \\- t\n.SH DESCRIPTION\n.\\" RELEASES BEGIN\n.\\" RELEASES END\n' > "$SCRATCH/page.7"
check "ci/census/page -m RELEASES update writes the block into a page" \
	sh -c "ci/census/page -m RELEASES update '$SCRATCH/page.7' '$SCRATCH/block' && ci/census/page -m RELEASES check '$SCRATCH/page.7' '$SCRATCH/block'"
sed "/^bullseye${tab}/s/${tab}lstat${tab}newfstatat${tab}/${tab}lstat${tab}lstat${tab}/" $fx > "$SCRATCH/newer.tsv"
SECCOMP_CENSUS_DATA="$SCRATCH/newer.tsv" ci/census/changes > "$SCRATCH/newblock"
fails_with "after a census change, the page's block is stale: check fails, saying what to run" \
	"page\\.7: census: the block differs .*run make update-census" \
	ci/census/page -m RELEASES check "$SCRATCH/page.7" "$SCRATCH/newblock"
grep -q -e '-+newfstatat \\-lstat' "$SCRATCH/out"
ok "... showing the line that went" $? "$SCRATCH/out"

# The project's page: its block is what the census gives (make check).
check "libc_syscalls(7)'s changes by release are what ci/census/changes makes of census/census.tsv" \
	sh -c "SECCOMP_CENSUS_DATA=census/census.tsv ci/census/changes > '$SCRATCH/real.roff' && ci/census/page -m RELEASES check man7/libc_syscalls.7 '$SCRATCH/real.roff'"
done_testing
