#!/bin/sh
# tests/guest-build.t.sh: the parts of ci/guests/guest-build and
# ci/guests/apt-private that need no network: reading the guest list and
# ci/guests/guest-packages, the cache key, the lock comparison.  Fixtures only
# (own guest list, init.c, lock and cache in a temporary directory).  Prints
# "ok N - ..." / "not ok N - ...".
# The checks run small sh -c scripts whose $1... are theirs to expand:
# shellcheck disable=SC2016
set -eu

top=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd -P)
gb=$top/ci/guests/guest-build
t=$(mktemp -d "${TMPDIR:-/tmp}/guest-build-t.XXXXXX")
trap 'rm -rf "$t"' EXIT
trap 'exit 1' HUP INT TERM

SECCOMP_PAGES_CACHE=$t/cache
SP_GUESTS_LIST=$t/guests.list
SP_GUESTS_LOCK=$t/guests.lock
SP_GUEST_INIT=$t/init.c
SP_GUEST_PACKAGES=$top/ci/guests/guest-packages
export SECCOMP_PAGES_CACHE SP_GUESTS_LIST SP_GUESTS_LOCK SP_GUEST_INIT SP_GUEST_PACKAGES

cat >"$t/guests.list" <<'EOF'
# fixture
# name  suite     kernel-suite libc  abis         kernel-args   tier  libc-from
alpha   bullseye  bullseye     glibc x86_64       -             default debian:bullseye
beta    trixie    trixie       glibc i386,x86_64  -             default debian:trixie
gamma   sid       trixie       musl  x86_64       -             default debian:sid
delta   trixie    trixie       glibc x32,x86_64   syscall.x32=y default debian:trixie
epsilon trixie    trixie       glibc aarch64      -             default debian:trixie
zeta    trixie    trixie       glibc riscv64      -             default debian:trixie
eta     trixie    trixie       glibc armhf        -             default debian:trixie
theta   sid       sid          glibc s390x        -             all debian:sid
iota    sid       sid          glibc ppc64le      -             all debian:sid
mixed   trixie    trixie       glibc aarch64,x86_64 - default debian:trixie
broken  sid       sid          glibc
EOF
echo 'int main(void) { return 0; }' >"$t/init.c"
cat >"$t/versions" <<'EOF'
libc6:amd64=2.36-9+deb12u14
coreutils:amd64=9.1-1
libseccomp2:amd64=2.5.4-1+deb12u1
linux-image-cloud-amd64:amd64=6.1.176-1
EOF
cat >"$t/guests.lock" <<'EOF'
# fixture lock
alpha coreutils:amd64 9.1-1
alpha libc6:amd64 2.36-9+deb12u13
alpha libseccomp2:amd64 2.5.4-1+deb12u1
alpha linux-image-cloud-amd64:amd64 6.1.176-1
alpha gone:amd64 1.0
EOF

n=0 failed=0
check() { # DESCRIPTION COMMAND...: ok if COMMAND succeeds
	d=$1
	shift
	n=$((n + 1))
	if "$@" >"$t/out" 2>&1; then
		echo "ok $n - $d"
	else
		echo "not ok $n - $d"
		sed 's/^/# /' "$t/out"
		failed=$((failed + 1))
	fi
}
has() { grep -qxF -- "$2" "$1"; }

# ---- the guest list ----
"$gb" --list >"$t/names"
check "--list gives the names in order" \
	test "$(tr '\n' ' ' <"$t/names")" = "alpha beta gamma delta epsilon zeta eta theta iota mixed broken "

"$gb" --describe beta >"$t/beta"
check "abis: commas become spaces, first is the default" has "$t/beta" "abis=i386 x86_64"
check "kernel-args - is empty" has "$t/beta" "kernel_args="
check "the C library from the suite's packages" has "$t/beta" "libc_from=debian:trixie"
check "an i386 guest uses an amd64,i386 apt root" has "$t/beta" "archs=amd64,i386"
check "i386 libc packages are of architecture i386" \
	has "$t/beta" "role libc i386 trixie libc6:i386 libc6-dev:i386 linux-libc-dev:i386 libgcc-s1:i386"
check "libseccomp for both ABIs of the i386 guest" \
	grep -q '^role seccomp i386 trixie libseccomp2:i386' "$t/beta"

