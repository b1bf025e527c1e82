#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The host side of the corpus run (ci/corpus/): the system call tables read
# from kernel headers, allowlists made into what corpus-load reads, and a
# guest's results held against the expected outputs, on fixtures
# (tests/fixtures/corpus: a guest whose programs pass, are killed, print
# something else, import functions the census does not measure, did not
# run, or got no allowlist).  corpus-load itself runs only in guests.
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/corpus
S=$SCRATCH
d=ci/corpus

awk -f $d/table.awk $fx/unistd_64.h > "$S/table"
check "a plain table: number and name" grep -qx '318	getrandom' "$S/table"
awk -v bit=1073741824 -f $d/table.awk $fx/unistd_x32.h > "$S/x32"
check "x32 numbers carry __X32_SYSCALL_BIT, as a filter sees them" grep -qx '1073742336	rt_sigaction' "$S/x32"
awk -f $d/table.awk $fx/unistd-eabi.h $fx/unistd-arm.h > "$S/arm"
check "armhf: __NR_SYSCALL_BASE + N and the private __ARM_NR_ calls" \
	sh -c 'grep -qx "341	sync_file_range2" "$1" && grep -qx "983042	cacheflush" "$1"' - "$S/arm"
check "an alias is left out (named under its own name)" sh -c '! grep -q arm_sync_file_range "$1"' - "$S/arm"
fails_with "an unreadable number names file and line" 'unistd-bad.h:2: cannot read the number of odd' \
	awk -f $d/table.awk $fx/unistd-bad.h

awk -v abi=x86_64 -f $d/resolve.awk "$S/table" $fx/list > "$S/nr"
check "an allowlist becomes NUMBER NAME lines, each call once, in order" \
	test "$(cat "$S/nr")" = "$(printf '0 read\n1 write\n231 exit_group')"
printf 'read\nmadvise\n' > "$S/bare"
check "bare names (no ABI column) are read too" \
	test "$(awk -v abi=x86_64 -f $d/resolve.awk "$S/table" "$S/bare" | xargs)" = "0 read 28 madvise"
fails_with "a call of another ABI is named with its line" 'list-bad:2: a call of ABI i386, not x86_64: socketcall' \
	awk -v abi=x86_64 -f $d/resolve.awk "$S/table" $fx/list-bad
fails_with "a name the ABI lacks is named with its line" 'list-bad:3: no system call nosuchcall on x86_64' \
	awk -v abi=x86_64 -f $d/resolve.awk "$S/table" $fx/list-bad
check "a bad allowlist prints nothing for corpus-load" \
	test -z "$(awk -v abi=x86_64 -f $d/resolve.awk "$S/table" $fx/list-bad 2>/dev/null)"

# The Debian system of a guest whose C library is built from source: the
# glibc guest of its suite with the same first ABI (its commands, /bin/sh
# among them, run on that library).
printf '# a comment\nsrc   bullseye trixie glibc x86_64 - history source:glibc-2.25\nbull  bullseye bullseye glibc x86_64 - default debian:bullseye\nbull32 bullseye bullseye glibc i386,x86_64 - default debian:bullseye\nmbull bullseye trixie musl x86_64 - default debian:bullseye\n' > "$S/guests.list"
check "suite-system.awk: the glibc guest of the suite, for that first ABI" \
	sh -c '[ "$(awk -v suite=bullseye -v abi=x86_64 -f "$1" "$2")" = bull ] && [ "$(awk -v suite=bullseye -v abi=i386 -f "$1" "$2")" = bull32 ]' - $d/suite-system.awk "$S/guests.list"
check "suite-system.awk: nothing for a suite no Debian guest has" \
	sh -c '[ -z "$(awk -v suite=sid -v abi=x86_64 -f "$1" "$2")" ]' - $d/suite-system.awk "$S/guests.list"

awk -f $d/compare.awk -v guest=alpha -v tsv="$S/tsv" "$S/table" $fx/manifest $fx/results > "$S/tap"
st() { awk -F '\t' -v t="$1" '$2 == t { print $3 }' "$S/tsv"; }
det() { awk -F '\t' -v t="$1" '$2 == t { print $4 }' "$S/tsv"; }
check "a program that printed its expected output and exited 0 passes" test "$(st corpus:pass)" = pass
check "a kill fails, naming the call from the diagnosis run's number" \
	test "$(det corpus:kill)" = "killed by SIGSYS at madvise (28): not in the allowlist"
check "what the diagnosis run printed is not held against the output" \
	sh -c '! grep -q "never printed" "$1"' - "$S/tap"
