#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The calibration check (part of make test): does the virtual board lose
# what the R-Car H3 lost? On the bench's 5.10 board (the eMMC model, its
# memory and medium, the H3's idle states with each exit charged the test
# bed's idle_exit_pct of the DT's latencies), bonnie++
# under performance and schedutil, alternating; the medians against the
# report the project grew from (R-Car H3 Salvator-XS, 5.12, on-board eMMC,
# bonnie++ 1.03e). Passes when every schedutil/performance ratio of
# medians is within 0.04 of the report's and performance's block output
# and input are within 20 % of its K/s.
# Two stages, each of HGOV_CAL_BOOTS boots (default 2) of HGOV_CAL_REPS
# runs each (default 8): when after the first a median is within 0.005 of
# its bound or beyond it, a second stage, and the medians of all the runs
# decide. The boot is the unit (judge.py): the interval and the printed
# pass rate (how often a board like this one would pass this check)
# resample boots, then runs within them.
# Prints the table, then the held-out figures beside the report's,
# unjudged; the boards' output is in out/calibrate/console.log.
# HGOV_CAL_EMMC_OPTS (hgov_mmc options), HGOV_CAL_DIRTY and
# HGOV_CAL_DIRTY_BG (dirty and background dirty limits, bytes) try other
# constants; HGOV_CAL_EMU_MODE, another hgov_testbed emu_mode;
# HGOV_CAL_TB_OPTS, other hgov_testbed options (idle_exit_pct=50);
# HGOV_CAL_HELD, the rounds of held-out phases each first-stage boot runs
# after its block runs (default 1; 0: none; a second stage's boots run
# none, so that an unclear first stage costs CI only its block runs),
# which judge.py prints, unjudged;
# HGOV_CAL_IDLE_STATES=0, idle WFI only (no states in the board DT).
set -euo pipefail
export HGOV_KVER=${HGOV_KVER:-5.10}
. "$(dirname "$0")/../lib.sh"

[ $# -eq 0 ] || { echo "usage: $0" >&2; exit 2; }
case ${HGOV_CAL_EMU_MODE:-} in
"" | masked | debt | task) ;;
*) hgov_die "HGOV_CAL_EMU_MODE=$HGOV_CAL_EMU_MODE: not masked, debt or task" ;;
esac
reps=${HGOV_CAL_REPS:-8}
[[ $reps =~ ^[1-9][0-9]*$ ]] && [ "$reps" -ge 2 ] ||
	hgov_die "HGOV_CAL_REPS=$reps: not a number of runs of at least 2"
boots=${HGOV_CAL_BOOTS:-2}
[[ $boots =~ ^[1-9]$ ]] || hgov_die "HGOV_CAL_BOOTS=$boots: not a number of boots, 1-9"
held=${HGOV_CAL_HELD:-1}
[[ $held =~ ^[0-9]$ ]] || hgov_die "HGOV_CAL_HELD=$held: not a number of held-out rounds, 0-9"
hgov_need_host_tools
out=$HGOV_TOP/out/calibrate
mkdir -p "$out"
rm -f "$out"/console*.log
work=$(mktemp -d "${TMPDIR:-/tmp}/hgov-cal.XXXXXX")
trap 'rm -rf "$work"' EXIT
hgov_storage_list > "$work/extra.list"
# cal_script HELD - the board's script: its settings, then board.sh.
cal_script() {
	echo "CAL_REPS=$reps"
	echo "CAL_HELD=$1"
	echo "CAL_DIRTY=${HGOV_CAL_DIRTY:-}"
	echo "CAL_DIRTY_BG=${HGOV_CAL_DIRTY_BG:-}"
	echo "CAL_EMMC_OPTS='${HGOV_CAL_EMMC_OPTS:-}'"
	echo "CAL_EMU_MODE=${HGOV_CAL_EMU_MODE:-}"
	echo "CAL_TB_OPTS='${HGOV_CAL_TB_OPTS:-}'"
	echo "CAL_KERNEL_KEY=$(hgov_kernel_key normal)"
	cat "$HGOV_TOP/scripts/calibrate/board.sh"
}
cal_script "$held" > "$work/cal-1.sh"
cal_script 0 > "$work/cal-2.sh"

# cal_boot N - boot N of the calibration board in $stage (1 or 2), its
# console in $out/console-N.log. A stage's boots run side by side
# (HGOV_BOARD_JOBS, lib.sh): -icount, so each gives what it would alone.
# A wall-clock limit: 16 runs each take about 14 minutes alone on the
# host, and a loaded host has taken twice as long (the guest clock
# follows -icount, not the host); an hour is ample.
cal_boot() {
	local log=$out/console-$1.log
	HGOV_BOARD_IDLE_STATES=${HGOV_CAL_IDLE_STATES:-1} \
	HGOV_BOARD_EXTRA=$work/extra.list HGOV_BOARD_APPEND=mem=768M \
	HGOV_BOARD_TIMEOUT=${HGOV_CAL_TIMEOUT:-3600} \
		bash "$HGOV_TOP/scripts/board.sh" run "$work/cal-$stage.sh" > "$log" 2>&1 ||
		{ tail -n 30 "$log" >&2; hgov_die "the calibration board failed (see $log)"; }
	grep -q '^ok: calibration runs done' "$log" || hgov_die "the calibration runs did not finish (see $log)"
}

hgov_board_prepare
judge=$HGOV_TOP/scripts/calibrate/judge.py
logs=()
stage=1
hgov_parallel cal_boot $(seq 1 "$boots") || exit 1
for ((i = 1; i <= boots; i++)); do
	logs+=("$out/console-$i.log")
done
rc=0
python3 "$judge" "${logs[@]}" || rc=$?
if [ "$rc" = 3 ]; then
	stage=2
	hgov_parallel cal_boot $(seq $((boots + 1)) $((2 * boots))) || exit 1
	for ((i = boots + 1; i <= 2 * boots; i++)); do
		logs+=("$out/console-$i.log")
	done
	rc=0
	python3 "$judge" --final "${logs[@]}" || rc=$?
fi
cat "$out"/console-*.log > "$out/console.log"
exit "$rc"
