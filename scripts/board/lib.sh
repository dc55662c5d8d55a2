# SPDX-License-Identifier: GPL-2.0
# Helpers for scripts that run on the virtual board (busybox sh); board
# scripts source it as /lib/hgov.sh.

CPUFREQ=/sys/devices/system/cpu/cpufreq

# HGOV_TIMING=1 on the normal board kernel; 0 on the debug and rt ones,
# where KASAN and lockdep make the board shell's own forks heavy enough to
# be real load, so assertions about idle clusters and latencies mean nothing.
case " $(cat /proc/cmdline) " in
*" hgov.flavour=debug "* | *" hgov.flavour=rt "*) HGOV_TIMING=0 ;;
*) HGOV_TIMING=1 ;;
esac

# HGOV_KVER_NUM: the board kernel's version as major * 100 + minor
# (510, 601, 612, 703), for the few checks that differ by version.
HGOV_KVER_NUM=$(uname -r | awk -F. '{ print $1 * 100 + $2 }')

hgov_fail() { echo "FAIL: $*"; exit 1; }
hgov_ok() { echo "ok: $*"; }

# The helpers below poll with shell builtins only: every fork is work on
# the board's CPUs that the governor would rightly see as load. Under
# single-threaded TCG such work also lasts longer in guest time the more
# vCPUs are busy (they take turns), so while a CPU spins, a fork of the
# shell's looks like tens of milliseconds of load on the CPU it runs on:
# scenarios keep the shell on a cluster whose frequency they do not
# expect to rest (hgov_shell_on).

# hgov_sleep SECONDS - sleep without a fork: a read that times out on a
# FIFO nobody writes. SECONDS may have a fraction (0.05).
mkfifo /tmp/hgov.sleep 2>/dev/null
hgov_sleep() { read -r -t "$1" _ <> /tmp/hgov.sleep; }

# hgov_shell_on CPUS - move this shell, and all it forks from now on, to
# CPUS (a taskset list).
hgov_shell_on() {
	taskset -p -c "$1" $$ > /dev/null || hgov_fail "cannot move the shell to cpu$1"
}

