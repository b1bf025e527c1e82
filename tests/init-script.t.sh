#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# guest-init's script parser (ci/guests/init-script.c) on the host: the
# commands it reads, the lines it refuses, and which commands it executes
# directly rather than through /bin/sh.  Compiled here with the guests'
# flags, never run as init.
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/init-script
need gcc
prog=$SCRATCH/print-script
check "the parser compiles on the host with the init's flags" \
	gcc -O2 -Wall -Wextra -Werror -Wstrict-prototypes -I ci/guests -o "$prog" $fx/print-script.c ci/guests/init-script.c
parsed() { "$prog" < $fx/good.script | diff -u $fx/good.expected -; }
check "a script: comments and blank lines skipped, CR removed, fields and text read" parsed
check "a simple command is split into its words, quotes removed" \
	sh -c '"$0" < "$1" | grep -qxF "exec [./prog] [a] [b c] [d e]"' "$prog" $fx/good.script
# bad SCRIPT-TEXT PATTERN WHAT: the parser refuses it, naming line and fault
bad() {
	printf "$1" > "$SCRATCH/bad.script"
	fails_with "$3" "$2" sh -c '"$0" < "$1"' "$prog" "$SCRATCH/bad.script"
}
bad '\ncmd a 5 0 /\n./x\n' "^fatal: script line 2: UID 5 is neither 0 nor 1000$" "a UID other than 0 and 1000 is refused"
bad 'cmd a x 0 /\n./x\n' "^fatal: script line 1: bad UID 'x'$" "a UID that is no number is refused"
bad 'cmd a 0 -1 /\n./x\n' "^fatal: script line 1: bad TIMEOUT '-1'$" "a negative timeout is refused"
bad 'cmd a 0 99999999999 /\n./x\n' "^fatal: script line 1: bad TIMEOUT" "a timeout beyond range is refused"
bad 'cmd a 0 0 home\n./x\n' "^fatal: script line 1: CWD 'home' is not absolute$" "a relative directory is refused"
bad 'cmd a 0 0\n./x\n' "^fatal: script line 1: expected 'cmd ID UID TIMEOUT CWD' or 'lanes N'$" "a cmd line with a field missing is refused"
bad 'run a 0 0 /\n./x\n' "^fatal: script line 1: expected 'cmd ID UID TIMEOUT CWD' or 'lanes N'$" "a line that is not cmd is refused"
bad 'lanes 0\ncmd a 0 0 /\n./x\n' "^fatal: script line 1: lanes '0' is not 1 to 16$" "lanes 0 is refused"
bad 'lanes 17\n' "^fatal: script line 1: lanes '17' is not 1 to 16$" "more lanes than init keeps are refused"
bad 'lanes\n' "^fatal: script line 1: expected 'cmd ID UID TIMEOUT CWD' or 'lanes N'$" "lanes without a number is refused"
bad 'cmd a 0 0 /\n./x\ncmd b 0 0 /\n' "^fatal: script line 4: command text missing$" "a cmd line without its text is refused"
lanes() {
	printf 'cmd a 0 0 /\n./a\nlanes 3\ncmd b 0 0 /\n./b\ncmd c 0 0 /\n./c\nlanes 1\ncmd d 0 0 /\n./d\n' |
		"$prog" | grep '^cmd' | diff -u - "$1"
}
printf '%s\n' 'cmd a uid=0 timeout=0 cwd=/' 'cmd b uid=0 timeout=0 cwd=/ lanes=3' \
	'cmd c uid=0 timeout=0 cwd=/ lanes=3' 'cmd d uid=0 timeout=0 cwd=/' > "$SCRATCH/lanes.expected"
check "lanes N gives the commands after it N lanes, until the next lanes line" lanes "$SCRATCH/lanes.expected"
check "an empty script has no commands" sh -c '[ -z "$(printf "" | "$0")" ]' "$prog"
done_testing
