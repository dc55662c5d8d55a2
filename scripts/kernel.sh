#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build (or reuse) the board kernel of one flavour and print its build directory.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $0 [normal|debug]  (HGOV_KVER=6.1 for Debian's linux-source-6.1)" >&2; exit 2; }
[ $# -le 1 ] || usage
flavour=${1:-normal}
[ -f "$HGOV_TOP/kunit/board-$flavour.config" ] || usage

hgov_need_host_tools
build=$(hgov_kbuild "$flavour")
# One builder per flavour and version: concurrent board runs wait for it
# instead of building into the same directory.
mkdir -p "$HGOV_CACHE"
exec 9> "$HGOV_CACHE/.kernel-$HGOV_KVER-$flavour.lock"
flock 9
if [ -f "$build/.done" ]; then
	echo "$build"
	exit 0
fi

src=$(hgov_src)
hgov_log "building the $flavour board kernel in $build (about 5 minutes on 2 cores)"
rm -rf "$build" && mkdir -p "$build"
start=$SECONDS
# kunit.py merges the fragments, runs olddefconfig, checks that every
# option reached .config, and builds the whole kernel (Module.symvers
# is needed for out-of-tree modules).
(cd "$src" && python3 tools/testing/kunit/kunit.py build --arch="$HGOV_ARCH" \
	--cross_compile="$HGOV_CROSS" --build_dir="$build" --jobs="$HGOV_JOBS" \
	--kunitconfig="$HGOV_TOP/kunit/board.config" \
	--kunitconfig="$HGOV_TOP/kunit/board-$flavour.config" \
	$(frag=$(hgov_version_frag); [ -n "$frag" ] && echo "--kunitconfig=$frag")) >&2 ||
	hgov_die "kernel build failed; see the output above"
[ -f "$build/Module.symvers" ] || hgov_die "kernel build left no Module.symvers"
hgov_log "kernel built in $((SECONDS - start)) s"
touch "$build/.done"
# Builds of older fragments are of no further use.
for old in "$HGOV_CACHE/kernel-$HGOV_KVER-$flavour-"*; do
	[ "$old" = "$build" ] || rm -rf "$old"
done
echo "$build"