check "other output fails, with expected and printed lines" \
	sh -c 'test "$(awk -F "\t" "\$2 == \"corpus:diff\" { print \$3 }" "$2")" = fail && grep -q "^    # -b\$" "$1" && grep -q "^    # +c\$" "$1"' - "$S/tap" "$S/tsv"
check "unmeasured imports make a known gap, not a pass, though it ran" \
	sh -c 'test "$(awk -F "\t" "\$2 == \"outside:gapok\" { print \$3 }" "$1")" = gap && grep -q "^    ok 4 - outside:gapok # TODO known gap: 1 of 3 imported functions measured; unmeasured: fnmatch, qsort\$" "$2"' - "$S/tsv" "$S/tap"
check "a known gap that was killed says at which call" \
	sh -c 'grep -q "outside:gapkill	gap	2 of 3 .*unmeasured: ioctl; killed by SIGSYS at getrandom (318)" "$1"' - "$S/tsv"
check "a program that did not run fails" test "$(det corpus:notrun)" = "did not run"
check "no coverage line is a known gap, never a pass" test "$(st corpus:nocov)" = gap
check "a program without an allowlist fails with the reason" \
	test "$(det corpus:unlisted)" = "seccomp-census --for made no allowlist: no function x"
check "a skipped program is a skip with its reason" test "$(st outside:ls)" = skip
check "a later S line replaces a test's T line" test "$(st corpus:foreign)" = skip
check "a call of another architecture is named so, not by this ABI's name" \
	test "$(det corpus:foreign2)" = "killed by SIGSYS at a call of another architecture or ABI (arch 0xc000003e, number 12)"
check "a static program, whose imports --for cannot read, is a known gap, not run" \
	sh -c 'grep -q "^alpha	corpus:static	gap	not run: no dynamic symbol table" "$1" && grep -q "^    not ok [0-9]* - corpus:static # TODO known gap: not run:" "$2"' - "$S/tsv" "$S/tap"
check "an x86-64 call in an x32 program is named so" \
	test "$(det corpus:foreign3)" = "killed by SIGSYS at a call of another architecture or ABI (arch 0xc000003e, an x86-64 call, number 12)"
check "the plan counts every program" test "$(sed -n 's/^    1\.\.//p' "$S/tap")" = "$(wc -l < "$S/tsv")"
grep -v 'corpus:setup' $fx/results > "$S/nosetup"
awk -f $d/compare.awk -v guest=alpha -v tsv="$S/tsv2" "$S/table" $fx/manifest "$S/nosetup" > /dev/null
check "a set-up that did not run fails" grep -q 'corpus:setup	fail	the set-up (corpus-load -u) did not run' "$S/tsv2"

awk -F '\t' -f $d/totals.awk "$S/tsv" > "$S/totals"
check "the totals count gaps apart from passes" \
	grep -qx '# Totals: 1 passed, 6 failed, 2 skipped, 4 known gaps (counted as skipped, never as passed)' "$S/totals"
check "the kill list names guest, program and call" \
	grep -qx '# killed: alpha corpus:kill: killed by SIGSYS at madvise (28): not in the allowlist' "$S/totals"
check "a killed known gap is listed as one" grep -q '^# killed: alpha outside:gapkill: .*getrandom (318).*(a known gap)$' "$S/totals"
ip() { awk -v path="$1" -f $d/image-path.awk $fx/image.list; }
check "image-path: /bin/sh through a linked /bin and sh -> dash" test "$(ip /bin/sh)" = usr/bin/dash
check "image-path: an absolute link with .. in it" test "$(ip /bin/abs)" = usr/bin/dash
fails_with "image-path: a path not in the image is named" '/bin/nosuch: not in the image \(usr/bin/nosuch\)' ip /bin/nosuch
fails_with "image-path: links that go round are refused" 'too many symbolic links' ip /bin/loop1
fails_with "image-path: a directory is no file" 'not a regular file \(usr/bin\)' ip /bin
for c in $d/load.c corpus/*.c; do
	grep -q 'SPDX-License-Identifier: GPL-2.0-or-later' "$c" || echo "$c: no SPDX line"
done > "$S/spdx"
check "every corpus program and the loader carry the SPDX line" test ! -s "$S/spdx"
for c in corpus/*.c; do
	[ -f "${c%.c}.out" ] || echo "$c: no ${c%.c}.out"
done > "$S/outs"
while read -r o path args; do
	case $o in '#'* | '') continue;; esac
	[ -f "corpus/outside/$o.out" ] || echo "ci/corpus/outside: $o: no corpus/outside/$o.out"
done < $d/outside >> "$S/outs"
check "every program has its expected output beside it" test ! -s "$S/outs"
check "the corpus has at least 12 programs" test "$(ls corpus/*.c | wc -l)" -ge 12
done_testing
