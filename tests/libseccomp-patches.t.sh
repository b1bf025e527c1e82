#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/libseccomp-patches.t.sh — ci/upstream/libseccomp-patches: the man3
# pages as commits for libseccomp's doc/man/man3, made and checked against
# the fake tree in tests/fixtures/libseccomp.  No network: the skip test
# points at a closed port.
# shellcheck disable=SC2016 # the sh -c scripts expand their own arguments
set -eu
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
F=$TOP/tests/fixtures/libseccomp
L=$TOP/ci/upstream/libseccomp-patches

cat >"$SCRATCH/gitconfig" <<'EOG'
[user]
	name = Test Person
	email = test@example.org
EOG
GIT_CONFIG_GLOBAL=$SCRATCH/gitconfig GIT_CONFIG_NOSYSTEM=1
export GIT_CONFIG_GLOBAL GIT_CONFIG_NOSYSTEM
# the commit messages of the fixture pages
SP_LIBSECCOMP_MSG=$F/msg; export SP_LIBSECCOMP_MSG

has() { f=$1; shift; for s; do grep -qxF -- "$s" "$f" || { echo "no line '$s' in ${f##*/}:"; cat "$f"; return 1; }; done; }

SP_MAN3=$F/pages "$L" -o "$SCRATCH/series" "$F/tree" >"$SCRATCH/mk" 2>&1 || :
p1=$(ls "$SCRATCH"/series/0001-*.patch 2>/dev/null || echo missing)
p2=$(ls "$SCRATCH"/series/0002-*.patch 2>/dev/null || echo missing)
p3=$(ls "$SCRATCH"/series/0003-*.patch 2>/dev/null || echo missing)
check "a cover letter and one patch per message file of the series; no alias libseccomp lacks or has alike" \
	sh -c 'cat "$0"; ls "$1"; [ "$(ls "$1" | wc -l)" -eq 4 ] && ! grep -l "^diff --git .*_demo_" "$1"/*.patch' "$SCRATCH/mk" "$SCRATCH/series"
check "a page libseccomp has: a diff of its file, doc: subject, author and Signed-off-by" \
	has "$p1" "Subject: [PATCH 1/3] doc: seccomp_demo(3): say what the demo does" \
	"From: Test Person <test@example.org>" "Signed-off-by: Test Person <test@example.org>" \
	"--- a/doc/man/man3/seccomp_demo.3" "+++ b/doc/man/man3/seccomp_demo.3" \
	'+.TH "seccomp_demo" 3 "2026-12-03" "paul@paul-moore.com" "libseccomp Documentation"' \
	'+.\" SPDX-License-Identifier: LGPL-2.1-only' '+New text.'
check "each commit holds the sections of its message: the text first, the example after" \
	sh -c '! grep -q "^+\.SH EXAMPLES" "$0" && grep -qxF "+.SH EXAMPLES" "$1" && grep -qxF "+.\\\" SRC BEGIN (demo.c)" "$1" &&
		! grep -q "^[-+]New text\.\$" "$1" && ! grep -q "^.\.TH" "$1"' "$p1" "$p2"
check "no session annotation, no project name, no copyright line of ours goes out" \
	sh -c '! grep -E "GUESTS|VARY|EXIT:|TIMEOUT|PROVEN-BY|SOURCE:|ABI:|seccomp-pages|Copyright" "$0" "$1" "$2"' "$p1" "$p2" "$p3"
check "a page libseccomp lacks: a new file, with a .TH line in libseccomp's form" \
	has "$p3" "Subject: [PATCH 3/3] doc: add a seccomp_new(3) manpage" "new file mode 100644" \
	'+.TH "seccomp_new" 3 "2026-12-04" "" "libseccomp Documentation"'
check "the cover letter says what the series is: how many pages changed and added, and its base" \
	sh -c 'grep -q "^Subject: \[PATCH 0/3\] doc: manpages for the libseccomp API" "$0" &&
		grep -qxF "These 3 patches change 1 of the manpages in doc/man/man3 and add 1" "$0" &&
		grep -qxF "new page: seccomp_new(3).  Each patch makes one change, to one page" "$0" &&
		grep -qxF "Base: libseccomp tree tree." "$0"' "$SCRATCH/series/0000-cover-letter.patch"
