# tests/lib.sh — sourced by the tests/*.t.sh scripts: TAP lines, a plan and
# a scratch dir.
# Each test prints `ok N - what` or `not ok N - what` (with `# SKIP why` where
# it could not run); the script ends with `done_testing`, which prints the
# plan `1..N`.  tests/run compares the plan with the tests that ran, so a
# script that stops early (an `exit 0` in the middle, a `set -e` that
# fired) is a failure, not fewer tests.
# Verbose mode (`sh tests/X.t.sh -v`, or SP_TEST_VERBOSE=1 in the
# environment, as `make check SP_TEST_VERBOSE=1`): each check's command
# and its output are printed as comments, passed or not.
T=0
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP"
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/sp-test.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT INT TERM
VERBOSE=${SP_TEST_VERBOSE:-}
[ "${1:-}" != -v ] || VERBOSE=1
# verbose COMMAND...: in verbose mode, the command and its output as comments
verbose() {
	[ -n "$VERBOSE" ] || return 0
	echo "# \$ $*"; sed 's/^/#   /' "$SCRATCH/out"
}
# check WHAT COMMAND...: ok if COMMAND succeeds
check() {
	what=$1; shift; T=$((T + 1))
	if "$@" > "$SCRATCH/out" 2>&1; then echo "ok $T - $what"; verbose "$@"
	else echo "not ok $T - $what"; sed 's/^/# /' "$SCRATCH/out" | head -n 40
	fi
}
# fails_with WHAT PATTERN COMMAND...: ok if COMMAND fails and its output matches PATTERN (ERE)
fails_with() {
	what=$1 pat=$2; shift 2; T=$((T + 1))
	if "$@" > "$SCRATCH/out" 2>&1; then echo "not ok $T - $what"; echo "# succeeded, but should have failed"; sed 's/^/# /' "$SCRATCH/out" | head -n 20
	elif grep -Eq -- "$pat" "$SCRATCH/out"; then echo "ok $T - $what"; verbose "$@"
	else echo "not ok $T - $what"; echo "# wanted: $pat"; sed 's/^/# /' "$SCRATCH/out" | head -n 20
	fi
}
skip() { T=$((T + 1)); echo "ok $T - $1 # SKIP $2"; }
# have CMD...: true when every CMD is installed; else false, with the
# reason in $missing (for `skip WHAT "$missing"`)
have() {
	missing=
	for c; do command -v "$c" > /dev/null 2>&1 || missing="${missing:+$missing, }$c is not installed"; done
	[ -z "$missing" ]
}
# need CMD...: the rest of the script needs every CMD; when one is missing,
# it is one skipped test with the reason, and the script ends there.
need() {
	have "$@" && return 0
	skip "the rest of ${0##*/}" "$missing"
	done_testing
	exit 0
}
# overlay NAME: $SCRATCH/NAME.cpio, a newc cpio (owned by root) of the
# directory $SCRATCH/NAME with sp/script from stdin: the files a guest's
# init runs (ci/guests/guest-boot's OVERLAY_CPIO)
overlay() {
	mkdir -p "$SCRATCH/$1/sp" && cat >"$SCRATCH/$1/sp/script" &&
		(cd "$SCRATCH/$1" && find . | cpio -o -H newc -R 0:0 --quiet) >"$SCRATCH/$1.cpio"
}
# done_testing: the plan, last: how many tests the script ran
done_testing() { echo "1..$T"; }
