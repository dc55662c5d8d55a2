# SPDX-License-Identifier: GPL-2.0
# While I/O pins policy0, scaling_max_freq, scaling_min_freq and boost
# change 300 times in a fixed pseudo-random order: after every change
# policy0 runs at its new maximum (the pin follows the cap at once), and
# policy4's frequency lies within its own limits.
. /lib/hgov.sh
hgov_all_opps

# This shell runs on an A53: on the debug kernel its forks (a busybox
# sleep in every poll) are real load, which would keep policy0 up by
# utilization once the I/O stops.
taskset -p -c 5 $$ > /dev/null || hgov_fail "cannot move the shell to cpu5"
hgov_select hybrid
# The pin must not lapse between two dd runs, a fork and exec apart on
# this slow board, and more than 2 s apart now and then when the host is
# busy (parallel vCPU threads: guest time is the host's): hold it for the
# longest io_hold_ms allows after each request.
H=$(hgov_tunable io_hold_ms)
echo 10000 > $H
hgov_loop taskset -c 5 dd if=/dev/vda of=/dev/null bs=4k count=5000 iflag=direct
hgov_wait_khz 0 1500000 2000 || hgov_fail "I/O did not pin policy0"
B=$CPUFREQ/boost
[ -w $B ] || hgov_fail "no boost switch"

# within P - policyP's frequency lies within its limits; a pinned policy0
# runs at its maximum. The cpufreq core applies a limit from a work item
# (policy->update) after the write returns, so allow it to settle: at most
# SETTLE_MS; the slowest step is reported.
SETTLE_MS=500
slowest=0
within() {
	hgov_now
	s0=$now
	while :; do
		read -r cur < $CPUFREQ/policy$1/scaling_cur_freq
		read -r lo < $CPUFREQ/policy$1/scaling_min_freq
		read -r hi < $CPUFREQ/policy$1/scaling_max_freq
		if [ "$cur" -ge "$lo" ] && [ "$cur" -le "$hi" ] &&
			{ [ "$1" != 0 ] || [ "$cur" = "$hi" ]; }; then
			hgov_now
			[ $((now - s0)) -le $slowest ] || slowest=$((now - s0))
			return 0
		fi
		hgov_now
		[ $((now - s0)) -lt $SETTLE_MS ] ||
			hgov_fail "step $i: policy$1 at $cur, limits [$lo, $hi], for $SETTLE_MS ms"
	done
}

seed=12345
i=1
while [ $i -le 300 ]; do
	seed=$(( (seed * 1103515245 + 12345) % 2147483648 ))
	r=$((seed / 65536))
	case $((r % 6)) in
	0) echo $((r % 2)) > $B ;;
	1|2) set -- 500000 1000000 1500000 1600000 1700000
	     shift $((r / 6 % 5)); echo $1 > $CPUFREQ/policy0/scaling_max_freq ;;
	3) set -- 500000 1000000 1500000
	   shift $((r / 6 % 3)); echo $1 > $CPUFREQ/policy0/scaling_min_freq ;;
	4) set -- 800000 1000000 1200000
	   shift $((r / 6 % 3)); echo $1 > $CPUFREQ/policy4/scaling_max_freq ;;
	5) set -- 800000 1000000 1200000
	   shift $((r / 6 % 3)); echo $1 > $CPUFREQ/policy4/scaling_min_freq ;;
	esac
	within 0
	within 4
	i=$((i + 1))
done
hgov_ok "300 limit and boost changes while pinned: policy0 at its maximum, policy4 within its limits, each within $slowest ms (bound $SETTLE_MS)"

echo 500000 > $CPUFREQ/policy0/scaling_min_freq
echo 0 > $B
echo 1500000 > $CPUFREQ/policy0/scaling_max_freq
hgov_wait_khz 0 1500000 500 || hgov_fail "policy0 not back at 1500000 ($(hgov_cur 0))"
echo 1 > $B
echo 1700000 > $CPUFREQ/policy0/scaling_max_freq
hgov_wait_khz 0 1700000 500 || hgov_fail "boost: policy0 not at 1700000 ($(hgov_cur 0))"
echo 50 > $H
hgov_stop_loops
hgov_wait_released 0 500000 5000 || hgov_fail "policy0 at $(hgov_cur 0), pin not released after the I/O"
echo 0 > $B
hgov_ok "limits lifted: the pin reaches 1500000, 1700000 with boost; released after the I/O"
