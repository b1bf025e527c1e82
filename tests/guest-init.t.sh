#!/bin/sh
# tests/guest-init.t.sh: ci/guests/guest-init.c and ci/guests/guest-boot on a
# real guest.  Needs a built guest: GDIR=/path/to/guest (vmlinux, base.cpio,
# info) as made by ci/guests/guest-build; without it, the bookworm guest is
# built (or taken from the cache) with ci/guests/guest-build.  Boots it four
# times:
#   1. a script exercising the protocol: stdout and stderr interleaved, a
#      per-command timeout followed by a command that still runs, SIGSEGV,
#      uid 1000 and its directory, an exit status, simple commands run
#      without the shell (quoting as the shell's), the time records, a
#      flood cut at 10000 lines;
#   2. a hanging command under SP_GUEST_TIMEOUT=5: guest-boot must give up;
#   3. a kernel without its local APIC timer: init must refuse to start;
#   4. a section of lanes: units side by side, each sent whole, a unit in
#      its order, what a lane's command leaves running killed, a lane that
#      dies.
# Prints "ok N - ..." / "not ok N - ...".
# shellcheck disable=SC2016 # the scripts are the guest's to expand
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

if [ -z "${GDIR:-}" ]; then
	if ! GDIR=$(ci/guests/guest-build bookworm 2>"$SCRATCH/build.log"); then
		T=$((T + 1)); echo "not ok $T - a guest to boot (ci/guests/guest-build bookworm)"
		sed "s/^/# /" "$SCRATCH/build.log"; done_testing; exit 1
	fi
fi

gname=$(sed -n 's/^name=//p' "$GDIR/info" 2>/dev/null | head -n 1)
[ -n "$gname" ] || gname=$(basename "$GDIR")


# block ID: the records of one command, its last SP-BEGIN to its SP-END (of
# boot $out; with lanes, an SP-BEGIN alone first says that it began)
out=out1
block() {
	awk -v id="$1" '$0 == "SP-BEGIN " id { on = 1; b = "" } on { b = b $0 "\n" } on && index($0, "SP-END " id " ") == 1 { printf "%s", b; exit }' \
		"$SCRATCH/$out/results"
}

# same ID EXPECTED: the command's records are exactly EXPECTED
same() {
	block "$1" >"$SCRATCH/got"
	printf '%s\n' "$2" >"$SCRATCH/want"
	diff -u "$SCRATCH/want" "$SCRATCH/got"
}

overlay one <<'EOF'
# tests/guest-init.t.sh
cmd inter 0 10 /
for i in 1 2 3; do echo out$i; echo err$i >&2; done
cmd hang 0 2 /
sleep 100
cmd after 0 10 /
echo still running
cmd segv 0 10 /
echo before; kill -SEGV $$; echo after
cmd user 1000 10 /home/user/t
id -u; pwd
cmd exit3 0 10 /tmp
exit 3
cmd words 1000 10 /tmp
/usr/bin/printf '[%s]\n' a 'b  c' "d e" x'y'"z"
cmd shell 1000 10 /tmp
/usr/bin/printf '[%s]\n' "$HOME" | cat
cmd missing 1000 10 /tmp
./nosuchprogram arg
cmd flood 1000 3 /tmp
while :; do echo 0123456789; done
EOF