# hgov_now - set $now to milliseconds since boot (10 ms resolution).
hgov_now() {
	read -r up _ < /proc/uptime
	frac=${up#*.}
	frac=${frac#0}
	now=$(( ${up%.*} * 1000 + ${frac:-0} * 10 ))
}

# hgov_ms - print milliseconds since boot.
hgov_ms() { hgov_now; echo "$now"; }

# hgov_cur POLICY - current frequency of policyPOLICY in kHz.
hgov_cur() { read -r f < "$CPUFREQ/policy$1/scaling_cur_freq"; echo "$f"; }

# hgov_select GOVERNOR - select GOVERNOR on every policy.
hgov_select() {
	for p in "$CPUFREQ"/policy*; do
		echo "$1" > "$p/scaling_governor" || hgov_fail "cannot select $1 on ${p##*/}"
	done
}

# hgov_wait_khz POLICY KHZ MS - wait up to MS ms for policyPOLICY to run at
# KHZ; set $waited to the time it took. Fails (status 1) on timeout.
hgov_wait_khz() {
	hgov_now
	t0=$now
	while :; do
		read -r f < "$CPUFREQ/policy$1/scaling_cur_freq"
		if [ "$f" = "$2" ]; then
			waited=$((now - t0))
			return 0
		fi
		[ $((now - t0)) -ge "$3" ] && return 1
		hgov_sleep 0.05
		hgov_now
	done
}

# hgov_wait_released POLICY KHZ MS - wait up to MS ms for hybrid's pin of
# policyPOLICY to be released: its debugfs pinned_us stands still across
# 100 ms. On the normal board the policy must also fall to KHZ; on the
# debug and rt boards (HGOV_TIMING=0) the kernel's own threads (KASAN,
# lockdep, RCU, threaded softirqs) are load enough to keep it up under a
# utilization governor, so the pin alone is asserted there. Fails
# (status 1) on timeout.
hgov_wait_released() {
	local us0 us1 t1
	hgov_now
	t1=$((now + $3))
	read -r us0 < "$HGOV_DEBUGFS/policy$1/pinned_us" || return 1
	while :; do
		hgov_sleep 0.1
		read -r us1 < "$HGOV_DEBUGFS/policy$1/pinned_us" || return 1
		[ "$us1" = "$us0" ] && break
		us0=$us1
		hgov_now
		[ "$now" -lt "$t1" ] || return 1
	done
	[ "$HGOV_TIMING" = 0 ] && return 0
	hgov_now
	hgov_wait_khz "$1" "$2" $((t1 > now ? t1 - now : 0))
}

# hgov_pins_under_reads POLICY KHZ MS - direct 4k reads of /dev/vda in the
# background until POLICY runs at KHZ, for at most MS ms; the reads stop
# as soon as it does (20000 of them last minutes on the debug board).
hgov_pins_under_reads() {
	dd if=/dev/vda of=/dev/null bs=4k count=20000 iflag=direct 2>/dev/null &
	_reads=$!
	_pinned=0
	hgov_wait_khz "$1" "$2" "$3" || _pinned=1
	kill $_reads 2>/dev/null
	wait $_reads 2>/dev/null
	return $_pinned
}

# hgov_cyc_pcts - read one thread's cyclictest -q -h output on stdin;
# print "P50 P99 MAX" in us (P99 "over" past the histogram, "none none
# none" without a sample).
hgov_cyc_pcts() {
	# busybox awk reads a number with a leading 0 as octal: hence num().
	awk '
		function num(s) { sub(/^0+/, "", s); return s + 0 }
		/^[0-9]+[ \t]+[0-9]+/ { n = num($1); c[n] = num($2); tot += c[n]; if (n > top) top = n }
		/^# Histogram Overflows:/ { over = num($4) }
		/^# Max Latencies:/ { max = num($4) }
		END {
			tot += over
			if (!tot) { print "none none none"; exit }
			for (i = 0; i <= top; i++) {
				run += c[i]
				if (p50 == "" && run * 2 >= tot) p50 = i
				if (p99 == "" && run * 100 >= tot * 99) p99 = i
			}
			if (p99 == "") p99 = "over"
			print p50, p99, max
		}'
}

# hgov_settle - wait until the board is quiet: no 500 ms window in which
# its CPUs were busy, together, more than one 10 ms tick of /proc/stat,
# for at most 10 s. Background work after a governor switch or a driver
# load (scheduling domains rebuilt on every CPU) comes up to two seconds
# later and, under frequency emulation, holds up a measured CPU.
hgov_settle() {
	hgov_now
	t0=$now
	read -r _ u n s _ _ i q _ < /proc/stat
	prev=$((u + n + s + i + q))
	while [ $((now - t0)) -lt 10000 ]; do
		hgov_sleep 0.5
		read -r _ u n s _ _ i q _ < /proc/stat
		[ $((u + n + s + i + q - prev)) -le 1 ] && return 0
		prev=$((u + n + s + i + q))
		hgov_now
	done
	echo "board not quiet after 10 s; measuring anyway"
}

# hgov_spin CPU - start a CPU-bound loop pinned to CPU; set $spin_pid.
hgov_spin() {
	taskset -c "$1" sh -c 'while :; do :; done' >/dev/null 2>&1 &
	spin_pid=$!
}

TRACE=/sys/kernel/tracing
HGOV_DEBUGFS=/sys/kernel/debug/cpufreq_hybrid

# hgov_trace_on EVENT... - clear the trace buffer and record EVENTs
# (e.g. block/block_rq_issue hybrid/hybrid_pin).
hgov_trace_on() {
	echo 0 > "$TRACE/tracing_on"
	echo 0 > "$TRACE/events/enable"
	for e in "$@"; do
		echo 1 > "$TRACE/events/$e/enable" || hgov_fail "no trace event $e"
	done
	echo > "$TRACE/trace"
	echo 1 > "$TRACE/tracing_on"
}

hgov_trace_off() { echo 0 > "$TRACE/tracing_on"; }

# hgov_trace_mark TEXT - put TEXT in the trace (trace_marker).
hgov_trace_mark() { echo "$*" > "$TRACE/trace_marker"; }

# hgov_trace_since MARK PATTERN - microseconds from the trace marker MARK
# to the first trace line after it that matches PATTERN; fails if none.
hgov_trace_since() {
	hgov_trace_lines "tracing_mark_write: $1\$|$2" | awk -v mark="tracing_mark_write: $1" '
		index($0, mark) && !t0 { t0 = $1; next }
		t0 { print $1 - t0; found = 1; exit }
		END { exit !found }'
}

# hgov_trace_lines PATTERN - trace lines matching PATTERN as
# "TIMESTAMP_US REST" (timestamps from the trace clock, in us).
hgov_trace_lines() {
	awk -v pat="$1" '$0 ~ pat { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) {
		sub(":", "", $i); printf "%.0f %s\n", $i * 1e6, $0; break } }' "$TRACE/trace"
}

