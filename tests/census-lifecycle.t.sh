#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# ci/census/lifecycle: the rows of a program's life around its calls, as
# data for seccomp-census, checked against census/census.tsv and fixtures.
. "$(dirname "$0")/lib.sh"
S=$SCRATCH
lc() { awk -F '\t' -f ci/census/lifecycle.awk "$@"; }

check "every row listed is measured, every forced row is listed" lc ci/census/lifecycle census/census.tsv

printf 'system\tlabel\tlibc\tversion\tkernel\tabi\tfunction\tcalls\tfailed\n' > "$S/tsv"
printf 'sid\t2.43\tglibc\t2.43\t7.2\tx86_64\tthread-return/thread\tmadvise exit\t\n' >> "$S/tsv"
printf 'sid\t2.43\tglibc\t2.43\t7.2\tx86_64\tfork@clone3=ENOSYS\tclone3 clone\t\n' >> "$S/tsv"
printf 'thread-return\tpthread_create\tthe end of a thread\n' > "$S/list"
fails_with "a forced row missing from the list is named" \
	"tsv:3: fork@clone3=ENOSYS is measured with an answer forced but not listed" lc "$S/list" "$S/tsv"
printf 'fork@clone3=ENOSYS\tfork\tfork without clone3\n' >> "$S/list"
check "a row of created tasks counts for its row" lc "$S/list" "$S/tsv"
printf 'pthread_exit\tpthread_exit\tthe end of a thread\n' >> "$S/list"
fails_with "a row measured nowhere is named with its line" \
	"list:3: pthread_exit was measured on no system" lc "$S/list" "$S/tsv"
printf 'exit\tall\n' > "$S/short"
fails_with "a line without three fields is refused" "short:1: not 3 tab-separated fields" lc "$S/short" "$S/tsv"
done_testing
