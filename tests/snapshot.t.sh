#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/snapshot.t.sh: ci/guests/guest-boot starting a guest from a snapshot
# of it booted (and guest-init's sp.in=fw_cfg) on a real x86 guest: made
# once, then used; the run's files come from the run, not the snapshot;
# what the guest prints is what a boot prints; a damaged snapshot is made
# again, one QEMU cannot load is dropped and the guest boots; SP_SNAPSHOT=off
# boots.  The same, shorter, on an arm64 guest, whose files come through a
# virtio console.  Needs built guests: GDIR=/path/to/guest and
# GDIR_VIRTIO=..., or the bookworm and arm64 guests are built (or taken
# from the cache) with ci/guests/guest-build.  Snapshots go to a cache of
# the test's own.
# shellcheck disable=SC2016 # the scripts are the guest's to expand
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
need cpio qemu-system-x86_64 qemu-system-aarch64

if [ -z "${GDIR:-}" ]; then
	if ! GDIR=$(ci/guests/guest-build bookworm 2>"$SCRATCH/build.log"); then
		T=$((T + 1)); echo "not ok $T - a guest to boot (ci/guests/guest-build bookworm)"
		sed "s/^/# /" "$SCRATCH/build.log"; done_testing; exit 1
	fi
fi
if [ -z "${GDIR_VIRTIO:-}" ]; then
	if ! GDIR_VIRTIO=$(ci/guests/guest-build arm64 2>"$SCRATCH/build-arm64.log"); then
		T=$((T + 1)); echo "not ok $T - an arm64 guest to boot (ci/guests/guest-build arm64)"
		sed "s/^/# /" "$SCRATCH/build-arm64.log"; done_testing; exit 1
	fi
fi
SECCOMP_PAGES_CACHE=$SCRATCH/cache SP_ACCEL=tcg
export SECCOMP_PAGES_CACHE SP_ACCEL
unset SP_SNAPSHOT

overlay one <<'EOF'
cmd id 1000 10 /home/user/t
id -u; pwd; echo one
cmd up 0 10 /
read -r up _ < /proc/uptime; echo "${up%%.*}"
cmd nap 0 10 /
sleep 0.1; echo slept
EOF
overlay two <<'EOF'
cmd id 1000 10 /home/user/t
id -u; pwd; echo two
EOF
# boot NAME OVERLAY [VAR=VALUE...]: guest-boot into $SCRATCH/NAME
boot() {
	n=$1 o=$2; shift 2
	env "$@" "$TOP/ci/guests/guest-boot" "$GDIR" "$SCRATCH/$o.cpio" "$SCRATCH/$n"
}
how() { grep -qx "snapshot=$2" "$SCRATCH/$1/timing"; }
# records NAME: the results without the times
records() { grep -v '^SP-TIME ' "$SCRATCH/$1/results"; }
# The records but the uptime (the command up's whole seconds): two starts
# from one snapshot may fall on either side of a second (CI21: arm64).
# The uptime has a check of its own below.
same_records() { [ "$(records "$1" | sed '/^| [0-9]*$/d')" = "$(records "$2" | sed '/^| [0-9]*$/d')" ]; }

check "the first run boots the guest, saves it and starts from it" boot a one
check "... its timing says the snapshot was made" how a made
check "... and the guest ran the run's commands, after its SP-READY" sh -c '
	head -n 1 "$1" | grep -q "^SP-READY " && grep -qx "| one" "$1" && tail -n 1 "$1" | grep -qx SP-DONE' sh "$SCRATCH/a/results"
check "the next run starts from the snapshot" boot b one
check "... as its timing says" how b used
check "... and the guest prints what it printed then (but the uptime)" same_records a b
check "... and its timers fire: a sleep ends" grep -qx "| slept" "$SCRATCH/b/results"
check "the same files booted (SP_SNAPSHOT=off): what a boot prints" boot c one SP_SNAPSHOT=off
check "... as its timing says" how c off
same_as_boot() {
	records c | sed '/^| [0-9]*$/d' >"$SCRATCH/c.rec"
	records b | sed '/^| [0-9]*$/d' | diff -u "$SCRATCH/c.rec" -
}
check "... the same records as from the snapshot (but the uptime)" same_as_boot
check "another run's files: the guest runs those" boot d two
check "... from the same snapshot" how d used
check "... printing what they say" sh -c 'grep -qx "| two" "$1" && ! grep -q "| one" "$1"' sh "$SCRATCH/d/results"
# The uptime a restored guest sees is the snapshot's, give or take: a boot
# takes about one second, so no more than a few.
check "a restored guest's clock goes on from the snapshot's" sh -c '
	u=$(grep -A1 "^SP-BEGIN up" "$1" | sed -n "s/^| //p"); [ "$u" -ge 0 ] && [ "$u" -le 5 ]' sh "$SCRATCH/b/results"

