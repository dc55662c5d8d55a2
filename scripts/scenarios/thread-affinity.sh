#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Each policy's thread (hybrid:N) stays on the policy's CPUs: a driver
# that switches fast programs the CPU it is called on, and the thread
# calls it when the limits change or the pin engages. As schedutil's
# sugov:N up to 6.12, taskset cannot move it (PF_NO_SETAFFINITY); 7.3's
# schedutil leaves its thread free when the driver can switch from any
# CPU, as the test bed can, and binds it otherwise, which is the case
# hybrid's binding is for. With a fast-switching test bed, after a refused
# move, a change of limits still reaches the driver at once.
. /lib/hgov.sh
hgov_all_opps

# thread_pid COMM - the pid of the task named COMM.
thread_pid() {
	for d in /proc/[0-9]*; do
		read -r c < "$d/comm" 2>/dev/null || continue
		[ "$c" = "$1" ] && { echo "${d#/proc/}"; return 0; }
	done
	return 1
}

# allowed PID - the CPU list PID may run on.
allowed() { awk '/^Cpus_allowed_list:/ { print $2 }' "/proc/$1/status"; }

# check_fixed COMM CPUS OTHER - COMM runs on CPUS, and taskset cannot move
# it to OTHER.
check_fixed() {
	pid=$(thread_pid "$1") || hgov_fail "no $1 thread"
	[ "$(allowed "$pid")" = "$2" ] || hgov_fail "$1 may run on $(allowed "$pid"), not $2"
	taskset -p -c "$3" "$pid" > /dev/null 2>&1 && hgov_fail "taskset moved $1 to cpu$3"
	[ "$(allowed "$pid")" = "$2" ] || hgov_fail "$1 moved to $(allowed "$pid")"
	hgov_ok "$1 on cpus $2, taskset to cpu$3 refused"
}

hgov_select schedutil
if [ "$HGOV_KVER_NUM" -le 612 ]; then
	check_fixed sugov:0 0-3 4
fi
hgov_select hybrid
check_fixed hybrid:0 0-3 4
check_fixed hybrid:4 4-7 0

# schedutil has no thread for a fast-switching driver; hybrid has.
hgov_all_opps fast_switch=1
hgov_select hybrid
check_fixed hybrid:0 0-3 4
check_fixed hybrid:4 4-7 0

# A limit lowered while policy4 is at its top is applied by the thread, at
# once, through the fast-switching driver.
max=$(cat "$CPUFREQ/policy4/scaling_max_freq")
min=$(cat "$CPUFREQ/policy4/scaling_min_freq")
echo "$max" > "$CPUFREQ/policy4/scaling_min_freq"
hgov_wait_khz 4 "$max" 2000 || hgov_fail "policy4 at $(hgov_cur 4), not raised to $max"
echo "$min" > "$CPUFREQ/policy4/scaling_min_freq"
echo "$min" > "$CPUFREQ/policy4/scaling_max_freq"
hgov_wait_khz 4 "$min" 2000 || hgov_fail "policy4 at $(hgov_cur 4) under a $min cap"
echo "$max" > "$CPUFREQ/policy4/scaling_max_freq"
hgov_ok "limits applied through the fast-switching driver"
hgov_select schedutil
