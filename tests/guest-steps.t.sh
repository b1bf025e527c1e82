#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/guest-steps.t.sh: the steps of ci/guests/guest-build on fixtures,
# with no network and no QEMU: the kernel (a fake bzImage read by
# ci/guests/build/kimage.c, a fake arm64 Image, in fake kernel packages),
# the ELF closure of the initramfs (over the host's own programs), and the
# cc of every libc and ABI (tests/fixtures/guests/cc: golden, as the
# builder wrote them before it read ci/arch/).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck disable=SC2016 # the sh -c scripts expand their own arguments

# ---- kimage: the boot protocol header of a bzImage ----
k=$SCRATCH/kimage
gcc -O2 -Wall -Wextra -Werror -o "$k" ci/guests/build/kimage.c
# fake_bzimage OUT PAYLOAD: setup_sects 2 (three 512-byte blocks before the
# protected-mode code), the payload 100 bytes into it, "HdrS".
fake_bzimage() {
	head -c 1636 /dev/zero > "$1"
	printf '\002' | dd of="$1" bs=1 seek=497 conv=notrunc 2>/dev/null
	printf 'HdrS' | dd of="$1" bs=1 seek=514 conv=notrunc 2>/dev/null
	printf '\144\000\000\000' | dd of="$1" bs=1 seek=584 conv=notrunc 2>/dev/null
	n=$(wc -c < "$2")
	printf "\\$(printf %03o $((n % 256)))\\$(printf %03o $((n / 256 % 256)))\\000\\000" |
		dd of="$1" bs=1 seek=588 conv=notrunc 2>/dev/null
	cat "$2" >> "$1"
	printf 'tail' >> "$1"
}
{ printf '\177ELF\002\001\001'; head -c 3000 /dev/urandom | od -An -tx1; } > "$SCRATCH/elf"
for how in xz zstd lz4 gzip; do
	if ! command -v "$how" > /dev/null; then skip "a $how payload is found and taken out" "no $how here"; continue; fi
	case $how in
	xz) xz -c "$SCRATCH/elf" ;;
	zstd) zstd -qc "$SCRATCH/elf" | { cat; printf 'SIZE'; } ;;
	lz4) lz4 -l -qc "$SCRATCH/elf" | { cat; printf 'SIZE'; } ;;
	gzip) gzip -nc "$SCRATCH/elf" ;;
	esac > "$SCRATCH/p.$how"
	fake_bzimage "$SCRATCH/bz.$how" "$SCRATCH/p.$how"
	check "a $how payload is found by the header and taken out whole, without the size after it" sh -c '
		[ "$("$1" payload "$2" "$3")" = "$4" ] &&
		case $4 in zstd | lz4) head -c -4 "$5" | cmp -s - "$3" ;; *) cmp -s "$5" "$3" ;; esac' \
		- "$k" "$SCRATCH/bz.$how" "$SCRATCH/out.$how" "$how" "$SCRATCH/p.$how"
done
printf 'not a kernel' > "$SCRATCH/bogus"
fails_with "a file without HdrS is not a bzImage" "not a bzImage \(no HdrS\)" "$k" payload "$SCRATCH/bogus" "$SCRATCH/o"
fake_bzimage "$SCRATCH/bz.bad" "$SCRATCH/elf"
fails_with "a payload of an unknown compression is refused" "unknown method" "$k" payload "$SCRATCH/bz.bad" "$SCRATCH/o"
check "magic: the bytes at an offset" "$k" magic "$SCRATCH/elf" 0 7f454c460201
check "magic: other bytes are not" sh -c '! "$1" magic "$2" 1 7f454c46' - "$k" "$SCRATCH/elf"
check "magic: beyond the end is not" sh -c '! "$1" magic "$2" 999999 7f' - "$k" "$SCRATCH/elf"

# ---- the kernel step, on fake kernel packages ----
export SECCOMP_PAGES_CACHE="$SCRATCH/cache"
printf 'x86 sid sid glibc x86_64 - all debian:sid\narm sid sid glibc aarch64 - all debian:sid\n' > "$SCRATCH/list"
export SP_GUESTS_LIST="$SCRATCH/list"
# fake_deb PACKAGE VERSION ARCH FILE PATH: a .deb holding FILE as PATH, in WORK/debs.
fake_deb() {
	d=$SCRATCH/deb.$1
	mkdir -p "$d/DEBIAN" "$d/${5%/*}"
	cp "$4" "$d/$5"
	printf 'Package: %s\nVersion: %s\nArchitecture: %s\nMaintainer: t <t@t>\nDescription: t\n' "$1" "$2" "$3" > "$d/DEBIAN/control"
	dpkg-deb -b -Zgzip "$d" "$SCRATCH/${1}_${2}_$3.deb" > /dev/null
	echo "$SCRATCH/${1}_${2}_$3.deb" >> "$w/debs"
}
w=$SCRATCH/work.x86
mkdir -p "$w"
printf 'kmeta=m\nkmeta_v=1\nkleaf=linux-image-6.1.0-t-amd64\nkleaf_v=1.0\n' > "$w/kernel"
if command -v zstd > /dev/null; then
	fake_deb linux-image-6.1.0-t-amd64 1.0 amd64 "$SCRATCH/bz.zstd" boot/vmlinuz-6.1.0-t-amd64
	ci/guests/build/kernel x86 "$w" > "$SCRATCH/kdir" 2> "$SCRATCH/k.err"
	kd=$(cat "$SCRATCH/kdir")
	check "x86: the kernel step uncompresses the bzImage's payload into vmlinux" cmp -s "$SCRATCH/elf" "$kd/vmlinux"
	check "... names the release, keeps its sums" sh -c \
		'[ "$(cat "$1/release")" = 6.1.0-t-amd64 ] && . ci/cache && cache_verify "$1"' - "$kd"
	check "... and a second run takes it as it is" sh -c \
		'ci/guests/build/kernel x86 "$1" 2>&1 >/dev/null | { ! grep -q extracting; }' - "$w"
	printf 'x' | dd of="$kd/vmlinux" bs=1 seek=10 conv=notrunc 2>/dev/null
	ci/guests/build/kernel x86 "$w" > /dev/null 2> "$SCRATCH/k.err"
	check "a damaged kernel is said so and extracted again" sh -c \
		'grep -q "the cached kernel .* is damaged: extracting it again" "$1" && cmp -s "$2" "$3/vmlinux"' \
		- "$SCRATCH/k.err" "$SCRATCH/elf" "$kd"
