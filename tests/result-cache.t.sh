#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/result-cache.t.sh — the result cache of ci/guests/run-guest, with no
# guest: a copy of ci/ whose guest-build and guest-boot are fakes
# (tests/fixtures/result-cache: the fake guest answers each command from a
# table and notes what it was given; nothing is run).  A second run takes
# every session from the cache and boots nothing; FRESH=1 runs them all; a
# change to any input of a result runs that result again: a package
# version of the guest (its lock row, its image), the harness, a compiled
# program, the expected output.  A guest that runs a few sessions keeps
# the time limit of all of them.  A failure is never kept as a pass, a
# skip never becomes one, and a damaged entry is said so and dropped.
# shellcheck disable=SC2016 # the sh -c scripts expand their own arguments
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
fx=$TOP/tests/fixtures/result-cache
tree=$SCRATCH/tree
mkdir -p "$tree"
cp -R ci "$tree/"
cp "$fx/fake-guest-build" "$tree/ci/guests/guest-build"
cp "$fx/fake-guest-boot" "$tree/ci/guests/guest-boot"
cp "$fx/fake-guest.awk" "$tree/ci/guests/"
mkdir -p "$tree/man2"
cp "$fx/greet.2" "$fx/count.2" "$tree/man2/"
cp "$fx/answers" "$SCRATCH/answers"
# The fake guest: its facts, commands, sums and compiler.
g=$SCRATCH/guest
mkdir -p "$g"
printf '%s\n' name=fake suite=trixie kernel_suite=trixie libc=glibc libc_version=2.41 \
	abis=x86_64 arch=amd64 kernel_version=6.12.0 kernel_release=6.12.0-fake \
	kernel_args=- libseccomp_version= libseccomp_abis= > "$g/info"
printf '%s\n' echo cat ls > "$g/tools"
echo "1 1 ./base.cpio" > "$g/sums"
cp "$fx/fake-cc" "$g/cc"
SECCOMP_PAGES_CACHE=$SCRATCH/cache SP_GUESTS_LIST=$fx/guests.list SP_FAKE_GDIR=$g \
	SP_FAKE_ANSWERS=$SCRATCH/answers SP_FAKE_LOG=$SCRATCH/log SP_EXAMPLES=$SCRATCH/examples
export SECCOMP_PAGES_CACHE SP_GUESTS_LIST SP_FAKE_GDIR SP_FAKE_ANSWERS SP_FAKE_LOG SP_EXAMPLES
unset FRESH
# The fake guests build no census probe (fake-cc): no census (run-guest).
SP_CENSUS=off; export SP_CENSUS
w=$SCRATCH/work
n=0
# run [ENV=VALUE...]: a run of both pages in the tree; its output in
# $SCRATCH/run.N, the fake guest's log of it in $SCRATCH/log.N.
run() {
	n=$((n + 1))
	: > "$SCRATCH/log"
	(cd "$tree" && ci/pages/extract-examples "$SP_EXAMPLES" man2/greet.2 man2/count.2 &&
		env "$@" ci/check-examples -g fake -w "$w" man2/greet.2 man2/count.2) > "$SCRATCH/run.$n" 2>&1 || :
	cp "$SCRATCH/log" "$SCRATCH/log.$n"
	cp "$w/log" "$SCRATCH/stderr.$n" 2>/dev/null || :
}
last() { tail -n 1 "$SCRATCH/run.$n"; }
# ran: the sessions' first commands the fake guest was given, one line
ran() { sed -n 's/^ran //p' "$SCRATCH/log.$n" | LC_ALL=C sort | tr '\n' ' '; }
is() {
	T=$((T + 1))
	if [ "$3" = "$2" ]; then echo "ok $T - $1"
	else echo "not ok $T - $1"; printf '%s\n' "wanted: $2" "got:    $3" | sed 's/^/# /'; sed 's/^/# /' "$SCRATCH/run.$n" | tail -n 30
	fi
}
all='greet.2:16:16 greet.2:8:8 count.2:8:8 '
all=$(printf '%s\n' $all | LC_ALL=C sort | tr '\n' ' ')

