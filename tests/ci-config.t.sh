#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The CI configurations (.github/workflows/check-examples.yml, .gitlab-ci.yml)
# run exactly the shards of ci/guests/guests.list (ci/guests/shard-guests),
# cache the guests keyed on what names a guest image, and have a daily run
# against the archive's newest packages.  Read with awk: no YAML parser is
# needed for the few lines that matter.
. "$(dirname "$0")/lib.sh"
gh=.github/workflows/check-examples.yml
gl=.gitlab-ci.yml
S=$SCRATCH

# shards FILE: "K/N guests..." per matrix entry, as the configuration lists them.
shards() {
	awk '
	function val(s) { sub(/^[^:]*:[ \t]*/, "", s); gsub(/"/, "", s); return s }
	/^ *- shard: / || /^ *- SHARD: / { if (k != "") print k " " g; k = val($0); g = ""; next }
	k != "" && (/^ *guests: / || /^ *SHARD_GUESTS: /) { g = val($0) }
	k != "" && /^ *SHARD_DIR: / { d = val($0); x = k; sub("/", "-of-", x); if (d != x) print "bad SHARD_DIR " d " for " k }
	END { if (k != "") print k " " g }' "$1"
}
# expected FILE: the shards ci/guests/shard-guests makes for the N the file
# uses.
expected() {
	n=$(shards "$1" | sed -n '1s|^[0-9]*/\([0-9]*\) .*|\1|p')
	[ -n "$n" ] || { echo "no shards in $1"; return 1; }
	k=1
	while [ $k -le "$n" ]; do
		echo "$k/$n $(ci/guests/shard-guests "$k/$n" | xargs)" || return 1
		k=$((k + 1))
	done
}
same_shards() {
	shards "$1" > "$S/got" && expected "$1" > "$S/want" && diff -u "$S/want" "$S/got" &&
	[ "$(cut -d' ' -f2- "$S/got" | tr ' ' '\n' | LC_ALL=C sort | xargs)" = \
		"$(awk '!/^[ \t]*(#|$)/ { print $1 }' ci/guests/guests.list | LC_ALL=C sort | xargs)" ]
}
for f in $gh $gl; do
	check "$f lists exactly the shards and guests of ci/guests/guests.list" same_shards $f
	check "$f is indented with blanks (YAML takes no tabs)" sh -c '! grep -n "	" "$1"' - $f
	check "$f installs with ci/ensure-packages and runs make check-examples ARCHES=all SHARD=" \
		sh -c 'grep -q "ci/ensure-packages" "$1" && grep -q "make check-examples ARCHES=all SHARD=" "$1" && grep -q "make merge-shards ARCHES=all" "$1" && grep -q "make html" "$1"' - $f
	check "$f runs make update-guests on the scheduled run" grep -q 'make update-guests' $f
	check "$f runs on Debian" grep -q 'debian:bookworm' $f
done
gh_cache() {
	grep -q 'path: ~/.cache/seccomp-pages' $gh &&
	for f in ci/guests/guests.lock ci/guests/guest-packages ci/guests/guests.list ci/guests/guest-init.c ci/guests/init-run.c ci/guests/init-lanes.c ci/guests/init-script.c ci/guests/init-cpio.c ci/guests/init-fwcfg.c ci/guests/init.h ci/guests/init-script.h ci/guests/init-cpio.h ci/guests/guest-build 'ci/guests/build/**' 'ci/arch/**' ci/guests/apt-private; do
		grep "key: guests-" $gh | grep -qF "'$f'" || { echo "the cache key lacks $f"; return 1; }
	done
}
check "GitHub caches ~/.cache/seccomp-pages keyed on what names a guest image" gh_cache
check "GitHub has a daily schedule" grep -Eq "^    - cron: '[0-9]+ [0-9]+ \* \* \*'" $gh
check "GitHub updates the guests before the cache key is made" \
	sh -c 'awk "/make update-guests/ { u = NR } /actions\/cache/ { c = NR } END { exit !(u && c && u < c) }" "$1"' - $gh
gl_cache() {
	grep -q 'SECCOMP_PAGES_CACHE: "$CI_PROJECT_DIR/.cache/seccomp-pages"' $gl &&
	grep -q 'paths: \[.cache/seccomp-pages\]' $gl &&
	grep -q 'files: \[ci/guests/guests.lock, ci/guests/guest-packages\]' $gl
}
check "GitLab caches the guests (inside the project) keyed on the lock and the packages" gl_cache
check "GitLab publishes the merged JUnit report" grep -q 'junit: build/check-examples/junit.xml' $gl
done_testing
