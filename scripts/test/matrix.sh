#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The build matrix: cpufreq_hybrid.ko (and the KUnit module) for arm64 and
# x86_64 against every supported kernel (5.10, 6.1, 6.12, 7.3: Debian's
# linux-source of each), each with W=1 and sparse (C=2); any diagnostic
# in our sources fails its cell (a kernel's own headers may warn under
# W=1 with today's compiler: those are not ours, and are not counted).
#
#   arm64, 5.10 7.3: the board kernels (scripts/board/kernel.sh), built from
#           linux-source; the test-bed driver is built and checked too.
#   arm64 6.1 6.12, x86_64: linux-source configured with the configuration and
#           Module.symvers of Debian's own kernel of that version (its
#           linux-headers-*-ARCH package, downloaded, not installed),
#           prepared with modules_prepare: the kernel Debian ships,
#           without building it again.
#   arm64-7.3-rt: the same with Debian's PREEMPT_RT kernel (rt-arm64), so
#           that a build break only PREEMPT_RT shows is caught without
#           building or booting an RT board (make stress does that).
#
# usage: matrix.sh [CELL...]   CELL is ARCH-KVER (arm64-5.10 ... x86_64-7.3)
#                              or arm64-7.3-rt; default all nine. Prints
#                              PASS/FAIL per cell, exits non-zero if any
#                              failed.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

all=()
for arch in arm64 x86_64; do
	for kver in $HGOV_KVERS; do all+=("$arch-$kver"); done
done
all+=(arm64-7.3-rt)
cells=("$@")
[ ${#cells[@]} -gt 0 ] || cells=("${all[@]}")

# distro_headers KVER ARCH [FLAVOUR] - print the unpacked
# linux-headers-*-ARCH (-FLAVOUR-ARCH: rt-arm64) of Debian's kernel built
# from the same source version as linux-source-KVER.
# The package is found by that version among the flavourless headers
# packages (linux-headers-6.1.0-57-amd64, linux-headers-6.12.118+deb12-amd64):
# its name carries the kernel's ABI, which the version does not give, and
# the meta-package (linux-headers-amd64) may still point at the previous
# kernel while an update reaches the archive.
distro_headers() {
	local kver=$1 darch=$2 flavour=${3:+$3-} suites ver names debs pkg dir
	suites=$(hgov_kver_suites "$kver")
	ver=$(HGOV_KVER=$kver hgov_src_version)
	names=$(hgov_apt_cache "$suites" search --names-only \
		"^linux-headers-[0-9][0-9.]*(-[0-9]+|[+][a-z]+[0-9]*)-$flavour$darch\$" | cut -d' ' -f1)
	[ -n "$names" ] || hgov_die "no linux-headers-*-$flavour$darch package${suites:+ in $suites}"
	# shellcheck disable=SC2086 # one argument per package name
	pkg=$(hgov_apt_cache "$suites" madison $names |
		awk -F'|' -v v="$ver" '{ gsub(/ /, ""); sub(/:.*/, "", $1) } $2 == v { print $1 }' |
		sort -u | head -n 1)
	[ -n "$pkg" ] || hgov_die "no linux-headers-*-$flavour$darch package of version $ver"
	dir=$HGOV_CACHE/headers/$pkg-$ver
	if [ ! -f "$dir/.done" ]; then
		debs=$(hgov_apt_debs "$suites" "$pkg:$darch=$ver") || exit 1
		rm -rf "$dir" && mkdir -p "$dir"
		dpkg-deb -x "$(hgov_apt_deb_of "$debs" "$pkg:$darch=$ver")" "$dir" ||
			hgov_die "cannot unpack $pkg"
		touch "$dir/.done"
	fi
	echo "$dir/usr/src/$pkg"
}

# distro_tree KVER ARCH [FLAVOUR] - print a prepared tree of
# linux-source-KVER with the configuration of Debian's ARCH kernel (of
# FLAVOUR: rt), building it on first use (about a minute).
distro_tree() {
	local kver=$1 arch=$2 flavour=${3:-} darch cross= hdr src key build old
	case $arch in
	x86_64) darch=amd64 ;;
	arm64) darch=arm64 cross=$HGOV_CROSS ;;
	esac
	hdr=$(distro_headers "$kver" "$darch" "$flavour") || exit 1
	[ -f "$hdr/.config" ] && [ -f "$hdr/Module.symvers" ] ||
		hgov_die "$hdr has no .config or Module.symvers"
	src=$(HGOV_KVER=$kver hgov_src)
	key=$({
		echo uts-v1
		cat "$hdr/.config" "$hdr/Module.symvers"
		HGOV_KVER=$kver hgov_src_version
		"${cross}gcc" --version | head -n 1
	} | sha256sum | cut -c1-12)
	build=$HGOV_CACHE/$arch${flavour:+-$flavour}-$kver-$key
	if [ ! -f "$build/.done" ]; then
		hgov_log "preparing an $arch $kver tree with Debian's config in $build"
		rm -rf "$build" && mkdir -p "$build"
		cp "$hdr/.config" "$build/.config"
		make -s -C "$src" O="$build" ARCH="$arch" CROSS_COMPILE="$cross" \
			olddefconfig >&2 &&
			make -s -C "$src" O="$build" ARCH="$arch" CROSS_COMPILE="$cross" \
				-j"$HGOV_JOBS" modules_prepare >&2 ||
			hgov_die "modules_prepare failed for $arch $kver"
		# Debian's release string, so that the modules load on its kernel.
		cp "$hdr/Module.symvers" "$build/"
		cp "$hdr/include/config/kernel.release" "$build/include/config/"
		cp "$hdr/include/generated/utsrelease.h" "$build/include/generated/"
		touch "$build/.done"
		for old in "$HGOV_CACHE/$arch${flavour:+-$flavour}-$kver-"*; do
			[ "$old" = "$build" ] || rm -rf "$old"
		done
	fi
	echo "$build"
}

