#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The issue texts for libseccomp (upstream/libseccomp/issues/NAME.md):
# each reproducer is the program of the claim test NAME, which the guests
# run, word for word; the text is in libseccomp's words, with no project
# word or marker (ci/upstream/forbidden); a title, then a blank line.
. "$(dirname "$0")/lib.sh"
dir=upstream/libseccomp/issues
cut -f 1 ci/upstream/forbidden | grep -v '^#' | grep -v '^$' > "$SCRATCH/patterns"
# has_program ISSUE PROGRAM: PROGRAM's lines appear, in one piece, in ISSUE
has_program() {
	n=$(wc -l < "$2")
	first=$(head -n 1 "$2")
	grep -nxF -- "$first" "$1" | cut -d: -f 1 | while read -r l; do
		if tail -n "+$l" "$1" | head -n "$n" | cmp -s - "$2"; then echo found; break; fi
	done | grep -q found
}
for f in "$dir"/*.md; do
	[ -e "$f" ] || continue
	name=$(basename "$f" .md)
	T=$((T + 1))
	progs=$(ls "examples/$name.claim/"*.c 2>/dev/null)
	if [ ! -f "claims/$name.claim" ] || [ "$(printf '%s\n' "$progs" | grep -c .)" -ne 1 ]; then
		echo "not ok $T - $f: no claim test claims/$name.claim with one program"
	elif ! has_program "$f" "$progs"; then
		echo "not ok $T - $f: the reproducer is not $progs word for word"
	else
		echo "ok $T - $f: the reproducer is the program of claims/$name.claim"
	fi
	T=$((T + 1))
	if grep -n -i -E -f "$SCRATCH/patterns" "$f" > "$SCRATCH/words"; then
		echo "not ok $T - $f: project words"; sed 's/^/# /' "$SCRATCH/words"
	elif [ -z "$(head -n 1 "$f")" ] || [ -n "$(sed -n 2p "$f")" ]; then
		echo "not ok $T - $f: a title line, then a blank line, are wanted"
	else
		echo "ok $T - $f: a title, and no project word"
	fi
done
# The check itself: a planted project word and a changed program fail.
mkdir -p "$SCRATCH/i"
sed 's/^Reproducer/Reproducer, run on our guests/' "$dir/pfc-write-errors.md" > "$SCRATCH/i/pfc.md"
T=$((T + 1))
if grep -q -i -E -f "$SCRATCH/patterns" "$SCRATCH/i/pfc.md"; then echo "ok $T - a planted project word is found"
else echo "not ok $T - a planted project word is found"; fi
sed 's/O_WRONLY/O_RDWR/' "examples/pfc-write-errors.claim/pfcfull.c" > "$SCRATCH/i/pfcfull.c"
T=$((T + 1))
if has_program "$dir/pfc-write-errors.md" "$SCRATCH/i/pfcfull.c"; then echo "not ok $T - a reproducer that differs from the claim's program is found out"
else echo "ok $T - a reproducer that differs from the claim's program is found out"; fi
done_testing
