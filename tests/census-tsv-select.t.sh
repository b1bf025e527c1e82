#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# ci/census/tsv-select.awk: make check compares the rows of census.tsv of
# the systems its run booted, and names the systems it left out.
. "$(dirname "$0")/lib.sh"
S=$SCRATCH
sel() { awk -f ci/census/tsv-select.awk "$@"; }
h='system	label	libc	version	kernel	abi	function	calls	failed'
{ echo '# census'; echo "$h"
  printf 'sid\t2.43\tglibc\t2.43\t7.2\tx86_64\topen\topenat\t\n'
  printf 'glibc-2-25\t2.25\tglibc\t2.25\t6.12\tx86_64\topen\topen\t\n'
  printf 'glibc-2-26\t2.26\tglibc\t2.26\t6.12\tx86_64\topen\topenat\t\n'; } > "$S/all"
{ echo '# run'; echo "$h"; printf 'sid\t2.43\tglibc\t2.43\t7.2\tx86_64\topen\topenat\t\n'; } > "$S/run"
sel "$S/run" "$S/all" > "$S/sel" 2> "$S/err"
sed '/^#/d' "$S/run" > "$S/run.rows"
sed '/^#/d' "$S/sel" > "$S/sel.rows"
check "the header and the rows of the systems the run booted are kept" cmp -s "$S/sel.rows" "$S/run.rows"
check "the comment lines are kept" grep -qx '# census' "$S/sel"
check "the systems left out are named on stderr" grep -qx 'not run: glibc-2-25 glibc-2-26' "$S/err"
sel "$S/all" "$S/all" > "$S/out2" 2> "$S/err2"
check "a run of every system keeps every line" cmp -s "$S/all" "$S/out2"
check "a run of every system leaves nothing out" test ! -s "$S/err2"
printf 'glibc-2-25\t2.25\tglibc\t2.25\t6.12\tx86_64\topen\topenat\t\n' >> "$S/run"
sel "$S/run" "$S/all" 2>/dev/null | sed '/^#/d' > "$S/out3.rows"
sed '/^#/d' "$S/run" > "$S/run3.rows"
fails_with "a row that differs on a booted system is a difference" "differ" cmp "$S/out3.rows" "$S/run3.rows"
done_testing