else
	skip "x86: the kernel step uncompresses the bzImage's payload" "no zstd here"
fi
w=$SCRATCH/work.arm
mkdir -p "$w"
{ head -c 56 /dev/zero; printf 'ARMd'; head -c 200 /dev/zero; } > "$SCRATCH/Image"
printf 'kmeta=m\nkmeta_v=1\nkleaf=linux-image-6.1.0-t-arm64\nkleaf_v=1.0\n' > "$w/kernel"
fake_deb linux-image-6.1.0-t-arm64 1.0 arm64 "$SCRATCH/Image" boot/vmlinuz-6.1.0-t-arm64
check "arm64: the packaged Image is taken as it is, checked by its magic" sh -c \
	'd=$(ci/guests/build/kernel arm "$1" 2>/dev/null) && cmp -s "$2" "$d/Image"' - "$w" "$SCRATCH/Image"
w=$SCRATCH/work.arm2
mkdir -p "$w"
printf 'kmeta=m\nkmeta_v=1\nkleaf=linux-image-6.1.0-u-arm64\nkleaf_v=1.0\n' > "$w/kernel"
fake_deb linux-image-6.1.0-u-arm64 1.0 arm64 "$SCRATCH/elf" boot/vmlinuz-6.1.0-u-arm64
fails_with "... and one without it is refused, leaving nothing" "vmlinuz-6.1.0-u-arm64 is not an uncompressed arm64 Image" \
	ci/guests/build/kernel arm "$w"
check "... nothing" sh -c '[ -z "$(ls "$1/kernels" | grep -- -u-arm64)" ] && [ -z "$(ls -A "$1/kernels" | grep "^\.build")" ]' - "$SECCOMP_PAGES_CACHE"
unset SP_GUESTS_LIST

# ---- the ELF closure, over the host's programs ----
b=$SCRATCH/base
mkdir -p "$b/usr/bin" "$SCRATCH/scan"
cp /usr/bin/true "$b/usr/bin/true"
ci/guests/build/initramfs --closure "$b" / "$SCRATCH/scan" > "$SCRATCH/cl.out" 2>&1
check "the closure of a host program: its interpreter and its C library" sh -c '
	[ -f "$1/usr/lib/x86_64-linux-gnu/libc.so.6" ] && [ -f "$1/usr/lib64/ld-linux-x86-64.so.2" ]' - "$b"
check "... and the NSS modules glibc loads with dlopen, which no NEEDED entry names" sh -c '
	[ -f "$1/usr/lib/x86_64-linux-gnu/libnss_files.so.2" ] && [ -f "$1/usr/lib/x86_64-linux-gnu/libnss_dns.so.2" ]' - "$b"
if printf 'int main(void) { return 0; }\n' | gcc -m32 -x c -o "$b/usr/bin/t32" - 2>/dev/null; then
	ci/guests/build/initramfs --closure "$b" / "$SCRATCH/scan" > "$SCRATCH/cl.out" 2>&1
	check "... of an i386 program: the i386 ones (lib_dirs of ci/arch/i386.abi)" sh -c '
		[ -f "$1/usr/lib/ld-linux.so.2" ] && { [ -f "$1/usr/lib32/libc.so.6" ] || [ -f "$1/usr/lib/i386-linux-gnu/libc.so.6" ]; }' - "$b"
else
	skip "... of an i386 program" "no gcc -m32 here"
fi
printf '\177ELF\001\002\001' > "$SCRATCH/odd"; head -c 60 /dev/zero >> "$SCRATCH/odd"
printf '\000\002\000\010' | dd of="$SCRATCH/odd" bs=1 seek=16 conv=notrunc 2>/dev/null  # ET_EXEC, EM_MIPS, big-endian
cp "$SCRATCH/odd" "$b/usr/bin/odd"
fails_with "an ELF file of no known ABI is refused, named" "usr/bin/odd is an ELF file of an unexpected class or machine" \
	ci/guests/build/initramfs --closure "$b" / "$SCRATCH/scan"

# ---- cc, per libc and ABI ----
for f in tests/fixtures/guests/cc/*; do
	g=${f##*/}
	check "cc of $g ($(sed -n 's/^# cc for guest [^ ]* (\(.*\)):.*/\1/p' "$f"), $(sed -n 's/.*ABI: \(.*\)$/\1/p' "$f" | sed -n 1p)) is the golden one" \
		sh -c 'ci/guests/build/sysroot --cc "$1" | diff -u "$2" -' - "$g" "$f"
done
echo "1..$T"
