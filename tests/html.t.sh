#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The site of make html (ci/report/html), made from the fixture run of
# tests/fixtures/report, validated with tidy and rendered in a real browser
# (headless Chromium, --dump-dom and a screenshot), with no network.
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/report
SP_GUESTS_LIST=$fx/guests.list
# the census data whose releases census.html compares
SECCOMP_CENSUS_DATA=tests/fixtures/census/releases.tsv
export SP_GUESTS_LIST SECCOMP_CENSUS_DATA
S=$SCRATCH
pages="$fx/man2/demo.2 $fx/man3/demo_alias.3"
cp -R $fx/work "$S/run"
ci/guests/select-guests > "$S/run/selection" && ci/report/summarize "$S/run" > /dev/null 2>&1
# shellcheck disable=SC2086
check "the site is made from a run" ci/report/html -w "$S/run" "$S/html" $pages
# shellcheck disable=SC2086
check "the site is made without a run" ci/report/html -w "$S/none" "$S/norun" $pages
files() { for f in index.html results.html census.html demo.2.html demo_alias.3.html style.css; do [ -s "$1/$f" ] || { echo "no $1/$f"; return 1; }; done; }
check "it has an index, the pages, the two matrices and a stylesheet" files "$S/html"
offline() { ! grep -E '(src|href)="(https?:)?//' "$S/html"/*.html "$S/norun"/*.html; }
check "it fetches nothing from the network" offline

# ---- HTML validity ----
if command -v tidy > /dev/null; then
	valid() { for f in "$1"/*.html; do tidy -q -e "$f" 2>&1 | sed "s|^|${f##*/}: |"; done | { ! grep .; }; }
	check "tidy finds no error or warning in the site" valid "$S/html"
	check "tidy finds no error or warning in the site without a run" valid "$S/norun"
else
	T=$((T + 1)); echo "not ok $T - the site's HTML is valid"; echo "# tidy is missing: apt-get install tidy (ci/host-packages)"
fi

# ---- in a browser ----
browser=$(command -v chromium || command -v chromium-browser || :)
if [ -z "$browser" ]; then
	T=$((T + 1)); echo "not ok $T - the site renders in headless Chromium"
	echo "# chromium is missing: apt-get install chromium (ci/host-packages; make check installs it as root)"
	done_testing
	exit 0