run
is "a first run runs every session" "$all" "$(ran)"
is "... and they pass; the skipped one is skipped" "3 passed, 0 failed, 2 skipped" "$(last)"
check "... the cache holds a result per session and the guest's whole" sh -c '
	[ $(ls "$1"/results | grep -c "^[0-9a-f]*$") -eq 3 ] && [ $(ls "$1"/results | grep -c "^all-[0-9a-f]*$") -eq 1 ]' - "$SCRATCH/cache"

run
is "a second run runs nothing" "" "$(ran)"
check "... boots nothing" sh -c '! grep -q boot "$1" && grep -q "^not booted" "$2"' - "$SCRATCH/log.$n" "$w/guests/fake/booted"
is "... and says the passes came from the cache" "3 passed (3 cached), 0 failed, 2 skipped" "$(last)"
check "... and that it did not boot the guest" grep -q '^    # result cache: 3 sessions cached; not booted' "$SCRATCH/run.$n"
check "... results.tsv marks them cached, and the skip stays a skip" sh -c '
	[ $(grep -c "	pass	cached\$" "$1") -eq 3 ] && grep -q "greet.2:shout:23	skip	" "$1"' - "$w/results.tsv"
check "... junit.xml marks them cached" sh -c '[ $(grep -c "<property name=\"cached\" value=\"true\"/>" "$1") -eq 3 ]' - "$w/junit.xml"
check "... tests/run can read the last line" sh -c '
	last=$(printf "%s\n" "$1" | sed "s/ passed ([0-9]* cached),/ passed,/"); set -- $last; [ "$1 $3 $5" = "3 0 2" ]' - "$(last)"

# (A stale result: a run prunes what no run took for 30 days, once a
# day: the runs above pruned today.)
mkdir -p "$SCRATCH/cache/results" && : > "$SCRATCH/cache/results/stale" &&
	touch -d '40 days ago' "$SCRATCH/cache/results/stale"
run FRESH=1
is "FRESH=1 runs every session" "$all" "$(ran)"
is "... and reports none as cached" "3 passed, 0 failed, 2 skipped" "$(last)"
check "... and leaves a result no run took for 30 days until the next day's run" test -e "$SCRATCH/cache/results/stale"
touch -d '25 hours ago' "$SCRATCH/cache/results.pruned"
run
check "... which removes it" test ! -e "$SCRATCH/cache/results/stale"

# Drift: each input of a result, changed, runs again what it feeds.
echo "fake libc6:amd64 2.41-12" >> "$tree/ci/guests/guests.lock"
run
is "a package version of the guest changed in ci/guests/guests.lock: every session runs again" "$all" "$(ran)"

echo "1 2 ./sysroot/usr/lib/libc.so.6" >> "$g/sums"
run
is "the guest image's checksums changed (another build): every session runs again" "$all" "$(ran)"

echo "# a harness change" >> "$tree/ci/report/compare-results"
run
is "the harness (ci/report/compare-results) changed: every session runs again" "$all" "$(ran)"
echo "# a harness change" >> "$tree/ci/guests/guest-boot"
run
is "the harness (ci/guests/guest-boot) changed: every session runs again" "$all" "$(ran)"
echo "# a harness change" >> "$tree/ci/pages/plan-guest.awk"
run
is "the harness (ci/pages/plan-guest.awk) changed: every session runs again" "$all" "$(ran)"

run
is "nothing changed since: nothing runs" "" "$(ran)"

sed -i 's/printf("hello %s\\en"/printf("hello %s\\en" /' "$tree/man2/greet.2"
run
is "a program changed (greet.c): the sessions of its page run again, the other page's do not" \
	"greet.2:16:16 greet.2:8:8 " "$(ran)"
is "... all pass" "3 passed (1 cached), 0 failed, 2 skipped" "$(last)"

