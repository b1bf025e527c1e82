#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/libc-source.t.sh: ci/guests/build/libc-source (a C library from a
# pinned source, through ci/cache), what a guest of one takes from Debian
# (ci/guests/guest-build --describe) and the tiers of the history guests
# (ci/guests/select-guests).  Fixtures only: a fake "musl-9.9" whose
# configure and make install one header, its own pin file and cache.
# The checks run small sh -c scripts whose $1... are theirs to expand:
# shellcheck disable=SC2016
set -eu
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

top=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd -P)
ls=$top/ci/guests/build/libc-source
t=$(mktemp -d "${TMPDIR:-/tmp}/libc-source-t.XXXXXX")
trap 'rm -rf "$t"' EXIT
trap 'exit 1' HUP INT TERM
SECCOMP_PAGES_CACHE=$t/cache SP_SOURCES_LOCK=$t/sources.lock SP_LIBC_PATCHES=$t/patches
export SECCOMP_PAGES_CACHE SP_SOURCES_LOCK SP_LIBC_PATCHES
unset SP_SOURCES

# The fake release: configure writes nothing, make install puts fake.h
# where musl's recipe says.
mkdir -p "$t/musl-9.9" "$t/src" "$t/patches/musl-9.9"
printf '#!/bin/sh\nexit 0\n' >"$t/musl-9.9/configure"
chmod +x "$t/musl-9.9/configure"
printf '#define FAKE 1\n' >"$t/musl-9.9/fake.h"
printf 'all:\n\t@:\ninstall:\n\tmkdir -p $(DESTDIR)/usr/include/x86_64-linux-musl\n\tcp $(VPATH)/fake.h $(DESTDIR)/usr/include/x86_64-linux-musl/\n' >"$t/musl-9.9/Makefile.in"
# musl's recipe runs configure and make in a build directory of its own:
# the fake's configure links the Makefile there.
printf '#!/bin/sh\nd=$(dirname "$0")\nprintf "VPATH = %%s\\n" "$d" >Makefile\ncat "$d/Makefile.in" >>Makefile\n' >"$t/musl-9.9/configure"
(cd "$t" && tar -cJf src/musl-9.9.tar.xz musl-9.9)
sha=$(sha256sum <"$t/src/musl-9.9.tar.xz" | cut -c 1-64)
commit=0123456789abcdef0123456789abcdef01234567
printf '# name commit sha256\nmusl-9.9 %s %s\n' "$commit" "$sha" >"$t/sources.lock"
cat >"$t/patches/musl-9.9/0001-fake.patch" <<'EOF'
Why: the fixture's own patch, to see that patches apply.

--- a/fake.h
+++ b/fake.h
@@ -1 +1 @@
-#define FAKE 1
+#define FAKE 2
EOF

fails_with "a release with no pin is refused, naming the pin file" "has no pin for musl-9.8" "$ls" musl-9.8
fails_with "not a NAME-VERSION of glibc or musl" "is not NAME-VERSION of glibc or musl" "$ls" uclibc-1.0
fails_with "no SP_SOURCES: the error names it" "SP_SOURCES is not set: set SP_SOURCES to a directory holding musl-9.9.tar.xz" "$ls" musl-9.9
fails_with "no tarball in SP_SOURCES: the error names the directory and the pin" \
	"no musl-9.9.tar.xz in SP_SOURCES=$t/empty: .*commit $commit" env SP_SOURCES="$t/empty" "$ls" musl-9.9
cp "$t/src/musl-9.9.tar.xz" "$t/good.tar.xz"
printf 'x' >>"$t/src/musl-9.9.tar.xz"
fails_with "a tarball that is not the pinned one is not built" "but .*sources.lock pins $sha for musl-9.9: not building it" \
	env SP_SOURCES="$t/src" "$ls" musl-9.9
check "and nothing of it is in the cache" sh -c '[ -z "$(ls -A "$1/cache/libc-source/musl-9.9" 2>/dev/null)" ]' - "$t"
mv "$t/good.tar.xz" "$t/src/musl-9.9.tar.xz"

SP_SOURCES=$t/src "$ls" musl-9.9 >"$t/dir" 2>"$t/err" || cat "$t/err" >&2
d=$(cat "$t/dir")
check "the pinned tarball is built into the cache, keyed" sh -c \
	'case $1 in "$2"/cache/libc-source/musl-9.9/????????????????????????????????????????????????????????????????) ;; *) exit 1 ;; esac &&
	 [ "${1##*/}" = "$("$3" --key musl-9.9)" ]' - "$d" "$t" "$ls"
