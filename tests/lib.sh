# tests/lib.sh — sourced by the tests/*.t.sh scripts: TAP lines and a scratch dir.
# Each test prints `ok N - what` or `not ok N - what` (with `# SKIP why` where
# it could not run); tests/run counts them.
T=0
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP"
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/sp-test.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT INT TERM
# check WHAT COMMAND...: ok if COMMAND succeeds
check() {
	what=$1; shift; T=$((T + 1))
	if "$@" > "$SCRATCH/out" 2>&1; then echo "ok $T - $what"
	else echo "not ok $T - $what"; sed 's/^/# /' "$SCRATCH/out" | head -n 40
	fi
}
# fails_with WHAT PATTERN COMMAND...: ok if COMMAND fails and its output matches PATTERN (ERE)
fails_with() {
	what=$1 pat=$2; shift 2; T=$((T + 1))
	if "$@" > "$SCRATCH/out" 2>&1; then echo "not ok $T - $what"; echo "# succeeded, but should have failed"; sed 's/^/# /' "$SCRATCH/out" | head -n 20
	elif grep -Eq -- "$pat" "$SCRATCH/out"; then echo "ok $T - $what"
	else echo "not ok $T - $what"; echo "# wanted: $pat"; sed 's/^/# /' "$SCRATCH/out" | head -n 20
	fi
}
skip() { T=$((T + 1)); echo "ok $T - $1 # SKIP $2"; }