snap=$(find "$SCRATCH/cache/snapshots" -mindepth 1 -maxdepth 1 -type d ! -name '.*')
check "one snapshot in the cache: the memory, the devices' state and init's SP-READY" sh -c '
	[ "$(printf "%s\n" "$1" | wc -l)" = 1 ] && [ -s "$1/ram" ] && [ -s "$1/state" ] &&
	grep -q "^SP-READY " "$1/ready"' sh "$snap"
# The runs from it mapped its memory copy-on-write: read whole (no stamp),
# it is still what was stored.
rm -f "$snap.stamp"
check "... which the runs from it left as it was stored" "$TOP/ci/cache" verify "$snap"
check "... the memory outside the state (x-ignore-shared): the state is under a megabyte" \
	sh -c '[ "$(wc -c <"$1/state")" -lt 1048576 ]' sh "$snap"
# Damaged: a byte more than its sums say.  Taken for nothing and made again.
printf x >>"$snap/state"
check "a damaged snapshot is not used: the run makes it again" boot e one
check "... as its timing says" how e made
check "... saying why" grep -q "the snapshot is damaged (state); made again" "$SCRATCH/e/snapshot.log"
check "... and it is whole again" "$TOP/ci/cache" verify "$snap"
# One that QEMU cannot load (sums made for it, so the cache takes it):
# dropped, and the guest boots.
printf 'not a migration stream\n' >"$snap/state"
rm -f "$snap.stamp"
(. "$TOP/ci/cache" && cache_seal "$snap")
check "a snapshot QEMU cannot load: the guest boots and runs all the same" boot f one
check "... as its timing says" how f dropped
check "... saying why" grep -q "QEMU could not load the snapshot; dropped, booting" "$SCRATCH/f/snapshot.log"
check "... and the snapshot is gone" sh -c '! [ -e "$1" ]' sh "$snap"
check "the run after makes it anew" boot g one
check "... as its timing says" how g made
# Interrupted while it makes the snapshot: nothing half-made is left, no
# QEMU runs on, and the next run makes it whole.
rm -rf "$SCRATCH/cache/snapshots"
interrupted() {
	"$TOP/ci/guests/guest-boot" "$GDIR" "$SCRATCH/one.cpio" "$SCRATCH/i" 2>/dev/null &
	p=$!
	while ! [ -d "$SCRATCH/cache/snapshots" ]; do sleep 0.05; done
	sleep 0.3
	kill -TERM "$p"
	wait "$p"
	[ $? -eq 130 ] || { echo "guest-boot did not end as interrupted"; return 1; }
	left=$(find "$SCRATCH/cache/snapshots" -mindepth 1)
	[ -z "$left" ] || { echo "left: $left"; return 1; }
	! pgrep -f "$SCRATCH/cache/snapshots" >/dev/null || { echo "a QEMU runs on"; return 1; }
}
check "a run interrupted while making the snapshot leaves nothing of it" interrupted
check "... and the next makes it" boot j one
check "... as its timing says" how j made
fails_with "SP_SNAPSHOT takes on or off" "^guest-boot: [^:]*: SP_SNAPSHOT must be on or off$" boot h one SP_SNAPSHOT=yes

# A virtio machine (arm64): the files come through a second virtio console
# (ci/arch/aarch64.abi: snapshot hvc1).
GDIR=$GDIR_VIRTIO
check "arm64: the first run makes the snapshot" boot va one
check "... as its timing says" how va made
check "arm64: the next starts from it" boot vb one
check "... as its timing says" how vb used
same_run() { grep -qx "| one" "$SCRATCH/vb/results" && same_records va vb; }
check "... and runs the run's files, printing what the first printed (but the uptime)" same_run
check "... and its timers fire: a sleep ends" grep -qx "| slept" "$SCRATCH/vb/results"
check "arm64: another run's files" boot vc two
check "... from the same snapshot, printing what they say" sh -c '
	grep -qx snapshot=used "$1/vc/timing" && grep -qx "| two" "$1/vc/results"' sh "$SCRATCH"
done_testing