check "guest-boot runs a script" "$TOP/ci/guests/guest-boot" "$GDIR" "$SCRATCH/one.cpio" "$SCRATCH/out1"
# QEMU's CPU time (from the shell's `times`): at least the 0.1 s no boot
# under TCG goes below, at most its wall time (one vCPU) and a little.
qemu_cpu() {
	awk -F= '{ v[$1] = $2 } END {
		w = (v["qemu_end"] - v["qemu_start"]) / 1e6; c = v["qemu_cpu_ms"]
		exit !(c != "" && c >= 100 && c <= w * 1.5 + 100) }' "$SCRATCH/out1/timing"
}
check "guest-boot's timing says what QEMU cost the host in CPU time" qemu_cpu
check "interleaved stdout and stderr keep their order" same inter 'SP-BEGIN inter
| out1
| err1
| out2
| err2
| out3
| err3
SP-END inter exit 0'
check "a hanging command times out alone" same hang 'SP-BEGIN hang
SP-END hang timeout'
check "the next command still runs" same after 'SP-BEGIN after
| still running
SP-END after exit 0'
check "SIGSEGV is reported as signal 11" same segv 'SP-BEGIN segv
| before
SP-END segv signal 11'
check "uid 1000 runs in its directory" same user 'SP-BEGIN user
| 1000
| /home/user/t
SP-END user exit 0'
check "exit 3 is reported" same exit3 'SP-BEGIN exit3
SP-END exit3 exit 3'
check "a simple command is split into words as the shell would" same words 'SP-BEGIN words
| [a]
| [b  c]
| [d e]
| [xyz]
SP-END words exit 0'
check "a command with shell syntax still goes to /bin/sh" same shell 'SP-BEGIN shell
| [/home/user]
SP-END shell exit 0'
check "a program that is not there is an error of that command" same missing 'SP-BEGIN missing
SP-END missing error exec ./nosuchprogram: No such file or directory'
check "a flood: its first 10000 lines are sent, the rest only counted (SP-CUT), to its timeout" sh -c '
	grep -q "^SP-BEGIN flood\$" "$1/out1/results" || { echo "no flood block"; exit 1; }
	awk "\$0 == \"SP-BEGIN flood\" { on = 1 } on { print } on && /^SP-END flood / { exit }" "$1/out1/results" > "$1/flood"
	[ "$(grep -c "^| 0123456789\$" "$1/flood")" -eq 10000 ] &&
	[ "$(grep -vc "^| 0123456789\$" "$1/flood")" -eq 3 ] &&
	grep -Eq "^SP-CUT flood [1-9][0-9]* [0-9]+\$" "$1/flood" &&
	awk "/^SP-CUT / { exit !(\$4 <= 11 * \$3 && \$4 > 11 * (\$3 - 1)) }" "$1/flood" &&
	tail -n 1 "$1/flood" | grep -qx "SP-END flood timeout" || { head -n 2 "$1/flood"; tail -n 3 "$1/flood"; exit 1; }
' sh "$SCRATCH"
check "every command's time is reported" sh -c '
	[ "$(grep -c "^SP-TIME [a-z0-9]* [0-9][0-9]*\$" "$1")" -eq "$(grep -c "^SP-END " "$1")" ] || { cat "$1"; exit 1; }
' sh "$SCRATCH/out1/results"
check "the guest ends with SP-DONE" sh -c '
	head -n 1 "$1" | grep -q "^SP-READY " && tail -n 1 "$1" | grep -qx SP-DONE || { cat "$1"; exit 1; }
' sh "$SCRATCH/out1/results"

overlay two <<'EOF'
cmd hang 0 100 /
sleep 1000
EOF

# The limit leaves room for the boot on a loaded host (5 s, and 2 s more per
# unit of load): the test is of the limit and of the command named, not of
# how fast the guest boots.
load=$(cut -d. -f1 /proc/loadavg)
limit=$((5 + 2 * load))
fails_with "a hanging guest is stopped at SP_GUEST_TIMEOUT" \
	"^guest-boot: $gname: timed out after $limit s, during command hang \\(last record: " \
	env SP_GUEST_TIMEOUT=$limit "$TOP/ci/guests/guest-boot" "$GDIR" "$SCRATCH/two.cpio" "$SCRATCH/out2"
check "... and says so in one line" test "$(wc -l <"$SCRATCH/out")" -eq 1

# A kernel without its local APIC timer: switched off here with noapictimer
# (its tick device then has no clock event device at all); on a busy host, by
# a failed calibration at boot, after which it ticks from the PIT alone and
# hangs a few seconds in.  init refuses to start either way.
overlay three <<'EOF'
cmd t 0 10 /
echo ran
EOF

fails_with "a guest without its local APIC timer stops before any command" \
	"^guest-boot: $gname: init failed: the local APIC timer is not in use \\(clock event device: [a-z0-9]+\\)" \
	env SP_KERNEL_ARGS=noapictimer "$TOP/ci/guests/guest-boot" "$GDIR" "$SCRATCH/three.cpio" "$SCRATCH/out3"
check "... having run nothing" sh -c '! grep -q "^SP-BEGIN" "$1"' sh "$SCRATCH/out3/results"

