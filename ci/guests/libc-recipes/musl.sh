# shellcheck shell=sh
# SPDX-License-Identifier: GPL-2.0-or-later
# ci/guests/libc-recipes/musl.sh: how ci/guests/build/libc-source builds a
# musl release (sourced; run CMD... runs CMD in the build directory, under
# nice, its output in a log; $srcdir, $destdir, $jobs, $src).  Part of the
# build's cache key: a change here builds every musl release again.
#
# Static only: the guests link their examples statically, as the Debian musl
# guest does (ci/arch/x86_64.abi, cc_musl).  Laid out as Debian's musl-dev
# (usr/include/x86_64-linux-musl, usr/lib/x86_64-linux-musl), which is where
# cc_musl looks.  musl's own flags (-Os and the rest), as upstream builds it.
prefix=/usr loader=
run configure.log "$srcdir/configure" --prefix=/usr \
	--includedir=/usr/include/x86_64-linux-musl --libdir=/usr/lib/x86_64-linux-musl \
	--disable-shared
run make.log make -j"$jobs"
run install.log make install DESTDIR="$destdir"
