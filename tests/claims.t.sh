#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Claim tests and the sentences that name them (ci/pages/claim-refs).
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/claims
check "pages and claims that name each other pass" \
	ci/pages/claim-refs $fx/page.2 -- $fx/alpha.claim $fx/beta.claim
fails_with "a PROVEN-BY that names no claim fails with page and line" \
	"^$fx/missing.2:3: PROVEN-BY names no claim: gamma" \
	ci/pages/claim-refs $fx/missing.2 -- $fx/alpha.claim
fails_with "a claim that no page names fails" \
	"^$fx/beta.claim:1: no page or patch names this claim" \
	ci/pages/claim-refs $fx/missing.2 -- $fx/alpha.claim $fx/beta.claim
fails_with "a claim whose title is not its name fails" \
	"^$fx/mistitled.claim:1: the title is delta, the file says mistitled" \
	ci/pages/claim-refs -- $fx/mistitled.claim
T=$((T + 1))
got=$(ci/pages/claim-refs -l $fx/missing.2 $fx/page.2 -- $fx/beta.claim $fx/alpha.claim | tr '\n' ' ')
if [ "$got" = "$fx/alpha.claim $fx/beta.claim " ]; then
	echo "ok $T - -l lists the claims the pages name, once each, in the pages' order"
else
	echo "not ok $T - -l lists the claims the pages name, once each, in the pages' order"; echo "# got: $got"
fi
# The project's own pages and claims.
check "every PROVEN-BY in the pages names a claim in claims/, and every claim is named" \
	ci/pages/claim-refs man2/*.2 man3/*.3 man7/*.7 upstream/man-pages/*/[0-9][0-9][0-9][0-9]-*.patch -- claims/*.claim
# A patch of the upstream delta names its claim with a Test: line of its message.
printf 'Subject: [PATCH] x\n\nTest: beta\n\ndiff --git a/x b/x\nTest: alpha\n' >"$SCRATCH/q.patch"
fails_with "a patch's Test: line names a claim; one inside the diff does not" \
	"alpha.claim:1: no page or patch names this claim" \
	sh -c 'ci/pages/claim-refs "$0" -- "$1/alpha.claim" "$1/beta.claim"; s=$?; ci/pages/claim-refs "$0" -- "$1/beta.claim" && exit $s' "$SCRATCH/q.patch" "$fx"
# make check-examples PAGES=: the claims those pages name, and those of the
# upstream delta's patches only when PAGES names patches (what the make
# recipe would run, with the runner replaced by printf).  The variables of
# the make check around this test reach this make through MAKEFLAGS: cleared.
args_of() {
	sh -c "$(make -n --no-print-directory check-examples PAGES="$1" ARCHES= GUESTS= SHARD= | sed -n 's|^ci/check-examples |printf "%s\\n" |p')"
}
T=$((T + 1))
got=$(args_of man2/seccomp.2)
# shellcheck disable=SC2046 # one claim a word
want=$(printf '%s\n' man2/seccomp.2 $(ci/pages/claim-refs -l man2/seccomp.2 -- claims/*.claim))
if [ "$(printf '%s\n' "$got" | grep -v '^-g$\|^$')" = "$want" ]; then
	echo "ok $T - PAGES=man2/seccomp.2 runs the page and its claims, not the upstream delta's"
else
	echo "not ok $T - PAGES=man2/seccomp.2 runs the page and its claims, not the upstream delta's"; printf '%s\n' "$got" | sed 's/^/# /'
fi
T=$((T + 1))
got=$(args_of 'upstream/man-pages/seccomp-facts/0001-*.patch')
if [ "$(printf '%s\n' "$got" | grep -v '^-g$\|^$')" = claims/tsync-esrch.claim ]; then
	echo "ok $T - PAGES=a patch runs the claim the patch names, and no page"
else
	echo "not ok $T - PAGES=a patch runs the claim the patch names, and no page"; printf '%s\n' "$got" | sed 's/^/# /'
fi
done_testing