# lanes: units (the commands of one directory) side by side, each whole.
overlay four <<'EOF'
cmd first 0 10 /
echo alone
lanes 3
cmd a1 1000 10 /home/user/a
sleep 1; echo a1
cmd a2 1000 10 /home/user/a
echo a2
cmd b1 1000 10 /home/user/b
sleep 100 & echo b1
cmd b2 1000 10 /home/user/b
for i in 1 2 3; do echo b2-$i; done
cmd c1 1000 10 /home/user/c
echo c1; exit 5
cmd d1 1000 10 /home/user/d
echo d1
cmd e1 0 10 /home/user/e
kill -KILL $PPID
cmd e2 0 10 /home/user/e
echo e2
lanes 1
cmd last 0 10 /
n=$(cat /proc/[0-9]*/comm | grep -c '^sleep$'); echo "$n"
EOF
check "a script with lanes runs" "$TOP/ci/guests/guest-boot" "$GDIR" "$SCRATCH/four.cpio" "$SCRATCH/out4"
out=out4
# line PATTERN: the number of the first line of the results matching it
line() { grep -n -m 1 -x "$1" "$SCRATCH/out4/results" | cut -d: -f1; }
# Whole: every output line after the SP-BEGIN of its own command, which
# its SP-END closes (an SP-BEGIN alone says a command began).
check "each command's records come whole" sh -c '
	[ "$(awk "/^SP-BEGIN / { c = \$2; next } /^\\|/ { if (c == \"\") bad = 1; next } /^SP-END / { if (\$2 != c) bad = 1; c = \"\" } END { print bad + 0 }" "$1")" = 0 ] || { cat "$1"; exit 1; }
' sh "$SCRATCH/out4/results"
check "a command that begins is named at once, before the records of those that end first" \
	sh -c '[ "$1" -lt "$2" ]' sh "$(line 'SP-BEGIN a1')" "$(line 'SP-END c1 exit 5')"
check "a unit keeps its order" same a2 'SP-BEGIN a2
| a2
SP-END a2 exit 0'
check "... after its first command" test "$(line 'SP-END a1 exit 0')" -lt "$(line 'SP-BEGIN a2')"
check "units run at once: those that end first are sent first" \
	sh -c '[ "$1" -lt "$3" ] && [ "$2" -lt "$3" ]' sh "$(line 'SP-END c1 exit 5')" "$(line 'SP-END d1 exit 0')" "$(line 'SP-END a1 exit 0')"
check "an exit status in a lane is reported" same c1 'SP-BEGIN c1
| c1
SP-END c1 exit 5'
check "what a command in a lane leaves running is killed" same last 'SP-BEGIN last
| 0
SP-END last exit 0'
check "the commands outside the section run alone, before and after it" \
	sh -c '[ "$1" -lt "$2" ] && [ "$3" -gt "$4" ]' sh "$(line 'SP-END first exit 0')" "$(line 'SP-BEGIN a1')" \
	"$(line 'SP-BEGIN last')" "$(line 'SP-END a2 exit 0')"
check "every command in a lane has its time" \
	test "$(grep -c '^SP-TIME ' "$SCRATCH/out4/results")" -eq 8
check "a lane that dies: the command it ran ends in an error" same e1 'SP-BEGIN e1
SP-END e1 error the lane running it ended (signal 9)'
check "... and so does each one it had not run" same e2 'SP-BEGIN e2
SP-END e2 error the lane running it ended (signal 9)'

# --settings: how the guest would be booted, booting nothing.
"$TOP/ci/guests/guest-boot" --settings "$GDIR" > "$SCRATCH/set1" 2>&1
SP_MEM=200M SP_KERNEL_ARGS=sp.test=1 "$TOP/ci/guests/guest-boot" --settings "$GDIR" > "$SCRATCH/set2" 2>&1
check "--settings prints the QEMU options and the kernel command line" \
	sh -c "[ \$(wc -l < '$SCRATCH/set1') -eq 2 ] && grep -q '^qemu .*-m 256M ' '$SCRATCH/set1' && grep -q '^kernel .*sp.out=' '$SCRATCH/set1'"
check "... and they follow the settings" \
	sh -c "grep -q '^qemu .*-m 200M ' '$SCRATCH/set2' && grep -q '^kernel .* sp.test=1' '$SCRATCH/set2' && ! grep -q 'sp.test' '$SCRATCH/set1'"
done_testing
