#!/bin/sh
# The census: tables from fixture probe records (tests/fixtures/census),
# the page's block checked and updated, the probe built (never run here).
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/census
SP_GUESTS_LIST=$fx/guests.list
CENSUS_HISTORY=$fx/history
CENSUS_CAPABILITIES=$fx/capabilities
CENSUS_TIMING=$fx/timing
export SP_GUESTS_LIST CENSUS_HISTORY CENSUS_CAPABILITIES CENSUS_TIMING
S=$SCRATCH
tline="'\\\" t"

# Parts of a page outside its census block.
outside() { awk '/CENSUS BEGIN/ { on = 1 } !on { print } /CENSUS END/ { on = 0 }' "$1"; }

# ---- ci/census/table ----
ci/census/table roff $fx/guests > "$S/block1"
ci/census/table roff $fx/guests > "$S/block2"
check "the roff block is the same on every run" cmp "$S/block1" "$S/block2"
check "the roff block is the expected one" diff -u $fx/expected.roff "$S/block1"
text_is_expected() { ci/census/table text $fx/guests | diff -u $fx/expected.txt -; }
check "the plain table is the expected one" text_is_expected
guest_order() { sed -n 's/^\.\\" census-guest: [^ ]* //p' "$S/block1" | diff - $fx/guests.list; }
check "the columns follow the guest list" guest_order
history_marked() {
	grep -q "	glibc\\\\ <\\\\ 2.26$" "$S/block1" &&
		grep -q "^\\\\&		(history\\\\ 1)$" "$S/block1" &&
		grep -q '^Sources of the history rows' "$S/block1" &&
		grep -q 'ChangeLog.18' "$S/block1" &&
		ci/census/table text $fx/guests | grep -q '^history: open: glibc < 2.26: open'
}
check "history rows are marked, with their source" history_marked
check "the project's own history and capabilities files are read" \
	env CENSUS_HISTORY=ci/census/history CENSUS_CAPABILITIES=ci/census/capabilities \
	ci/census/table roff $fx/guests
two_guests() {
	ci/census/table text $fx/guests musl bullseye > "$S/two" &&
		sed -n 4p "$S/two" | grep -q '^musl ' && sed -n 5p "$S/two" | grep -q '^2.31 ' &&
		[ -z "$(sed -n 6p "$S/two")" ]
}
check "guests given on the command line select and order the columns" two_guests
run_guest_layout() {
	for g in sid bookworm; do
		mkdir -p "$S/lay/$g"
		cp $fx/guests/$g.census "$S/lay/$g/census"
		cp $fx/guests/$g.info "$S/lay/$g/info"
	done
	mkdir -p "$S/lay/other"
	[ "$(ci/census/table text "$S/lay" | sed -n '4,6p' | awk '{ printf "%s ", $2 }')" = "bookworm sid  " ]
}
check "ci/guests/run-guest's layout (GUEST/census, GUEST/info) is read too" run_guest_layout

cp -R $fx/guests "$S/bad"
printf 'E stat the call: killed\n' >> "$S/bad/trixie.census"
fails_with "a failed measurement fails the table, naming the guest" \
	"census/table: trixie: the probe failed: stat the call" ci/census/table roff "$S/bad"
cp $fx/guests/trixie.census "$S/bad/"
sed -i '/^T /d' "$S/bad/sid.census"
fails_with "records without the T line fail the table" \
	"census/table: sid: .* ends before the T record" ci/census/table text "$S/bad"
cp $fx/guests/sid.census "$S/bad/"
sed -i 's/clocksource=[^ ]*/clocksource=refined-jiffies/' "$S/bad/musl.census"
fails_with "a clock source without vDSO fails the table" \
	"census/table: musl: clock source refined-jiffies has no vDSO" ci/census/table roff "$S/bad"


# ---- the second witness (W records of ci/census/trace.c) ----
# The second witness is one only while it shares nothing of the first's
# observing: no seccomp in census-trace, which includes no probe code.
independent() {
	! grep -Eq 'include *[<"](linux/seccomp\.h|probe\.c)|SECCOMP_|NOTIF' ci/census/trace.c &&
		grep -q 'PTRACE_GET_SYSCALL_INFO\|W_GET_SYSCALL_INFO' ci/census/trace.c
}
check "census-trace uses ptrace and none of the probe's notification code" independent
cp -R $fx/guests "$S/wit"
sed -i 's/^W stat newfstatat$/W stat brk newfstatat/' "$S/wit/bookworm.census"
fails_with "a row the tracer saw otherwise fails, naming guest, function and both lists" \
	"^census/table: bookworm: stat: the probe \\(seccomp notification\\) saw \\[newfstatat\\], the tracer \\(ptrace\\) saw \\[brk newfstatat\\]\$" \
	ci/census/table roff "$S/wit"
