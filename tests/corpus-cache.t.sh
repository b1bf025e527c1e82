#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/corpus-cache.t.sh — the result cache of ci/corpus/run-corpus, with
# no guest: a copy of the tree whose guest-build and guest-boot are the
# fakes of tests/fixtures/result-cache (the fake guest answers each command
# from a table; nothing built here is run), a guest named trixie (so the
# real census answers for it) whose cc is the host's gcc, and a corpus of
# one program.  A second run takes the guest's output from the cache and
# boots nothing; FRESH=1 boots; a failure is never kept; a changed program
# boots again.
# shellcheck disable=SC2016 # the sh -c scripts expand their own arguments
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
need gcc cpio
fx=$TOP/tests/fixtures/result-cache
tree=$SCRATCH/tree
mkdir -p "$tree/corpus/outside" "$tree/corpus/data"
cp -R ci census Makefile "$tree/"
cp "$fx/fake-guest-build" "$tree/ci/guests/guest-build"
cp "$fx/fake-guest-boot" "$tree/ci/guests/guest-boot"
cp "$fx/fake-guest.awk" "$tree/ci/guests/"
# One program, no outside ones.
printf '/* SPDX-License-Identifier: GPL-2.0-or-later */\n#include <stdio.h>\nint main(void)\n{\n    return puts("hello") < 0;\n}\n' \
	> "$tree/corpus/hello.c"
echo hello > "$tree/corpus/hello.out"
echo '# no outside programs in this test' > "$tree/ci/corpus/outside"
: > "$tree/corpus/data/empty"
# The fake guest: glibc x86_64, the host's gcc as its cc, the host's
# system call header as its sysroot, an empty image.
g=$SCRATCH/guest
mkdir -p "$g/sysroot/usr/include/x86_64-linux-gnu/asm"
printf '%s\n' name=trixie suite=trixie kernel_suite=trixie libc=glibc libc_version=2.41 \
	abis=x86_64 arch=amd64 kernel_version=6.12.0 kernel_release=6.12.0-fake > "$g/info"
printf '#!/bin/sh\nshift\nexec gcc "$@"\n' > "$g/cc"
chmod +x "$g/cc"
h=/usr/include/x86_64-linux-gnu/asm/unistd_64.h
[ -f "$h" ] || h=/usr/include/asm/unistd_64.h
if [ ! -f "$h" ]; then skip "the rest of ${0##*/}" "no asm/unistd_64.h on the host (linux-libc-dev)"; done_testing; exit 0; fi
cp "$h" "$g/sysroot/usr/include/x86_64-linux-gnu/asm/unistd_64.h"
: | cpio -o -H newc --quiet > "$g/base.cpio"
echo "1 1 ./base.cpio" > "$g/sums"
printf '/sp/corpus/bin/corpus-load /sp/corpus/lists/hello /sp/corpus/bin/hello\thello\n' > "$SCRATCH/answers"
SECCOMP_PAGES_CACHE=$SCRATCH/cache SP_FAKE_GDIR=$g SP_FAKE_ANSWERS=$SCRATCH/answers SP_FAKE_LOG=$SCRATCH/log
export SECCOMP_PAGES_CACHE SP_FAKE_GDIR SP_FAKE_ANSWERS SP_FAKE_LOG
unset FRESH
w=$SCRATCH/work
run() { : > "$SCRATCH/log"; "$tree/ci/corpus/run-corpus" trixie "$w" 2> "$SCRATCH/err" || :; }
st() { awk -F '\t' '$2 == "corpus:hello" { print $3 }' "$w/trixie/results.tsv"; }
booted() { grep -qx boot "$SCRATCH/log"; }

run
check "a first run boots the guest" booted
check "the program passes" test "$(st)" = pass
run
check "a second run boots nothing" sh -c '! grep -qx boot "$1"' - "$SCRATCH/log"
check "and passes from the cache, as its TAP says" \
	sh -c 'test "$(awk -F "\t" "\$2 == \"corpus:hello\" { print \$3 }" "$1/results.tsv")" = pass && grep -q "results from the result cache" "$1/tap"' - "$w/trixie"
FRESH=1 run
check "FRESH=1 boots" booted
printf '/sp/corpus/bin/corpus-load /sp/corpus/lists/hello /sp/corpus/bin/hello\tgoodbye\n' > "$SCRATCH/answers"
FRESH=1 run
check "a guest that prints something else fails" test "$(st)" = fail
printf '/* SPDX-License-Identifier: GPL-2.0-or-later */\n#include <stdio.h>\nstatic volatile int one = 1;\nint main(void)\n{\n    return puts("hello") < 0 ? one : one - 1;\n}\n' \
	> "$tree/corpus/hello.c"
run
check "a changed program boots again" booted
check "and fails as the guest says" test "$(st)" = fail
run
check "a failure was not kept: the next run boots again" booted
done_testing