"$gb" --describe alpha >"$t/alpha"
check "bullseye gets libcrypt in the sysroot" has "$t/alpha" "role libc x86_64 bullseye libcrypt1 libcrypt-dev"
check "the kernel: cloud flavour first, stock as fallback" \
	has "$t/alpha" "role kernel - bullseye linux-image-cloud-amd64 linux-image-amd64"
check "other guests get no libcrypt line" sh -c '! grep -q libcrypt "$1"' - "$t/beta"

"$gb" --describe gamma >"$t/gamma"
check "musl guest: kernel from its kernel-suite" grep -q '^role kernel - trixie ' "$t/gamma"
check "musl guest: tools from its suite" has "$t/gamma" "role tools - sid dash coreutils grep sed"
check "musl guest: musl packages, no libseccomp" sh -c \
	'grep -q "^role libc x86_64 sid musl musl-dev" "$1" && ! grep -q "^role seccomp" "$1"' - "$t/gamma"

"$gb" --describe delta >"$t/delta"
check "x32 guest: kernel-args kept" has "$t/delta" "kernel_args=syscall.x32=y"
check "x32 guest: biarch x32 libc, libseccomp only for x86_64" sh -c \
	'grep -q "^role libc x32 trixie libc6-x32 libc6-dev-x32" "$1" &&
	 ! grep -q "^role seccomp x32" "$1" && grep -q "^role seccomp x86_64" "$1"' - "$t/delta"

"$gb" --describe epsilon >"$t/epsilon"
check "arm64 guest: the architecture from its ABI, an arm64 apt root" sh -c \
	'grep -qx "arch=arm64" "$1" && grep -qx "archs=arm64" "$1"' - "$t/epsilon"
check "arm64 guest: the arm64 cloud kernel first, not the amd64 one" \
	sh -c 'sed -n "/^role kernel /{p;q}" "$1" | grep -qx "role kernel aarch64 trixie linux-image-cloud-arm64 linux-image-arm64"' - "$t/epsilon"
check "arm64 guest: libgcc of the suite in the sysroot (for clang)" \
	grep -q "^role libc aarch64 trixie libgcc-14-dev" "$t/epsilon"
"$gb" --describe zeta >"$t/zeta"
check "riscv64 guest: a riscv64 apt root and its only kernel flavour" sh -c \
	'grep -qx "archs=riscv64" "$1" && grep -qx "role kernel riscv64 trixie linux-image-riscv64" "$1"' - "$t/zeta"
"$gb" --describe eta >"$t/eta"
check "armhf guest: an armhf apt root and the LPAE kernel first" sh -c \
	'grep -qx "archs=armhf" "$1" && grep -qx "role kernel armhf trixie linux-image-armmp-lpae linux-image-armmp" "$1"' - "$t/eta"
"$gb" --describe theta >"$t/theta"
check "s390x guest: an s390x apt root, its kernel, the suite's libgcc" sh -c \
	'grep -qx "arch=s390x" "$1" && grep -qx "role kernel s390x sid linux-image-s390x" "$1" && grep -q "^role libc s390x sid libgcc-15-dev" "$1"' - "$t/theta"
"$gb" --describe iota >"$t/iota"
check "ppc64le guest: Debian's ppc64el architecture and kernel" sh -c \
	'grep -qx "arch=ppc64el" "$1" && grep -qx "archs=ppc64el" "$1" && grep -qx "role kernel ppc64le sid linux-image-powerpc64le" "$1"' - "$t/iota"
check "ABIs of two architectures are an error" sh -c \
	'! "$1" --describe mixed >/dev/null 2>"$2" && grep -q "ABIs of mixed are of two architectures" "$2"' - "$gb" "$t/err"

check "a short row is an error naming the guest" sh -c \
	'! "$1" --describe broken >/dev/null 2>"$2" && grep -q "row of broken has 4 fields, not 8" "$2"' - "$gb" "$t/err"
check "an unknown guest is an error listing the guests" sh -c \
	'! "$1" --describe nosuch >/dev/null 2>"$2" && grep -q "no guest .nosuch.*alpha beta" "$2"' - "$gb" "$t/err"

