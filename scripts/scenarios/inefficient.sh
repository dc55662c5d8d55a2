#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Inefficient OPPs: with the H3 energy model (the board's default) a 5.16+
# kernel marks A57 500/1000 MHz and A53 800/1000 MHz inefficient, and
# hybrid skips them as schedutil does: idle and under load policy0 runs
# only at 1500 MHz and policy4 at 1200 MHz. A cap below every efficient
# OPP still wins. Without the marks (the test bed without
# its model, or any 5.10 kernel) hybrid uses every OPP: it rests at
# 500/800 MHz and a rising load takes policy0 through 1000 MHz.
. /lib/hgov.sh

hgov_shell_on 4-7

# used POLICY - the distinct frequencies hybrid decided for POLICY, or
# POLICY was set to, in the trace (none if it never left where it was).
used() {
	{
		hgov_trace_lines "cpu_frequency: state=[0-9]+ cpu_id=$1\$" |
			sed 's/.*state=\([0-9]*\) .*/\1/'
		hgov_trace_lines "hybrid_freq: policy=$1 " | sed 's/.* khz=\([0-9]*\) .*/\1/'
	} | sort -un | tr '\n' ' '
}

# run_loads - with hybrid selected: idle, a CPU-bound loop on cpu0 (its
# utilization ramps up through every OPP hybrid may use), idle again; sets
# $used0 and $used4.
run_loads() {
	hgov_trace_on power/cpu_frequency hybrid/hybrid_freq
	hgov_sleep 1
	hgov_spin 0
	hgov_sleep 2
	during0=$(hgov_cur 0)
	kill "$spin_pid"
	hgov_sleep 1
	hgov_trace_off
	used0=$(used 0)
	used4=$(used 4)
	echo "hybrid set policy0 to: ${used0:-nothing new}; policy4 to: ${used4:-nothing new}; policy0 under load: $during0"
}

if [ "$HGOV_KVER_NUM" -ge 516 ]; then
	hgov_select hybrid
	hgov_wait_khz 0 1500000 3000 || hgov_fail "idle policy0 at $(hgov_cur 0), not 1500000"
	hgov_wait_khz 4 1200000 3000 || hgov_fail "idle policy4 at $(hgov_cur 4), not 1200000"
	run_loads
	case $used0 in "" | "1500000 ") ;; *) hgov_fail "policy0 left 1500000 with the energy model: $used0" ;; esac
	[ "$during0" = 1500000 ] || hgov_fail "policy0 at $during0 under load with the energy model"
	case $used4 in "" | "1200000 ") ;; *) hgov_fail "policy4 left 1200000 with the energy model: $used4" ;; esac
	hgov_ok "energy model: hybrid skips the inefficient OPPs"

	hgov_spin 0
	echo 1000000 > "$CPUFREQ/policy0/scaling_max_freq"
	hgov_wait_khz 0 1000000 500 || { kill "$spin_pid"; hgov_fail "policy0 at $(hgov_cur 0) under load and a 1000000 cap"; }
	echo 600000 > "$CPUFREQ/policy0/scaling_max_freq"
	hgov_wait_khz 0 500000 500 || { kill "$spin_pid"; hgov_fail "policy0 at $(hgov_cur 0) under load and a 600000 cap"; }
	cat "$CPUFREQ/policy0/cpuinfo_max_freq" > "$CPUFREQ/policy0/scaling_max_freq"
	hgov_wait_khz 0 1500000 500 || { kill "$spin_pid"; hgov_fail "policy0 at $(hgov_cur 0) after the cap"; }
	kill "$spin_pid"
	hgov_ok "a cap below every efficient OPP wins"
	hgov_all_opps
else
	echo "$(uname -r): no inefficient marks before 5.16"
fi

hgov_select hybrid
hgov_wait_khz 0 500000 3000 || hgov_fail "idle policy0 at $(hgov_cur 0) without marks, not 500000"
hgov_wait_khz 4 800000 3000 || hgov_fail "idle policy4 at $(hgov_cur 4) without marks, not 800000"
run_loads
case $used0 in *1000000*) ;; *) hgov_fail "policy0 never at 1000000 without marks: $used0" ;; esac
[ "$during0" = 1500000 ] || hgov_fail "policy0 at $during0 under load without marks"
hgov_ok "without marks: hybrid rests at 500000/800000 and uses 1000000"
