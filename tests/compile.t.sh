#!/bin/sh
# The compile stage (ci/pages/compile-examples) for a guest: the cache of
# objects and of whole build lists, and what a failure reports.  The host's gcc
# stands in for a guest's compiler; nothing compiled here is run.
. "$(dirname "$0")/lib.sh"
SECCOMP_PAGES_CACHE=$SCRATCH/cache
export SECCOMP_PAGES_CACHE
ex=$SCRATCH/examples
mkdir -p "$ex/demo.2"
printf 'int main(void)\n{\n    return 0;\n}\n' > "$ex/demo.2/hello.c"
printf 'int main(void)\n{\n    return 2;\n}\n' > "$ex/demo.2/two.c"
tab=$(printf '\t')
printf 'demo.2%shello.c%sx86_64%s\ndemo.2%stwo.c%sx86_64%s\n' \
	"$tab" "$tab" "$tab" "$tab" "$tab" "$tab" > "$SCRATCH/list"
# The compiler command, counting its runs.
printf '#!/bin/sh\necho "$*" >> "%s/cc.log"\nexec gcc "$@"\n' "$SCRATCH" > "$SCRATCH/cc"
chmod +x "$SCRATCH/cc"
: > "$SCRATCH/cc.log"
compile() { # OUT [LIST]
	SP_EXAMPLES=$ex ci/pages/compile-examples -c "$SCRATCH/cc" "$1" "${2:-$SCRATCH/list}"
}
runs() { wc -l < "$SCRATCH/cc.log" | tr -d ' '; }

compile "$SCRATCH/o1" > "$SCRATCH/o1.log" 2>&1
check "a guest build compiles every listed example" \
	sh -c "test $? -eq 0 && test -x '$SCRATCH/o1/demo.2/hello' && test -x '$SCRATCH/o1/demo.2/two' &&
		test $(runs) -eq 2"

printf 'int main(void)\n{\n    return 1;\n}\n' > "$ex/demo.2/hello.c"
compile "$SCRATCH/o2" > "$SCRATCH/o2.log" 2>&1
check "a changed source is compiled again, and only that one" \
	sh -c "test $(runs) -eq 3 && ! cmp -s '$SCRATCH/o1/demo.2/hello' '$SCRATCH/o2/demo.2/hello' &&
		cmp '$SCRATCH/o1/demo.2/two' '$SCRATCH/o2/demo.2/two'"

# Only the list's archive is left to come from.
find "$SECCOMP_PAGES_CACHE/objects" -type f ! -name 'list-*' -delete
compile "$SCRATCH/o3" > "$SCRATCH/o3.log" 2>&1
check "with nothing changed, the whole list comes from the cache, without the compiler" \
	sh -c "test $(runs) -eq 3 && cmp '$SCRATCH/o2/demo.2/hello' '$SCRATCH/o3/demo.2/hello' &&
		cmp '$SCRATCH/o2/demo.2/two' '$SCRATCH/o3/demo.2/two'"

# The same list read from another place is the same list.
mkdir -p "$SCRATCH/elsewhere"
cp "$SCRATCH/list" "$SCRATCH/elsewhere/build"
find "$SECCOMP_PAGES_CACHE/objects" -type f ! -name 'list-*' -delete
compile "$SCRATCH/o3b" "$SCRATCH/elsewhere/build" > "$SCRATCH/o3b.log" 2>&1
check "the archive serves the same list wherever its file is (a run's work directory)" \
	sh -c "test $(runs) -eq 3 && cmp '$SCRATCH/o2/demo.2/hello' '$SCRATCH/o3b/demo.2/hello'"

printf 'int main(void)\n{\n    return missing;\n}\n' > "$ex/demo.2/bad.c"
cp "$SCRATCH/list" "$SCRATCH/list2"
printf 'demo.2%sbad.c%sx86_64%s\n' "$tab" "$tab" "$tab" >> "$SCRATCH/list2"
fails_with "an example that does not compile fails the stage, naming page and file" \
	'^demo.2: bad.c: compile failed \(x86_64\)' compile "$SCRATCH/o4" "$SCRATCH/list2"
before=$(runs)
compile "$SCRATCH/o5" "$SCRATCH/list2" > "$SCRATCH/o5.log" 2>&1
check "a list with a failure is not cached: the next run compiles the failing example again" \
	test "$(runs)" -eq $((before + 1))

# A damaged entry is not used: made again, and said so.
compile "$SCRATCH/d1" > /dev/null 2>&1
lt=$(ls -t "$SECCOMP_PAGES_CACHE"/objects/list-*.tar | head -n 1)
truncate -s 1000 "$lt"
before=$(runs)
compile "$SCRATCH/d2" > "$SCRATCH/d2.log" 2>&1
check "a truncated list archive is found by its sum and not used" sh -c "
	grep -qx 'compile-examples: the cached ${lt##*/} is damaged: making it again' '$SCRATCH/d2.log' &&
	test $(runs) -eq $before && cmp -s '$SCRATCH/d1/demo.2/two' '$SCRATCH/d2/demo.2/two' &&
	[ \$(wc -c < '$lt') -gt 1000 ]"
rm -f "$SECCOMP_PAGES_CACHE"/objects/list-*
for o in "$SECCOMP_PAGES_CACHE"/objects/*.sum; do printf 'x' | dd of="${o%.sum}" bs=1 seek=200 conv=notrunc 2>/dev/null; done
before=$(runs)
compile "$SCRATCH/d3" > "$SCRATCH/d3.log" 2>&1
check "a damaged object is compiled again, not used" sh -c "
	test $(runs) -eq $((before + 2)) && cmp -s '$SCRATCH/d1/demo.2/two' '$SCRATCH/d3/demo.2/two' &&
	test \$(grep -c 'is damaged: making it again' '$SCRATCH/d3.log') -eq 2"

# The cache's pruning (ci/cache): what a run takes is touched, what
# no run took for 30 days goes when something new is compiled.
objs=$SECCOMP_PAGES_CACHE/objects
: > "$objs/stale-entry"
touch -d '40 days ago' "$objs/stale-entry" "$objs"/list-*
# (The compiles above pruned the objects today; pruning waits a day.)
touch -d '2 days ago' "$objs.pruned"
compile "$SCRATCH/o6" > "$SCRATCH/o6.log" 2>&1
check "a list taken from the cache is touched (and its sum), so it outlives the 30 days" \
	sh -c "test \$(find '$objs' -name 'list-*' -mtime -30 | wc -l) -eq 2"
printf 'int main(void)\n{\n    return 3;\n}\n' > "$ex/demo.2/two.c"
compile "$SCRATCH/o7" > "$SCRATCH/o7.log" 2>&1
check "an entry unused for 30 days is removed when something new is compiled" \
	test ! -e "$objs/stale-entry"
mkdir "$objs/just-made.tmp" "$objs/left-empty"
touch -d '2 hours ago' "$objs/left-empty"
ci/cache prune "$objs"
check "... but not again the same day" test -d "$objs/left-empty"
touch -d '2 days ago' "$objs.pruned"
ci/cache prune "$objs"
check "an empty directory another stage may have just made survives pruning" \
	test -d "$objs/just-made.tmp"
check "an empty directory unchanged for an hour goes" test ! -e "$objs/left-empty"
done_testing
