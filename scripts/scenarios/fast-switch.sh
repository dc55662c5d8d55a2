#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# With a driver that offers fast switching, hybrid switches from the
# scheduler callback and still follows load on both clusters.
. /lib/hgov.sh

hgov_all_opps fast_switch=1
hgov_select hybrid
hgov_wait_khz 4 800000 3000 || hgov_fail "idle policy4 at $(hgov_cur 4)"

hgov_trace_on power/cpu_frequency
hgov_trace_mark load-start
hgov_spin 4
pid=$spin_pid
hgov_wait_khz 4 1200000 5000 ||
	{ kill "$pid"; hgov_fail "policy4 at $(hgov_cur 4) after 5 s of load"; }
hgov_trace_mark load-stop
kill "$pid"
hgov_wait_khz 4 800000 5000 || hgov_fail "policy4 at $(hgov_cur 4) after the load"
hgov_trace_off
up_us=$(hgov_trace_since load-start "cpu_frequency: state=1200000 cpu_id=4") ||
	hgov_fail "no switch to 1200000 in the trace"
[ "$up_us" -le 1000000 ] || hgov_fail "policy4 took $up_us us to reach 1200000"
hgov_ok "load on cpu4: policy4 at 1200000 after $((up_us / 1000)) ms (fast switch)"
hgov_trace_lines "cpu_frequency: state=1200000 cpu_id=4" | grep -q "hybrid:" &&
	hgov_fail "fast switching went through the worker thread"
hgov_ok "frequency switched from the scheduler callback"
ps | grep -q '\[hybrid:' || hgov_fail "no hybrid worker thread"
