#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/patches.t.sh — ci/upstream/: the upstream delta (a queue of patches)
# made into a series against the fixture trees in tests/fixtures/patches,
# check-patches applying it to both forms of a tree, the queue's rebase,
# lint-series, and upstream-lint's make -R, LDLIBS and no-fallback rules.
# No network: the skip test points at a closed port.
set -eu
. "$(dirname "$0")/lib.sh"
F=$TOP/tests/fixtures/patches
P=$TOP/ci/upstream

# A git identity of our own.
cat >"$SCRATCH/gitconfig" <<'EOG'
[user]
	name = Test Person
	email = test@example.org
EOG
GIT_CONFIG_GLOBAL=$SCRATCH/gitconfig GIT_CONFIG_NOSYSTEM=1
export GIT_CONFIG_GLOBAL GIT_CONFIG_NOSYSTEM

# has FILE STRING...: every STRING is a line of FILE
has() { f=$1; shift; for s; do grep -qxF -- "$s" "$f" || { echo "no line '$s' in ${f##*/}:"; cat "$f"; return 1; }; done; }
mk() { "$P/make-patches" -C "$F/project" -q "$F/queue" -o "$SCRATCH/$1" "$2"; }

mk rel "$F/upstream-rel" >"$SCRATCH/mk-rel" 2>&1 || :
p1=$(ls "$SCRATCH"/rel/0001-*.patch 2>/dev/null || echo missing)
p2=$(ls "$SCRATCH"/rel/0002-*.patch 2>/dev/null || echo missing)
cover=$SCRATCH/rel/0000-cover-letter.patch
check "make-patches writes a cover letter and one patch per queue file" \
	sh -c 'cat "$0"; [ "$(ls "$1" | wc -l)" -eq 3 ] && [ -f "$1/0000-cover-letter.patch" ]' "$SCRATCH/mk-rel" "$SCRATCH/rel"
check "the queue's subject, our author and Signed-off-by, To: and Cc: from the cc file" \
	has "$p1" "Subject: [PATCH 1/2] man/man2/demo.2: Say how fast demo() is" \
	"From: Test Person <test@example.org>" "Signed-off-by: Test Person <test@example.org>" \
	"To: Alejandro Colomar <alx@kernel.org>" "    Kees Cook <kees@kernel.org>,"
check "Test: becomes the claim's session (with where it runs) and its program" \
	sh -c '! grep -q "^Test:" "$0" && grep -qxF "Tested with the program below, which prints:" "$0" &&
		grep -qxF "On Linux 6.6 and later:" "$0" && grep -qxF "    \$ ./demo" "$0" &&
		grep -qxF "    demo: nothing" "$0" && grep -qxF "        printf(\"demo: nothing\\n\");" "$0"' "$p1"
check "a release tree: the series is made in git form, without base-commit:, and keeps .TH" \
	sh -c '! grep -q "^base-commit:" "$0" && ! grep -q "^[-+]\.TH" "$1" "$2"' "$cover" "$p1" "$p2"

# QUEUE/cover: the cover letter's subject (first line) and text.
cp -R "$F/queue" "$SCRATCH/queue-cover"
printf '%s\n' "demo(2): how fast it is" "" "Patch 2 overlaps the one posted on 2099-01-01." >"$SCRATCH/queue-cover/cover"
"$P/make-patches" -C "$F/project" -q "$SCRATCH/queue-cover" -o "$SCRATCH/cov" "$F/upstream-rel" >/dev/null 2>&1 || :
check "QUEUE/cover: its first line is the cover letter's subject, the rest its text" \
	sh -c 'grep -qxF "Patch 2 overlaps the one posted on 2099-01-01." "$0" &&
		grep -qxF "Subject: [PATCH 0/2] demo(2): how fast it is" "$0" &&
		! grep -q "overlaps" "$1"' "$SCRATCH/cov/0000-cover-letter.patch" "$cover"

