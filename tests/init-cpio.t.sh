#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# guest-init's cpio unpacker (ci/guests/init-cpio.c) on the host: a guest
# started from a snapshot gets the run's files through it, so it must make
# what the kernel's initramfs unpacker makes of run-guest's overlay (two
# archives, their owners and modes) and refuse what it does not handle.
# Compiled here with the guests' flags, never run as init.  Owners are
# checked only when the tests run as root (chown needs it).
# shellcheck disable=SC2016 # the programs run by sh -c expand their own
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
need gcc cpio
prog=$SCRATCH/unpack
check "the unpacker compiles on the host with the init's flags" \
	gcc -O2 -Wall -Wextra -Werror -Wstrict-prototypes -I ci/guests -o "$prog" \
	tests/fixtures/init-cpio/unpack.c ci/guests/init-cpio.c
# An overlay as ci/guests/run-guest makes it: root's sp/, the user's home.
src=$SCRATCH/src
mkdir -p "$src/root/sp" "$src/home/home/user/seccomp.2"
printf 'cmd a 0 5 /home/user/seccomp.2\n./prog\n' > "$src/root/sp/script"
printf '#!/bin/sh\necho hi\n' > "$src/home/home/user/seccomp.2/prog"
chmod 755 "$src/home/home/user/seccomp.2/prog"
chmod 640 "$src/root/sp/script"
ln -s seccomp.2/prog "$src/home/home/user/link"
head -c 100000 /dev/urandom > "$src/home/home/user/seccomp.2/data"
# Times as the corpus sets them (2020-01-01), the user's directory later.
find "$src" -exec touch -h -d @1577836800 {} +
touch -d @1600000000 "$src/home/home/user/seccomp.2"
(cd "$src/root" && find sp | cpio -o -H newc -R 0:0 --quiet) > "$SCRATCH/ov.cpio"
(cd "$src/home" && find home/user | cpio -o -H newc -R 1000:1000 --quiet) >> "$SCRATCH/ov.cpio"
# The guest's / has /home (its base image); the overlay makes home/user.
dst=$SCRATCH/dst
mkdir -p "$dst/home"
check "two archives one after the other: every entry made" \
	sh -c 'cd "$1" && "$0" < "$2" | grep -qx "7 entries"' "$prog" "$dst" "$SCRATCH/ov.cpio"
same() { cmp "$src/$1" "$dst/$2"; }
check "a file's contents, byte for byte" same home/home/user/seccomp.2/data home/user/seccomp.2/data
check "a script's contents" same root/sp/script sp/script
modes() {
	[ "$(stat -c %a "$dst/sp/script")" = 640 ] && [ "$(stat -c %a "$dst/home/user/seccomp.2/prog")" = 755 ] &&
		[ "$(readlink "$dst/home/user/link")" = seccomp.2/prog ]
}
check "modes as archived, a symbolic link as a link" modes
mtimes() {
	for f in sp/script home/user/seccomp.2/data home/user/link sp; do
		[ "$(stat -c %Y "$dst/$f")" = 1577836800 ] || { echo "$f: $(stat -c %Y "$dst/$f")"; return 1; }
	done
	[ "$(stat -c %Y "$dst/home/user/seccomp.2")" = 1600000000 ] || { echo "seccomp.2: $(stat -c %Y "$dst/home/user/seccomp.2")"; return 1; }
}
check "modification times as archived, a directory's too (as the kernel keeps them)" mtimes
if [ "$(id -u)" = 0 ]; then
	owners() {
		[ "$(stat -c %u:%g "$dst/sp/script")" = 0:0 ] &&
			[ "$(stat -c %u:%g "$dst/home/user/seccomp.2/prog")" = 1000:1000 ] &&
			[ "$(stat -c %u:%g "$dst/home/user")" = 1000:1000 ]
	}
	check "owners as archived: root's script, the user's programs and home" owners
else
	skip "owners as archived" "not root: chown needs it"
fi
check "unpacking again over what is there replaces it" \
	sh -c 'cd "$1" && "$0" < "$2" | grep -qx "7 entries"' "$prog" "$dst" "$SCRATCH/ov.cpio"
# bad ARCHIVE PATTERN WHAT: refused, naming the fault
bad() {
	rm -rf "$SCRATCH/b" && mkdir -p "$SCRATCH/b/home" &&
		fails_with "$3" "$2" sh -c 'cd "$1" && "$0" < "$2"' "$prog" "$SCRATCH/b" "$1"
}
head -c 5000 "$SCRATCH/ov.cpio" > "$SCRATCH/cut.cpio"
bad "$SCRATCH/cut.cpio" "^fatal: cpio: entry at byte [0-9]+ runs past the end|^fatal: cpio: no trailer" "an archive cut short is refused"
printf 'not a cpio archive at all, not even close to one; more than 110 bytes of it, so that a header would fit in here......\n' > "$SCRATCH/junk"
bad "$SCRATCH/junk" "^fatal: cpio: no newc header at byte 0$" "bytes that are no cpio are refused"
mkdir -p "$SCRATCH/up/x"; : > "$SCRATCH/up/f"
(cd "$SCRATCH/up/x" && printf '../f\n' | cpio -o -H newc --quiet) > "$SCRATCH/up.cpio"
bad "$SCRATCH/up.cpio" "^fatal: cpio: \.\./f: a name outside the directory$" "a name leading out of the directory is refused"
(cd "$SCRATCH/up" && printf '/dev/null\n' | cpio -o -H newc --quiet 2>/dev/null) > "$SCRATCH/dev.cpio"
bad "$SCRATCH/dev.cpio" "outside the directory|is not a directory, file or link" "an absolute name or a device is refused"
ln "$SCRATCH/up/f" "$SCRATCH/up/g"
(cd "$SCRATCH/up" && printf 'f\ng\n' | cpio -o -H newc --quiet) > "$SCRATCH/hard.cpio"
bad "$SCRATCH/hard.cpio" "^fatal: cpio: [fg]: a hard link \(not made here\)$" "a hard link is refused"
bad /dev/null "^fatal: cpio: no trailer \(0 entries\): the archive is cut short$" "nothing at all is refused (no trailer)"
done_testing