check "its patch applied, its files installed as the recipe says" grep -qx '#define FAKE 2' "$d/tree/usr/include/x86_64-linux-musl/fake.h"
check "its info names the release, the commit, the sha256 and the patches" sh -c \
	'grep -qx version=9.9 "$1" && grep -qx commit="$2" "$1" && grep -qx sha256="$3" "$1" &&
	 grep -qx "patches=0001-fake.patch " "$1" && grep -qx prefix=/usr "$1" && grep -q "^build_seconds=[0-9]" "$1"' - "$d/info" "$commit" "$sha"
mv "$t/src/musl-9.9.tar.xz" "$t/good.tar.xz"
check "built once: the next run takes the cache, without the tarball" sh -c \
	'[ "$("$1" musl-9.9 2>/dev/null)" = "$2" ]' - "$ls" "$d"
mv "$t/good.tar.xz" "$t/src/musl-9.9.tar.xz"
printf 'x' >>"$d/tree/usr/include/x86_64-linux-musl/fake.h"
SP_SOURCES=$t/src "$ls" musl-9.9 >/dev/null 2>"$t/err" || :
check "a damaged build is not used: it is said so and built again" sh -c \
	'grep -q "musl-9.9: the cached build .* is damaged (tree/usr/include/x86_64-linux-musl/fake.h): building it again" "$1" &&
	 grep -qx "#define FAKE 2" "$2"' - "$t/err" "$d/tree/usr/include/x86_64-linux-musl/fake.h"
k1=$("$ls" --key musl-9.9)
printf '\n' >>"$t/patches/musl-9.9/0001-fake.patch"
check "another patch is another key" sh -c '[ "$("$1" --key musl-9.9)" != "$2" ]' - "$ls" "$k1"

# A build that fails leaves nothing, and shows the end of its output.
mkdir -p "$t/musl-9.7"
printf '#!/bin/sh\necho "configure: error: no such thing"\nexit 1\n' >"$t/musl-9.7/configure"
chmod +x "$t/musl-9.7/configure"
(cd "$t" && tar -cJf src/musl-9.7.tar.xz musl-9.7)
printf 'musl-9.7 %s %s\n' "$commit" "$(sha256sum <"$t/src/musl-9.7.tar.xz" | cut -c 1-64)" >>"$t/sources.lock"
fails_with "a failed build says which step, with its output" "configure: error: no such thing" \
	env SP_SOURCES="$t/src" "$ls" musl-9.7
check "and leaves nothing in the cache" sh -c '[ -z "$(ls -A "$1/cache/libc-source/musl-9.7")" ]' - "$t"

# A guest of a C library from source takes Debian's kernel headers, from the
# kernel suite (role headers), the packages of role beside, and no libseccomp.
cat >"$t/guests.list" <<'EOF'
deb      sid  trixie  musl   x86_64  -  default        debian:sid
old      sid  trixie  musl   x86_64  -  history        source:musl-1.2.3
oldg     sid  trixie  glibc  x86_64  -  history-glibc  source:glibc-2.26
slow     sid  sid     glibc  x86_64  -  all            debian:sid
EOF
SP_GUESTS_LIST=$t/guests.list "$top/ci/guests/guest-build" --describe oldg >"$t/describe" 2>&1 || :
check "a glibc from source: the kernel suite's headers, role beside, no libc or seccomp role" sh -c \
	'grep -qx "role headers x86_64 trixie linux-libc-dev" "$1" && grep -qx "role beside x86_64 sid libgcc-s1" "$1" &&
	 ! grep -q "^role libc " "$1" && ! grep -q "^role seccomp" "$1" &&
	 grep -qx libc_from=source:glibc-2.26 "$1"' - "$t/describe"
# What a library of role beside needs of glibc: the newest GLIBC_ version
# readelf -V names (ci/guests/build/initramfs refuses one newer than the
# release).
printf '%s\n' "  000000: Version: 1  File: libc.so.6  Cnt: 3" \
	"  0x0010:   Name: GLIBC_2.35  Flags: none  Version: 5" \
	"  0x0020:   Name: GLIBC_2.14  Flags: none  Version: 4" \
	"  0x0030:   Name: GLIBC_2.2.5  Flags: none  Version: 3" >"$t/readelf-V"
check "glibc-needs.awk: the newest GLIBC_ version a library needs" \
	sh -c '[ "$(awk -f "$1" "$2")" = 2.35 ]' - "$top/ci/guests/build/glibc-needs.awk" "$t/readelf-V"