fi
chrome() {	# chrome URL-FILE ARG...: headless, no network, a fresh profile
	f=$1; shift
	rm -rf "$S/profile"
	timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$S/profile" "$@" "file://$f" 2> "$S/chrome.err"
}
dom() { chrome "$1" --dump-dom > "$2" && [ -s "$2" ] || { tail -n 5 "$S/chrome.err"; return 1; }; }
has() { grep -qF -- "$2" "$1" || { echo "$1: no $2"; return 1; }; }
lacks() { ! grep -qF -- "$2" "$1" || { echo "$1: has $2"; return 1; }; }
index_dom() {
	d=$S/index.dom; dom "$S/html/index.html" "$d" &&
	has "$d" '3 passed, 3 failed, 1 skipped' &&
	has "$d" '<td>alpha</td><td>glibc 2.41</td><td>6.12.1</td><td>x32</td>' &&
	has "$d" 'failed: guest image could not be built: E: Unable to locate package libc6' &&
	has "$d" '<a href="demo.2.html">demo(2)</a>' &&
	has "$d" 'see <a href="demo.2.html">demo(2)</a>'
}
check "the index shows the run, its guests and the pages (DOM)" index_dom
page_dom() {
	d=$S/page.dom; dom "$S/html/demo.2.html" "$d" &&
	has "$d" '<pre id="session-14">$ <b>./hello</b>' &&
	has "$d" '<tr class="pass"><td>alpha</td><td>glibc 2.41</td><td>6.12.1</td><td>x32</td><td>passed</td></tr>' &&
	has "$d" '<td>failed: the guest as a whole: guest image could not be built' &&
	has "$d" 'skipped: ./calls is not built on this guest (no libseccomp for x32)' &&
	has "$d" '<summary>failed: output of "./calls &lt;x&gt; &amp; \"y\"" differs</summary>' &&
	has "$d" '<del>-openat</del>' &&
	has "$d" '<ins>+open \033[1mbold\033[0m' &&
	has "$d" 'Not for: delta' &&
	lacks "$d" '<td>failed: the guest as a whole: guest-boot: delta' &&
	has "$d" '<a href="demo_alias.3.html"><b>demo_alias</b>(3)</a>' &&
	lacks "$d" SPMARK && lacks "$d" 'nverified'
}
check "a page shows, after each session, each guest's result with its facts (DOM)" page_dom
matrix_dom() {
	d=$S/matrix.dom; dom "$S/html/results.html" "$d" &&
	[ "$(grep -o '<tr><th><a href="demo.2.html#session-[0-9]*">' "$d" | tr -d '\n')" = \
		'<tr><th><a href="demo.2.html#session-14"><tr><th><a href="demo.2.html#session-24">' ] &&
	has "$d" '<td class="skip" title="alpha: skipped: ./calls' &&
	has "$d" '<td class="fail" title="beta: failed: output of' &&
	has "$d" '<td class="none" title="delta: not for this guest">' &&
	has "$d" '<td class="fail" title="gamma: the guest failed: guest image could not be built'
}
check "the results matrix: each page:example:session against each guest, coloured (DOM)" matrix_dom
census_dom() {
	d=$S/census.dom; dom "$S/html/census.html" "$d" &&
	has "$d" '<tr><th>open</th><td class="v0" title="alpha: open: openat">openat</td><td class="v1" title="beta: open: open">open</td><td class="v1" title="delta: open: open">open</td></tr>' &&
	[ "$(sed '/id="releases"/,$d' "$d" | grep -o '<tr><th>[a-z]*</th>' | tr -d '\n')" = '<tr><th>function</th><tr><th>startup</th><tr><th>open</th><tr><th>stat</th><tr><th>creat</th>' ] &&
	has "$d" '<tr><th>creat</th><td class="none">' &&
	has "$d" '<tr><th>startup</th><td class="v0" title="alpha: startup: brk">brk</td><td class="v1"' &&
	lacks "$d" '<th title="gamma">'
}
check "the census matrix: a colour per distinct system call list in a row (DOM)" census_dom
releases_dom() {
	d=$S/census.dom
	has "$d" '<h3>glibc 2.25 → glibc 2.26 <small>(glibc-2-25 → glibc-2-26, x86_64)</small></h3>' &&
	has "$d" '<tr><th>open</th><td>openat</td><td>open</td><td></td></tr>' &&
	has "$d" '<tr><th>getentropy</th><td></td><td></td><td>only on glibc-2-26</td></tr>' &&
	has "$d" '<tr class="total"><th>all rows both measured</th><td>openat</td><td>open</td><td></td></tr>' &&
	has "$d" '<h3>glibc 2.26 → glibc 2.31 <small>(glibc-2-26 → bullseye, x86_64)</small></h3>' &&
	has "$d" '<h3>musl 1.2.3 → musl 1.2.6 <small>(musl-1-2-3 → musl, x86_64)</small></h3>' &&
	has "$d" '<tr><th>fork/child</th><td></td><td>gettid</td><td></td></tr>' &&
	d=$S/norun-census.dom; dom "$S/norun/census.html" "$d" && has "$d" '<h2 id="releases">'
}
check "census.html: what changed between consecutive releases of each C library, with or without a run (DOM)" releases_dom
norun_dom() {
	d=$S/norun.dom; dom "$S/norun/index.html" "$d" && has "$d" 'every page is <strong>unverified</strong>' &&
	d=$S/norun-page.dom; dom "$S/norun/demo.2.html" "$d" && has "$d" 'This page is unverified' &&
	lacks "$d" 'passed' && lacks "$d" 'class="pass"' && lacks "$d" 'class="fail"'
}
check "without a run, the site says the pages are unverified and shows no marks" norun_dom
stale() {
	sed -i 's/^O	hello, world$/O	hello/' "$S/run/plans/001-demo.2.plan" &&
	ci/report/html -w "$S/run" "$S/stale" $pages > /dev/null &&
	d=$S/stale.dom; dom "$S/stale/demo.2.html" "$d" &&
	has "$d" 'the page changed after the last run' && lacks "$d" 'class="pass"'
}
check "a page changed since the run is unverified, not marked" stale
shot() {
	chrome "$S/html/demo.2.html" --window-size=1100,1400 --screenshot="$S/demo.png" > /dev/null &&
	[ "$(od -An -tx1 -N8 "$S/demo.png" | tr -d ' ')" = 89504e470d0a1a0a ] &&
	[ "$(wc -c < "$S/demo.png")" -gt 20000 ] &&
	mkdir -p build && cp "$S/demo.png" build/html-test-screenshot.png
}
check "a screenshot of a page (build/html-test-screenshot.png)" shot
done_testing