no_block() { [ ! -s "$S/wit.roff" ]; }
ci/census/table roff "$S/wit" > "$S/wit.roff" 2>/dev/null || :
check "a disagreement leaves no block to write" no_block
check_alone() {
	ci/census/table check "$S/wit" > "$S/wit.check" 2>&1; rc=$?
	[ $rc -eq 1 ] && grep -qx "census/table: bookworm: stat: the probe (seccomp notification) saw \[newfstatat\], the tracer (ptrace) saw \[brk newfstatat\]" "$S/wit.check" &&
		[ "$(wc -l < "$S/wit.check")" -eq 1 ] && ci/census/table check $fx/guests && [ -z "$(ci/census/table check $fx/guests 2>&1)" ]
}
check "check: the same checks, with no table, and silent on good records" check_alone
cp $fx/guests/bookworm.census "$S/wit/"
sed -i 's/^W socket socketcall$/W socket socket/' "$S/wit/i386.census"
fails_with "i386: a socketcall the tracer names otherwise fails too" \
	"census/table: i386: socket: the probe \\(seccomp notification\\) saw \\[socketcall\\], the tracer \\(ptrace\\) saw \\[socket\\]" \
	ci/census/table tsv "$S/wit"
cp $fx/guests/i386.census "$S/wit/"
sed -i '/^W /d' "$S/wit/musl.census"
fails_with "a guest without W records fails: the witness did not run" \
	"census/table: musl: no W records: the second witness \\(census-trace\\) did not run" \
	ci/census/table check "$S/wit"
cp $fx/guests/musl.census "$S/wit/"
sed -i '/^W pthread_create\/thread /d' "$S/wit/sid.census"
fails_with "a thread the probe saw and the tracer did not fails" \
	"census/table: sid: pthread_create/thread: the probe \\(seccomp notification\\) saw \\[.*\\], the tracer \\(ptrace\\) saw \\[\\]" \
	ci/census/table roff "$S/wit"
cp $fx/guests/sid.census "$S/wit/"
sed -i '/^W open openat$/d' "$S/wit/trixie.census"
fails_with "a row the tracer wrote nothing for fails" \
	"census/table: trixie: open: the probe saw \\[openat\\], the tracer wrote no record" \
	ci/census/table roff "$S/wit"
cp $fx/guests/trixie.census "$S/wit/"
printf 'W fork/grandchild exit_group\n' >> "$S/wit/x32.census"
fails_with "a row only the tracer wrote fails" \
	"census/table: x32: fork/grandchild: the tracer saw \\[exit_group\\], the probe wrote no record" \
	ci/census/table roff "$S/wit"
cp $fx/guests/x32.census "$S/wit/"
sed -i 's/^WO fchmodat errno EOPNOTSUPP$/WO fchmodat errno EPERM/' "$S/wit/bullseye.census"
fails_with "a call that failed otherwise under the tracer fails" \
	"census/table: bullseye: fchmodat: the failure under the probe \\[errno EOPNOTSUPP\\], under the tracer \\[errno EPERM\\]" \
	ci/census/table roff "$S/wit"
cp $fx/guests/bullseye.census "$S/wit/"
# ci/census/timing: a call that depends on timing, with its reason.
printf 'stat\tbrk\tall\tthe heap is set up or not (fixture)\n' > "$S/timing"
sed -i 's/^W stat newfstatat$/W stat brk newfstatat/' "$S/wit/bookworm.census"
timed_row() {
	CENSUS_TIMING="$S/timing" ci/census/table roff "$S/wit" > "$S/timed.roff" &&
		grep -q '^\\^	newfstatat brk (timing: brk)	others$' "$S/timed.roff" &&
		grep -q '^stat	stat brk (timing: brk)	2.31 musl$' "$S/timed.roff"
}
check "a call ci/census/timing names may differ; the row always lists it, with a note" timed_row
sed -i 's/^W stat brk newfstatat$/W stat brk fstat/' "$S/wit/bookworm.census"
fails_with "any other difference in that row still fails" \
	"census/table: bookworm: stat: apart from brk \\(ci/census/timing\\), the probe \\(seccomp notification\\) saw \\[newfstatat\\], the tracer \\(ptrace\\) saw \\[brk fstat\\]" \
	env CENSUS_TIMING="$S/timing" ci/census/table roff "$S/wit"
