#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The calibration check, on the 5.10 board (scripts/calibrate/run.sh runs it
# with CAL_REPS set in front): bonnie++ block phases and seeks on the eMMC
# model, performance and schedutil alternating, with frequency emulation,
# the H3 energy model and EAS (schedutil's), turbo off. One CAL line per
# run.
. /lib/hgov.sh

: "${CAL_REPS:=16}"
HGOV_TB_OPTS=${CAL_TB_OPTS:-}
hgov_emulate "${CAL_EMU_MODE:-}"
echo 0 > "$CPUFREQ/boost"
mkdir -p /etc
echo root:x:0:0:root:/root:/bin/sh > /etc/passwd
echo root:x:0: > /etc/group
# HGOV_CAL_EMMC_OPTS, HGOV_CAL_DIRTY and HGOV_CAL_DIRTY_BG
# (scripts/calibrate/run.sh) try other constants.
# The bench's medium (scripts/bench/board.sh): 512 MiB.
EMMC_OPTS="size_mb=512 ${CAL_EMMC_OPTS:-}"
EMMC_DIRTY_BYTES=${CAL_DIRTY:-$EMMC_DIRTY_BYTES}
EMMC_DIRTY_BG_BYTES=${CAL_DIRTY_BG:-$EMMC_DIRTY_BG_BYTES}
hgov_emmc
[ "$EMMC_FS" = ext4 ] || hgov_fail "no mkfs.ext4 on the board"
# What the board is, for the log: the kernel (its release and the cache
# key of its config: fragments, source and compiler), the emulation mode,
# the idle states each cluster has and the share of it an exit costs
# (hgov_board_idle), the eMMC model's constants and the dirty limits.
echo "CALMODEL kernel=$(uname -r) kernel_key=${CAL_KERNEL_KEY:-unknown} $(hgov_board_idle) $(for p in /sys/module/hgov_mmc/parameters/*; do printf '%s=%s ' "${p##*/}" "$(cat "$p")"; done)dirty_bytes=$(cat /proc/sys/vm/dirty_bytes) dirty_background_bytes=$(cat /proc/sys/vm/dirty_background_bytes)"
# The shell and its forks stay on the A53s; bonnie++ gets every CPU, as
# on the board (EAS places it under schedutil).
taskset -p -c 4-7 $$ > /dev/null
rep=1
while [ "$rep" -le "$CAL_REPS" ]; do
	for g in performance schedutil; do
		hgov_select "$g"
		sync
		hgov_settle
		# 256 MiB, as the bench's: the page cache (mem=768M, 512 MiB
		# of it the model's medium) cannot hold it. -f: block phases
		# only; -n 0: no file creation tests.
		r=$(taskset -c 0-7 bonnie++ -d /mnt -s 256 -r 128 -n 0 -f -u root -q -x 1 2>/dev/null |
			tail -n 1)
		# bonnie++ 1.98 CSV: put_block,%CP at 12-13, rewrite 14-15,
		# get_block 18-19, seeks 20-21.
		echo "$r" | awk -F, -v g="$g" -v rep="$rep" 'NF >= 21 {
			printf "CAL rep=%d gov=%s output=%s output_cp=%s rewrite=%s rewrite_cp=%s input=%s input_cp=%s seeks=%s seeks_cp=%s\n",
				rep, g, $12, $13, $14, $15, $18, $19, $20, $21 }'
	done
	rep=$((rep + 1))
done
hgov_ok "calibration runs done"
