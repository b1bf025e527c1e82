#!/bin/sh
# The harness on real guests: a wrong page fails naming page and guest, a hang
# is a TIMEOUT while its neighbours pass, a crash is reported with its signal,
# and examples never run on the host.  (A guest that never finishes, and the
# other ways a guest or a session can fail: tests/faults.t.sh.)
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/guests
ex=$SCRATCH/examples w=$SCRATCH/work
canary=/tmp/seccomp-pages-canary
rm -f "$canary"
ci/pages/extract-examples "$ex" $fx/harness.2
# FRESH=1: every session runs, none is taken from the result cache.
FRESH=1 SP_EXAMPLES=$ex ci/check-examples -g "bookworm musl" -w "$w" $fx/harness.2 > "$SCRATCH/run1" 2>&1
r=$SCRATCH/run1
T=$((T + 1)); if grep -q '^    ok [0-9]* - harness.2:say:11$' "$r" && [ "$(grep -c '^    ok [0-9]* - harness.2:say:11$' "$r")" -eq 2 ]
then echo "ok $T - a correct session passes on both guests"; else echo "not ok $T - a correct session passes on both guests"; sed 's/^/# /' "$r" | head -n 60; fi
check "a wrong page fails, naming page, example, command and guest (libc, kernel)" \
	grep -Eq '# harness.2: example say, session at line 25, on bookworm \(glibc 2\.36, Linux [0-9.]+[^,]*, x86_64\): output of "./say actual" differs' "$r"
check "the failure shows a unified diff of page against guest" \
	sh -c "grep -q '^    # -expected\$' '$r' && grep -q '^    # +actual\$' '$r'"
check "a hanging command is TIMEOUT alone and the next command still runs" \
	sh -c "grep -q '^    # +\[TIMEOUT' '$r' && grep -q 'output of \"./hang\" differs' '$r' && ! grep -q 'output of \"./say after\" differs' '$r'"
check "a crashing example is reported with its signal (Segmentation fault, status 139)" \
	grep -Eq '^    ok [0-9]+ - harness.2:crash:45$' "$r"
check "the canary ran in the guest" grep -Eq '^    ok [0-9]+ - harness.2:canary:55$' "$r"
check "examples never run on the host: no canary here" test ! -e "$canary"
check "the run ends with the totals line" grep -Eq '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$r"
check "results.tsv names guest, test and result" grep -q '^musl	harness.2:canary:55	pass' "$w/results.tsv"

# The census: measured when asked (or not yet measured for this image and
# probe), then taken from the cache without running the probe again.
SP_CENSUS=fresh ci/check-examples -g musl -w "$w/c1" > "$SCRATCH/run3" 2>&1
check "SP_CENSUS=fresh runs the census probe in the boot" \
	sh -c "grep -qx 'measured in this boot' '$w/c1/guests/musl/census.source' && grep -q '^SP-BEGIN census\$' '$w/c1/guests/musl/results'"
ci/check-examples -g musl -w "$w/c2" > "$SCRATCH/run4" 2>&1
check "... and the next run takes that measurement from the cache, without the probe" \
	sh -c "grep -q '^cached ' '$w/c2/guests/musl/census.source' && cmp '$w/c1/guests/musl/census' '$w/c2/guests/musl/census' && ! grep -q '^SP-BEGIN census' '$w/c2/guests/musl/results'"
# A measurement cut short in the cache is not taken: measured again.  In a
# private census cache (the census key names the guest's path, so the
# measurement is made there first), the shared one is never damaged.
pc=$SCRATCH/cache real=$(ci/cache-dir)
mkdir -p "$pc/census"
for d in "$real"/*; do [ "${d##*/}" = census ] || ln -s "$d" "$pc/${d##*/}"; done
SECCOMP_PAGES_CACHE=$pc ci/check-examples -g musl -w "$w/c3" > "$SCRATCH/run5" 2>&1
m=$(sed -n 's/^cached //p' "$w/c3/guests/musl/census.source")
[ -n "$m" ] || m=$(find "$pc/census" -type f ! -name '*.sum' | head -n 1)
truncate -s 100 "$m"
SECCOMP_PAGES_CACHE=$pc ci/check-examples -g musl -w "$w/c4" > "$SCRATCH/run6" 2>&1
check "... but not a measurement cut short in the cache: that one is measured again" \
	sh -c "grep -qx 'measured in this boot' '$w/c4/guests/musl/census.source' &&
		[ \$(wc -c < '$w/c4/guests/musl/census') -gt 100 ] && [ \$(wc -c < '$m') -gt 100 ]"
done_testing
