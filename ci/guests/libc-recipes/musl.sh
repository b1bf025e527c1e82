# shellcheck shell=sh
# SPDX-License-Identifier: GPL-2.0-or-later
# ci/guests/libc-recipes/musl.sh: how ci/guests/build/libc-source builds a
# musl release (sourced; run CMD... runs CMD in the build directory, under
# nice, its output in a log; $srcdir, $destdir, $jobs, $src).  Part of the
# build's cache key: a change here builds every musl release again.
#
# Laid out as Debian's musl and musl-dev (usr/include/x86_64-linux-musl,
# usr/lib/x86_64-linux-musl), which is where cc_musl looks; musl's own
# flags (-Os and the rest), as upstream builds it.  Static and shared: the
# examples link statically (ci/arch/x86_64.abi, cc_musl), the census probe
# and the corpus dynamically (cc --dynamic), as a musl system's programs
# are; the shared library is also the loader, /lib/ld-musl-x86_64.so.1 (a
# link that make install makes).  libc.a is made of the position-
# independent objects of libc.so (AOBJS, musl's Makefile: the same
# sources, compiled with -fPIC), so that each source is compiled once.
prefix=/usr loader=/lib/ld-musl-x86_64.so.1
run configure.log "$srcdir/configure" --prefix=/usr \
	--includedir=/usr/include/x86_64-linux-musl --libdir=/usr/lib/x86_64-linux-musl
run make.log make -j"$jobs" 'AOBJS=$(LOBJS)'
run install.log make install DESTDIR="$destdir" 'AOBJS=$(LOBJS)'
