#!/bin/sh
# Extraction: byte-exact output, every malformed-page case, nothing half-written.
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/extract
out=$SCRATCH/examples

check "a good page is extracted byte-for-byte as a reader sees it" \
	sh -c "ci/pages/extract-examples '$out' $fx/good.2 && diff -r '$out/good.2' $fx/good.2.expected"

mkdir -p "$out/gone.2"; echo stale > "$out/gone.2/old.c"; echo stale > "$out/good.2/old.c"
check "stale files and page directories are removed" \
	sh -c "ci/pages/extract-examples '$out' $fx/good.2 && [ ! -e '$out/good.2/old.c' ] && [ ! -e '$out/gone.2' ]"

check "-n says in sync when it is" ci/pages/extract-examples -n "$out" $fx/good.2
echo changed >> "$out/good.2/hello.c"
fails_with "-n names the file that is out of date" "good.2/hello.c is out of date" ci/pages/extract-examples -n "$out" $fx/good.2
ci/pages/extract-examples "$out" $fx/good.2

snap() { (cd "$out" && find . -type f | sort | xargs cksum); }
before=$(snap)
for case in \
	"unterminated.2:5: SRC BEGIN \(a.c\) has no SRC END" \
	"end-without-begin.2:8: SRC END without SRC BEGIN" \
	"nested.2:8: SRC BEGIN inside the block opened at line 5" \
	"duplicate.2:10: file name a.c already used by the block at line 5" \
	"empty-name.2:5: SRC BEGIN has an empty file name" \
	"slash-name.2:5: bad file name \"sub/a.c\"" \
	"dotdot-name.2:5: bad file name \"..\"" \
	"outside-examples.2:5: SRC BEGIN outside EXAMPLES" \
	"no-code.2:5: block a.c has no .EX/.EE code"
do
	page=${case%%:*}
	fails_with "$page is rejected with page:line" "^$fx/$case" ci/pages/extract-examples "$out" $fx/good.2 "$fx/$page"
	T=$((T + 1))
	if [ "$(snap)" = "$before" ]; then echo "ok $T - $page leaves examples/ unchanged"
	else echo "not ok $T - $page leaves examples/ unchanged"; fi
done
fails_with "a missing page is an error" "cannot|No such file" ci/pages/extract-examples "$out" $fx/none.2
done_testing