printf 'stat\tbrk\tmusl, glibc 2.31\tthe heap (fixture)\n' > "$S/timing"
sed -i 's/^W stat brk fstat$/W stat brk newfstatat/' "$S/wit/bookworm.census"
fails_with "a timing rule holds only on the systems it names" \
	"census/table: bookworm: stat: the probe \\(seccomp notification\\) saw \\[newfstatat\\], the tracer \\(ptrace\\) saw \\[brk newfstatat\\]" \
	env CENSUS_TIMING="$S/timing" ci/census/table roff "$S/wit"
printf 'stat\tbrk\tmusl, glibc 2.36\tthe heap (fixture)\n' > "$S/timing"
check "... and on a release it names" env CENSUS_TIMING="$S/timing" ci/census/table roff "$S/wit"
printf 'stat\tbrk\tall\n' > "$S/timing"
fails_with "a timing rule without its reason is refused" \
	"census/table: .*timing: not 4 tab-separated fields: stat	brk	all" \
	env CENSUS_TIMING="$S/timing" ci/census/table roff "$S/wit"
cp $fx/guests/bookworm.census "$S/wit/"
check "the project's own timing file is read" env CENSUS_TIMING=ci/census/timing ci/census/table roff "$S/wit"
check "the witnesses agreeing again, the table is made" ci/census/table roff "$S/wit"
# ---- ci/census/page ----
cp $fx/page.2 "$S/page.2"
fails_with "a stale block fails the check, cell by cell" \
	"census: _exit on bookworm: page says nothing, guests say exit_group" \
	ci/census/page check "$S/page.2" "$S/block1"
fails_with "tables without '\\\" t on the first line fail the check" \
	"page.2:1: census: the page has tables but its first line is not " \
	ci/census/page check "$S/page.2" "$S/block1"
check "update writes the block" ci/census/page update "$S/page.2" "$S/block1"
check "after update the check passes" ci/census/page check "$S/page.2" "$S/block1"
first_is_t() { [ "$(head -n 1 "$S/page.2")" = "$tline" ]; }
check "update adds '\\\" t as the first line" first_is_t
same_outside() { outside "$S/page.2" | sed 1d | cmp - "$S/outside.old"; }
outside $fx/page.2 > "$S/outside.old"
check "update changes nothing outside the block" same_outside
if have mandoc groff; then
	check "the updated page lints clean" ci/pages/lint-pages "$S/page.2"
else
	skip "the updated page lints clean" "$missing"
fi

# A changed cell: bookworm's stat() now makes fstat.
cp -R $fx/guests "$S/changed"
sed -i 's/^\([FW]\) stat newfstatat$/\1 stat fstat/' "$S/changed/bookworm.census"
ci/census/table roff "$S/changed" > "$S/block3"
fails_with "a changed cell fails the check, naming function and guest" \
	"^$S/page.2: census: stat on bookworm: page says newfstatat, guests say fstat\$" \
	ci/census/page check "$S/page.2" "$S/block3"
one_cell() { [ "$(ci/census/page check "$S/page.2" "$S/block3" | grep -c ' on ')" = 1 ]; }
check "only the changed cell is reported" one_cell
cp -R $fx/guests "$S/cap"
sed -i 's/^\([FW]\) readdir getdents64$/\1 readdir getdents/' "$S/cap/bookworm.census"
ci/census/table roff "$S/cap" > "$S/block7"
fails_with "a changed capability group is named" \
	"census: capability \"inspect a file\": page says fstat getdents64 .*, guests say fstat getdents getdents64 " \
	ci/census/page check "$S/page.2" "$S/block7"
sed -i 's/^R faccessat deny=faccessat2 filter=eperm result=errno EPERM$/R faccessat deny=faccessat2 filter=eperm result=works/' \
	"$S/changed/trixie.census"
ci/census/table roff "$S/changed" > "$S/block4"
fails_with "a changed fallback result names function, call, answer and guest" \
	"census: faccessat with faccessat2 answered EPERM on trixie: page says EPERM, guests say works" \
	ci/census/page check "$S/page.2" "$S/block4"
sed -i 's/^\([FW]\) open openat$/\1 open open/' "$S/changed/sid.census"
ci/census/table roff "$S/changed" > "$S/block5"
fails_with "a cell hidden in 'others' is named by its guest" \
	"census: open on sid: page says openat, guests say open" \
	ci/census/page check "$S/page.2" "$S/block5"