check "... and nothing for a library that needs none" \
	sh -c '[ -z "$(echo "  000000: Version: 1  File: libx.so  Cnt: 1" | awk -f "$1")" ]' - "$top/ci/guests/build/glibc-needs.awk"
SP_GUESTS_LIST=$t/guests.list "$top/ci/guests/guest-build" --describe deb >"$t/describe" 2>&1 || :
check "a Debian musl keeps its packages" grep -qx "role libc x86_64 sid musl musl-dev musl-tools linux-libc-dev" "$t/describe"
printf 'arm  sid  trixie  glibc  aarch64  -  history  source:glibc-2.26\n' >>"$t/guests.list"
fails_with "a C library from source is x86_64 alone" "libc-from of arm is .*built for x86_64 alone, not aarch64" \
	env SP_GUESTS_LIST="$t/guests.list" "$top/ci/guests/guest-build" --check-list
sed -i '$d' "$t/guests.list"

# ci/guests/build-sources (what ci/check-examples starts beside its guests):
# the libraries of the source guests named, in order; Debian guests build
# nothing; a failed build is named and does not stop the next.
printf 'fake  sid  trixie  musl  x86_64  -  history  source:musl-9.9\nbad  sid  trixie  musl  x86_64  -  history  source:musl-9.7\ngbad  sid  trixie  glibc  x86_64  -  history-glibc  source:glibc-9.9\n' >>"$t/guests.list"
k=$t/cache/libc-source/musl-9.9/$("$ls" --key musl-9.9)
SP_GUESTS_LIST=$t/guests.list SP_SOURCES=$t/src "$top/ci/guests/build-sources" deb fake >"$t/bs" 2>"$t/err" || echo "status $?" >>"$t/bs"
check "build-sources: the source guest's library built, the Debian guest's nothing" \
	sh -c '[ "$(cat "$1")" = "musl-9.9: $2" ] && [ -f "$2/info" ]' - "$t/bs" "$k"
SP_GUESTS_LIST=$t/guests.list SP_SOURCES=$t/src "$top/ci/guests/build-sources" gbad bad fake >"$t/bs" 2>"$t/err" && echo "status 0" >>"$t/bs"
check "build-sources: a failed build is named, the next one still taken, glibc's chain beside musl's, status non-zero" \
	sh -c 'grep -qx "musl-9.7: not built" "$1" && grep -qx "musl-9.9: $2" "$1" && grep -qx "glibc-9.9: not built" "$1" && ! grep -q "status 0" "$1" &&
	 grep -q "configure: error: no such thing" "$3"' - "$t/bs" "$k" "$t/err"
sed -i '/^fake /d; /^bad /d; /^gbad /d' "$t/guests.list"
# A build waiting for its library's lock takes its release as soon as
# another run put it in the cache, not when the other build ends: the
# release is away while a holder of musl's lock puts it back after 1 s
# and keeps the lock 8 s more.
mv "$k" "$k.away"
rm -f "$k.stamp"
flock "$t/cache/libc-source/.lock-musl" sh -c 'sleep 1; mv "$1.away" "$1"; sleep 8' - "$k" &
holder=$!
sleep 0.3
s0=$(date +%s)
got=$(SP_SOURCES=$t/src "$ls" musl-9.9 2>"$t/err") || :
s1=$(date +%s)
check "a build waiting on the lock takes its release from the cache as soon as it is there" \
	sh -c '[ "$1" = "$2" ] && [ "$3" -lt 6 ] && grep -q "waiting for another musl build" "$4"' - "$got" "$k" "$((s1 - s0))" "$t/err"
wait "$holder" || :

sel() { SP_GUESTS_LIST=$t/guests.list "$top/ci/guests/select-guests" "$@"; }
# shellcheck disable=SC2059 # the expected lines, with their tabs, as a format
same() { [ "$1" = "$(printf "$2")" ]; }
check "a default run: tier default, the others named as not run" \
	same "$(sel)" "run\tdeb\nnotrun\told oldg slow\nwhole\tyes"
check "ARCHES=all: default, all and history, not history-glibc" \
	same "$(sel -a all)" "run\tdeb old slow\nnotrun\toldg\nwhole\tyes"
check "ARCHES=history: history and history-glibc, the others not named, not the whole matrix (no libseccomp there)" \
	same "$(sel -a history)" "run\told oldg\nnotrun\t\nwhole\tno"
check "ARCHES=history GUESTS=old: not the whole matrix of the tiers" \
	same "$(sel -a history -g old)" "run\told\nnotrun\t\nwhole\tno"
done_testing
