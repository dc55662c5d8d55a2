#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The RK3399 prediction, on the virtual RK3399 board (scripts/calibrate/
# rk3399.sh runs it with RK_REPS and RK_SECS set in front): 4 KiB random
# reads at queue depth 1, O_DIRECT, of the whole eMMC model, as Loehle's
# fio job (psync, iodepth 1, direct), performance and schedutil
# alternating, with frequency emulation, RK3399's energy model and EAS
# (schedutil's), idle at the test bed's default share of the DT's
# latencies. One RK line per run.
. /lib/hgov.sh

: "${RK_REPS:=3}" "${RK_SECS:=2}"
[ "$(cat /sys/module/hgov_testbed/parameters/soc)" = rk3399 ] ||
	hgov_fail "not the RK3399 board (hgov_testbed soc=rk3399)"
HGOV_TB_OPTS=${RK_TB_OPTS:-}
hgov_emulate
# RK3399's eMMC path, its facts: an Arasan SDHCI with command queueing
# (CQE, so an eMMC 5.1 device), so a completion reaches the block layer
# from the interrupt (done_hops=0), and an ADMA host's largest request
# (512 KiB). The device's own time from an eMMC 5.1 datasheet (Samsung,
# 2015: 11000 random 4 KiB reads/s, 250 MB/s sequential): 91 us a read,
# lat_us=75 plus 4 KiB at read_mbps=250. Not the H3 board's lat_us=200,
# which is RK3399's whole stack (Loehle's 206 us a read under
# performance): as device time it would count the CPU's part twice. The
# interrupt goes to cpu0, an A53 here (the GIC's default target, as on
# the H3, where cpu0 is an A57). Every other constant is the H3
# calibration's (scripts/testbed/README.md, "A second SoC: RK3399").
# shellcheck disable=SC2086
modprobe hgov_mmc done_hops=0 max_kb=512 size_mb=64 lat_us=75 read_mbps=250 ${RK_EMMC_OPTS:-} ||
	hgov_fail "cannot load the eMMC model"
echo "RKMODEL kernel=$(uname -r) kernel_key=${RK_KERNEL_KEY:-unknown} soc=$(cat /sys/module/hgov_testbed/parameters/soc) $(hgov_board_idle) $(for p in /sys/module/hgov_mmc/parameters/*; do printf '%s=%s ' "${p##*/}" "$(cat "$p")"; done)secs=$RK_SECS"
# The shell stays on the A53s; the reads get every CPU, as fio does there
# (EAS places them under schedutil).
taskset -p -c 1-3 $$ > /dev/null
rep=1
while [ "$rep" -le "$RK_REPS" ]; do
	for g in performance schedutil; do
		hgov_select "$g"
		hgov_settle
		r=$(taskset -c 0-5 hgov-load randread /dev/mmcblk0 "$RK_SECS") ||
			hgov_fail "the reads failed"
		echo "RK rep=$rep gov=$g $r"
	done
	rep=$((rep + 1))
done
hgov_ok "rk3399 runs done"