update_then_check() {
	ci/census/page update "$S/page.2" "$S/block5" && ci/census/page check "$S/page.2" "$S/block5"
}
check "update then makes the check pass" update_then_check
sed 's/^Each system call is listed once/Every system call is listed once/' "$S/block5" > "$S/block6"
fails_with "a change of prose only is shown as a diff" \
	"the block differs from the generated one .prose or legend." \
	ci/census/page check "$S/page.2" "$S/block6"

# A row of the caller's other thread (FUNCTION/other-thread) is named so.
cp -R $fx/guests "$S/other"
for k in F W; do sed -i "/^$k fork /a $k fork/other-thread getpid" "$S/other/sid.census"; done
ci/census/table roff "$S/other" > "$S/other1.roff"
other_row() {
	grep -q '^\\^	getpid	2.43/7.2$' "$S/other1.roff" &&
		grep -q '^\\\[->\] other thread	no such function	others$' "$S/other1.roff" &&
		ci/census/page update "$S/page.2" "$S/other1.roff" && ci/census/page check "$S/page.2" "$S/other1.roff"
}
check "a row of the other thread is shown as such and read back" other_row
for k in F W; do sed -i "s|^$k fork/other-thread getpid\$|$k fork/other-thread getppid|" "$S/other/sid.census"; done
ci/census/table roff "$S/other" > "$S/other2.roff"
fails_with "a changed row of the other thread is named by its row" \
	"census: fork/other-thread on sid: page says getpid, guests say getppid" \
	ci/census/page check "$S/page.2" "$S/other2.roff"
# A row measured with an answer forced (FUNCTION@CALL=ERRNO, ci/census/probe.h)
# and its child row: shown under their own names and read back.
cp -R $fx/guests "$S/forced"
for k in F W; do
	sed -i "/^$k fork\/child /a $k fork@clone3=ENOSYS clone3 clone" "$S/forced/sid.census"
	sed -i "/^$k fork@clone3=ENOSYS /a $k fork@clone3=ENOSYS/child set_robust_list" "$S/forced/sid.census"
done
ci/census/table roff "$S/forced" > "$S/forced.roff"
forced_row() {
	grep -q '^\\\[->\] no clone3	no such function	others$' "$S/forced.roff" &&
		grep -q '^\\^	clone3 clone	2.43/7.2$' "$S/forced.roff" &&
		grep -q '^\\\[->\] child	no such function	others$' "$S/forced.roff" &&
		ci/census/page update "$S/page.2" "$S/forced.roff" && ci/census/page check "$S/page.2" "$S/forced.roff"
}
check "a row with a forced answer and its child row are shown and read back" forced_row
for k in F W; do sed -i "s|^$k fork@clone3=ENOSYS/child set_robust_list\$|$k fork@clone3=ENOSYS/child set_robust_list rt_sigprocmask|" "$S/forced/sid.census"; done
ci/census/table roff "$S/forced" > "$S/forced2.roff"
fails_with "a changed child row of a forced row is named by its row" \
	"census: fork@clone3=ENOSYS/child on sid: page says set_robust_list, guests say set_robust_list rt_sigprocmask" \
	ci/census/page check "$S/page.2" "$S/forced2.roff"
printf 'No table here.\n' > "$S/empty"
t_removed() {
	ci/census/page update "$S/page.2" "$S/empty" && ! first_is_t &&
		ci/census/page check "$S/page.2" "$S/empty"
}
check "update removes '\\\" t when no table is left" t_removed
sed '/CENSUS END/d' $fx/page.2 > "$S/nomarker.2"
fails_with "a page without both markers is refused" "needs one line" \
	ci/census/page check "$S/nomarker.2" "$S/block1"
refused_update() {
	! ci/census/page update "$S/nomarker.2" "$S/block1" 2>/dev/null &&
		sed '/CENSUS END/d' $fx/page.2 | cmp - "$S/nomarker.2"
}
check "a refused update leaves the page alone" refused_update

# ---- ci/census/extract ----
extracted() { ci/census/extract $fx/results | diff - $fx/results.census; }
check "extract prints the census command's records" extracted
fails_with "extract fails when the probe did not exit 0" "ended with exit 1" \
	ci/census/extract $fx/results.failed

