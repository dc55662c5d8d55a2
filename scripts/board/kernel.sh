#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build (or reuse) the board kernel of one flavour and print its build directory.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

usage() { echo "usage: $0 [normal|debug|rt]  (HGOV_KVER: one of $HGOV_KVERS)" >&2; exit 2; }
[ $# -le 1 ] || usage
flavour=${1:-normal}
[ -f "$HGOV_TOP/kunit/board-$flavour.config" ] || usage
hgov_kver_suites "$HGOV_KVER" > /dev/null
# PREEMPT_RT is in mainline for arm64 since 6.12; the rt board is 7.3's,
# the mainline kernel R-Car users run.
[ "$flavour" != rt ] || [ "$HGOV_KVER" = 7.3 ] ||
	hgov_die "the rt flavour (PREEMPT_RT) is built for 7.3 only, not $HGOV_KVER"

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
hgov_log "building the $HGOV_KVER $flavour board kernel in $build (3 to 10 minutes on 2 cores)"
rm -rf "$build" && mkdir -p "$build"
start=$SECONDS
# The fragments alone, merged (a later line for an option wins) and
# completed by olddefconfig, as kunit.py and merge_config.sh do; every
# option they set must reach .config, or a fragment is wrong for this
# kernel version. Options this version does not have at all (e.g.
# SCHED_CLUSTER before 5.16) are left out, and said so.
hgov_merged_frag "$flavour" > "$build/.fragment"
cp "$build/.fragment" "$build/.config"
kmake() {
	make -s -C "$src" O="$build" ARCH="$HGOV_ARCH" CROSS_COMPILE="$HGOV_CROSS" "$@"
}
kmake olddefconfig >&2 || hgov_die "olddefconfig failed"
find "$src" -name 'Kconfig*' -exec sed -nE 's/^[[:space:]]*(menu)?config ([A-Z0-9_]+).*/CONFIG_\2/p' {} + |
	sort -u > "$build/.symbols"
missing=$(awk '
	FILENAME == ARGV[1] { known[$0] = 1; next }
	FILENAME == ARGV[2] { have[$0] = 1; if (/^CONFIG_/) { split($0, kv, "="); set[kv[1]] = 1 }; next }
	/^CONFIG_/ { split($0, kv, "="); if (!known[kv[1]]) { absent[kv[1]] = 1; next } }
	/^CONFIG_/ && !have[$0] { print }
	/^# CONFIG_.* is not set$/ && set[$2] { print }
	END { for (o in absent) printf "%s: not in this kernel, left out\n", o > "/dev/stderr" }' \
	"$build/.symbols" "$build/.config" "$build/.fragment")
[ -z "$missing" ] ||
	hgov_die "options of the fragments missing from .config (a dependency is off on $HGOV_KVER):
$missing"
# The whole kernel: out-of-tree modules need its Module.symvers.
kmake -j"$HGOV_JOBS" Image modules >&2 || hgov_die "kernel build failed; see the output above"
[ -f "$build/Module.symvers" ] || hgov_die "kernel build left no Module.symvers"
hgov_log "kernel built in $((SECONDS - start)) s"
touch "$build/.done"
# Builds of older fragments are of no further use.
for old in "$HGOV_CACHE/kernel-$HGOV_KVER-$flavour-"*; do
	[ "$old" = "$build" ] || rm -rf "$old"
done
echo "$build"
