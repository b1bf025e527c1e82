#!/bin/sh
# Sessions: reading them from a page, planning them for a guest, comparing
# what a guest printed.  Pure: no guest is booted here (tests/guests.t.sh does).
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/sessions
check "a page's examples, sessions and annotations become the expected plan" \
	sh -c "ci/pages/extract-sessions $fx/demo.2 | diff $fx/demo.2.plan -"
for case in \
	"bad-key.2:6: unknown session annotation GUSETS" \
	"bad-exit.2:7: EXIT: wants a number" \
	"bad-request.2:7: request .sp is not allowed" \
	"late-guests.2:7: GUESTS: must come before the first command" \
	"unclosed.2:5: .EX without .EE" \
	"stray-annotation.2:6: annotation VARY: outside a session" \
	"bad-guest.2:6: GUESTS: unknown guest \"nosuch\" \\(guests: bullseye bookworm" \
	"bad-selector.2:6: GUESTS: glibc wants a version such as 2.34, not \"two\"" \
	"bad-src-guests.2:6: GUESTS: libc is glibc or musl, not \"uclibc\"" \
	"bad-vary.2:6: VARY: \"pid \\(\\[0-9\\]\\+\" is not an extended regular expression: " \
	"empty-vary.2:6: VARY: \"\\[0-9\\]\\*\" matches the empty string" \
	"bad-alone.2:6: ALONE: wants the reason"
do
	fails_with "${case%%:*}: a malformed session names page and line" "^$fx/$case" ci/pages/extract-sessions "$fx/${case%%:*}"
done

ex=$SCRATCH/examples; mkdir -p "$ex/demo.2"
printf 'int main(void) { return 0; }\n' > "$ex/demo.2/hello.c"
printf '#include <seccomp.h>\nint main(void) { return 0; }\n' > "$ex/demo.2/x32only.c"
ci/pages/plan-guest $fx/guest-glibc "$ex" "$SCRATCH/g" $fx/demo.2.plan
ci/pages/plan-guest $fx/guest-musl "$ex" "$SCRATCH/m" $fx/demo.2.plan
check "GUESTS: libc=glibc selects the glibc guest" grep -q '^T	demo.2:hello:13	' "$SCRATCH/g/expect"
check "GUESTS: alternatives (OR) select the musl guest; AND of conditions does not" \
	sh -c "grep -q '^T	demo.2:hello:28	' '$SCRATCH/m/expect' && ! grep -q ':13	' '$SCRATCH/m/expect'"
check "root's prompt runs as uid 0, the user's as 1000" \
	sh -c "grep -q '^cmd demo.2:28:28 0 10 /home/user/demo.2' '$SCRATCH/m/script' && grep -q '^cmd demo.2:13:13 1000 10 ' '$SCRATCH/g/script'"
check "an example for an ABI the guest lacks is not built, with the reason" \
	grep -q '^N	demo.2	x32only.c	ABI x32 not offered' "$SCRATCH/g/expect"
check "the build list has the example and its ABI" grep -q '^demo.2	hello.c	x86_64' "$SCRATCH/g/build"
printf 'int main(void) { return 0; }\n' > "$ex/demo.2/either.c"
printf 'P\tdemo.2\tdemo.2\nE\teither.c\t1\t\taarch64 x86_64\nS\t5\t\t10\nC\t5\t1000\t./either\n' > "$SCRATCH/either.plan"
ci/pages/plan-guest $fx/guest-glibc "$ex" "$SCRATCH/e" "$SCRATCH/either.plan" 2>/dev/null || :
check "ABI: several ABIs: the first the guest offers" grep -q '^demo.2	either.c	x86_64' "$SCRATCH/e/build"

label="fakeglibc (glibc 2.36, Linux 6.1.0-40, x86_64)"
check "output as the page shows it passes (VARY masks the pid)" \
	ci/report/compare-results "$SCRATCH/g/expect" $fx/results-pass "$label" "$SCRATCH/tsv"
fails_with "wrong output fails, naming page, example, command and guest, with a diff" \
	'demo.2: example hello, session at line 13, on fakeglibc \(glibc 2.36, Linux 6.1.0-40, x86_64\): output of "./hello -n 3" differs.*' \
	ci/report/compare-results "$SCRATCH/g/expect" $fx/results-fail "$label" "$SCRATCH/tsv"
fails_with "the diff shows the page's line and the guest's line" '^    # \+four' \
	ci/report/compare-results "$SCRATCH/g/expect" $fx/results-fail "$label" "$SCRATCH/tsv"
