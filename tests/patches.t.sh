#!/bin/sh
# tests/patches.t.sh — ci/patches/: the series for upstream man-pages, made
# against the fixture trees in tests/fixtures/patches (both layouts), and
# check-patches applying it.  No network: the skip test points at a closed port.
set -eu
. "$(dirname "$0")/lib.sh"
F=$TOP/tests/fixtures/patches
P=$TOP/ci/patches

# A git identity of our own, and the fixture project outside any repository.
cat >"$SCRATCH/gitconfig" <<'EOF'
[user]
	name = Test Person
	email = test@example.org
EOF
GIT_CONFIG_GLOBAL=$SCRATCH/gitconfig GIT_CONFIG_NOSYSTEM=1
export GIT_CONFIG_GLOBAL GIT_CONFIG_NOSYSTEM
cp -R "$F/project" "$SCRATCH/project"

# subject FILE: the Subject: header, unfolded.
subject() { awk '/^Subject:/ { s = $0; while ((getline l) > 0 && l ~ /^[ \t]/) s = s l; print s; exit }' "$1"; }
# has FILE STRING...: every STRING is a line of FILE
has() { f=$1; shift; for s; do grep -qxF -- "$s" "$f" || { echo "no line '$s' in ${f##*/}:"; cat "$f"; return 1; }; done; }
hasnt() { f=$1; shift; for s; do ! grep -qxF -- "$s" "$f" || { echo "line '$s' in ${f##*/}"; return 1; }; done; }

mk() { "$P/make-patches" -C "$SCRATCH/project" -o "$SCRATCH/$1" "$F/upstream-$1"; }
mk new >"$SCRATCH/mk-new" 2>&1 || :
check "make-patches writes a cover letter and one patch per page (new layout)" \
	sh -c 'cat "$0"; [ "$(ls "$1" | wc -l)" -eq 3 ] && [ -f "$1/v1-0000-cover-letter.patch" ]' "$SCRATCH/mk-new" "$SCRATCH/new"
