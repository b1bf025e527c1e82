#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/arch.t.sh: adding an architecture, as README.md's "Adding an
# architecture" says, with one that exists only here (loongarch64): its
# file in a copy of ci/arch/ (SP_ARCH_DIR), its package rows, a guest row;
# then every reader of the data knows it, and nothing else had to change.
# No network, no QEMU: what is checked is what the programs make of the data.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck disable=SC2016 # the sh -c scripts expand their own arguments

a=$SCRATCH/arch
mkdir -p "$a"
cp ci/arch/* "$a/"
# 1. The architecture's file.
cat > "$a/loongarch64.abi" <<'END'
# SPDX-License-Identifier: GPL-2.0-or-later
# A fixture: the LoongArch ABI, for tests/arch.t.sh only.
order             90
label             loong64
kernel_abi        loongarch64
debian_arch       loong64
triplet           loongarch64-linux-gnu
elf_class         ELF64
elf_data          little
elf_machine       LoongArch
lib_dirs          usr/lib/loongarch64-linux-gnu usr/lib64 usr/lib
lib_alias         -
include_alias     -
unistd            loongarch64-linux-gnu/asm/unistd_64.h
census_tables     loongarch64
x32_bit           -
census_mark       no
audit_arch        AUDIT_ARCH_LOONGARCH64
cc_glibc          clang --target=loongarch64-linux-gnu --sysroot="$S"
cc_glibc          -fuse-ld=lld
cc_glibc_note     As glibc/aarch64.
cc_musl           -
cc_musl_note      -
cc_musl_dynamic   -
kernel_image      vmlinux
kernel_format     as-is
kernel_magic      0 7f454c460201
kernel_what       a LoongArch ELF kernel
kernel_suffix     loong64
init_cc           guest
init_static       yes
qemu_family       virtio
qemu_binary       qemu-system-loongarch64
qemu_machine      virt
qemu_cpu          la464
qemu_firmware     -
console           ttyS0
channel           hvc0
channel_device    virtio-serial-pci -device virtconsole,chardev=res
vdso_clocksources stable_counter
END
# 2. Its package rows.
cp ci/guests/guest-packages "$SCRATCH/packages"
cat >> "$SCRATCH/packages" <<'END'
kernel    *      loongarch64 *     linux-image-loong64
libc      glibc  loongarch64 *     libc6 libc6-dev linux-libc-dev libgcc-s1
libc      *      loongarch64 sid   libgcc-15-dev
seccomp   glibc  loongarch64 *     libseccomp2 libseccomp-dev
END
# 3. A guest of it.
cp ci/guests/guests.list "$SCRATCH/guests.list"
echo 'loong  sid  sid  glibc  loongarch64  -  all  debian:sid' >> "$SCRATCH/guests.list"
SP_ARCH_DIR=$a SP_GUEST_PACKAGES=$SCRATCH/packages SP_GUESTS_LIST=$SCRATCH/guests.list
export SP_ARCH_DIR SP_GUEST_PACKAGES SP_GUESTS_LIST

check "the reader lists it after the others, in their order" \
	test "$(ci/arch/arch list | tr '\n' ' ')" = "x86_64 i386 x32 aarch64 riscv64 armhf s390x ppc64le loongarch64 "
check "the reader gives a key of it" test "$(ci/arch/arch get loongarch64 qemu_cpu)" = la464
check "... and a key of several lines line by line" \
	test "$(ci/arch/arch get loongarch64 cc_glibc | wc -l)" -eq 2
check "... and - as nothing" test -z "$(ci/arch/arch get loongarch64 lib_alias)"
fails_with "a key it lacks is an error naming the file" "^arch: .*/loongarch64.abi has no nosuchkey$" \
	ci/arch/arch get loongarch64 nosuchkey
fails_with "an unknown ABI is an error listing the known ones" "^arch: unknown ABI 'mips' \(known: x86_64 .* loongarch64\)$" \
	ci/arch/arch get mips label
check "its Debian architecture leads to it" test "$(ci/arch/arch debian loong64)" = loongarch64

check "the guest list takes the guest" ci/guests/guest-build --check-list
ci/guests/guest-build --describe loong > "$SCRATCH/loong" 2>&1
check "the guest is of its architecture, with its apt root" sh -c \
	'grep -qx "arch=loong64" "$1" && grep -qx "archs=loong64" "$1"' - "$SCRATCH/loong"
check "... its kernel and libc rows apply" sh -c \
	'grep -qx "role kernel loongarch64 sid linux-image-loong64" "$1" &&
	 grep -qx "role libc loongarch64 sid libgcc-15-dev" "$1"' - "$SCRATCH/loong"
check "... and it has a cache key" sh -c \
	'ci/guests/guest-build --key loong < /dev/null | grep -qxE "[0-9a-f]{64}"'
ci/guests/build/sysroot --cc loong > "$SCRATCH/cc" 2>&1
check "its cc runs its compiler recipe, lines joined" sh -c \
	'grep -qx "loongarch64)" "$1" && grep -qxF "	exec clang --target=loongarch64-linux-gnu --sysroot=\"\$S\" \\" "$1"' - "$SCRATCH/cc"
check "... with its note above" grep -qxF '# As glibc/aarch64.' "$SCRATCH/cc"
check "... and a wrapper that is a shell script" sh -n "$SCRATCH/cc"

g=$SCRATCH/gdir
mkdir -p "$g"
: > "$g/vmlinux"; : > "$g/base.cpio"
printf 'name=loong\narch=loong64\nabis=loongarch64\nkernel_args=\n' > "$g/info"
ci/guests/guest-boot --settings "$g" > "$SCRATCH/settings" 2>&1
check "the guest boots on its machine, CPU and consoles" sh -c \
	'grep -q "^qemu -M virt,memory-backend=sp-ram -accel tcg -cpu la464 " "$1" &&
	 grep -q "device virtio-serial-pci -device virtconsole,chardev=res" "$1" &&
	 grep -q "^kernel console=ttyS0 .* sp.out=hvc0" "$1" && ! grep -q "noreplace-smp\|tsc" "$1"' - "$SCRATCH/settings"

printf '.TH X 2\n.SH EXAMPLES\n.EX\n.\\" GUESTS: abi=loongarch64\n$ \\fBtrue\\fP\n.EE\n' > "$SCRATCH/p.2"
check "a page may limit a session to it" ci/pages/extract-sessions "$SCRATCH/p.2"
SP_ARCH_DIR=ci/arch
fails_with "... which the project's own ABIs do not allow" "GUESTS: abi is x86_64, .* or ppc64le, not \"loongarch64\"" \
	env SP_ARCH_DIR=ci/arch ci/pages/extract-sessions "$SCRATCH/p.2"
echo "1..$T"