sed -i 's/^hello two$/hello 2/' "$tree/man2/greet.2"
run
is "an expected output changed: that session alone runs again" "greet.2:16:16 " "$(ran)"
is "... with the whole-guest time limit of every session (30 s + 3 x 10 s), not of the one left" \
	"limit 60" "$(grep '^limit ' "$SCRATCH/log.$n")"
check "... and fails, naming the session" sh -c '
	grep -q "^    not ok [0-9]* - greet.2:greet:16\$" "$1" && grep -q "^2 passed (2 cached), 1 failed, 2 skipped\$" "$1"' - "$SCRATCH/run.$n"
run
is "a failure is not kept: it runs again" "greet.2:16:16 " "$(ran)"
is "... and fails again" "2 passed (2 cached), 1 failed, 2 skipped" "$(last)"
sed -i 's/^hello 2$/hello two/' "$tree/man2/greet.2"
run
is "the page put back as it was: its last pass is taken again" "" "$(ran)"

# A damaged entry: said so, dropped, its session run again.
for e in "$SCRATCH"/cache/results/all-*; do case $e in *.sum) ;; *) echo "| damage" >> "$e" ;; esac; done
k=$(awk -F '\t' '$2 == "count.2:count:8" { print $4 }' "$w/guests/fake/keys/sessions")
echo "| damage" >> "$SCRATCH/cache/results/$k"
run
is "damaged entries (the guest's whole, one session's): that session runs again" "count.2:8:8 " "$(ran)"
check "... said so, and the damaged entry dropped and made again" sh -c '
	grep -q "^fake: the cached result $3 is damaged (.*): running its session again" "$1" &&
	grep -qx "| 1 2 3" "$2" && ! grep -q damage "$2" && [ "$(cksum < "$2")" = "$(cat "$2.sum")" ]' - "$SCRATCH/stderr.$n" "$SCRATCH/cache/results/$k" "$k"

# A guest that fails as a whole keeps nothing of its boot.
echo "# another harness change" >> "$tree/ci/report/compare-results"
before=$(ls "$SCRATCH/cache/results" | wc -l)
run SP_FAKE_CRASH=1
check "a guest that fails as a whole fails, and nothing is kept from its boot" sh -c '
	grep -q "^not ok 1 - fake .*kernel panic" "$1" && [ $(ls "$2" | wc -l) -eq "$3" ]' - "$SCRATCH/run.$n" "$SCRATCH/cache/results" "$before"
run
is "... so the next run runs every session" "$all" "$(ran)"

# A run of no page (make census runs the census alone): no session, no
# key index, and still the guest is booted rather than given up.
(cd "$tree" && ci/check-examples -g fake -w "$SCRATCH/nopage") > "$SCRATCH/nopage.out" 2>&1 || :
check "a run of no page boots the guest (no session, no key index)" \
	sh -c '! grep -q "did not run" "$1" && ! grep -q "keys/index" "$2"' - "$SCRATCH/nopage.out" "$SCRATCH/nopage/log"

# guest-build's answer, kept by run-guest under the stat data of what it
# reads: with a guest directory that is a ci/cache entry (as guest-build's
# builds are), a run whose inputs have not changed does not ask guest-build.
g2=$SCRATCH/cache/guests/fake/k2
sh -c '. ci/cache; cache_put "$1" "$2"' - "$g" "$g2"
asked() { grep -c '^guest-build fake$' "$SCRATCH/log.$n"; }
run SP_FAKE_GDIR="$g2"
is "another guest directory: guest-build is asked, every session runs" "1 $all" "$(asked) $(ran)"
run SP_FAKE_GDIR="$g2"
is "nothing changed: guest-build is not asked, nothing runs" "0 " "$(asked) $(ran)"
check "... and what it said the first time is said again" grep -q "^guest-build: fake: up to date: $g2\$" "$SCRATCH/stderr.$n"
echo "fake libc6:amd64 2.41-13" >> "$tree/ci/guests/guests.lock"
run SP_FAKE_GDIR="$g2"
is "the lock changed: guest-build is asked, every session runs" "1 $all" "$(asked) $(ran)"
touch "$g2/tools"
run SP_FAKE_GDIR="$g2"
is "an image file touched (the same content): the image is read whole, intact, not asked" "0 " "$(asked) $(ran)"
run SP_FAKE_GDIR="$g2" FRESH=1
is "FRESH=1: guest-build is asked" "1 $all" "$(asked) $(ran)"
run SP_FAKE_GDIR="$g2" SP_APT_REFRESH=0
is "package lists due to be refreshed (SP_APT_REFRESH=0): guest-build is asked" "1" "$(asked)"
printf 'sh\n' >> "$g2/tools"
run SP_FAKE_GDIR="$g2"
is "an image file altered: the kept answer is not trusted, guest-build is asked" "1" "$(asked)"

