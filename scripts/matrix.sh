#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The build matrix: cpufreq_hybrid.ko for arm64 and x86_64 against Debian's
# linux-source-6.1 and linux-source-6.12, each with W=1 and sparse (C=2);
# any diagnostic fails its cell.
#
#   arm64:  the board kernels (scripts/kernel.sh), built from linux-source;
#           the test-bed driver is built and checked too.
#   x86_64: linux-source configured with Debian's own amd64 configuration
#           and Module.symvers (from linux-headers-*-amd64 of the same
#           version), prepared with modules_prepare: the kernel Debian
#           ships, without building it again.
#
# usage: matrix.sh [CELL...]   CELL is arm64-6.12, arm64-6.1, x86_64-6.1,
#                              x86_64-6.12; default all. Prints PASS/FAIL
#                              per cell, exits non-zero if any failed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

all=(arm64-6.12 arm64-6.1 x86_64-6.1 x86_64-6.12)
cells=("$@")
[ ${#cells[@]} -gt 0 ] || cells=("${all[@]}")

# x86_headers KVER - the linux-headers package of Debian's amd64 kernel of
# this version (through its meta-package), installed if missing.
x86_headers() {
	local meta
	case $1 in
	6.1) meta=linux-headers-amd64 ;;
	6.12) meta=linux-headers-6.12-amd64 ;;
	*) hgov_die "no Debian amd64 kernel known for $1" ;;
	esac
	hgov_need_pkgs "$meta" >&2
	dpkg-query -W -f='${Depends}' "$meta" | sed 's/[ ,].*//'
}

# x86_tree KVER - print a prepared x86_64 tree of linux-source-KVER with
# Debian's configuration, building it on first use (about a minute).
x86_tree() {
	local hdr src key build old
	hdr=/usr/src/$(x86_headers "$1")
	[ -f "$hdr/.config" ] && [ -f "$hdr/Module.symvers" ] ||
		hgov_die "$hdr has no .config or Module.symvers"
	src=$(HGOV_KVER=$1 hgov_src)
	key=$({
		echo uts-v1
		cat "$hdr/.config" "$hdr/Module.symvers"
		dpkg-query -W -f='${Version}' "linux-source-$1"
		gcc --version | head -n 1
	} | sha256sum | cut -c1-12)
	build=$HGOV_CACHE/x86_64-$1-$key
	if [ ! -f "$build/.done" ]; then
		hgov_log "preparing an x86_64 $1 tree with Debian's config in $build"
		rm -rf "$build" && mkdir -p "$build"
		cp "$hdr/.config" "$build/.config"
		make -s -C "$src" O="$build" ARCH=x86_64 olddefconfig >&2 &&
			make -s -C "$src" O="$build" ARCH=x86_64 -j"$HGOV_JOBS" \
				modules_prepare >&2 ||
			hgov_die "modules_prepare failed for x86_64 $1"
		# Debian's release string, so that the modules load on its kernel.
		cp "$hdr/Module.symvers" "$build/"
		cp "$hdr/include/config/kernel.release" "$build/include/config/"
		cp "$hdr/include/generated/utsrelease.h" "$build/include/generated/"
		touch "$build/.done"
		for old in "$HGOV_CACHE/x86_64-$1-"*; do
			[ "$old" = "$build" ] || rm -rf "$old"
		done
	fi
	echo "$build"
}

# build_clean TREE ARCH CROSS DIR... - W=1 C=2 module builds; fails on a
# failed build or any diagnostic.
build_clean() {
	local tree=$1 arch=$2 cross=$3 log m rc=0
	shift 3
	log=$(mktemp)
	for m in "$@"; do
		make -s -C "$tree" M="$m" ARCH="$arch" CROSS_COMPILE="$cross" \
			C=2 W=1 -j"$HGOV_JOBS" modules > "$log" 2>&1 || rc=1
		cat "$log"
		grep -qE 'warning:|error:' "$log" && rc=1
		[ $rc = 0 ] || break
	done
	rm -f "$log"
	return $rc
}

hgov_need_host_tools
failed=0
for cell in "${cells[@]}"; do
	arch=${cell%-*}
	kver=${cell#*-}
	# Each cell builds in its own copy: the trees differ in architecture.
	work=$(mktemp -d)
	hgov_copy_sources "$work/hybrid"
	ok=true
	case $arch in
	arm64)
		tree=$(HGOV_KVER=$kver bash "$HGOV_TOP/scripts/kernel.sh" normal)
		cp -a "$HGOV_TOP/scripts/testbed" "$work/testbed"
		build_clean "$tree" arm64 "$HGOV_CROSS" "$work/hybrid" "$work/testbed" || ok=false
		;;
	x86_64)
		hgov_need_pkgs gcc libelf-dev dwarves
		tree=$(x86_tree "$kver")
		build_clean "$tree" x86_64 "" "$work/hybrid" || ok=false
		;;
	*)
		hgov_die "unknown cell $cell (cells: ${all[*]})"
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