fails_with "a command killed by SIGSYS shows the shell's message and its status" \
	'\+Bad system call.*|exited with status 159, the page says 0' \
	ci/report/compare-results "$SCRATCH/g/expect" $fx/results-fail "$label" "$SCRATCH/tsv"
fails_with "a timeout is reported as TIMEOUT for that command" '\+\[TIMEOUT' \
	ci/report/compare-results "$SCRATCH/g/expect" $fx/results-timeout "$label" "$SCRATCH/tsv"
fails_with "a guest that printed nothing fails every session" 'did not run' \
	ci/report/compare-results "$SCRATCH/g/expect" /dev/null "$label" "$SCRATCH/tsv"
# A flood: more lines than are kept, and more cut by the guest (SP-CUT).
{
	echo 'SP-READY 6.1.0-40-amd64'; echo 'SP-BEGIN demo.2:13:13'
	awk 'BEGIN { for (i = 1; i <= 12000; i++) printf "| line %d\n", i }'
	echo 'SP-CUT demo.2:13:13 500 4000'; echo 'SP-END demo.2:13:13 timeout'
	echo 'SP-BEGIN demo.2:13:17'; echo '| piped'; echo 'SP-END demo.2:13:17 exit 0'; echo 'SP-DONE'
} > "$SCRATCH/flood"
mkdir "$SCRATCH/fl"
ci/report/compare-results "$SCRATCH/g/expect" "$SCRATCH/flood" "$label" "$SCRATCH/fl/tsv" > "$SCRATCH/fl/tap"
check "a flood keeps 10000 lines and counts the rest as cut (guest's and its own)" \
	sh -c "grep -qx '+\[output cut: 2500 more lines (26000 bytes) not kept\]' '$SCRATCH/fl/diffs/demo.2-hello-13.diff' && grep -q 'differs (2500 lines cut)' '$SCRATCH/fl/tsv' && [ \$(grep -c '^+line ' '$SCRATCH/fl/diffs/demo.2-hello-13.diff') -eq 10000 ]"
check "... shows 40 lines of its diff, how many more, and the file with all of it" \
	sh -c "[ \$(grep -c '^    # ' '$SCRATCH/fl/tap') -eq 42 ] && grep -qx '    # ... 9970 more lines; the whole diff: $SCRATCH/fl/diffs/demo.2-hello-13.diff' '$SCRATCH/fl/tap'"
check "results.tsv records pass and fail per guest and test" \
	sh -c "grep -q '^fakeglibc	demo.2:hello:13	pass	' '$SCRATCH/tsv' && grep -q '^fakeglibc	demo.2:hello:13	fail	' '$SCRATCH/tsv'"

# ALONE: the pages with such a session run after every other, alone.
printf 'P\tx/alone.2\talone.2\nS\t5\t\t10\tneeds the guest to itself\nC\t6\t1000\techo a\nO\ta\nS\t9\t\t10\t\nC\t10\t1000\techo a2\n' > "$SCRATCH/alone.plan"
printf 'P\tx/b.2\tb.2\nS\t5\t\t10\t\nC\t6\t1000\techo b\nO\tb\n' > "$SCRATCH/b.plan"
ci/pages/plan-guest $fx/guest-glibc "$ex" "$SCRATCH/al" "$SCRATCH/alone.plan" "$SCRATCH/b.plan"
printf '%s\n' '# seccomp-pages: commands for the guest /init; see ci/guests/guest-init.c' \
	'cmd b.2:5:6 1000 10 /home/user/b.2' 'echo b' 'lanes 1' \
	'cmd alone.2:5:6 1000 10 /home/user/alone.2' 'echo a' \
	'cmd alone.2:9:10 1000 10 /home/user/alone.2' 'echo a2' > "$SCRATCH/al.want"
check "ALONE: its whole page goes after the others, in a section of one lane" \
	diff -u "$SCRATCH/al.want" "$SCRATCH/al/script"
# An ALONE: session that does not run on the guest leaves its page beside
# the others.
printf 'P\tx/alone.2\talone.2\nS\t5\tlibc=musl\t10\tneeds the guest to itself\nC\t6\t1000\techo a\nO\ta\nS\t9\t\t10\t\nC\t10\t1000\techo a2\n' > "$SCRATCH/alone-musl.plan"
ci/pages/plan-guest $fx/guest-glibc "$ex" "$SCRATCH/alg" "$SCRATCH/alone-musl.plan" "$SCRATCH/b.plan"
printf '%s\n' '# seccomp-pages: commands for the guest /init; see ci/guests/guest-init.c' \
	'cmd alone.2:9:10 1000 10 /home/user/alone.2' 'echo a2' 'cmd b.2:5:6 1000 10 /home/user/b.2' 'echo b' > "$SCRATCH/alg.want"