cat >"$t/bad.list" <<'EOF'
# name  suite     kernel-suite libc   abis         kernel-args tier
ok      sid       sid          glibc  x86_64       -           default debian:sid
typo    bookwrom  bookworm     glibc  x86_64       -           default debian:bookwrom
arch    sid       sid          glibc  x86_64,arm64 -           default debian:sid
ok      sid       sid          uclibc x86_64       -           default debian:sid
slow    sid       sid          glibc  x86_64       -           sometimes debian:sid
short   sid       sid          glibc  x86_64       -           default
src     sid       sid          glibc  x86_64       -           all         source:musl-1.2.3
other   sid       sid          glibc  x86_64       -           all         debian:trixie
EOF
SP_GUESTS_LIST=$t/bad.list "$gb" --check-list 2>"$t/err" && echo "--check-list passed" >>"$t/err"
check "--check-list: an unknown suite is an error with file and line" \
	has "$t/err" "$t/bad.list:3: unknown Debian suite \"bookwrom\" for typo (known: bullseye bookworm trixie forky sid )"
check "--check-list: an unknown ABI, a second row of a name, an unknown libc" sh -c \
	'grep -qx "$1:4: unknown ABI \"arm64\" for arch (x86_64, i386, x32, aarch64, riscv64, armhf, s390x, ppc64le)" "$2" && grep -qx "$1:5: guest ok is also on line 2" "$2" &&
	 grep -qx "$1:5: libc of ok is \"uclibc\", not glibc or musl" "$2" && [ "$(wc -l <"$2")" -eq 8 ]' - "$t/bad.list" "$t/err"
check "--check-list: an unknown tier, a row without its tier" sh -c \
	'grep -qx "$1:6: tier of slow is \"sometimes\", not default, all, history or history-glibc" "$2" &&
	 grep -qx "$1:7: row of short has 7 fields, not 8 (name suite kernel-suite libc abis kernel-args tier libc-from)" "$2"' - "$t/bad.list" "$t/err"
check "--check-list: a C library from source is of the libc column; from another suite is not yet" sh -c \
	'grep -qx "$1:8: libc-from of src is \"source:musl-1.2.3\", not source:glibc-VERSION (the libc column says glibc)" "$2" &&
	 grep -qx "$1:9: libc-from of other is \"debian:trixie\": the C library comes from the guest'"'"'s suite (debian:sid) for now" "$2"' - "$t/bad.list" "$t/err"
SP_GUESTS_LIST=$t/bad.list "$gb" --describe src >/dev/null 2>"$t/err" && echo "--describe passed" >>"$t/err"
check "a guest whose C library from source is not its libc column's is not built" \
	grep -q "libc-from of src is 'source:musl-1.2.3': not source:glibc-VERSION (the libc column says glibc)" "$t/err"
check "a guest's tier is not part of what it is (its cache key)" sh -c \
	'sed "s/^alpha\(.*\) default /alpha\1 all /" "$1" > "$2" && a=$("$3" --key alpha </dev/null) &&
	 b=$(SP_GUESTS_LIST="$2" "$3" --key alpha </dev/null) && [ -n "$a" ] && [ "$a" = "$b" ] &&
	 SP_GUESTS_LIST="$2" "$3" --describe alpha | grep -qx tier=all' - "$t/guests.list" "$t/tier.list" "$gb"
check "--check-list: the project's list is right" env SP_GUESTS_LIST="$top/ci/guests/guests.list" "$gb" --check-list
SP_GUESTS_LIST=$t/bad.list "$gb" --describe typo >/dev/null 2>"$t/err" && echo "--describe passed" >>"$t/err"
check "a guest of an unknown suite is not built" grep -q "unknown Debian suite 'bookwrom' for typo" "$t/err"

# ---- the cache key ----
k1=$("$gb" --key alpha <"$t/versions")
k2=$(sort -r "$t/versions" | "$gb" --key alpha)
check "the key is a sha256" sh -c 'printf "%s" "$1" | grep -qxE "[0-9a-f]{64}"' - "$k1"
check "the key does not depend on the order of the versions" test "$k1" = "$k2"
k3=$(sed 's/9.1-1/9.1-2/' "$t/versions" | "$gb" --key alpha)
check "another package version gives another key" test "$k1" != "$k3"
k4=$("$gb" --key beta <"$t/versions")
check "another guest row gives another key" test "$k1" != "$k4"
echo '/* changed */' >>"$t/init.c"
k5=$("$gb" --key alpha <"$t/versions")
check "another guest-init.c gives another key" test "$k1" != "$k5"