# A queue of threads, as upstream/man-pages: v2 with a range-diff against
# the v1 the flat queue made above, one thread made on top of an upstream
# commit (prereq), another plain.
tq=$SCRATCH/tq
mkdir -p "$tq/sent/v1" "$tq/upstream" "$tq/one" "$tq/two"
cp "$SCRATCH"/rel/*.patch "$tq/sent/v1/"
cp "$F/queue/cc" "$tq/cc"
printf '%s\n' "# the threads" one two >"$tq/threads"
echo 2 >"$tq/version"
cp "$F/queue"/0001-*.patch "$tq/upstream/applied-0123abcd.patch"
printf '%s\n' "upstream/applied-0123abcd.patch 0123abcd" >"$tq/one/prereq"
cp "$F/queue"/0002-*.patch "$tq/one/" && (cd "$tq/one" && ls 0*.patch >series)
(cd "$tq/sent/v1" && ls 0002-*.patch) >"$tq/one/v1"
printf '%s\n' "demo(2): the commit" "" "Thread one." >"$tq/one/cover"
printf '%s\n' "Cc: Other Author <other@example.org>" >"$tq/one/cc"
cp "$F/queue"/0001-*.patch "$tq/two/" && (cd "$tq/two" && ls 0*.patch >series)
(cd "$tq/sent/v1" && ls 0001-*.patch) >"$tq/two/v1"
printf '%s\n' "demo(2): speed" "" "Thread two." >"$tq/two/cover"
"$P/make-patches" -C "$F/project" -q "$tq" -o "$SCRATCH/threads" "$F/upstream-rel" >"$SCRATCH/mk-threads" 2>&1 || :
c1=$SCRATCH/threads/one/v2-0000-cover-letter.patch c2=$SCRATCH/threads/two/v2-0000-cover-letter.patch
check "threads: one directory and one cover letter per thread, v2 subjects" \
	sh -c 'cat "$2"; has() { grep -qxF "$2" "$1" || { echo "no line \"$2\" in $1"; exit 1; }; }
		has "$0" "Subject: [PATCH v2 0/1] demo(2): the commit" && has "$1" "Subject: [PATCH v2 0/1] demo(2): speed" &&
		ls "${0%/*}"/v2-0001-*.patch "${1%/*}"/v2-0001-*.patch' "$c1" "$c2" "$SCRATCH/mk-threads"
check "threads: a range-diff against the thread's v1 patches" \
	sh -c 'grep -qxF "Range-diff against v1:" "$0" && grep -qxF "Range-diff against v1:" "$1"' "$c1" "$c2"
check "threads: a prerequisite is named in the cover letter, applied first, and not sent" \
	sh -c 'grep -q "^  0123abcd (\"man/man2/demo.2: Say how fast demo() is\")$" "$0" &&
		! grep -q "Say how fast" "${0%/*}"/v2-0001-*.patch && ! grep -q "^base-commit:" "$0"' "$c1"
check "threads: a thread's cc adds to the queue's" \
	sh -c 'grep -q "Other Author" "$0" && ! grep -q "Other Author" "$1"' "$c1" "$c2"
check "check-patches: each thread onto both forms of the tree, after its prerequisites" \
	sh -c '"$0" -q "$1" "$2" "$3" >"$4" 2>&1; rc=$?; cat "$4"; [ $rc -eq 0 ] &&
		grep -q "^ok [0-9]* - one: the 6.99 release tree, 0123abcd: git am v2-0001-" "$4" &&
		grep -q "^ok [0-9]* - two: the 6.99 tree in man-pages.git form: git am v2-0001-" "$4"' \
	"$P/check-patches" "$tq" "$F/upstream-rel" "$SCRATCH/threads" "$SCRATCH/cp-threads"
check "check-patches: each thread has a cover letter, with a range-diff from v2 on" \
	sh -c 'grep -q "^ok [0-9]* - one: a cover letter: v2-0000-cover-letter.patch$" "$0" &&
		grep -q "^ok [0-9]* - two: the cover letter has a range-diff against the last round$" "$0"' "$SCRATCH/cp-threads"
cp -R "$SCRATCH/threads" "$SCRATCH/threads-nc"
rm "$SCRATCH/threads-nc/two/v2-0000-cover-letter.patch"
sed -i '/^Range-diff against v1:$/,$d' "$SCRATCH/threads-nc/one/v2-0000-cover-letter.patch"
fails_with "check-patches: a thread without a cover letter fails, naming it" \
	"^not ok [0-9]+ - two: a cover letter" "$P/check-patches" -q "$tq" "$F/upstream-rel" "$SCRATCH/threads-nc"
fails_with "check-patches: a v2 cover letter without a range-diff fails" \
	"^not ok [0-9]+ - one: the cover letter has a range-diff against the last round" \
	"$P/check-patches" -q "$tq" "$F/upstream-rel" "$SCRATCH/threads-nc"
check "send-patches: one git send-email command per thread, To:/Cc: from the cc files, nothing sent" \
	sh -c '"$0" -q "$1" "$2" >"$3"; cat "$3"; [ "$(grep -c "^git send-email " "$3")" -eq 2 ] &&
		grep -q "^git send-email --to=.Alejandro Colomar <alx@kernel.org>. .*--cc=.Other Author <other@example.org>. .*/one/\*\.patch$" "$3"' \
	"$P/send-patches" "$tq" "$SCRATCH/threads" "$SCRATCH/send"