check "-c: the series applies to a fresh copy and every page it touches lints clean" \
	sh -c 'SP_MAN3=$1 "$0" -c "$2" && SP_MAN3=$1 "$0" -c "$2" | grep -qxF "ok - mandoc -Tlint: doc/man/man3/seccomp_new.3"' \
	"$L" "$F/pages" "$F/tree"
# A tree whose pages document a name its header declares and ours do not.
cp -R "$F/tree" "$SCRATCH/tree-h" && mkdir -p "$SCRATCH/tree-h/include"
printf 'int seccomp_demo(void);\nint seccomp_gone(int fd);\n' >"$SCRATCH/tree-h/include/seccomp.h.in"
printf '.P\nSee also\n.BR seccomp_gone (3).\n' >>"$SCRATCH/tree-h/doc/man/man3/seccomp_demo.3"
fails_with "-c: a name the tree documents and declares, in none of our pages, fails" \
	'# documented in libseccomp tree tree-h and declared in include/seccomp.h.in, in none of our pages: seccomp_gone ' \
	env SP_MAN3="$F/pages" "$L" -c "$SCRATCH/tree-h"
printf 'seccomp_gone\tfixture: documented elsewhere\n' >"$SCRATCH/covered"
check "-c: a name upstream/libseccomp/covered lists passes" \
	sh -c 'SP_LIBSECCOMP_COVERED=$3 SP_MAN3=$1 "$0" -c "$2" | grep -qxF "ok - the series keeps every name libseccomp'\''s pages document"' \
	"$L" "$F/pages" "$SCRATCH/tree-h" "$SCRATCH/covered"
fails_with "-c: a page mandoc finds an error in fails, naming the page" \
	'not ok - mandoc -Tlint: doc/man/man3/seccomp_new.3' env SP_MAN3="$F/bad" SP_LIBSECCOMP_MSG="$F/bad-msg" "$L" -c "$F/tree"
check "lint-series -t lets whole pages change .TH; without -t it is refused" \
	sh -c '"$0" -t -m 1000 "$1" && ! "$0" -m 1000 "$1"' "$TOP/ci/upstream/lint-series" "$p1"
check "no libseccomp tree (archive unreachable, empty cache): skipped, status 77" \
	sh -c 'SECCOMP_PAGES_CACHE=$1/cache SP_MIRROR=http://127.0.0.1:9/debian SP_APT_REFRESH=0 "$0" -c >"$1/skip" 2>&1; rc=$?;
		cat "$1/skip"; [ $rc -eq 77 ] && grep -q "^skipped: no libseccomp tree" "$1/skip"' "$L" "$SCRATCH"

# The messages: each owns sections of pages (Sections:), in the order of
# series; every differing section in exactly one, none stale.
check "a commit's message is its file without the Sections: line, then the Signed-off-by" \
	sh -c 'printf "%s\n" "Subject: [PATCH 1/3] $(sed -n 1p "$1")" "$(sed -e 1d -e "/^Sections: /d" "$1" | sed -e :a -e "/^\n*\$/{\$d;N;ba" -e "}")" "" \
		"Signed-off-by: Test Person <test@example.org>" >"$2/want"
		sed -n "/^Subject: /,/^---\$/p" "$0" | sed "\$d" | diff -u "$2/want" -' \
	"$p1" "$F/msg/demo-text.msg" "$SCRATCH"
mkmsg() { rm -rf "$SCRATCH/$1"; cp -R "$F/msg" "$SCRATCH/$1"; }
mkmsg nomsg
sed -i 's/^Sections: seccomp_demo.3: EXAMPLES$/Sections: seccomp_new.3: */' "$SCRATCH/nomsg/demo-example.msg"
sed -i '/^new\.msg$/d' "$SCRATCH/nomsg/series" && rm "$SCRATCH/nomsg/new.msg"
fails_with "a section that differs and that no message has fails, naming page and section" \
	'seccomp_demo\.3: section EXAMPLES differs from libseccomp.s page, and no message has it' \
	env SP_MAN3="$F/pages" SP_LIBSECCOMP_MSG="$SCRATCH/nomsg" "$L" -o "$SCRATCH/nomsg-out" "$F/tree"
