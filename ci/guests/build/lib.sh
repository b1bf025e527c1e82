# shellcheck shell=sh
# SPDX-License-Identifier: GPL-2.0-or-later
# ci/guests/build/lib.sh: what ci/guests/guest-build and its steps share,
# sourced by them: the guest's row and what it implies, its packages, the
# unpacked .debs.  The sourcing program sets ci (the ci/ directory) and
# name (the guest), and for unpack and spec_of, work (its build
# directory).
#
# The guest list's columns: name, Debian suite of the userland, suite of
# the kernel, libc, ABIs (comma-separated, ci/arch/), extra kernel
# arguments (- for none), tier, and where the C library comes from
# (libc-from): debian:SUITE, the packages of a Debian suite (today the
# guest's own), or source:NAME-VERSION, a release the project builds from
# its pinned source (ci/guests/build/libc-source; NAME is the libc column).

# shellcheck disable=SC2034 # set here, used by the programs that source this
# shellcheck disable=SC2034 # set here, used by the programs that source this
list=${SP_GUESTS_LIST:-$ci/guests/guests.list}
packages=${SP_GUEST_PACKAGES:-$ci/guests/guest-packages}
lockfile=${SP_GUESTS_LOCK:-$ci/guests/guests.lock}
init_c=${SP_GUEST_INIT:-$ci/guests/guest-init.c}
# The init's other sources, beside it: running a command, running them
# side by side, the script parser and the cpio unpacker (tested on the
# host: tests/init-script.t.sh, tests/init-cpio.t.sh), and the fw_cfg reader.
init_srcs="${init_c%/*}/init-run.c ${init_c%/*}/init-lanes.c ${init_c%/*}/init-script.c ${init_c%/*}/init-cpio.c ${init_c%/*}/init-fwcfg.c"
init_more="$init_srcs ${init_c%/*}/init.h ${init_c%/*}/init-script.h ${init_c%/*}/init-cpio.h"
cache=$("$ci/cache-dir")
# shellcheck source=ci/arch/arch
. "$ci/arch/arch"
# shellcheck source=ci/cache
. "$ci/cache"
: "${me:=guest-build}"
log() { printf '%s: %s%s\n' "$me" "${name:+$name: }" "$*" >&2; }
die() { log "$*"; exit 1; }

# The Debian suites a guest can be built from (add a new release here).
suites='bullseye bookworm trixie forky sid'

guest_names() {
	awk '!/^[ \t]*(#|$)/ { print $1 }' "$list"
}

# Sets suite ksuite libc abis (space separated) kargs tier libc_from, libc_src
# (NAME-VERSION of a source:NAME-VERSION libc-from, else empty), row
# (what the cache key has of it: all but the tier, which says when a
# guest runs, not what it is), and what they imply: karch (the ABI whose
# kernel and tools the guest has), arch (its Debian architecture), archs
# (the apt root's), karchs (the kernel's apt root's) and kimage.
read_row() {
	[ -f "$list" ] || die "no guest list $list"
	row=$(awk -v n="$name" '!/^[ \t]*(#|$)/ && $1 == n { print; exit }' "$list")
	[ -n "$row" ] || die "no guest '$name' in $list (guests: $(guest_names | tr '\n' ' '))"
	# shellcheck disable=SC2086 # split the row into fields
	set -- $row
	[ $# -eq 8 ] || die "$list: row of $name has $# fields, not 8: $row"
	row="$1 $2 $3 $4 $5 $6 $8"
	suite=$2 ksuite=$3 libc=$4 abis=$(printf '%s' "$5" | tr , ' ') kargs=$6 tier=$7 libc_from=$8
	[ "$kargs" != - ] || kargs=
	case " $suites " in *" $suite "*) ;; *) die "$list: unknown Debian suite '$suite' for $name (known: $suites)" ;; esac
	case " $suites " in *" $ksuite "*) ;; *) die "$list: unknown Debian suite '$ksuite' for $name (known: $suites)" ;; esac
	case $libc in glibc | musl) ;; *) die "$list: libc of $name is '$libc', not glibc or musl" ;; esac
	libc_src=
	case $libc_from in
	"debian:$suite") ;;
	source:"$libc"-[0-9]*) libc_src=${libc_from#source:} ;;
	debian:*) die "$list: libc-from of $name is '$libc_from': the C library comes from the guest's suite (debian:$suite) for now" ;;
	source:*) die "$list: libc-from of $name is '$libc_from': not source:$libc-VERSION (the libc column says $libc)" ;;
	*) die "$list: libc-from of $name is '$libc_from', not debian:SUITE or source:NAME-VERSION" ;;
	esac
	karch=
	for a in $abis; do
		k=$(arch_get "$a" kernel_abi 2>/dev/null) || die "$list: unknown ABI '$a' for $name"
		[ -z "$karch" ] || [ "$karch" = "$k" ] ||
			die "$list: the ABIs of $name are of two architectures ($(arch_get "$karch" debian_arch), $(arch_get "$k" debian_arch))"
		karch=$k
	done
	arch=$(arch_get "$karch" debian_arch) && kimage=$(arch_get "$karch" kernel_image) || exit 1
	archs=$arch
	for a in $abis; do
		d=$(arch_get "$a" debian_arch)
		case ",$archs," in *",$d,"*) ;; *) archs=$archs,$d ;; esac
	done
	# The kernel comes from the same apt root when the suites are the same.
	karchs=$arch
	[ "$ksuite" != "$suite" ] || karchs=$archs
}