# A guest image (a directory entry of ci/cache) is read whole once: then its
# stat stamp stands for it until a file's stat data change.  A cksum that
# notes when it is given files (cache_sums reads the entry with them) tells
# whether the files were read.
real_cksum=$(command -v cksum)
mkdir -p "$SCRATCH/bin" "$SCRATCH/img/sysroot"
printf '#!/bin/sh\n[ $# -eq 0 ] || echo read >> "%s"\nexec %s "$@"\n' "$SCRATCH/reads" "$real_cksum" > "$SCRATCH/bin/cksum"
chmod +x "$SCRATCH/bin/cksum"
echo kernel > "$SCRATCH/img/vmlinux"; echo libc > "$SCRATCH/img/sysroot/libc.so"
img=$SCRATCH/cache/guests/fake/key1
# verify: what ci/cache's cache_verify returns, and whether it read the files
verify() {
	: > "$SCRATCH/reads"
	vrc=0
	PATH=$SCRATCH/bin:$PATH sh -c '. ci/cache; cache_verify "$1"' - "$img" || vrc=$?
	printf '%s %s\n' "$vrc" "$(grep -c read "$SCRATCH/reads")"
}
sh -c '. ci/cache; cache_put "$1" "$2"' - "$SCRATCH/img" "$img"
is "an image entry is read whole the first time: intact (status 0, files read once)" "0 1" "$(verify)"
check "... and stamped" test -s "$img.stamp"
is "unchanged: intact, and its files are not read (the stamp stands)" "0 0" "$(verify)"
touch "$img/sysroot/libc.so"
is "a file touched (its content the same): the stamp differs, the entry is read whole, intact" "0 1" "$(verify)"
is "... and stamped anew" "0 0" "$(verify)"
touch -r "$img/vmlinux" "$SCRATCH/when"
printf 'KERNEL\n' > "$img/vmlinux"
touch -r "$SCRATCH/when" "$img/vmlinux"
is "a file altered (same size, its modification time put back): read whole, damaged" "2 1" "$(verify)"
check "... the stamp is gone, and cache_get names the file and refuses the entry" sh -c '
	[ ! -e "$1.stamp" ] && . ci/cache && { cache_get "$1"; [ $? -eq 2 ] && [ "$cache_damaged" = vmlinux ]; }' - "$img"
check "... cache_drop removes the entry and any stamp" sh -c '
	. ci/cache; cache_verify "$1" || :; printf x > "$1.stamp"; cache_drop "$1" && [ ! -e "$1" ] && [ ! -e "$1.stamp" ]' - "$img"

# Without SP_CENSUS=off a guest must measure the census: the fake one's
# probe does not build, so that guest fails, saying why (ci/census/verdict).
(cd "$tree" && SP_CENSUS= ci/check-examples -g fake -w "$SCRATCH/census" man2/greet.2) > "$SCRATCH/census.out" 2>&1 || :
check "a guest whose census probe does not build fails, with the reason" sh -c '
	grep -q "^not ok 1 - fake" "$1" && grep -q "^    not ok [0-9]* - census$" "$1" &&
	grep -q "fake: census: the probe did not build or run: census/build: " "$1"' - "$SCRATCH/census.out"
done_testing