# A git checkout of the tree: base-commit: names its HEAD.
cp -R "$F/upstream-new" "$SCRATCH/git"
git -C "$SCRATCH/git" init -q && git -C "$SCRATCH/git" add -A && git -C "$SCRATCH/git" commit -q -m base
head=$(git -C "$SCRATCH/git" rev-parse HEAD)
mk git-series "$SCRATCH/git" >/dev/null 2>&1 || :
check "a git checkout: base-commit: is its HEAD" \
	sh -c 'grep -qxF "base-commit: $1" "$0"' "$SCRATCH/git-series/0000-cover-letter.patch" "$head"

check "check-patches: git am onto the release tree and its git form, lint, lint-series" \
	sh -c '"$0" "$1" "$2" >"$3" 2>&1; rc=$?; cat "$3"; [ $rc -eq 0 ] &&
		grep -q "^ok 1 - the 6.99 release tree: git am 0001-" "$3" &&
		grep -q "^ok 3 - the 6.99 tree in man-pages.git form: git am 0001-" "$3" &&
		grep -q "^ok .* man/man2/demo.2: lint-man.mandoc$" "$3" &&
		grep -q "^ok .* the series has no trailing whitespace" "$3"' \
	"$P/check-patches" "$F/upstream-rel" "$SCRATCH/rel" "$SCRATCH/cp-rel"
check "check-patches on a git checkout applies at the series' base-commit" \
	sh -c '"$0" "$1" "$2" >"$3" 2>&1; rc=$?; cat "$3"; [ $rc -eq 0 ] && grep -q "^ok 1 - man-pages.git $4: git am 0001-" "$3"' \
	"$P/check-patches" "$SCRATCH/git" "$SCRATCH/git-series" "$SCRATCH/cp-git" "$head"

# man-pages >= 6.10: make -R, LDLIBS.
check "upstream-lint: make -R when the tree's makefiles ask for it; LDLIBS with -lseccomp" \
	sh -c 'cp -R "$1" "$2" && "$0" "$2" man/man2/demo.2 >"$3" 2>&1; rc=$?; cat "$3";
		[ $rc -eq 0 ] && grep -q "^# make -R: " "$3" && grep -q "^ok - man/man2/demo.2: lint-man.mandoc$" "$3" &&
		grep -qxF -- "-lc -lseccomp" "$2/.tmp/man/man2/demo.2.lint-man.mandoc.touch"' \
	"$P/upstream-lint" "$F/upstream-r" "$SCRATCH/r" "$SCRATCH/ul-r"
fails_with "upstream-lint: a tree without lint targets fails, with no fallback" \
	"^not ok - man2/demo.2: the tree's makefiles define no lint target" \
	"$P/upstream-lint" "$F/upstream-old" man2/demo.2

# lint-series: what must not reach upstream.
cp "$p1" "$SCRATCH/bad.patch"
printf '%s\n' '+.\" GUESTS: libc=musl' '+.TH demo 2 (date) "x"' '+trailing ' >>"$SCRATCH/bad.patch"
fails_with "lint-series: project markers, .TH changes and trailing whitespace" \
	"bad.patch:[0-9]+: a project annotation in a page.*GUESTS" "$P/lint-series" "$SCRATCH/bad.patch"
fails_with "lint-series: .TH change named" "bad.patch:[0-9]+: changes a .TH line" "$P/lint-series" "$SCRATCH/bad.patch"
fails_with "lint-series: trailing whitespace named" "bad.patch:[0-9]+: trailing whitespace" "$P/lint-series" "$SCRATCH/bad.patch"
check "lint-series: the lone blank git writes for an empty context line is no trailing whitespace" \
	sh -c 'cp "$0" "$1" && printf " \n" >>"$1" && "$2" "$1"' "$p1" "$SCRATCH/blank.patch" "$P/lint-series"
printf '%s\n' '+.I SECCOMP_RET_ERRNO' >>"$SCRATCH/bad.patch"
fails_with "lint-series: a constant in italics" "bad.patch:[0-9]+: a constant in italics" "$P/lint-series" "$SCRATCH/bad.patch"
check "lint-series: a line that goes on after a clause comma is advice, not an error" \
	sh -c 'cp "$0" "$1" && printf "%s\n" "+Since Linux 5.19, a supervisor can" >>"$1" &&
		"$2" "$1" 2>"$3"; rc=$?; cat "$3"; [ $rc -eq 0 ] && grep -q "^advice: .*semantic newlines" "$3"' \
	"$p1" "$SCRATCH/advice.patch" "$P/lint-series" "$SCRATCH/advice"