check "... but not where that session does not run" diff -u "$SCRATCH/alg.want" "$SCRATCH/alg/script"

# Plans for a run (ci/pages/plan-pages): in the order given, the same as
# extract-sessions makes them, kept in the cache by the page's path and text.
pc=$SCRATCH/plan-cache pp=$SCRATCH/pp
mkdir -p "$pp/other"
cp $fx/demo.2 "$pp/demo.2"; cp $fx/demo.2 "$pp/other/demo.2"
SECCOMP_PAGES_CACHE=$pc ci/pages/plan-pages "$pp/a" "$pp/demo.2" $fx/bad-key.2 > "$SCRATCH/pp.out" 2>&1; rc=$?
check "a page that cannot be read fails the planning, named with its line" \
	sh -c "[ $rc -eq 1 ] && grep -q '^$fx/bad-key.2:6: unknown session annotation' '$SCRATCH/pp.out'"
check "... and only the page that could be read is cached" \
	sh -c "[ \$(find '$pc/plans' -type f ! -name '*.sum' | wc -l) -eq 1 ]"
SECCOMP_PAGES_CACHE=$pc ci/pages/plan-pages "$pp/b" "$pp/other/demo.2" "$pp/demo.2"
check "plans are named in the order of the pages and equal extract-sessions' output" \
	sh -c "ci/pages/extract-sessions '$pp/other/demo.2' | cmp - '$pp/b/001-demo.2.plan' && ci/pages/extract-sessions '$pp/demo.2' | cmp - '$pp/b/002-demo.2.plan'"
check "the same text under another path is another plan (its P line names the path)" \
	grep -q "^P	$pp/other/demo.2	demo.2\$" "$pp/b/001-demo.2.plan"
# Mark the cached plan: a run that takes it from the cache shows the mark.
for f in "$pc"/plans/*/*; do
	case $f in *.sum | *.stamp | */set-*) continue;; esac
	printf 'O\tfrom the cache\n' >> "$f"; cksum < "$f" > "$f.sum"
done
SECCOMP_PAGES_CACHE=$pc ci/pages/plan-pages "$pp/c" "$pp/demo.2"
check "an unchanged page's plan comes from the cache" grep -q '^O	from the cache$' "$pp/c/001-demo.2.plan"
# A cached plan cut short is not used: the page is read again.
for f in "$pc"/plans/*/* "$pc"/plans/*/set-*/*.plan; do case $f in *.sum | *.stamp) ;; *) [ -d "$f" ] || truncate -s 10 "$f";; esac; done
SECCOMP_PAGES_CACHE=$pc ci/pages/plan-pages "$pp/e" "$pp/demo.2"
check "a cached plan that differs from its sum is not used" \
	sh -c "ci/pages/extract-sessions '$pp/demo.2' | cmp - '$pp/e/001-demo.2.plan'"
printf '.\\" a changed page\n' >> "$pp/demo.2"
SECCOMP_PAGES_CACHE=$pc ci/pages/plan-pages "$pp/d" "$pp/demo.2"
check "a changed page is read again" \
	sh -c "! grep -q '^O	from the cache$' '$pp/d/001-demo.2.plan' && ci/pages/extract-sessions '$pp/demo.2' | cmp - '$pp/d/001-demo.2.plan'"
# The plans of a run as one entry (a set): an unchanged run takes them in one go.
set=$(ls -td "$pc"/plans/*/set-* | sed -n 1p)   # the newest: that of demo.2 as it is
for f in "$set"/*.plan; do printf 'O\tfrom the set\n' >> "$f"; done
sh -c '. ci/cache && cache_seal "$1" && rm -f "$1.stamp"' - "$set"
SECCOMP_PAGES_CACHE=$pc ci/pages/plan-pages "$pp/f" "$pp/demo.2"
check "an unchanged run's plans come from the cache as one set" grep -q '^O	from the set$' "$pp/f/001-demo.2.plan"
for f in "$set"/*.plan; do truncate -s 10 "$f"; done
SECCOMP_PAGES_CACHE=$pc ci/pages/plan-pages "$pp/g" "$pp/demo.2"
check "a set whose plan differs from its sums is not used, but dropped and made again" sh -c '
	ci/pages/extract-sessions "$1" | cmp - "$2" && . ci/cache && cache_verify "$3" && cmp "$2" "$3/001-demo.2.plan"' - "$pp/demo.2" "$pp/g/001-demo.2.plan" "$set"
done_testing