check "... and writes nothing" test ! -e "$SCRATCH/nomsg-out"
mkmsg twice
printf 'Sections: seccomp_demo.3: DESCRIPTION\n' >>"$SCRATCH/twice/demo-example.msg"
fails_with "a section in two messages fails, naming both" \
	'twice/demo-example\.msg: Sections: seccomp_demo\.3: DESCRIPTION is already in demo-text\.msg' \
	env SP_MAN3="$F/pages" SP_LIBSECCOMP_MSG="$SCRATCH/twice" "$L" -o "$SCRATCH/twice-out" "$F/tree"
mkmsg same
printf 'Sections: seccomp_demo.3: SEE ALSO\n' >>"$SCRATCH/same/demo-example.msg"
fails_with "a section that does not differ (or does not exist) fails, listing those that do" \
	'same/demo-example\.msg: Sections: seccomp_demo\.3: SEE ALSO: no such section, or it does not differ \(differing: NAME,DESCRIPTION,EXAMPLES\)' \
	env SP_MAN3="$F/pages" SP_LIBSECCOMP_MSG="$SCRATCH/same" "$L" -o "$SCRATCH/same-out" "$F/tree"
mkmsg stale
printf 'doc: seccomp_demo_other(3): x\n\nAn alias libseccomp does not ship.\n\nSections: seccomp_demo_other.3: *\n' >"$SCRATCH/stale/other.msg"
echo other.msg >>"$SCRATCH/stale/series"
fails_with "a message for a page that makes no commit is stale: it fails, naming the file" \
	'stale/other\.msg: Sections: seccomp_demo_other\.3: no such page, or it does not differ' \
	env SP_MAN3="$F/pages" SP_LIBSECCOMP_MSG="$SCRATCH/stale" "$L" -o "$SCRATCH/stale-out" "$F/tree"
sed -i '/^other\.msg$/d' "$SCRATCH/stale/series"
fails_with "a message file that is not in series fails, naming it" \
	'stale/other\.msg: not in .*stale/series' \
	env SP_MAN3="$F/pages" SP_LIBSECCOMP_MSG="$SCRATCH/stale" "$L" -o "$SCRATCH/stale-out" "$F/tree"
rm "$SCRATCH/stale/other.msg"
sed -i '/^Sections: /d' "$SCRATCH/stale/new.msg"
fails_with "a message without a Sections: line fails, naming it" \
	'stale/new\.msg: no Sections: line' \
	env SP_MAN3="$F/pages" SP_LIBSECCOMP_MSG="$SCRATCH/stale" "$L" -o "$SCRATCH/stale-out" "$F/tree"
printf 'doc: seccomp_demo(3): x\nno blank line\n\nSections: seccomp_demo.3: NAME, DESCRIPTION\n' >"$SCRATCH/stale/demo-text.msg"
cp "$F/msg/new.msg" "$SCRATCH/stale/"
fails_with "a message without the blank line after its subject fails, naming file and line" \
	'stale/demo-text\.msg:2: not blank' \
	env SP_MAN3="$F/pages" SP_LIBSECCOMP_MSG="$SCRATCH/stale" "$L" -o "$SCRATCH/stale-out" "$F/tree"

# The annotations stripped are the ones ci/upstream/forbidden refuses.
names=$(awk -F '\t' '$2 == "a project annotation in a page" { sub(/.*\(/, "", $1); sub(/\).*/, "", $1); print $1 }' \
	"$TOP/ci/upstream/forbidden" | tr '|' ' ')
check "every annotation named in forbidden is in the fixture page and stripped from the patches" \
	sh -c '[ -n "$2" ] || { echo "no annotation names in forbidden"; exit 1; }
		for a in $2; do grep -q "^\.\\\\\"[[:space:]]*$a:" "$1" || { echo "$a: not in the fixture page"; exit 1; }
			! cat "$0"/0*.patch | grep -qi "$a:" || { echo "$a: in the patch"; exit 1; }; done' \
	"$SCRATCH/series" "$F/pages/seccomp_demo.3" "$names"
