# SPDX-License-Identifier: GPL-2.0
# Every A57 CPU the kernel lets go offline goes offline and back, one at a
# time and all together, for 10 rounds during storage I/O: while an A57 is
# online policy0 stays pinned under hybrid; when the last goes, policy0
# stops; when they return, hybrid governs and pins again.
. /lib/hgov.sh
hgov_all_opps

# This shell runs on an A53: on the debug kernel its forks (a busybox
# sleep in every poll) are real load, which would keep policy0 up by
# utilization once the I/O stops.
taskset -p -c 5 $$ > /dev/null || hgov_fail "cannot move the shell to cpu5"
SYS=/sys/devices/system/cpu
big=""
for c in 0 1 2 3; do
	[ -w $SYS/cpu$c/online ] && big="$big $c"
done
[ -n "$big" ] || hgov_fail "no A57 CPU can go offline"
hgov_select hybrid
# The pin must not lapse between two dd runs (a fork and exec apart on
# this slow board): hold it for 2 s after each request.
H=$(hgov_tunable io_hold_ms)
echo 2000 > $H
hgov_loop taskset -c 5 dd if=/dev/vda of=/dev/null bs=4k count=5000 iflag=direct
hgov_wait_khz 0 1500000 2000 || hgov_fail "I/O did not pin policy0"

# pinned_ok - policy0, if active, runs at its maximum.
pinned_ok() {
	[ -r $CPUFREQ/policy0/scaling_cur_freq ] || return 0
	read -r cur < $CPUFREQ/policy0/scaling_cur_freq 2>/dev/null || return 0
	[ "$cur" = "<unknown>" ] && return 0
	read -r max < $CPUFREQ/policy0/scaling_max_freq
	[ "$cur" = "$max" ] || hgov_wait_khz 0 "$max" 1000 ||
		hgov_fail "$1: policy0 at $(hgov_cur 0), not pinned at $max"
}

for round in 1 2 3 4 5 6 7 8 9 10; do
	for c in $big; do
		echo 0 > $SYS/cpu$c/online || hgov_fail "round $round: cpu$c stays online"
		pinned_ok "round $round, cpu$c offline"
		echo 1 > $SYS/cpu$c/online || hgov_fail "round $round: cpu$c stays offline"
	done
	for c in $big; do
		echo 0 > $SYS/cpu$c/online || hgov_fail "round $round: cpu$c stays online"
	done
	pinned_ok "round $round, A57s$big offline"
	for c in $big; do
		echo 1 > $SYS/cpu$c/online || hgov_fail "round $round: cpu$c stays offline"
	done
	[ "$(cat $CPUFREQ/policy0/scaling_governor)" = hybrid ] ||
		hgov_fail "round $round: policy0 lost hybrid"
	hgov_wait_khz 0 1500000 2000 || hgov_fail "round $round: policy0 not pinned again"
done
echo 50 > $H
hgov_stop_loops
hgov_ok "10 rounds over A57 CPUs$big during I/O: pinned throughout, hybrid kept"
hgov_wait_released 0 500000 5000 || hgov_fail "policy0 at $(hgov_cur 0), pin not released after the I/O"
hgov_select schedutil
rmmod cpufreq_hybrid || hgov_fail "rmmod failed"
hgov_ok "released after the I/O; the module unloads"
