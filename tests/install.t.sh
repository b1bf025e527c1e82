#!/bin/sh
# make install / uninstall: prefix, mandir and DESTDIR are honoured, and man
# finds this project's page.
. "$(dirname "$0")/lib.sh"
d=$SCRATCH/dest
check "make install DESTDIR=D puts the pages under D/usr/local/share/man" \
	sh -c "make -s install DESTDIR='$d' && [ -f '$d/usr/local/share/man/man2/seccomp.2' ]"
check "man -M D/usr/local/share/man 2 seccomp shows this project's page" \
	sh -c "MANPAGER=cat MANWIDTH=80 man -M '$d/usr/local/share/man' 2 seccomp 2>/dev/null | grep -q 'seccomp-pages'"
check "man -M D/usr/local/share/man 7 libc_syscalls shows the census page" \
	sh -c "MANPAGER=cat MANWIDTH=80 man -M '$d/usr/local/share/man' 7 libc_syscalls 2>/dev/null | grep -q 'seccomp-census'"
check "make install puts seccomp-census in D/usr/local/bin, its data and awk in share/seccomp-pages, elf-imports in libexec/seccomp-pages" \
	sh -c "[ -x '$d/usr/local/bin/seccomp-census' ] && [ -x '$d/usr/local/libexec/seccomp-pages/elf-imports' ] &&
	       for f in census.tsv distributions seccomp-census.awk imports; do [ -f '$d/usr/local/share/seccomp-pages'/\$f ] || exit 1; done &&
	       grep -q \"lib='/usr/local/share/seccomp-pages' libexec='/usr/local/libexec/seccomp-pages'\" '$d/usr/local/bin/seccomp-census'"
check "installed under a prefix, seccomp-census answers from there, --for too" \
	sh -c "make -s install prefix='$SCRATCH/p' && '$SCRATCH/p/bin/seccomp-census' -s | grep -q '^bullseye' &&
	       '$SCRATCH/p/bin/seccomp-census' -d | grep -q '^debian-11	glibc 2.31	bullseye' &&
	       '$SCRATCH/p/bin/seccomp-census' --for '$SCRATCH/p/libexec/seccomp-pages/elf-imports' --on trixie --allow-missing 2>&1 | grep -q '^coverage: ' &&
	       make -s uninstall prefix='$SCRATCH/p' && [ -z \"\$(find '$SCRATCH/p' -type f)\" ]"
check "make uninstall DESTDIR=D removes every installed file" \
	sh -c "make -s uninstall DESTDIR='$d' && [ -z \"\$(find '$d' -type f)\" ]"
check "prefix and mandir are honoured" \
	sh -c "make -s install DESTDIR='$d' prefix=/opt/sp && [ -f '$d/opt/sp/share/man/man2/seccomp.2' ] &&
	       make -s install DESTDIR='$d' mandir=/m && [ -f '$d/m/man2/seccomp.2' ]"
done_testing
