#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# census/seccomp-census: the census as answers, on fixtures; --for on ELF
# programs built here for the test (never run).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
SECCOMP_CENSUS_DATA=tests/fixtures/census/query.tsv
export SECCOMP_CENSUS_DATA
q=census/seccomp-census
tab=$(printf '\t')
# is WHAT EXPECTED COMMAND...: ok if COMMAND prints exactly EXPECTED
is() {
	what=$1 want=$2; shift 2; T=$((T + 1))
	got=$("$@" 2>&1)
	if [ "$got" = "$want" ]; then echo "ok $T - $what"
	else echo "not ok $T - $what"; printf '%s\n' "# wanted:" "$want" "# got:" "$got" | sed 's/^/# /'
	fi
}
is "the union over all systems, sorted, ABI and name a line; a call some of them made, their labels" \
	"$(printf 'x86_64\topen\tmusl\nx86_64\topenat\t2.31')" $q open
is "a function brings what its new thread made" \
	"$(printf 'x86_64\tclone\nx86_64\tmmap\t2.31\nx86_64\tset_robust_list\t2.31')" $q pthread_create --on all
is "a function brings what its other thread made meanwhile" \
	"$(printf 'x86_64\t%s\n' futex getpid read rt_sigreturn setuid tgkill)" $q 'setuid(65534)+thread' --on old
is "a function brings what its first call in a program made" "x86_64${tab}brk" $q "malloc(64)" --on old
is "a name without arguments brings its variants" "x86_64${tab}brk" $q malloc --on old
is "--on takes names and labels" "x86_64${tab}openat" $q open --on 2.31
is "the systemd form: the architectures and the calls" \
	"$(printf '%s\n' 'SystemCallArchitectures=x86-64' 'SystemCallFilter=clone mmap open openat set_robust_list')" \
	$q -f systemd open,pthread_create --on m,old
is "the OCI form: a seccomp block with its architectures" \
	'{"defaultAction": "SCMP_ACT_ERRNO", "defaultErrnoRet": 38, "architectures": ["SCMP_ARCH_X86_64"], "syscalls": [{"names": ["open", "openat"], "action": "SCMP_ACT_ALLOW"}]}' \
	$q open -f oci
is "a function that failed on a system says so, once for its rows (@first too)" \
	"seccomp-census: fchmodat(NOFOLLOW) failed on old (errno EOPNOTSUPP)" \
	sh -c "$q 'fchmodat(NOFOLLOW)' --on old 2>&1 >/dev/null"
is "a comma inside a name's parentheses is part of the name" "$(printf 'x86_64\t%s\n' kill open)" $q 'kill(pid,0),open' --on m
fails_with "an unknown function is refused, naming it" "no function nosuch in the census" $q nosuch
fails_with "an unknown function among known ones is refused too" "no function nosuch in the census" $q open,nosuch
is "an unknown function: nothing on stdout, status 1" "1:" sh -c "out=\$($q nosuch 2>/dev/null); echo \"\$?:\$out\""
fails_with "a function with no row on a system asked for is named, with the system" \
	"kill\\(pid,0\\): no row on old" $q 'kill(pid,0)'
is "--allow-missing prints what the census has, and names the rest" \
	"$(printf '%s\n' 'x86_64	kill	musl' '0' "seccomp-census: kill(pid,0): no row on old (not measured there)")" \
	sh -c "$q 'kill(pid,0)' --allow-missing 2>$SCRATCH/err; echo \$?; cat $SCRATCH/err"
fails_with "an unknown system is refused, naming it" "no system vax in the census" $q open --on vax
fails_with "an unknown form is refused" "unknown form xml" $q -f xml open
fails_with "an ABI no system asked for has is refused" "no system of ABI i386" $q open --abi i386
is "-s lists the systems" "$(printf 'old\t2.31\tglibc 2.31, Linux 5.10, x86_64\nm\tmusl\tmusl 1.2.6, Linux 6.12, x86_64')" $q -s
printf 'system\tlabel\tlibc\tversion\tkernel\tabi\tfunction\tcalls\tfailed\nold\t2.31\tglibc\n' > "$SCRATCH/bad.tsv"
fails_with "bad data is refused, naming file and line" "bad.tsv:2: a row of 3 fields" \
	env SECCOMP_CENSUS_DATA="$SCRATCH/bad.tsv" $q open

