#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# hybrid governs both clusters: a CPU-bound loop on an A57 CPU brings
# policy0 to 1500 MHz within a second and back to 500 MHz when it stops,
# while the idle A53 cluster stays at 800 MHz; the module cannot be
# removed while it governs. Times come from trace timestamps.
. /lib/hgov.sh

# On the debug kernel (HGOV_TIMING=0) only what does not depend on the
# shell's own load is asserted: policy0 follows the load up and down, and
# rmmod is refused while hybrid governs.

for p in 0 4; do
	grep -qw hybrid "$CPUFREQ/policy$p/scaling_available_governors" ||
		hgov_fail "policy$p does not offer hybrid"
done
hgov_ok "both policies offer hybrid"

hgov_select hybrid
hgov_wait_khz 0 500000 3000 || hgov_fail "idle policy0 at $(hgov_cur 0), not 500000"
hgov_wait_khz 4 800000 3000 || hgov_fail "idle policy4 at $(hgov_cur 4), not 800000"
hgov_ok "idle: policy0 500000, policy4 800000"

hgov_trace_on power/cpu_frequency
hgov_trace_mark load-start
hgov_spin 0
pid=$spin_pid
hgov_wait_khz 0 1500000 5000 ||
	{ kill "$pid"; hgov_fail "policy0 at $(hgov_cur 0) after 5 s of load"; }
# Two more seconds of load, watched as a user would: policy0 stays up,
# policy4 stays down.
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
	read -r f0 < "$CPUFREQ/policy0/scaling_cur_freq"
	read -r f4 < "$CPUFREQ/policy4/scaling_cur_freq"
	[ "$f0" = 1500000 ] || { kill "$pid"; hgov_fail "policy0 dropped to $f0 under load"; }
	[ "$f4" = 800000 ] || [ $HGOV_TIMING = 0 ] ||
		{ kill "$pid"; hgov_fail "policy4 left 800000 ($f4)"; }
	sleep 0.1
done
hgov_trace_mark load-stop
kill "$pid"
hgov_wait_khz 0 500000 5000 || hgov_fail "policy0 at $(hgov_cur 0) 5 s after the load"
hgov_trace_off

if [ $HGOV_TIMING = 1 ]; then
	up_us=$(hgov_trace_since load-start "cpu_frequency: state=1500000 cpu_id=0") ||
		hgov_fail "no switch of policy0 to 1500000 in the trace"
	down_us=$(hgov_trace_since load-stop "cpu_frequency: state=500000 cpu_id=0") ||
		hgov_fail "no switch of policy0 to 500000 in the trace"
	[ "$up_us" -le 1000000 ] || hgov_fail "policy0 took $up_us us to reach 1500000"
	hgov_ok "load on cpu0: policy0 at 1500000 after $((up_us / 1000)) ms"
	hgov_ok "load stopped: policy0 back to 500000 after $((down_us / 1000)) ms"
	[ "$(hgov_cur 4)" = 800000 ] || hgov_fail "policy4 left 800000 ($(hgov_cur 4))"
	hgov_ok "policy4 stayed at 800000 throughout"
else
	hgov_ok "debug kernel: policy0 followed the load up and down (no timing or idle-cluster checks)"
fi

rmmod cpufreq_hybrid 2>/dev/null && hgov_fail "rmmod succeeded while hybrid governs"
hgov_ok "rmmod refused while hybrid governs"
hgov_select schedutil
rmmod cpufreq_hybrid || hgov_fail "rmmod failed after switching to schedutil"
hgov_ok "rmmod succeeded under schedutil"
