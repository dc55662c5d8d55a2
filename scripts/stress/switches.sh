# SPDX-License-Identifier: GPL-2.0
# 1000 governor switches (500 per policy, both policies at once) among
# hybrid, schedutil, performance and ondemand while storage I/O and CPU
# load run; every switch must succeed, and hybrid must still work after.
. /lib/hgov.sh
hgov_all_opps

# This shell runs on an A53: on the debug kernel its forks (a busybox
# sleep in every poll) are real load, which would keep policy0 up by
# utilization once the load stops.
taskset -p -c 5 $$ > /dev/null || hgov_fail "cannot move the shell to cpu5"
hgov_loop dd if=/dev/vda of=/dev/null bs=64k count=100 iflag=direct
hgov_loop dd if=/dev/zero of=/dev/vda bs=64k count=50 oflag=direct
hgov_spin 1
s1=$spin_pid
hgov_spin 6
s2=$spin_pid

switcher() {
	n=0
	while [ $n -lt 500 ]; do
		for g in hybrid schedutil performance ondemand; do
			echo $g > $CPUFREQ/policy$1/scaling_governor || exit 1
			n=$((n + 1))
		done
	done
}
switcher 0 &
a=$!
switcher 4 &
b=$!
wait $a || hgov_fail "a switch on policy0 failed"
wait $b || hgov_fail "a switch on policy4 failed"
hgov_ok "1000 switches under I/O and CPU load, all accepted"

hgov_select hybrid
hgov_wait_khz 0 1500000 2000 || hgov_fail "hybrid does not pin after the switches ($(hgov_cur 0))"
kill $s1 $s2
hgov_stop_loops
hgov_wait_released 0 500000 3000 || hgov_fail "policy0 at $(hgov_cur 0), pin not released after the load"
hgov_select schedutil
rmmod cpufreq_hybrid || hgov_fail "rmmod after the switches failed"
hgov_ok "hybrid pins and releases after the switches; the module unloads"