# Two ABIs
A=tests/fixtures/census/abi.tsv
is "per ABI: each ABI its own calls" \
	"$(printf '%s\n' 'i386	socketcall' 'x86_64	socket')" env SECCOMP_CENSUS_DATA=$A $q socket
is "--abi picks the ABIs" "i386${tab}socketcall" env SECCOMP_CENSUS_DATA=$A $q socket --abi i386
is "the OCI form names every ABI it covers" \
	'{"defaultAction": "SCMP_ACT_ERRNO", "defaultErrnoRet": 38, "architectures": ["SCMP_ARCH_X86", "SCMP_ARCH_X86_64"], "syscalls": [{"names": ["socket", "socketcall"], "action": "SCMP_ACT_ALLOW"}]}' \
	env SECCOMP_CENSUS_DATA=$A $q -f oci socket
T=$((T + 1))
SECCOMP_CENSUS_DATA=$A $q -f c socket > "$SCRATCH/c" 2>&1
if grep -q '{ SCMP_ARCH_X86, "socketcall" },' "$SCRATCH/c" && grep -q '{ SCMP_ARCH_X86_64, "socket" },' "$SCRATCH/c" &&
   ! grep -q '{ SCMP_ARCH_X86, "socket" }' "$SCRATCH/c" && grep -q '^ *SCMP_ARCH_X86, SCMP_ARCH_X86_64$' "$SCRATCH/c"; then
	echo "ok $T - the C form: each ABI's names under its libseccomp architecture"
else echo "not ok $T - the C form: each ABI's names under its libseccomp architecture"; sed 's/^/# /' "$SCRATCH/c"
fi
# The C form is real code: it compiles against the host's libseccomp, and
# the context it builds, exported as libseccomp's pseudo filter code (never
# loaded: nothing goes into the host's kernel), has each ABI's own rules.
if have gcc && [ -f /usr/include/seccomp.h ]; then
	cat > "$SCRATCH/pfc.c" <<'C'
#include <errno.h>
#include <seccomp.h>
#include <stddef.h>
#include <stdint.h>
#include "frag.h"