# The lines of ci/guests/guest-packages that apply: "ROLE ABI SUITE PKG..."
# (ABI - for *).
roles() {
	[ -f "$packages" ] || die "no package list $packages"
	awk -v libc="$libc" -v abis=" $abis " -v suite="$suite" -v ksuite="$ksuite" -v source="$libc_src" \
		-f "$ci/guests/build/roles.awk" "$packages"
}

role_pkgs() { # ROLE [ABI]: the packages of that role (for that ABI)
	roles | awk -v r="$1" -v a="${2:-}" '$1 == r && (a == "" || $2 == a) {
		for (i = 4; i <= NF; i++) print $i }'
}

# ci/guests/apt-private for this guest (SP_APT_PRIVATE: another one, the
# tests' fixture).
apt() { # ARCHS SUITE CMD ARGS...
	_apt_a=$1 _apt_s=$2
	shift 2
	SP_LOG_PREFIX="guest-build: $name:" "${SP_APT_PRIVATE:-$ci/guests/apt-private}" -a "$_apt_a" "$_apt_s" "$@"
}

deb_of() { # SPEC: path of the downloaded .deb (after download: $work/debs)
	_n=${1%%:*} _r=${1#*:}
	grep -F "/$(printf '%s' "${_n}_${_r#*=}_${_r%%=*}" | sed 's/:/%3a/g').deb" "$work/debs" | sed -n 1p
}

spec_of() { # NAME[:ARCH] -> its line in $work/exact.v
	n=${1%%:*} a=$arch
	case $1 in *:*) a=${1#*:} ;; esac
	grep -E "^$(printf '%s' "$n" | sed 's/[.+]/\\&/g'):($a|all)=" "$work/exact.v" | sed -n 1p
}

is_runtime() { # package name (no arch): goes into the initramfs?
	case $1 in *-dev | *-dev-* | *-tools) return 1 ;; esac
	return 0
}

# Put tree SRC into DST with /bin /sbin /lib* folded into /usr (merged /usr).
# MODE: copy, link (hard links: for trees of the same build) or move.
merge_tree() { # MODE SRC DST
	for e in "$2"/*; do
		[ -e "$e" ] || [ -L "$e" ] || continue
		b=${e##*/}
		case $b in
		bin | sbin | lib | lib32 | lib64 | libx32) t=$3/usr/$b ;;
		*) t=$3/$b ;;
		esac
		if [ "$1" = move ] && [ ! -e "$t" ] && [ ! -L "$t" ]; then
			mkdir -p "${t%/*}"
			mv "$e" "$t"
		elif [ "$1" = link ]; then
			mkdir -p "${t%/*}"
			cp -al "$e" "${t%/*}/"
		elif [ -d "$e" ] && [ ! -L "$e" ]; then
			mkdir -p "$t"
			cp -a "$e/." "$t/"
		else
			cp -a "$e" "$t"
		fi
	done
}

# /bin -> usr/bin etc. for the directories DST/usr has.
usr_links() {
	for d in bin sbin lib lib32 lib64 libx32; do
		[ ! -d "$1/usr/$d" ] || [ -e "$1/$d" ] || ln -s "usr/$d" "$1/$d"
	done
}

# Make the absolute symlinks inside ROOT relative (bullseye's ld.so, musl's).
relink_absolute() {
	(cd "$1" && find . -type l -lname "/*") | while IFS= read -r l; do
		t=$(readlink "$1/$l")
		d=$(dirname "${l#./}") up=
		while [ "$d" != . ]; do
			up=../$up
			d=$(dirname "$d")
		done
		ln -sfn "$up${t#/}" "$1/$l"
	done
}

# The .deb of SPEC unpacked (merged /usr) in $CACHE/unpacked, shared by all
# builds; made under $work (removed on failure) and renamed into place.
unpack() { # SPEC: print the directory
	deb=$(deb_of "$1")
	[ -n "$deb" ] || die "internal: no .deb for $1"
	u=$cache/unpacked/${deb##*/}
	u=${u%.deb}
	if [ ! -d "$u" ]; then
		mkdir -p "$cache/unpacked"
		ut=$(mktemp -d "$work/unpack.XXXXXX")
		dpkg-deb -x "$deb" "$ut/raw" || die "cannot unpack $deb"
		mkdir "$ut/tree"
		merge_tree move "$ut/raw" "$ut/tree"
		# Another build may have been quicker: then keep its tree.
		mv -T "$ut/tree" "$u" 2>/dev/null || [ -d "$u" ] || die "cannot move $ut/tree to $u"
		rm -rf "$ut"
	fi
	printf '%s\n' "$u"
}

# After read_row: src_dir, src_prefix, src_loader, the build of the C library
# from source (ci/guests/build/libc-source, which builds it the first time),
# its prefix and its loader (empty for a static one); all empty for a Debian
# C library.
source_facts() {
	src_dir='' src_prefix='' src_loader=''
	[ -n "$libc_src" ] || return 0
	src_dir=$("$ci/guests/build/libc-source" "$libc_src") || exit 1
	src_prefix=$(sed -n 's/^prefix=//p' "$src_dir/info")
	src_loader=$(sed -n 's/^loader=//p' "$src_dir/info")
}