mk old >/dev/null 2>&1 || :
n1=$(ls "$SCRATCH"/new/v1-0001-*.patch 2>/dev/null || echo missing)
n2=$(ls "$SCRATCH"/new/v1-0002-*.patch 2>/dev/null || echo missing)
o1=$(ls "$SCRATCH"/old/v1-0001-*.patch 2>/dev/null || echo missing)
o2=$(ls "$SCRATCH"/old/v1-0002-*.patch 2>/dev/null || echo missing)
cover=$SCRATCH/new/v1-0000-cover-letter.patch
for f in "$SCRATCH"/new/*.patch "$SCRATCH"/old/*.patch; do subject "$f"; done >"$SCRATCH/subjects" 2>/dev/null || :

check "new layout: paths under man/manN/" \
	has "$n1" "diff --git a/man/man2/demo.2 b/man/man2/demo.2"
check "subject: full path, a sentence from CHANGES, no final period" \
	has "$SCRATCH/subjects" "Subject: [PATCH v1 1/2] man/man2/demo.2: Document DEMO_FLAG_X"
check "subject of a new page names its functions" \
	has "$SCRATCH/subjects" "Subject: [PATCH v1 2/2] man/man3/demo_new.3: New page for demo_new() and demo_alias()"
check "body: the page's CHANGES entry" \
	has "$n1" "Document DEMO_FLAG_X.  It appeared in Linux 5.0, and glibc 2.34 has" "no wrapper for it."
check "body: the sources the page names (kernel commit, versions)" \
	has "$n1" "- linux.git commits: 0123456789ab" "- Versions (HISTORY, VERSIONS): Linux 4.0, 5.0; glibc 2.34"
check "author and Signed-off-by from git config" \
	has "$n2" "From: Test Person <test@example.org>" "Signed-off-by: Test Person <test@example.org>"
check "a page upstream has: modified, upstream's copyright and .TH kept" \
	sh -c 'sed -n "/^diff --git/,\$p" "$0" >"$0.diff"; grep -q "^index " "$0.diff" && ! grep -q "^new file mode" "$0.diff" && ! grep -q "^-[^-]" "$0.diff"' "$n1"
check "a new page: new files, .TH footer as upstream's pages write it" \
	has "$n2" "+++ b/man/man3/demo_new.3" "new file mode 100644" \
	'+.TH demo_new 3 (date) "Linux man-pages (unreleased)"'
check "an alias page: in its page's patch, with upstream's .so convention" \
	has "$n2" "+++ b/man/man3/demo_alias.3" "+.so man3/demo_new.3" "Links (.so man3/demo_new.3):" "    man/man3/demo_alias.3"
check "cover letter: a subject and the base it was made against" \
	has "$cover" "Subject: [PATCH v1 0/2] Update demo(2); add 1 new page" "Base: man-pages 6.99"
check "old layout: manN/ paths and subjects, that tree's .TH footer" \
	sh -c 'grep -qxF "diff --git a/man2/demo.2 b/man2/demo.2" "$0" &&
		grep -qxF "Subject: [PATCH v1 1/2] man2/demo.2: Document DEMO_FLAG_X" "$0" &&
		grep -qxF "+.TH demo_new 3 2026-01-02 \"Linux man-pages 6.03\"" "$1" &&
		grep -qxF "+.so man3/demo_new.3" "$1" && grep -qxF "Base: man-pages 6.03" "$2"' \
	"$o1" "$o2" "$SCRATCH/old/v1-0000-cover-letter.patch"

check "check-patches: the series applies (git am) and passes the tree's lint target" \
	sh -c '"$0" "$1" "$2" >"$3" 2>&1; rc=$?; cat "$3"; [ $rc -eq 0 ] &&
		grep -q "^ok 1 - git am " "$3" && grep -q "^ok .* man/man3/demo_new.3: lint-man.mandoc$" "$3" &&
		grep -q "^5 passed, 0 failed, 0 skipped$" "$3"' \
	"$P/check-patches" "$F/upstream-new" "$SCRATCH/new" "$SCRATCH/cp-new"
check "check-patches: old layout, a tree without lint targets (ci/lint-pages)" \
	sh -c '"$0" "$1" "$2" >"$3" 2>&1; rc=$?; cat "$3"; [ $rc -eq 0 ] && grep -q "^ok .* man2/demo.2: ci/lint-pages" "$3"' \
	"$P/check-patches" "$F/upstream-old" "$SCRATCH/old" "$SCRATCH/cp-old"
fails_with "check-patches: a series that does not apply fails" "^not ok 1 - git am " \
	"$P/check-patches" "$F/upstream-new" "$SCRATCH/old"

cp -R "$F/project" "$SCRATCH/broken"
printf 'A trailing blank. \n' >>"$SCRATCH/broken/man3/demo_new.3"
fails_with "check-patches -n: upstream lint's findings fail, with the message" \
	"whitespace at end of input line" \
	sh -c '"$0" -n -C "$1" "$2"; s=$?; echo "status $s"; exit $s' "$P/check-patches" "$SCRATCH/broken" "$F/upstream-new"

cp -R "$F/project" "$SCRATCH/extra"
cp "$F/project/man3/demo_new.3" "$SCRATCH/extra/man3/demo_extra.3"
fails_with "a page without a CHANGES entry is an error" "CHANGES has no entry for: man3/demo_extra.3" \
	"$P/make-patches" -C "$SCRATCH/extra" -o "$SCRATCH/x" "$F/upstream-new"
fails_with "no git identity: a clear error" "no git identity for Signed-off-by" \
	env GIT_CONFIG_GLOBAL=/dev/null "$P/make-patches" -C "$SCRATCH/project" -o "$SCRATCH/y" "$F/upstream-new"
check "a failed run leaves no series behind" sh -c '[ ! -e "$0" ] && [ ! -e "$1" ]' "$SCRATCH/x" "$SCRATCH/y"

check "no upstream tree (archive unreachable, empty cache): skipped, status 77" \
	sh -c 'SECCOMP_PAGES_CACHE=$1/cache SP_MIRROR=http://127.0.0.1:9/debian SP_APT_REFRESH=0 "$0" "$2" >"$1/skip" 2>&1; rc=$?;
		cat "$1/skip"; [ $rc -eq 77 ] && grep -q "^skipped: no upstream tree (" "$1/skip"' \
	"$P/check-patches" "$SCRATCH" "$SCRATCH/new"
check "tree-info: both layouts and their .so and .TH conventions" \
	sh -c '"$0" "$1" | grep -qx "mandir	man/" && "$0" "$2" | grep -qx "mandir	" &&
		"$0" "$1" | grep -qx "th.2	(date)	\"Linux man-pages (unreleased)\"" &&
		"$0" "$2" | grep -qx "th.3	keep	\"Linux man-pages 6.03\"" && "$0" "$1" | grep -qx "so	"' \
	"$P/tree-info" "$F/upstream-new" "$F/upstream-old"
