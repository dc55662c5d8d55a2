#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The RK3399 prediction (part of make test): the H3's board model, built
# for a second SoC from that SoC's facts and the H3 calibration's
# constants, with nothing fitted to the figures it is checked against,
# predicts schedutil's loss on RK3399's eMMC: 4 KiB random reads at queue
# depth 1 under performance and schedutil, against C. Loehle's RK3399
# figures (eMMC with CQE: performance 4860 IOPS, schedutil 4159; "[RFC
# PATCH 0/2] Introduce per-task io utilization boost", linux-kernel,
# 2024-03-04). Prints the prediction with its interval beside them and
# checks it: schedutil/performance within 0.05 of 0.856, performance's
# IOPS within 25 % of 4860 (scripts/calibrate/predict.py).
# HGOV_RK_BOOTS boots (default 2) of HGOV_RK_REPS runs each (default 3) of
# HGOV_RK_SECS seconds (default 2); HGOV_RK_EMMC_OPTS (more hgov_mmc
# options) and HGOV_RK_TB_OPTS (hgov_testbed options) try other
# constants, as a sensitivity run, not a fit. The boards' output is in
# out/rk3399/console-N.log.
set -euo pipefail
export HGOV_KVER=${HGOV_KVER:-5.10} HGOV_BOARD_SOC=rk3399
. "$(dirname "$0")/../lib.sh"

[ $# -eq 0 ] || { echo "usage: $0" >&2; exit 2; }
reps=${HGOV_RK_REPS:-3}
[[ $reps =~ ^[1-9][0-9]*$ ]] && [ "$reps" -ge 2 ] ||
	hgov_die "HGOV_RK_REPS=$reps: not a number of runs of at least 2"
boots=${HGOV_RK_BOOTS:-2}
[[ $boots =~ ^[1-9]$ ]] || hgov_die "HGOV_RK_BOOTS=$boots: not a number of boots, 1-9"
secs=${HGOV_RK_SECS:-2}
[[ $secs =~ ^[1-9][0-9]*$ ]] || hgov_die "HGOV_RK_SECS=$secs: not a number of seconds"
hgov_need_host_tools
out=$HGOV_TOP/out/rk3399
mkdir -p "$out"
rm -f "$out"/console*.log
work=$(mktemp -d "${TMPDIR:-/tmp}/hgov-rk.XXXXXX")
trap 'rm -rf "$work"' EXIT
{
	echo "RK_REPS=$reps"
	echo "RK_SECS=$secs"
	echo "RK_KERNEL_KEY=$(hgov_kernel_key normal)"
	echo "RK_EMMC_OPTS='${HGOV_RK_EMMC_OPTS:-}'"
	echo "RK_TB_OPTS='${HGOV_RK_TB_OPTS:-}'"
	cat "$HGOV_TOP/scripts/calibrate/rk3399-board.sh"
} > "$work/rk.sh"

# rk_boot N - boot N, its console in $out/console-N.log; the boots run
# side by side (HGOV_BOARD_JOBS, lib.sh).
rk_boot() {
	local log=$out/console-$1.log
	HGOV_BOARD_TIMEOUT=1800 bash "$HGOV_TOP/scripts/board.sh" run "$work/rk.sh" > "$log" 2>&1 ||
		{ tail -n 30 "$log" >&2; hgov_die "the RK3399 board failed (see $log)"; }
	grep -q '^ok: rk3399 runs done' "$log" || hgov_die "the RK3399 runs did not finish (see $log)"
}

hgov_board_prepare
hgov_parallel rk_boot $(seq 1 "$boots") || exit 1
logs=()
for ((i = 1; i <= boots; i++)); do
	logs+=("$out/console-$i.log")
done
python3 "$HGOV_TOP/scripts/calibrate/predict.py" "${logs[@]}"
