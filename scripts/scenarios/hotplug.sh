#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CPUs go offline and online under hybrid while storage I/O runs: the A57
# policy stays pinned, the A53 policy (all its CPUs offline, so its
# governor exits, then comes back) is governed by hybrid again, and the
# kernel logs no warning.
. /lib/hgov.sh

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
hgov_wait_khz 0 500000 3000 || hgov_fail "policy0 at $(hgov_cur 0) after the I/O"
hgov_select schedutil
rmmod cpufreq_hybrid || hgov_fail "rmmod failed"
dmesg | grep -E "WARNING|BUG|Oops|circular locking|hung task|stall" &&
	hgov_fail "the kernel complained"
hgov_ok "no warning in the kernel log"
