#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Proof coverage (ci/pages/proof-coverage): every ERRORS, RETURN VALUE,
# HISTORY, CAVEATS and BUGS statement names a proof or a source.
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/coverage
check "a page whose every statement is proven or cited passes" \
	ci/pages/proof-coverage -e "$fx" $fx/covered.3
T=$((T + 1))
got=$(ci/pages/proof-coverage -e "$fx" $fx/covered.3 $fx/alias.3)
if [ "$got" = "covered.3: 7/7 proven or cited" ]; then
	echo "ok $T - the count is printed per page; an alias page has no statements"
else
	echo "not ok $T - the count is printed per page; an alias page has no statements"; printf '%s\n' "$got" | sed 's/^/# /'
fi
fails_with "an uncovered ERRORS entry fails, naming file and line" \
	"^$fx/uncovered.3:16: ERRORS entry not proven or cited: -ENOMEM" \
	ci/pages/proof-coverage -e "$fx" $fx/uncovered.3
fails_with "the count of a page below 100 % is printed" \
	"^uncovered.3: 6/7 proven or cited$" \
	ci/pages/proof-coverage -e "$fx" $fx/uncovered.3
fails_with "an uncovered numbered caveat fails; its untagged .IP is the same item" \
	"^$fx/uncovered-caveat.3:27: CAVEATS entry not proven or cited: A numbered item" \
	ci/pages/proof-coverage -e "$fx" $fx/uncovered-caveat.3
fails_with "a SOURCE: naming no file or no version fails" \
	"^$fx/badsource.3:21: SOURCE: must name a file and a version: from memory" \
	ci/pages/proof-coverage -e "$fx" $fx/badsource.3
T=$((T + 1))
if got=$(ci/pages/proof-coverage -e "man3" $fx/uncovered.3) &&
	[ "$got" = "uncovered.3: 6/7 proven or cited (not enforced)" ]; then
	echo "ok $T - a page outside the enforced directories prints its count and passes"
else
	echo "not ok $T - a page outside the enforced directories prints its count and passes"; printf '%s\n' "$got" | sed 's/^/# /'
fi
# PROVEN-BY: example:FILE names an example of the same page (ci/pages/claim-refs).
check "PROVEN-BY: example:FILE naming an example of the page passes claim-refs" \
	ci/pages/claim-refs $fx/covered.3 -- tests/fixtures/claims/alpha.claim tests/fixtures/claims/beta.claim
sed 's/example:prog\.c/example:other.c/' $fx/covered.3 > "$SCRATCH/noex.3"
fails_with "PROVEN-BY: example:FILE naming no example of the page fails" \
	"noex.3:14: PROVEN-BY names no example of this page: example:other.c" \
	ci/pages/claim-refs "$SCRATCH/noex.3" -- tests/fixtures/claims/alpha.claim tests/fixtures/claims/beta.claim
done_testing
