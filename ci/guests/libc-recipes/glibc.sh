# shellcheck shell=sh
# SPDX-License-Identifier: GPL-2.0-or-later
# ci/guests/libc-recipes/glibc.sh: how ci/guests/build/libc-source builds a
# glibc release (sourced; run CMD... runs CMD in the build directory, under
# nice, its output in a log; $srcdir, $builddir, $destdir, $jobs, $src).
# Part of the build's cache key: a change here builds every glibc release
# again.
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
#   debugging information (CFLAGS without -g), the programs glibc installs
#   (ldd, getconf, iconv, locale, ldconfig, ...: build-programs = no, glibc's
#   own switch for a build that makes libraries only), and the static libc.a
#   and libm.a (the object files of libc and libm compiled a second time;
#   every program of a history guest links with the shared libc, and the
#   kernel selftest, tried static first, links dynamically: ci/peers) --
#   both in a configparms file, which Makeconfig reads before its own
#   settings (the same in every release here);
# - one implementation of each string and math function, not the
#   processor-specific variants an IFUNC picks among (--disable-multi-arch):
#   those differ in instructions, never in system calls.
# The subdirectories are left out by 'inhibit' lines in a Subdirs file of
# the x86-64 sysdeps directory, glibc's own mechanism (scripts/gen-sorted.awk,
# in every release here).  Measured on 2 idle cores (glibc 2.39): the whole
# build 758 s of make; without those subdirectories 613 s; this one 371 s
# (glibc 2.25: 544 s before, 344 s now), and its shared libraries, headers
# and start files are byte for byte those of the build with libc.a (README.md,
# History guests).
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
# Other libraries keep their static archives: since glibc 2.34 -lpthread,
# -ldl, -lrt, -lutil and -lanl find an empty one (there is no .so to find).
# glibc 2.25-2.33 make the libraries' symbolic links at install with sln,
# one of the programs (static, so it needs libc.a): a shell loop reads its
# list of "TARGET LINK" lines instead (Makerules, symbolic-link-prog).
cat >"$builddir/configparms" <<'PARMS'
build-programs = no
override object-suffixes-for-libc := .os .oS
libm-inhibit-o = .o
override symbolic-link-prog = sh -c 'while read -r t l; do rm -f "$$l" && ln -s "$$t" "$$l" || exit 1; done <"$$0"'
PARMS
run make.log make -j"$jobs"
run install.log make install DESTDIR="$destdir"
[ -f "$destdir$loader" ] || die "$src: built, but its loader is not $loader"
# Nothing a guest uses is under share/ (no locales, no translations).
rm -rf "$destdir$prefix/share"