# hgov_fsync_top_share - percent of 2 s of fdatasync'd 4 KiB writes
# (hgov-load fsyncw, from cpu4, on the mounted eMMC model) that policy4
# spent at its top OPP; the writer's figures in /tmp/fsyncw.out.
hgov_fsync_top_share() {
	local top
	top=$(hgov_opps 4 | awk '{ print $NF }')
	# tis: policy4's time at its top OPP and in all, in 10 ms units.
	tis() {
		awk -v top="$top" '{ all += $2 } $1 == top { at = $2 } END { print at + 0, all }' \
			"$CPUFREQ/policy4/stats/time_in_state"
	}
	rm -f /mnt/db
	sync
	hgov_sleep 0.5
	# shellcheck disable=SC2046 # two numbers each
	set -- $(tis)
	taskset -c 4 hgov-load fsyncw /mnt/db 2 > /tmp/fsyncw.out || hgov_fail "fsyncw failed"
	# shellcheck disable=SC2046
	set -- "$@" $(tis)
	echo $((($3 - $1) * 100 / ($4 - $2)))
}

# hgov_wake_us - the longest wake-up from idle of any CPU, in us: the
# largest cpuidle state latency (entry + exit, as the kernel keeps it;
# with the H3's states in the DT, the A53's 1400), 0 without cpuidle.
hgov_wake_us() {
	cat /sys/devices/system/cpu/cpu*/cpuidle/state*/latency 2>/dev/null |
		sort -n | tail -n 1 | grep . || echo 0
}

# hgov_board_idle - what the board's idle model is, for a log line:
# "emu_mode=M idle_states=S idle_exit_pct=P", S each cluster's cpuidle
# states beyond WFI as cpuN:name/latency (us: entry + exit, as cpuidle
# keeps it), none without them; P the share of it an exit costs.
hgov_board_idle() {
	local c d idle=
	for c in 0 4; do
		for d in "/sys/devices/system/cpu/cpu$c/cpuidle"/state[1-9]; do
			if [ -d "$d" ]; then
				idle="$idle${idle:+,}cpu$c:$(cat "$d/name")/$(cat "$d/latency")"
			fi
		done
	done
	echo "emu_mode=$(cat /sys/module/hgov_testbed/parameters/emu_mode) idle_states=${idle:-none} idle_exit_pct=$(cat /sys/module/hgov_testbed/parameters/idle_exit_pct)"
}

# hgov_median N... - median of integers.
hgov_median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# hgov_tunable TUNABLE - path of a hybrid tunable (global or policy0's).
hgov_tunable() {
	if [ -e "$CPUFREQ/hybrid/$1" ]; then echo "$CPUFREQ/hybrid/$1"; else echo "$CPUFREQ/policy0/hybrid/$1"; fi
}

# hgov_loop CMD... - run CMD over and over in the background until
# hgov_stop_loops; unlike kill, the iteration in progress ends first, so
# nothing it started (a dd) outlives the loop.
hgov_loop() {
	(while [ ! -e /tmp/hgov.stop ]; do "$@" > /dev/null 2>&1; done) &
	hgov_loops="$hgov_loops $!"
}

# hgov_stop_loops - stop every hgov_loop and wait for them.
hgov_stop_loops() {
	touch /tmp/hgov.stop
	for pid in $hgov_loops; do
		wait "$pid" 2>/dev/null
	done
	hgov_loops=
	rm -f /tmp/hgov.stop
}

# The board boots as cpufreq-dt runs an H3 with its DT: the energy model
# registered, and on 5.16+ its inefficient OPPs (A57 500 and 1000 MHz, A53
# 800 and 1000 MHz) marked, so schedutil and hybrid never use them.
# HGOV_TB_OPTS: options every reload of the test-bed driver keeps.
HGOV_TB_OPTS=

# hgov_testbed [OPTION...] - reload the test-bed driver with HGOV_TB_OPTS
# and OPTIONs; the new policies start under the default governor.
hgov_testbed() {
	rmmod hgov_testbed 2>/dev/null
	# shellcheck disable=SC2086
	modprobe hgov_testbed $HGOV_TB_OPTS "$@" ||
		hgov_fail "cannot load hgov_testbed $HGOV_TB_OPTS $*"
}

# hgov_all_opps [OPTION...] - from now on no inefficient marks (em=0):
# every OPP in use, as on 5.10, so utilization visibly moves a policy
# between its OPPs and a pin visibly lifts it; reloads the test-bed driver
# with OPTIONs too. Scenarios about utilization and the pin start with it;
# those about the energy model do not.
hgov_all_opps() {
	HGOV_TB_OPTS=em=0
	hgov_testbed "$@"
}