# ---- the lock ----
"$gb" --check-lock alpha <"$t/versions" 2>"$t/moved"
check "a moved package is reported with both versions" has "$t/moved" \
	"guest-build: alpha: archive moved on: libc6:amd64 2.36-9+deb12u13 -> 2.36-9+deb12u14 (run make update-guests to record)"
check "a package gone from the set is reported" has "$t/moved" \
	"guest-build: alpha: archive moved on: gone:amd64 1.0 -> (none) (run make update-guests to record)"
check "unchanged packages are not reported" sh -c '[ "$(wc -l <"$1")" -eq 2 ]' - "$t/moved"
grep -v "^#" "$t/guests.lock" | sed "s/^alpha //; s/ /=/" >"$t/same"
"$gb" --check-lock alpha <"$t/same" 2>"$t/quiet"
check "versions equal to the lock: no message" test ! -s "$t/quiet"
"$gb" --check-lock beta <"$t/versions" 2>"$t/new"
check "a guest not in the lock is said to be unrecorded" \
	grep -q "^guest-build: beta: not recorded in guests.lock yet" "$t/new"

# ---- apt-private without network ----
check "apt-private rejects a bad suite name" sh -c \
	'"$1" "bad/suite" update 2>/dev/null; [ $? -eq 2 ]' - "$top/ci/guests/apt-private"
check "apt-private download wants NAME:ARCH=VERSION" sh -c \
	'"$1" sid download dash 2>/dev/null; [ $? -eq 2 ]' - "$top/ci/guests/apt-private"
check "apt-private: with nothing cached and no lists, resolve says to update" sh -c \
	'! "$1" sid resolve dash 2>"$2" && grep -q "no package lists for sid yet" "$2"' - "$top/ci/guests/apt-private" "$t/err"
check "apt-private -s: a source download wants PKG=VERSION" sh -c \
	'"$1" -s sid source libseccomp "$2" 2>/dev/null; [ $? -eq 2 ]' - "$top/ci/guests/apt-private" "$t"
check "apt-private -s: binary commands are refused" sh -c \
	'"$1" -s sid resolve dash 2>/dev/null; [ $? -eq 2 ]' - "$top/ci/guests/apt-private"
check "apt-private -s: with no Sources list, showsrc says to update" sh -c \
	'! "$1" -s sid showsrc libseccomp 2>"$2" && grep -q "no package lists for sid yet" "$2"' - "$top/ci/guests/apt-private" "$t/err"
# apt-cache showsrc as the archive answers it: two packages, a signature
# beside the upstream tarball, a native package with one tarball.
cat >"$t/showsrc" <<'SRC'
Package: libseccomp
Version: 2.6.0-2
Checksums-Sha256:
 aaaa 1000 libseccomp_2.6.0-2.dsc
 bbbb 2000 libseccomp_2.6.0.orig.tar.gz
 cccc 300 libseccomp_2.6.0.orig.tar.gz.asc
 dddd 400 libseccomp_2.6.0-2.debian.tar.xz
Vcs-Git: https://salsa.debian.org/debian/libseccomp.git

Package: libseccomp-other
Version: 9-1
Checksums-Sha256:
 eeee 10 libseccomp-other_9.orig.tar.gz

Package: libseccomp
Version: 2.5.5
Checksums-Sha256:
 ffff 10 libseccomp_2.5.5.dsc
 9999 20 libseccomp_2.5.5.tar.xz
SRC
printf '2.6.0-2\tlibseccomp_2.6.0.orig.tar.gz\tbbbb\n2.5.5\tlibseccomp_2.5.5.tar.xz\t9999\n' >"$t/showsrc.want"
awk -v pkg=libseccomp -f "$top/ci/guests/showsrc.awk" "$t/showsrc" >"$t/showsrc.got"
check "showsrc.awk: the upstream tarball of each version, not its signature, nor another package" \
	cmp -s "$t/showsrc.want" "$t/showsrc.got"
check "an existing .deb is not downloaded again" sh -c \
	'mkdir -p "$SECCOMP_PAGES_CACHE/debs/sid" && : >"$SECCOMP_PAGES_CACHE/debs/sid/dash_1%3a0.5_amd64.deb" &&
	 [ "$("$1" sid download dash:amd64=1:0.5)" = "$SECCOMP_PAGES_CACHE/debs/sid/dash_1%3a0.5_amd64.deb" ]' - "$top/ci/guests/apt-private"

echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