mkdir -p "$SCRATCH/top/ci" "$SCRATCH/newmark"
cp -R "$TOP/ci/upstream" "$SCRATCH/top/ci/"
sed -i 's/|census-guest):/|census-guest|NEWMARK):/' "$SCRATCH/top/ci/upstream/forbidden"
cp "$F"/pages/*.3 "$SCRATCH/newmark/"
sed -i 's/^\.\\" ABI: x86_64$/&\n.\\" NEWMARK: demo/' "$SCRATCH/newmark/seccomp_demo.3"
check "an annotation added to forbidden is stripped; the same page without it keeps the line" \
	sh -c 'grep -q NEWMARK "$3/newmark/seccomp_demo.3" &&
		SP_MAN3=$3/newmark "$0" -o "$3/nm-with" "$2" && ! grep -q NEWMARK "$3"/nm-with/0*.patch &&
		SP_MAN3=$3/newmark "$1" -o "$3/nm-without" "$2" && grep -q "^+\.\\\\\" NEWMARK: demo" "$3"/nm-without/0*.patch' \
	"$SCRATCH/top/ci/upstream/libseccomp-patches" "$L" "$F/tree" "$SCRATCH"
sed -i 's/	a project annotation in a page$/	an annotation/' "$SCRATCH/top/ci/upstream/forbidden"
fails_with "forbidden without the annotation line: an error naming the file and the reason" \
	'forbidden: no line with the reason "a project annotation in a page"' \
	env SP_MAN3="$F/pages" "$SCRATCH/top/ci/upstream/libseccomp-patches" -o "$SCRATCH/nm-none" "$F/tree"

# The messages' base: a warning when the tree is another.
mkdir "$SCRATCH/based"
cp "$F"/msg/* "$SCRATCH/based/"
printf '# comment\nlibseccomp tree tree\n' >"$SCRATCH/based/base"
check "messages whose base file names the tree: no warning" \
	sh -c 'SP_MAN3=$1 SP_LIBSECCOMP_MSG=$2 "$0" -o "$3/b1" "$4" >"$3/b1.out" 2>&1; rc=$?; cat "$3/b1.out";
		[ $rc -eq 0 ] && ! grep -q warning "$3/b1.out"' "$L" "$F/pages" "$SCRATCH/based" "$SCRATCH" "$F/tree"
printf 'libseccomp tree other\n' >"$SCRATCH/based/base"
check "messages written against another tree: the series is made, with a warning naming both" \
	sh -c 'SP_MAN3=$1 SP_LIBSECCOMP_MSG=$2 "$0" -o "$3/b2" "$4" >"$3/b2.out" 2>&1; rc=$?; cat "$3/b2.out";
		[ $rc -eq 0 ] && grep -q "warning: the messages in .* describe the diffs against libseccomp tree other, not libseccomp tree tree" "$3/b2.out"' \
	"$L" "$F/pages" "$SCRATCH/based" "$SCRATCH" "$F/tree"

# Test: in a message: the claim test's sessions and program, as for man-pages.
cp -R "$F/msg" "$SCRATCH/testmsg"
m=$(ls "$SCRATCH/testmsg"/*.msg | sed -n 1p)
printf '%s\n' "" "Test: strict-mode-exit" >>"$m"
check "a Test: line in a message becomes the claim test's sessions and program" \
	sh -c 'SP_MAN3=$1 SP_LIBSECCOMP_MSG=$2 "$0" -o "$3" "$4" >/dev/null 2>&1 &&
		grep -qxF "Tested with the program below, which prints:" "$3"/0*.patch &&
		grep -qxF "    strict mode; calling exit(0)" "$3"/0*.patch &&
		! grep -q "^Test: " "$3"/0*.patch' \
	"$L" "$F/pages" "$SCRATCH/testmsg" "$SCRATCH/testmsg-out" "$F/tree"
fails_with "a Test: line naming no claim test fails, naming the message" "Test: no-such-claim" \
	sh -c 'printf "%s\n" "Test: no-such-claim" >>"$2" && SP_MAN3=$1 SP_LIBSECCOMP_MSG=${2%/*} "$0" -o "$3" "$4"' \
	"$L" "$F/pages" "$m" "$SCRATCH/testmsg-bad" "$F/tree"
done_testing
