#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Lost completions: a null_blk disk that completes nothing for 5 s, counted
# through io_disks, pins policy0; with io_watchdog_ms=300 the watchdog
# releases the pin while the request is still out, says so once in the
# log, and counts it.
. /lib/hgov.sh
hgov_all_opps

P=/sys/module/cpufreq_hybrid/parameters
D=$HGOV_DEBUGFS
hgov_select hybrid
modprobe null_blk nr_devices=1 queue_mode=2 irqmode=2 completion_nsec=5000000000 ||
	hgov_fail "no null_blk"
echo 'nullb* !*' > $P/io_disks
echo 300 > $P/io_watchdog_ms
releases=$(cat $D/watchdog_releases)

hgov_trace_on hybrid/hybrid_pin
taskset -c 4 dd if=/dev/nullb0 of=/dev/null bs=4k count=1 iflag=direct 2>/dev/null &
dd_pid=$!
hgov_wait_khz 0 1500000 1000 || hgov_fail "a stuck request did not pin policy0 ($(hgov_cur 0))"
hgov_wait_khz 0 500000 2000 || hgov_fail "policy0 still at $(hgov_cur 0): no watchdog release"
kill -0 $dd_pid 2>/dev/null || hgov_fail "the request completed before the watchdog"
hgov_trace_off
hgov_trace_lines "hybrid_pin: policy=0 pin=0 reason=watchdog" | grep -q . ||
	hgov_fail "no watchdog release in the trace"
[ "$(cat $D/watchdog_releases)" = $((releases + 1)) ] ||
	hgov_fail "watchdog_releases $(cat $D/watchdog_releases), expected $((releases + 1))"
[ "$(dmesg | grep -c 'nullb0: .* requests without completion')" = 1 ] ||
	hgov_fail "expected one log line for the lost completions"
hgov_ok "lost completion: pinned, released by the watchdog, logged once, counted"

wait $dd_pid
issued=$(cat $D/requests_issued)
completed=$(cat $D/requests_completed)
[ "$issued" -ge "$completed" ] || hgov_fail "completed $completed > issued $issued"
hgov_ok "late completion after the write-off is not counted twice ($issued issued, $completed completed)"