check "lint-series -w: a mail is checked for words, not for Signed-off-by" \
	sh -c 'printf "%s\n" "To: someone" "" "Hello." >"$0" && "$1" -w "$0" && printf "%s\n" "our guests say so" >>"$0" && ! "$1" -w "$0"' \
	"$SCRATCH/x.mail" "$P/lint-series"
fails_with "lint-series: a cover letter that calls something a kernel bug fails" \
	"0000-cover-letter.patch:[0-9]+: a verdict a series does not give" \
	sh -c 'mkdir -p "$1" && cp "$0" "$1/0000-cover-letter.patch" && printf "%s\n" "That is a kernel bug." >>"$1/0000-cover-letter.patch" &&
		"$2" "$1/0000-cover-letter.patch"' "$SCRATCH/rel/0000-cover-letter.patch" "$SCRATCH/kb" "$P/lint-series"
check "lint-series: the word patterns match in this awk (guests, ci/, our pages, VARY:, .claim)" \
	sh -c 'for w in "on the guests" "see ci/run" "as our pages say" "VARY: x" "in x.claim too"; do
		printf "%s\n" "To: someone" "" "$w" >"$0"; ! "$1" -w "$0" >/dev/null || { echo "not caught: $w"; exit 1; }; done
		printf "%s\n" "To: someone" "" "unvary: docid/, flour pages, guestsx, x.claims" >"$0"; "$1" -w "$0"' \
	"$SCRATCH/w.mail" "$P/lint-series"
fails_with "lint-series: more than MAX changed lines" "changes [0-9]+ lines \(at most 1" "$P/lint-series" -m 1 "$p1"

# The queue: rebase onto a tree where a patch no longer applies.
cp -R "$F/queue" "$SCRATCH/q"
cp -R "$F/upstream-rel" "$SCRATCH/newer"
sed -i 's/^does nothing\.$/does nothing at all./' "$SCRATCH/newer/man/man2/demo.2"
fails_with "queue rebase: names the patch that no longer applies, leaves the queue alone" \
	"not ok - 0001-man-man2-demo.2-Say-how-fast-demo-is.patch no longer applies" \
	"$P/queue" rebase -q "$SCRATCH/q" "$SCRATCH/newer"
check "queue rebase: the queue is unchanged after a failed rebase" diff -r "$F/queue" "$SCRATCH/q"
check "queue rebase onto the same tree: every patch applies" \
	sh -c '"$0" rebase -q "$1" "$2" 2>&1 | tee /dev/stderr | grep -c "^ok - " | grep -qx 2' "$P/queue" "$SCRATCH/q" "$F/upstream-rel"
fails_with "make-patches: a queue that does not apply names the patch" \
	"0001-man-man2-demo.2-Say-how-fast-demo-is.patch does not apply" \
	"$P/make-patches" -C "$F/project" -q "$F/queue" -o "$SCRATCH/x" "$SCRATCH/newer"
fails_with "no git identity: a clear error" "no git identity for Signed-off-by" \
	env GIT_CONFIG_GLOBAL=/dev/null "$P/make-patches" -C "$F/project" -q "$F/queue" -o "$SCRATCH/y" "$F/upstream-rel"
check "a failed run leaves no series behind" sh -c '[ ! -e "$0" ] && [ ! -e "$1" ]' "$SCRATCH/x" "$SCRATCH/y"

check "no upstream tree (archive unreachable, empty cache): skipped, status 77" \
	sh -c 'SECCOMP_PAGES_CACHE=$1/cache SP_MIRROR=http://127.0.0.1:9/debian SP_APT_REFRESH=0 "$0" "$2" >"$1/skip" 2>&1; rc=$?;
		cat "$1/skip"; [ $rc -eq 77 ] && grep -q "^skipped: no upstream tree (" "$1/skip"' \
	"$P/check-patches" "$SCRATCH" "$SCRATCH/rel"
check "git-form: a release's .TH lines as man-pages.git writes them" \
	sh -c 'cp -R "$1" "$2" && "$0" "$2" && grep -qxF ".TH demo 2 (date) \"Linux man-pages (unreleased)\"" "$2/man/man2/demo.2"' \
	"$P/git-form" "$F/upstream-rel" "$SCRATCH/gf"
check "tree-info: both layouts and their .so and .TH conventions" \
	sh -c '"$0" "$1" | grep -qx "mandir	man/" && "$0" "$2" | grep -qx "mandir	" &&
		"$0" "$1" | grep -qx "th.2	(date)	\"Linux man-pages (unreleased)\"" &&
		"$0" "$2" | grep -qx "th.3	keep	\"Linux man-pages 6.03\"" && "$0" "$1" | grep -qx "so	"' \
	"$P/tree-info" "$F/upstream-new" "$F/upstream-old"
done_testing