# ---- a golden guest result, round-trip: extract, then table ----
# tests/fixtures/census/golden: what trixie's /init wrote in a run of
# 2026-12-04 (two sessions, then the census command), its info, the records
# extract must cut from it, and the rows table tsv must make of them (with
# the project's own ci/census/timing, which that glibc's rows need).
gd=$fx/golden
mkdir -p "$S/golden/trixie"; cp $gd/info "$S/golden/trixie/info"
check "extract cuts the golden records out of a guest's results" \
	sh -c 'ci/census/extract "$1/results" > "$2" && cmp "$1/census" "$2"' - $gd "$S/golden/trixie/census"
check "table check accepts them, witnesses and all" env CENSUS_TIMING=ci/census/timing ci/census/table check "$S/golden"
check "table tsv makes the golden rows of them" \
	sh -c 'CENSUS_TIMING=ci/census/timing ci/census/table tsv "$1" | diff -u "$2" -' - "$S/golden" $gd/census.tsv
golden_every_row() {
	[ "$(grep -c "^F " $gd/census)" -eq "$(tail -n +5 $gd/census.tsv | wc -l)" ]
}
check "... one row for each F record" golden_every_row

# ---- the probe compiles cleanly (compile only: it runs in guests) ----
fake_guest() { # DIR ABI GCCFLAG: a guest directory whose sysroot is the host's
	mkdir -p "$1"
	ln -sfn / "$1/sysroot"
	printf 'name=host\nlibc=glibc\nabis=%s\n' "$2" > "$1/info"
	printf '#!/bin/sh\nshift\nexec gcc %s "$@"\n' "$3" > "$1/cc"
	chmod +x "$1/cc"
}
tables_from_headers() {
	grep -q '{ 59, "execve" }' "$S/out64/census-syscalls.h" &&
		grep -q '{ 11, "execve" }' "$S/out64/census-syscalls.h" &&
		grep -q '{ (0x40000000 + 520), "execve" }' "$S/out64/census-syscalls.h"
}
if [ -f /usr/include/x86_64-linux-gnu/asm/unistd_x32.h ] && command -v gcc >/dev/null 2>&1; then
	fake_guest "$S/g64" x86_64 ""
	check "the probe builds for x86_64 with the project's flags" ci/census/build "$S/g64" "$S/out64"
	check "the tracer (census-trace) is built beside it" test -x "$S/out64/census-trace"
	check "the name tables come from the headers, x32 numbers with their bit" tables_from_headers
	if printf 'int main(void) { return 0; }\n' | gcc -m32 -x c -o "$S/m32" - 2>/dev/null; then
		fake_guest "$S/g32" i386 -m32
		check "the probe builds for i386" ci/census/build "$S/g32" "$S/out32"
	else
		skip "the probe builds for i386" "no gcc -m32 on this host"
	fi
else
	skip "the probe builds with the project's flags" "no gcc or kernel headers on this host"
fi
# A guest of the run without a census (its census failed) stops the
# tables, rather than leaving its system out of them.
mkdir -p "$S/run/guests"
cp -R "$fx/guests/"* "$S/run/guests/"
first=$(ls "$fx/guests" | sed -n 1p); first=${first%.census}; first=${first%.info}
printf 'run\t%s lost\nnotrun\t\nwhole\tyes\n' "$first" > "$S/run/selection"
fails_with "a guest of the run that left no census stops the tables, named" 'no census from lost of the run' \
	ci/census/table check "$S/run/guests"
# A guest run whose census is incomplete fails (ci/census/verdict).
v=$S/verdict; mkdir -p "$v"
printf 'H census=1\nF open openat\n' > "$v/census"
fails_with "a run that left no census names what stopped the probe" \
	"the probe did not build or run: census/build: no cc for abi x" \
	sh -c 'echo "census/build: no cc for abi x" > "$1/census-build.log"; ci/census/verdict "$1"' - "$v"
fails_with "... and the probe's first failed row when it ran" \
	"census/extract: command census ended with exit 1 \(first failed row: witness: census-trace ended with status 0x100\)" \
	sh -c 'echo "census/build: built x/census-probe (x86_64)" > "$1/census-build.log"
		echo "census/extract: command census ended with exit 1" > "$1/census.err"
		printf "| F vfork vfork\n| E witness: census-trace ended with status 0x100\n" > "$1/results"
		ci/census/verdict "$1"' - "$v"
echo "measured in this boot" > "$v/census.source"
check "a complete census is a pass" ci/census/verdict "$v"
printf 'E pthread_exit killed by signal 6\n' >> "$v/census"
fails_with "a census with a failed row names the row" "a row failed: pthread_exit killed by signal 6" \
	ci/census/verdict "$v"
done_testing
