# shellcheck shell=sh
# SPDX-License-Identifier: GPL-2.0-or-later
# ci/guests/libc-recipes/glibc.sh: how ci/guests/build/libc-source builds a
# glibc release (sourced; run CMD... runs CMD in the build directory, under
# nice, its output in a log; $srcdir, $destdir, $jobs, $src).  Part of the
# build's cache key: a change here builds every glibc release again.
#
# Installed under a prefix of its own, /opt/NAME-VERSION: its ld.so looks
# for libraries there and nowhere else, and the guest's Debian commands keep
# Debian's C library.  Only what a guest needs: no tests (make, not make
# check), no locales (make install builds none; localedata is a separate
# target), no nscd, no timezone tools, no profiling libraries, no manual
# (MAKEINFO=:), no debugging information (CFLAGS without -g: a smaller tree,
# a quicker link).  --disable-werror: today's gcc warns where the old
# releases' code was clean for the gcc of their day.
prefix=/opt/$src loader=$prefix/lib/ld-linux-x86-64.so.2
run configure.log "$srcdir/configure" --prefix="$prefix" CFLAGS=-O2 \
	--disable-werror --disable-profile --disable-nscd --disable-build-nscd \
	--disable-timezone-tools --without-selinux --without-gd --enable-kernel=3.2 MAKEINFO=:
run make.log make -j"$jobs"
run install.log make install DESTDIR="$destdir"
[ -f "$destdir$loader" ] || die "$src: built, but its loader is not $loader"
# What no guest uses: the locale and character set data.
rm -rf "$destdir$prefix/share" "$destdir$prefix/lib/gconv"
