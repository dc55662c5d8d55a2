#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make bench: performance, schedutil, ondemand, hybrid and schedutil+assist
# (schedutil with assist=1), back to back on one virtual board with
# frequency emulation, the H3 energy model and the eMMC model, each
# workload HGOV_BENCH_REPS times (default 5) with the governors
# interleaved. Writes out/bench.json, out/bench.md and
# out/bench-GOVERNOR.png; the board's raw output is out/bench/console.log.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 0 ] || { echo "usage: $0" >&2; exit 2; }
hgov_need_host_tools
hgov_need_pkgs python3-matplotlib
out=$HGOV_TOP/out
mkdir -p "$out/bench"
work=$(mktemp -d "${TMPDIR:-/tmp}/hgov-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

hgov_storage_list > "$work/extra.list"
{
	echo "BENCH_REPS=${HGOV_BENCH_REPS:-5}"
	[ -z "${HGOV_BENCH_GOVS:-}" ] || echo "BENCH_GOVS='$HGOV_BENCH_GOVS'"
	[ -z "${HGOV_BENCH_WORKLOADS:-}" ] || echo "BENCH_WORKLOADS='$HGOV_BENCH_WORKLOADS'"
	cat "$HGOV_TOP/scripts/bench/board.sh"
} > "$work/bench.sh"

start=$SECONDS
# mem=640M: with the eMMC model's 384 MiB in RAM, the page cache cannot
# hold bonnie++'s 256 MiB file, as on a real board with a file of twice
# its RAM. Each console line gets the host's elapsed seconds in front.
rc=0
HGOV_BOARD_EXTRA=$work/extra.list HGOV_BOARD_APPEND=mem=640M \
HGOV_BOARD_TIMEOUT=${HGOV_BENCH_TIMEOUT:-1800} \
	bash "$HGOV_TOP/scripts/board.sh" run "$work/bench.sh" 2>&1 |
	python3 -u -c '
import sys, time
t0 = time.time()
for line in sys.stdin:
    sys.stdout.write("%7.1f %s" % (time.time() - t0, line))
    sys.stdout.flush()' > "$out/bench/console.log" || rc=$?
grep -q '^ *[0-9.]* ok: bench done' "$out/bench/console.log" ||
	{ tail -n 30 "$out/bench/console.log" >&2; hgov_die "the bench did not finish (see out/bench/console.log)"; }
sed 's/^ *[0-9.]* //' "$out/bench/console.log" > "$out/bench/raw.log"
# Debian's python3, which python3-matplotlib is for.
/usr/bin/python3 "$HGOV_TOP/scripts/bench/report.py" "$out/bench/raw.log" "$out" ||
	hgov_die "the report failed"
cat "$out/bench.md"
hgov_log "out/bench.json, out/bench.md, out/bench-*.png written; took $((SECONDS - start)) s"
exit "$rc"
