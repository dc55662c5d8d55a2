#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CPUs go offline and online under hybrid while storage I/O runs: the A57
# policy stays pinned, the A53 policy (all its CPUs offline, so its
# governor exits, then comes back) is governed by hybrid again, and the
# kernel logs no warning. The per-CPU I/O workers follow: each runs on its
# own CPU alone after the CPU went offline and came back, and a CPU that
# comes online only after the module loaded gets its worker.
. /lib/hgov.sh
hgov_all_opps

SYS=/sys/devices/system/cpu
hgov_select hybrid
taskset -c 5 dd if=/dev/vda of=/dev/null bs=4k count=1000000 iflag=direct 2>/dev/null &
dd_pid=$!
for round in 1 2 3; do
	for c in 1 2 3 4 6 7; do
		echo 0 > $SYS/cpu$c/online || hgov_fail "cpu$c did not go offline"
	done
	[ "$(hgov_cur 0)" = 1500000 ] || hgov_fail "round $round: policy0 at $(hgov_cur 0) during I/O"
	echo 0 > $SYS/cpu5/online || hgov_fail "cpu5 did not go offline"
	echo 1 > $SYS/cpu5/online || hgov_fail "cpu5 did not come back"
	for c in 1 2 3 4 6 7; do
		echo 1 > $SYS/cpu$c/online || hgov_fail "cpu$c did not come back"
	done
	for p in 0 4; do
		[ "$(cat $CPUFREQ/policy$p/scaling_governor)" = hybrid ] ||
			hgov_fail "round $round: policy$p lost hybrid"
	done
done
kill $dd_pid
hgov_ok "3 rounds of hotplug during I/O: policy0 pinned, both policies under hybrid"

# worker_cpus CPU - the CPUs hybrid_io/CPU may run on, "none" without one.
worker_cpus() {
	for d in /proc/[0-9]*; do
		read -r comm < $d/comm 2>/dev/null || continue
		[ "$comm" = "hybrid_io/$1" ] || continue
		sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' $d/status
		return
	done
	echo none
}
for c in 0 1 2 3 4 5 6 7; do
	[ "$(worker_cpus $c)" = $c ] || hgov_fail "hybrid_io/$c runs on $(worker_cpus $c) after hotplug"
done
hgov_ok "after 3 rounds of hotplug each hybrid_io/N still runs on cpuN alone"
hgov_wait_khz 0 500000 3000 || hgov_fail "policy0 at $(hgov_cur 0) after the I/O"

# cpu7 comes online only after the module loaded.
hgov_select schedutil
echo 0 > $SYS/cpu7/online || hgov_fail "cpu7 did not go offline"
rmmod cpufreq_hybrid && modprobe cpufreq_hybrid || hgov_fail "cannot reload cpufreq_hybrid"
[ "$(worker_cpus 7)" = none ] || hgov_fail "a worker for the offline cpu7: $(worker_cpus 7)"
echo 1 > $SYS/cpu7/online || hgov_fail "cpu7 did not come back"
[ "$(worker_cpus 7)" = 7 ] || hgov_fail "cpu7 came online after load: hybrid_io/7 on $(worker_cpus 7)"
hgov_select hybrid
pins=$(cat $HGOV_DEBUGFS/policy0/pins)
taskset -c 7 dd if=/dev/vda of=/dev/null bs=4k count=300 iflag=direct 2>/dev/null ||
	hgov_fail "dd on cpu7 failed"
[ "$(cat $HGOV_DEBUGFS/policy0/pins)" -gt "$pins" ] || hgov_fail "I/O from cpu7 did not pin policy0"
hgov_ok "cpu7 onlined after the module loaded: hybrid_io/7 runs on it, its I/O pins policy0"

hgov_select schedutil
rmmod cpufreq_hybrid || hgov_fail "rmmod failed"
dmesg | grep -E "WARNING|BUG|Oops|circular locking|hung task|stall" &&
	hgov_fail "the kernel complained"
hgov_ok "no warning in the kernel log"
