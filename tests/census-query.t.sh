#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# census/seccomp-census: the census as answers, on a fixture.
. "$(dirname "$0")/lib.sh"
SECCOMP_CENSUS_DATA=tests/fixtures/census/query.tsv
export SECCOMP_CENSUS_DATA
q=census/seccomp-census
# is WHAT EXPECTED COMMAND...: ok if COMMAND prints exactly EXPECTED
is() {
	what=$1 want=$2; shift 2; T=$((T + 1))
	got=$("$@" 2>&1)
	if [ "$got" = "$want" ]; then echo "ok $T - $what"
	else echo "not ok $T - $what"; printf '%s\n' "# wanted:" "$want" "# got:" "$got" | sed 's/^/# /'
	fi
}
is "the union over all systems, sorted, one a line" "$(printf '%s\n' open openat)" $q open
is "a function brings what its new thread made" \
	"$(printf '%s\n' clone mmap set_robust_list)" $q pthread_create --on all
is "a function brings what its other thread made meanwhile" \
	"$(printf '%s\n' futex getpid read rt_sigreturn setuid tgkill)" $q 'setuid(65534)+thread' --on old
is "a function brings what its first call in a program made" "brk" $q "malloc(64)"
is "--on takes names and labels" "openat" $q open --on 2.31
is "the systemd form" "SystemCallFilter=clone mmap open openat set_robust_list" $q -f systemd open,pthread_create --on m,old
is "the OCI form" '{"names": ["open", "openat"], "action": "SCMP_ACT_ALLOW"}' $q open -f oci
is "the C form: names, resolved at run time" \
	"$(printf '%s\n' '/* System calls for open on musl (seccomp-census). */' 'static const char *const allowed[] = {' '    "open",' '};')" \
	sh -c "$q -f c open --on musl | head -n 4"
is "a function that failed on a system says so" \
	"seccomp-census: fchmodat(NOFOLLOW) failed on old (errno EOPNOTSUPP)" \
	sh -c "$q 'fchmodat(NOFOLLOW)' --on old 2>&1 >/dev/null"
is "a comma inside a name's parentheses is part of the name" "$(printf '%s\n' kill open)" $q 'kill(pid,0),open' --on m
fails_with "an unknown function is refused, naming it" "no function nosuch in the census" $q nosuch
fails_with "an unknown system is refused, naming it" "no system vax in the census" $q open --on vax
fails_with "an unknown form is refused" "unknown form xml" $q -f xml open
is "-s lists the systems" "$(printf 'old\t2.31\tglibc 2.31, Linux 5.10, x86_64\nm\tmusl\tmusl 1.2.6, Linux 6.12, x86_64')" $q -s
# The C form is real code: it compiles against libseccomp.
T=$((T + 1))
{ echo '#include <seccomp.h>'; echo '#include <stddef.h>'; echo 'int f(scmp_filter_ctx ctx);'; echo 'int f(scmp_filter_ctx ctx) {'
  SECCOMP_CENSUS_DATA=census/census.tsv $q -f c open,fopen,pthread_create,'fchmodat(NOFOLLOW)' 2>/dev/null
  echo 'return 0; }'; } > "$SCRATCH/frag.c"
if gcc -Wall -Wextra -Werror -c -o "$SCRATCH/frag.o" "$SCRATCH/frag.c" 2> "$SCRATCH/cc"; then
	echo "ok $T - the C form for the project's own census compiles with the host's libseccomp"
else
	echo "not ok $T - the C form for the project's own census compiles with the host's libseccomp"; sed 's/^/# /' "$SCRATCH/cc"
fi
done_testing
