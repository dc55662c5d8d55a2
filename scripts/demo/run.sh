#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The main job: boot the virtual R-Car H3 board (HGOV_KVER, default 5.10:
# the Renesas BSP's kernel, where schedutil uses the A57's low OPPs during
# storage I/O) and show why hybrid exists: both clusters following a CPU
# load under hybrid, then a file copy on the eMMC model under performance,
# schedutil, hybrid and schedutil+assist. Prints each copy's MiB/s and
# energy (make bench's H3 energy model, scripts/bench/report.py) and writes
# it to out/demo/summary.txt; draws out/demo.png (both clusters' frequency
# against requests in flight, per governor). The board's output is in
# out/demo/console.log, the copies' windows in make bench's raw format in
# out/demo/raw.log.
set -euo pipefail
[ $# -eq 0 ] || { echo "usage: $0" >&2; exit 2; }
export HGOV_KVER=${HGOV_KVER:-5.10}
. "$(dirname "$0")/../lib.sh"

hgov_need_host_tools
hgov_need_pkgs python3-matplotlib
out=$HGOV_TOP/out
mkdir -p "$out/demo"
work=$(mktemp -d "${TMPDIR:-/tmp}/hgov-demo.XXXXXX")
trap 'rm -rf "$work"' EXIT
# mkfs.ext4 for the eMMC model's file system.
hgov_storage_list > "$work/extra.list"
rc=0
HGOV_BOARD_EXTRA=$work/extra.list bash "$HGOV_TOP/scripts/board.sh" run "$HGOV_TOP/scripts/demo/board.sh" |
	tee "$out/demo/console.log" | grep --line-buffered -v -e '^DEMO-' -e '^\[ *[0-9]*\.[0-9]*\] ' || rc=$?
[ "$rc" = 0 ] || hgov_die "the demo board failed (see out/demo/console.log)"
# Debian's python3, which python3-matplotlib is for.
/usr/bin/python3 "$HGOV_TOP/scripts/demo/plot.py" "$out/demo/console.log" "$out/demo.png" ||
	hgov_die "cannot draw out/demo.png"
sed -n 's/^DEMO-E //p' "$out/demo/console.log" | tr -d '\r' > "$out/demo/raw.log"
echo
/usr/bin/python3 "$HGOV_TOP/scripts/demo/summary.py" "$out/demo/raw.log" "$out/demo/summary.txt" ||
	hgov_die "cannot write out/demo/summary.txt"
hgov_log "out/demo/summary.txt: the table above; out/demo.png: both clusters' frequency against requests in flight during each copy"