int main(void)
{
    scmp_filter_ctx f = census_filter(SCMP_ACT_KILL_PROCESS);

    if (f == NULL)
        return 1;
    return seccomp_export_pfc(f, 1) != 0;
}
C
	T=$((T + 1))
	SECCOMP_CENSUS_DATA=census/census.tsv $q -f c --allow-missing open,fopen,pthread_create,'fchmodat(NOFOLLOW)',socket > "$SCRATCH/frag.h" 2>/dev/null
	if gcc -Wall -Wextra -Werror -Wstrict-prototypes -Wdeclaration-after-statement -I"$SCRATCH" -o "$SCRATCH/pfc" "$SCRATCH/pfc.c" -lseccomp 2> "$SCRATCH/cc"; then
		echo "ok $T - the C form for the project's own census compiles with the host's libseccomp"
	else
		echo "not ok $T - the C form for the project's own census compiles with the host's libseccomp"; sed 's/^/# /' "$SCRATCH/cc"
	fi
	SECCOMP_CENSUS_DATA=$A $q -f c socket > "$SCRATCH/frag.h" 2>/dev/null
	check "the C form's context: socketcall for i386 alone, socket for x86_64 alone" \
		sh -c "gcc -I'$SCRATCH' -o '$SCRATCH/pfc' '$SCRATCH/pfc.c' -lseccomp && '$SCRATCH/pfc' > '$SCRATCH/pfc.out' &&
		       awk -f tests/fixtures/census/pfc-rules.awk '$SCRATCH/pfc.out' > '$SCRATCH/rules' && cat '$SCRATCH/rules' &&
		       [ \"\$(cat '$SCRATCH/rules')\" = \"\$(printf 'x86 socketcall\nx86_64 socket\n')\" ]"
	SECCOMP_CENSUS_DATA=census/census.tsv $q -f c socket --on arm64,s390x,trixie > "$SCRATCH/frag.h" 2>/dev/null
	check "the C form leaves out an ABI of the other byte order (s390x on this host), keeps the others" \
		sh -c "gcc -I'$SCRATCH' -o '$SCRATCH/pfc' '$SCRATCH/pfc.c' -lseccomp && '$SCRATCH/pfc' > '$SCRATCH/pfc.out' &&
		       awk -f tests/fixtures/census/pfc-rules.awk '$SCRATCH/pfc.out' | cut -d' ' -f1 | sort -u > '$SCRATCH/arches' && cat '$SCRATCH/arches' &&
		       [ \"\$(cat '$SCRATCH/arches')\" = \"\$(printf 'aarch64\nx86_64\n')\" ]"
else skip "the C form compiles" "gcc or libseccomp-dev (seccomp.h) is not installed"
fi

# The lifecycle rows (ci/census/lifecycle): what a function brings
L=tests/fixtures/census/lifecycle
is "a function brings the lifecycle rows named for it (a thread's end: madvise, exit)" \
	"$(printf 'x86_64\t%s\n' clone3 exit futex madvise mmap rseq)" \
	env SECCOMP_CENSUS_DATA=$A SECCOMP_CENSUS_LIFECYCLE=$L $q pthread_create --abi x86_64
: > "$SCRATCH/empty"
is "without the lifecycle rows, it does not" "$(printf 'x86_64\t%s\n' clone3 mmap rseq)" \
	env SECCOMP_CENSUS_DATA=$A SECCOMP_CENSUS_LIFECYCLE="$SCRATCH/empty" $q pthread_create --abi x86_64
is "a function brings its forced fallbacks (stat@statx=ENOSYS)" "$(printf 'x86_64\t%s\n' newfstatat statx)" \
	env SECCOMP_CENSUS_DATA=$A SECCOMP_CENSUS_LIFECYCLE=$L $q stat --abi x86_64
is "a forced fallback asked for by its name is that row alone" "x86_64${tab}newfstatat" \
	env SECCOMP_CENSUS_DATA=$A $q 'stat@statx=ENOSYS' --abi x86_64
printf 'exit\tall\n' > "$SCRATCH/life"
fails_with "a bad lifecycle line is refused, naming file and line" "life:1: not a row, tab" \
	env SECCOMP_CENSUS_DATA=$A SECCOMP_CENSUS_LIFECYCLE="$SCRATCH/life" $q stat

# seccomp-census(1) shows the C form in its example: still what the tool prints.
check "the census_filter() of seccomp-census(1)'s example is what the tool prints for the census (census/page-example writes it)" \
	census/page-example -c

# --for: programs built here, read, never run.
need gcc
cat > "$SCRATCH/prog.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
int main(int argc, char **argv)
{
    char *p = malloc(64);
    if (p == NULL || socket(AF_UNIX, SOCK_STREAM, 0) < 0)
        return 1;
    strcpy(p, argv[0]);
    puts(p);
    exit(argc);
}
C
gcc -O0 -o "$SCRATCH/prog" "$SCRATCH/prog.c"
is "--for: the imports as census rows, per ABI, with start-up and exit" \
	"$(printf 'x86_64\t%s\n' brk exit_group fstat mmap openat socket write)" \
	sh -c "SECCOMP_CENSUS_DATA=$A $q --for '$SCRATCH/prog' --abi x86_64 2>/dev/null"
is "--for: the coverage line counts the pure (strcpy) as measured" \
	"coverage: 7 of 7 imported functions measured; unmeasured: none" \
	sh -c "SECCOMP_CENSUS_DATA=$A $q --for '$SCRATCH/prog' --abi x86_64 2>&1 >/dev/null | grep '^coverage'"
is "--for: PROG's arguments are not used, and end at an option of ours" \
	"$(printf 'i386\t%s\n' brk exit_group mmap2 openat set_thread_area socketcall statx write)" \
	sh -c "SECCOMP_CENSUS_DATA=$A $q --for '$SCRATCH/prog' -l -s x --abi i386 2>/dev/null"
printf 'int main(void) { return 0; }\n' > "$SCRATCH/zero.c"
gcc -O0 -o "$SCRATCH/zero" "$SCRATCH/zero.c"
is "--for: a program that returns from main gets the rows every program needs (exit with a stream)" \
	"$(printf 'i386\t%s\n' brk exit_group mmap2 openat set_thread_area write)" \
	sh -c "SECCOMP_CENSUS_DATA=$A SECCOMP_CENSUS_LIFECYCLE=$L $q --for '$SCRATCH/zero' --abi i386 2>/dev/null"
cat > "$SCRATCH/gap.c" <<'C'
#include <stdio.h>
#include <unistd.h>
int main(void)
{
    if (chdir("/") != 0 || access("/", R_OK) != 0)
        return 1;
    return puts("x") < 0;
}
C
gcc -O0 -o "$SCRATCH/gap" "$SCRATCH/gap.c"
fails_with "--for: unmeasured imports are named in the coverage line (with the systems that lack a row), status 1" \
	"coverage: 3 of 5 imported functions measured; unmeasured: chdir, access \\(not on thirty\\)$" \
	env SECCOMP_CENSUS_DATA=$A $q --for "$SCRATCH/gap"
is "--for below full coverage: the allowlist all the same, status 1" \
	"1
$(printf 'x86_64\t%s\n' access brk exit_group fstat mmap openat write)" \
	sh -c "SECCOMP_CENSUS_DATA=$A $q --for '$SCRATCH/gap' --abi x86_64 2>/dev/null > $SCRATCH/gap.out; echo \$?; cat $SCRATCH/gap.out"
is "--for --allow-missing: the allowlist of what is measured, status 0" "0" \
	sh -c "SECCOMP_CENSUS_DATA=$A $q --for '$SCRATCH/gap' --allow-missing >/dev/null 2>&1; echo \$?"
fails_with "--for: a file that is not ELF is refused, naming it" "prog.c: not an ELF file" \
	env SECCOMP_CENSUS_DATA=$A $q --for "$SCRATCH/prog.c"
fails_with "--for: a program not in PATH is refused" "no-such-prog: not found in PATH" $q --for no-such-prog
fails_with "--for and function names together are refused" "one or the other" $q --for "$SCRATCH/prog" -- open
if gcc -static -o "$SCRATCH/static" "$SCRATCH/zero.c" 2>/dev/null; then
	fails_with "--for: a static program is refused: its calls cannot be read" "no dynamic symbol table" \
		$q --for "$SCRATCH/static"
else skip "--for: a static program is refused" "gcc cannot link statically (libc.a is not installed)"
fi
printf 'always startup\nfrobnicate x y\n' > "$SCRATCH/imports"
fails_with "--for: a bad line of the imports map is refused, naming file and line" "imports:2: not always" \
	env SECCOMP_CENSUS_IMPORTS="$SCRATCH/imports" $q --for "$SCRATCH/prog"
# --for: the libraries PROG needs (DT_NEEDED) bring rows ("needed" lines of
# the map); programs that run the shell bring its imports (--shell).
{ cat census/imports; echo 'needed libc.so.6 startup+libpthread'; } > "$SCRATCH/imports-needed"
is "--for: a library PROG needs brings the rows the map names for it (startup+libpthread)" \
	"$(printf 'x86_64\t%s\n' brk exit_group fstat mmap openat set_tid_address socket write)" \
	sh -c "SECCOMP_CENSUS_DATA=$A SECCOMP_CENSUS_IMPORTS='$SCRATCH/imports-needed' $q --for '$SCRATCH/prog' --abi x86_64 2>/dev/null"
cat > "$SCRATCH/sys.c" <<'C'
#include <stdlib.h>
int main(void)
{
    return system("exit 3") == -1;
}
C
gcc -O0 -o "$SCRATCH/sys" "$SCRATCH/sys.c"
is "--for: a program that runs the shell gets the shell's imports too (--shell), named with it when unmeasured" \
	"coverage: 5 of 6 imported functions measured; unmeasured: chdir (of $SCRATCH/gap)" \
	sh -c "SECCOMP_CENSUS_DATA=$A $q --for '$SCRATCH/sys' --shell '$SCRATCH/gap' --on sixty 2>&1 >/dev/null | grep '^coverage'"
is "--for: the shell's calls join the program's allowlist" \
	"$(printf 'x86_64\t%s\n' access brk clone3 execve exit_group fstat mmap openat wait4 write)" \
	sh -c "SECCOMP_CENSUS_DATA=$A $q --for '$SCRATCH/sys' --shell '$SCRATCH/gap' --on sixty 2>/dev/null"
is "--for: a shell that cannot be read is one unmeasured import, with the reason" \
	"coverage: 3 of 4 imported functions measured; unmeasured: the shell that system runs ($SCRATCH/sys.c: not an ELF file)" \
	sh -c "SECCOMP_CENSUS_DATA=$A $q --for '$SCRATCH/sys' --shell '$SCRATCH/sys.c' --on sixty 2>&1 >/dev/null | grep '^coverage'"
is "--for: a program that does not run the shell is read without it" \
	"coverage: 7 of 7 imported functions measured; unmeasured: none" \
	sh -c "SECCOMP_CENSUS_DATA=$A $q --for '$SCRATCH/prog' --shell '$SCRATCH/sys.c' --abi x86_64 2>&1 >/dev/null | grep '^coverage'"
if [ -f "$SCRATCH/prog32" ] || gcc -m32 -o "$SCRATCH/prog32" "$SCRATCH/prog.c" 2>/dev/null; then
	is "--for: a shell of another ABI than PROG (amd64 dash of an i386 system) is unmeasured" \
		"coverage: 3 of 4 imported functions measured; unmeasured: the shell that system runs ($SCRATCH/prog32 is a program for i386, not x86_64)" \
		sh -c "SECCOMP_CENSUS_DATA=$A $q --for '$SCRATCH/sys' --shell '$SCRATCH/prog32' --on sixty 2>&1 >/dev/null | grep '^coverage'"
else skip "--for: a shell of another ABI" "gcc -m32 cannot link (gcc-multilib is not installed)"
fi

# elf-imports itself: 32-bit, both byte orders (clang and ld.lld for the others)
E=build/tools/elf-imports
make -s build/tools/elf-imports
is "elf-imports names the libraries a program needs (DT_NEEDED), after its ABI" \
	"$(printf '%s\n' 'abi x86_64' 'needed libc.so.6')" sh -c "$E '$SCRATCH/prog' | grep -v '^import \|^needed ld-'"
if gcc -m32 -o "$SCRATCH/prog32" "$SCRATCH/prog.c" 2>/dev/null; then
	is "elf-imports reads a 32-bit little-endian program" \
		"$(printf '%s\n' 'abi i386' 'import exit' 'import malloc' 'import puts' 'import socket' 'import strcpy')" \
		sh -c "$E $SCRATCH/prog32 | grep -v '__libc_start_main\|__cxa_finalize\|^needed' | sort"
else skip "elf-imports reads a 32-bit program" "gcc -m32 cannot link (gcc-multilib is not installed)"
fi
if have clang ld.lld; then
	printf 'void open(void){}\nvoid fopen64(void){}\nint data_imp;\n' > "$SCRATCH/lib.c"
	printf 'void open(void);\nvoid fopen64(void);\nextern int data_imp;\nvoid f(void){ open(); fopen64(); data_imp = 1; }\n' > "$SCRATCH/use.c"
	for t in powerpc64-linux-gnu:ppc64 powerpc-linux-gnu:machine-20 armv7a-linux-gnueabihf:armhf; do
		tgt=${t%:*} abi=${t#*:}
		if clang --target="$tgt" -fPIC -shared -nostdlib -fuse-ld=lld -o "$SCRATCH/lib-$abi.so" "$SCRATCH/lib.c" 2>/dev/null &&
		   clang --target="$tgt" -fPIC -shared -nostdlib -fuse-ld=lld -o "$SCRATCH/use-$abi.so" "$SCRATCH/use.c" "$SCRATCH/lib-$abi.so" 2>/dev/null; then
			is "elf-imports reads $tgt: functions, not data" "$(printf '%s\n' "abi $abi" 'import open' 'import fopen64')" \
				sh -c "$E '$SCRATCH/use-$abi.so' | grep -v '^needed \\|^missing '"
		else skip "elf-imports reads $tgt" "clang cannot build for $tgt"
		fi
	done
else skip "elf-imports reads big-endian programs" "$missing"
fi
# The libraries a program loads, looked up under a root as the dynamic
# linker does: a fake system whose libc.so.6 is an absolute link (followed
# inside the root), whose ld.so.conf names a directory holding a file of
# the same name that is not ELF (passed over), and a library found by its
# needer's RUNPATH ($ORIGIN).
R=$SCRATCH/root
mkdir -p "$R/etc/ld.so.conf.d" "$R/usr/lib/x86_64-linux-gnu" "$R/opt/first" "$R/opt/app/bin" "$R/opt/app/private"
ln -s usr/lib "$R/lib"
printf '# the first place\ninclude ld.so.conf.d/*.conf\n' > "$R/etc/ld.so.conf"
printf '/opt/first\n' > "$R/etc/ld.so.conf.d/first.conf"
printf 'not a library\n' > "$R/opt/first/libb.so.1"
printf 'int b(void) { return 1; }\n' > "$SCRATCH/b.c"
printf 'int b(void);\nint a(void) { return b(); }\n' > "$SCRATCH/a.c"
printf 'int p(void) { return 2; }\n' > "$SCRATCH/p.c"
printf 'int a(void);\nint p(void);\nint main(void) { return a() + p(); }\n' > "$SCRATCH/ab.c"
L64=$R/usr/lib/x86_64-linux-gnu
gcc -shared -fPIC -nostdlib -Wl,-soname,libc.so.6 -o "$L64/libc-fake.so" "$SCRATCH/b.c"
ln -s /usr/lib/x86_64-linux-gnu/libc-fake.so "$L64/libc.so.6"
gcc -shared -fPIC -nostdlib -Wl,-soname,libb.so.1 -o "$L64/libb.so.1" "$SCRATCH/b.c"
# libgone.so.1: needed by liba.so.1, not under the root
gcc -shared -fPIC -nostdlib -Wl,-soname,libgone.so.1 -o "$SCRATCH/libgone.so.1" "$SCRATCH/p.c"
gcc -shared -fPIC -nostdlib -Wl,-soname,liba.so.1 -o "$L64/liba.so.1" "$SCRATCH/a.c" "$L64/libb.so.1" -Wl,--no-as-needed "$SCRATCH/libgone.so.1"
gcc -shared -fPIC -nostdlib -Wl,-soname,libp.so.1 -o "$R/opt/app/private/libp.so.1" "$SCRATCH/p.c"
mkdir -p "$R/opt/abs"
gcc -shared -fPIC -nostdlib -Wl,-soname,libq.so.1 -o "$R/opt/abs/libq.so.1" "$SCRATCH/b.c"
gcc -O0 -o "$R/opt/app/bin/ab" "$SCRATCH/ab.c" "$L64/liba.so.1" "$R/opt/app/private/libp.so.1" -Wl,--no-as-needed "$R/opt/abs/libq.so.1" \
	-Wl,--enable-new-dtags,-rpath,'$ORIGIN/../private:/opt/abs' -Wl,-rpath-link,"$L64:$SCRATCH"
is "elf-imports -R: the libraries loaded, breadth first, found under the root (absolute link, ld.so.conf, RUNPATH with \$ORIGIN and an absolute entry), one not found named" \
	"$(printf '%s\n' 'abi x86_64' 'needed liba.so.1' 'needed libp.so.1' 'needed libq.so.1' 'needed libc.so.6' 'needed libb.so.1' 'missing libgone.so.1')" \
	sh -c "$E -R '$R' '$R/opt/app/bin/ab' | grep -v '^import '"
{ cat census/imports; echo 'needed libb.so.1 startup+libpthread'; } > "$SCRATCH/imports-b"
is "--for --root: a library loaded through another brings its rows; one not found is named" \
	"seccomp-census: libraries not found under $R: libgone.so.1 (the start-up of what they need is not counted)" \
	sh -c "SECCOMP_CENSUS_DATA=$A SECCOMP_CENSUS_IMPORTS='$SCRATCH/imports-b' $q --for '$R/opt/app/bin/ab' --root '$R/' --abi x86_64 2>&1 >/dev/null | grep 'not found'"
is "--for --root: the rows of the library loaded through another are in the allowlist" \
	"x86_64	set_tid_address" \
	sh -c "SECCOMP_CENSUS_DATA=$A SECCOMP_CENSUS_IMPORTS='$SCRATCH/imports-b' $q --for '$R/opt/app/bin/ab' --root '$R' --abi x86_64 2>/dev/null | grep set_tid_address"
fails_with "--for --root: a root that is not a directory is refused" "--root $SCRATCH/nothere: no such directory" \
	$q --for "$R/opt/app/bin/ab" --root "$SCRATCH/nothere"
head -c 100 "$SCRATCH/prog" > "$SCRATCH/short"
fails_with "elf-imports: a truncated file is refused, naming it" "short: (truncated|no section headers)" $E "$SCRATCH/short"
done_testing