# hgov_emulate [MODE] - reload the test-bed driver with frequency emulation
# on (a lower OPP costs execution time) and boost enabled; every policy is
# back under the default governor. MODE is the driver's emu_mode (masked:
# a busy CPU's waits mask interrupts; debt: they take them at once and
# carry the rest; task: debt, with a user task's waits paid in its own
# context). Without MODE the driver's default: task on a kernel with
# IRQ_TIME_ACCOUNTING (every normal board), masked on the others (the
# debug and RT boards).
hgov_emulate() {
	hgov_testbed emulate=1 ${1:+emu_mode=$1}
	echo 1 > "$CPUFREQ/boost" || hgov_fail "cannot enable boost"
}

# The eMMC model (scripts/testbed/README.md, "Storage: the eMMC model"):
# hgov_mmc, a RAM-backed /dev/mmcblk0 served one command at a time, with
# its device time on the guest clock and its CPU costs where the H3's SDHI
# stack spends them (its completion interrupt on cpu0). EMMC_OPTS: module
# options over the calibrated defaults. EMMC_DIRTY_BYTES and
# EMMC_DIRTY_BG_BYTES: the page cache's dirty limits while it is mounted,
# the calibration's and the bench's (same section): 96 MiB, writeback
# from 48. The H3's 20 % of 4 GiB, about 5 s of writing, does not fit in
# the board's memory; more than about 100 MiB left 5.10 too little memory
# to write back with beside the bench's 512 MiB medium (OOM after an hour).
EMMC_OPTS=
EMMC_DIRTY_BYTES=100663296
EMMC_DIRTY_BG_BYTES=50331648

# hgov_emmc - load the eMMC model and mount it on /mnt: ext4 with its
# journal (Debian's mke2fs from the storage userland, hgov_storage_list)
# where the initramfs has it, ext2 from busybox otherwise; the dirty limits
# from EMMC_DIRTY_BYTES and EMMC_DIRTY_BG_BYTES. Sets $EMMC, $EMMC_NAME and
# $EMMC_FS.
hgov_emmc() {
	# shellcheck disable=SC2086
	modprobe hgov_mmc $EMMC_OPTS || hgov_fail "cannot load the eMMC model"
	EMMC_NAME=mmcblk0
	EMMC=/dev/$EMMC_NAME
	if [ -x /usr/sbin/mkfs.ext4 ]; then
		EMMC_FS=ext4
		/usr/sbin/mkfs.ext4 -q -F -t ext4 -b 4096 "$EMMC" > /dev/null 2>&1 ||
			hgov_fail "mkfs.ext4 failed"
	else
		EMMC_FS=ext2
		mke2fs -q -b 4096 "$EMMC" > /dev/null || hgov_fail "mke2fs failed"
	fi
	mkdir -p /mnt
	mount -t "$EMMC_FS" "$EMMC" /mnt || hgov_fail "cannot mount the eMMC model"
	echo "$EMMC_DIRTY_BYTES" > /proc/sys/vm/dirty_bytes &&
		echo "$EMMC_DIRTY_BG_BYTES" > /proc/sys/vm/dirty_background_bytes ||
		hgov_fail "cannot set the dirty limits"
}

# hgov_opps POLICY - every OPP of POLICY, boost OPPs included, ascending.
hgov_opps() {
	echo $(cat "$CPUFREQ/policy$1/scaling_available_frequencies" \
		"$CPUFREQ/policy$1/scaling_boost_frequencies" 2>/dev/null) |
		tr ' ' '\n' | sort -n | tr '\n' ' '
}

# hgov_setspeed POLICY KHZ - run POLICY at KHZ under the userspace governor.
hgov_setspeed() {
	echo userspace > "$CPUFREQ/policy$1/scaling_governor" ||
		hgov_fail "no userspace governor on policy$1"
	echo "$2" > "$CPUFREQ/policy$1/scaling_setspeed" ||
		hgov_fail "policy$1 refused $2"
	[ "$(hgov_cur "$1")" = "$2" ] || hgov_fail "policy$1 at $(hgov_cur "$1"), not $2"
}

# hgov_setspeed_top - run both clusters at their scaling_max_freq under the
# userspace governor.
hgov_setspeed_top() {
	for p in 0 4; do
		hgov_setspeed "$p" "$(cat "$CPUFREQ/policy$p/scaling_max_freq")"
	done
}

# hgov_kv KEY LINE - the value of KEY in a key=value line of hgov-load.
hgov_kv() { printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }

