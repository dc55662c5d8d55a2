#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The calibration check, on the 5.10 board (scripts/calibrate/run.sh runs it
# with CAL_REPS set in front): bonnie++ block phases and seeks on the eMMC
# model, performance and schedutil alternating, with frequency emulation,
# the H3 energy model and EAS (schedutil's), turbo off, idle as run.sh
# sets it. One CAL line per run; then
# the held-out phases, one CALHELD line per run.
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
# Held out (judge.py prints them beside the report's, unjudged): the
# report's bonnie++ phases no constant was fitted to, CAL_HELD rounds of
# both governors: the per-character phases of a 2 MiB file (no -f), and
# the file phases (-s 0 -n 16: 16384 empty files in one directory, the
# report's count), as make bench's bonnie-held-out (scripts/bench/board.sh
# says why these sizes). One CALHELD line per run.
rep=1
while [ "$rep" -le "${CAL_HELD:-1}" ]; do
	for g in performance schedutil; do
		hgov_select "$g"
		sync
		hgov_settle
		c=$(taskset -c 0-7 bonnie++ -d /mnt -s 2 -r 1 -n 0 -u root -q -x 1 2>/dev/null | tail -n 1)
		f=$(taskset -c 0-7 bonnie++ -d /mnt -s 0 -n 16 -u root -q -x 1 2>/dev/null | tail -n 1)
		# bonnie++ 1.98 CSV: putc,%CP at 10-11, getc 16-17; sequential
		# create 27-28, delete 31-32; random create 33-34, delete 37-38.
		case "$c $f" in
		"1.98,"*" 1.98,"*) ;;
		*) echo "CALHELD rep=$rep gov=$g failed"; continue ;;
		esac
		echo "$f" | awk -F, -v c="$c" -v g="$g" -v rep="$rep" '{
			split(c, a, ",")
			printf "CALHELD rep=%d gov=%s perchar_output=%s perchar_output_cp=%s perchar_input=%s perchar_input_cp=%s", rep, g, a[10], a[11], a[16], a[17]
			printf " seq_create=%s seq_create_cp=%s seq_delete=%s seq_delete_cp=%s rand_create=%s rand_create_cp=%s rand_delete=%s rand_delete_cp=%s\n", $27, $28, $31, $32, $33, $34, $37, $38 }'
	done
	rep=$((rep + 1))
done
hgov_ok "calibration runs done"
