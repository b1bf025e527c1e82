# shellcheck shell=sh
# SPDX-License-Identifier: GPL-2.0-or-later
# ci/guests/libc-recipes/glibc.sh: how ci/guests/build/libc-source builds a
# glibc release (sourced; run CMD... runs CMD in the build directory, under
# nice, its output in a log; $srcdir, $destdir, $jobs, $src).  Part of the
# build's cache key: a change here builds every glibc release again.
#
# Installed under a prefix of its own, /opt/NAME-VERSION: its ld.so looks
# for libraries there and nowhere else, and the guest's Debian commands keep
# Debian's C library.
#
# Only what a guest needs, since the build is most of a cold run's time:
# - every library a program links with or glibc loads (libc, ld.so,
#   libpthread, libm, librt, libdl, libresolv, libnsl, every NSS module:
#   a guest has no nsswitch.conf, and glibc 2.25 then looks users up
#   through "compat [NOTFOUND=return] files" (nss/pwd-lookup.c,
#   DEFAULT_CONFIG), whose module it builds in nis/ — measured: without
#   nis/ getpwnam on 2.25 made no lseek or munmap), built from the
#   release's sources as released;
# - not built: tests (make, not make check), locales and character set
#   converters (localedata, iconvdata), translations (po), the manual
#   (manual; MAKEINFO=:), time zone data and tools (timezone), the test
#   support library (support), the header conformance tests (conform),
#   nscd, the vector math library (mathvec: --disable-mathvec), profiling libraries,
#   debugging information (CFLAGS without -g);
# - one implementation of each string and math function, not the
#   processor-specific variants an IFUNC picks among (--disable-multi-arch):
#   those differ in instructions, never in system calls.
# The subdirectories are left out by 'inhibit' lines in a Subdirs file of
# the x86-64 sysdeps directory, glibc's own mechanism (scripts/gen-sorted.awk,
# in every release here).  Measured on 2 idle cores (glibc 2.39): the whole
# build 758 s of make; this one in README.md (History guests).
# --disable-werror: today's gcc warns where the old releases' code was clean
# for the gcc of their day.
prefix=/opt/$src loader=$prefix/lib/ld-linux-x86-64.so.2
skip='localedata iconvdata po manual timezone support conform mathvec'
subdirs_file=$srcdir/sysdeps/unix/sysv/linux/x86_64/64/Subdirs
[ -d "${subdirs_file%/*}" ] || die "$src: no ${subdirs_file#"$srcdir"/} directory to leave subdirectories out from"
printf 'inhibit %s\n' $skip >>"$subdirs_file"
run configure.log "$srcdir/configure" --prefix="$prefix" CFLAGS=-O2 \
	--disable-werror --disable-profile --disable-nscd --disable-build-nscd \
	--disable-timezone-tools --disable-mathvec --disable-multi-arch \
	--without-selinux --without-gd --enable-kernel=3.2 MAKEINFO=:
run make.log make -j"$jobs"
run install.log make install DESTDIR="$destdir"
[ -f "$destdir$loader" ] || die "$src: built, but its loader is not $loader"
# Nothing a guest uses is under share/ (no locales, no translations).
rm -rf "$destdir$prefix/share"