# hgov_pin_timing LOW MAX HOLD_MS - time the storage I/O pin of policy0
# (hybrid's or the assist's floor) over seven 300-block direct dd runs on
# the virtio disk from cpu4, each starting with policy0 at LOW. Odd runs
# time entry (first request issued -> policy0 at MAX; run 1, cold, is
# shown but not counted), even runs release (last completion -> the
# hybrid_pin release of policy0): every enabled trace event slows the
# emulated board down. After each run policy0 must come back to LOW, and
# policy4 must never pin. Sets $entry and $release, the medians, in us.
hgov_pin_timing() {
	pt_entries=
	pt_releases=
	for run in 1 2 3 4 5 6 7; do
		hgov_wait_khz 0 "$1" 3000 || hgov_fail "policy0 at $(hgov_cur 0) before run $run"
		if [ $((run % 2)) -eq 1 ]; then
			hgov_trace_on block/block_rq_issue power/cpu_frequency
		else
			hgov_trace_on block/block_rq_complete hybrid/hybrid_pin power/cpu_frequency
		fi
		taskset -c 4 dd if=/dev/vda of=/dev/null bs=4k count=300 iflag=direct 2>/dev/null ||
			hgov_fail "dd failed"
		sleep $(($3 / 1000 + 1))
		hgov_trace_off
		t_max=$(hgov_trace_lines "cpu_frequency: state=$2 cpu_id=0" | head -n 1 | cut -d' ' -f1)
		[ -n "$t_max" ] || hgov_fail "run $run: policy0 never reached $2 during dd"
		hgov_trace_lines "cpu_frequency: state=$1 cpu_id=0" | awk -v t="$t_max" '$1 > t' |
			grep -q . || hgov_fail "run $run: policy0 stayed up after dd"
		if [ $((run % 2)) -eq 1 ]; then
			t_issue=$(hgov_trace_lines block_rq_issue | head -n 1 | cut -d' ' -f1)
			entry=$((t_max - t_issue))
			echo "run $run: first request -> policy0 at $2: $entry us"
			[ "$run" -gt 1 ] && pt_entries="$pt_entries $entry"
		else
			t_done=$(hgov_trace_lines block_rq_complete | tail -n 1 | cut -d' ' -f1)
			t_rel=$(hgov_trace_lines "hybrid_pin: policy=0 pin=0" | tail -n 1 | cut -d' ' -f1)
			[ -n "$t_rel" ] || hgov_fail "run $run: policy0 never released"
			hgov_trace_lines "hybrid_pin: policy=4 pin=1" | grep -q . && hgov_fail "policy4 was pinned"
			release=$((t_rel - t_done))
			echo "run $run: last completion -> release: $release us"
			pt_releases="$pt_releases $release"
		fi
	done
	entry=$(hgov_median $pt_entries)
	release=$(hgov_median $pt_releases)
}

# hgov_snap LABEL - the snapshot lines of a measured window's start or
# end (make bench's and make demo's; scripts/bench/report.py reads them):
# the clock, each CPU's busy time per OPP (the test bed's), each policy's
# time_in_state and each CPU's time in the sleep states.
hgov_snap() {
	local c d

	echo "SNAP $1 $(hgov-load now)"
	sed "s/^/BUSY $1 /" /sys/kernel/debug/hgov_testbed/busy
	# Each CPU's /proc/stat times, USER_HZ ticks (user nice system idle
	# iowait irq softirq ...): what a busy CPU ran, where a task waited.
	sed -n "s/^\(cpu[0-7]\) /CPUSTAT $1 \1 /p" /proc/stat
	for p in 0 4; do
		echo "TIS $1 policy$p $(tr ' \n' ': ' < "$CPUFREQ/policy$p/stats/time_in_state")"
	done
	# Each CPU's time (us) in each sleep state of the DT (cpuidle state1
	# on; state0 is WFI); nothing on a kernel without cpuidle. cpuidle
	# adds a sleep to stateN/time only when the CPU leaves the state, so
	# each CPU's counters are read on that CPU: a sleep in progress ends
	# first and counts in the window it lies in, not whole in the next
	# one. An offline CPU (taskset fails) is read from here.
	for c in 0 1 2 3 4 5 6 7; do
		d=/sys/devices/system/cpu/cpu$c/cpuidle
		[ -e "$d/state1/time" ] || continue
		taskset -c "$c" grep -H . "$d"/state[1-9]/time 2>/dev/null ||
			grep -H . "$d"/state[1-9]/time 2>/dev/null
	done | sed -n "s#^/sys/devices/system/cpu/\(cpu[0-7]\)/cpuidle/state\([1-9]\)/time:#IDLE $1 \1 \2:#p" || true
}