# ours DIR LOG - print the diagnostics of LOG that concern the sources in
# DIR: those located there, and those in a kernel header that a note
# traces back there (a macro of ours, a call of ours); modpost's too.
ours() {
	awk -v dir="$1/" '
		function flush() { if (blk != "" && mine) printf "%s", blk; blk = ""; mine = 0 }
		/^(WARNING|ERROR): modpost:/ { flush(); print; next }
		/^In file included from / || / In function / || / At top level:/ { flush(); next }
		/^[^ ]+:[0-9]+:[0-9]+: (warning|error): / {
			flush(); blk = $0 "\n"; mine = index($0, dir) == 1; next
		}
		/^[^ ]+:[0-9]+:[0-9]+: note: / && blk != "" {
			blk = blk $0 "\n"; if (index($0, dir) == 1) mine = 1; next
		}
		/^[^ ]+:[0-9]+: (warning|error): / { flush(); if (index($0, dir) == 1) print; next }
		/(^|: )error: / { flush(); print; next }
		blk != "" { blk = blk $0 "\n" }
		END { flush() }' "$2"
}

# build_clean TREE ARCH CROSS DIR... - W=1 C=2 module builds; fails on a
# failed build or any diagnostic of ours.
build_clean() {
	local tree=$1 arch=$2 cross=$3 log m rc=0
	shift 3
	log=$(mktemp)
	for m in "$@"; do
		make -s -C "$tree" M="$m" ARCH="$arch" CROSS_COMPILE="$cross" \
			C=2 W=1 -j"$HGOV_JOBS" modules > "$log" 2>&1 || { rc=1; cat "$log"; }
		ours "$m" "$log" > "$log.ours"
		[ -s "$log.ours" ] && { rc=1; cat "$log.ours"; }
		rm -f "$log.ours"
		[ $rc = 0 ] || break
	done
	rm -f "$log"
	return $rc
}

hgov_need_host_tools
failed=0
for cell in "${cells[@]}"; do
	arch=${cell%%-*}
	kver=${cell#*-}
	kver=${kver%-rt}
	case " ${all[*]} " in *" $cell "*) ;; *) hgov_die "unknown cell $cell (cells: ${all[*]})" ;; esac
	# Each cell builds in its own copy: the trees differ in architecture.
	work=$(mktemp -d)
	hgov_copy_sources "$work/hybrid"
	ok=true
	case $cell in
	arm64-7.3-rt)
		tree=$(distro_tree "$kver" arm64 rt)
		build_clean "$tree" arm64 "$HGOV_CROSS" "$work/hybrid" || ok=false
		;;
	arm64-6.1 | arm64-6.12)
		tree=$(distro_tree "$kver" arm64)
		build_clean "$tree" arm64 "$HGOV_CROSS" "$work/hybrid" || ok=false
		;;
	arm64-*)
		tree=$(HGOV_KVER=$kver bash "$HGOV_TOP/scripts/board/kernel.sh" normal)
		cp -a "$HGOV_TOP/scripts/testbed" "$work/testbed"
		build_clean "$tree" arm64 "$HGOV_CROSS" "$work/hybrid" "$work/testbed" || ok=false
		;;
	x86_64-*)
		hgov_need_pkgs gcc libelf-dev dwarves
		tree=$(distro_tree "$kver" x86_64)
		build_clean "$tree" x86_64 "" "$work/hybrid" || ok=false
		;;
	esac
	if $ok && [ -f "$work/hybrid/cpufreq_hybrid.ko" ]; then
		echo "PASS $cell: $(modinfo -F vermagic "$work/hybrid/cpufreq_hybrid.ko")"
	else
		echo "FAIL $cell"
		failed=$((failed + 1))
	fi
	rm -rf "$work"
done
[ "$failed" -eq 0 ]
