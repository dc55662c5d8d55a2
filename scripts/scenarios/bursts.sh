#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Bursts: a task that wakes every 200 ms for ~30 ms of work (at 1.7 GHz)
# gets a frequency for its size from the first tick of each burst, as
# under schedutil, whose util_est remembers the size of a task across its
# sleeps. hybrid reads the same memory (the running task's util_avg and
# util_est) in its scheduler hook; without it, its idle-time estimate has
# decayed over the 170 ms of sleep, drops policy0 to its floor at the
# burst's first tick and ramps up from there, a third of the burst or more
# below 1 GHz.
#
# The task runs on cpu1 (policy0, no migrations), every OPP in use (no
# energy-model marks: with them any utilization resolves to 1.5 GHz). From
# the trace, per burst (cpu1 running hgov-load, from its wake-up to its
# sleep): the share of its time policy0 spent below 1 GHz. From the third
# burst on, the memory is established: hybrid must keep that share under
# 15 % over all bursts, and at most half of what it is with util_est=0.
# Before 5.16, where hybrid also reads the estimates of the tasks queued
# on a CPU (the root cfs_rq's util_est.enqueued), the waking task is sized
# at its wake-up, as under schedutil: hybrid's share must stay within 3
# points of schedutil's. From 5.16 on it is first sized at its first tick
# (the hook reads the task that runs, and a waking task runs after it).
. /lib/hgov.sh

hgov_all_opps emulate=1
echo 1 > "$CPUFREQ/boost" || hgov_fail "cannot enable boost"
hgov_shell_on 4-7

# below GOVERNOR - run the bursts under GOVERNOR; set $worst (bursts over
# 10 %), $share (percent of all burst time below 1 GHz, bursts 3 on) and
# $nb (bursts seen).
below() {
	hgov_select "$1"
	hgov_settle > /dev/null
	f0=$(hgov_cur 0)
	hgov_trace_on power/cpu_frequency sched/sched_switch
	r=$(taskset -c 1 hgov-load bursts 10000000 200 4)
	hgov_trace_off
	set -- $(grep -E "cpu_frequency: state=[0-9]+ cpu_id=0\$|sched_switch: .*hgov-load" "$TRACE/trace" |
		awk -v f="$f0" '
		{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) break
		  t = substr($i, 1, length($i) - 1) * 1e6; e = $(i + 1) }
		e == "cpu_frequency:" {
			if (on && f < 1000000) lo += t - t_f
			t_f = t; split($(i + 2), s, "="); f = s[2]; next }
		e != "sched_switch:" { next }
		/next_comm=hgov-load / && !on {
			on = 1; t_f = t; lo = 0; if (!run) { t0 = t; nb++ }; next }
		/prev_comm=hgov-load / && on {
			if (f < 1000000) lo += t - t_f
			on = 0; run = ($0 ~ /prev_state=R/)
			blo += lo; lo = 0
			if (!run) {
				if (nb >= 3) {
					d = t - t0; tot += d; totlo += blo
					if (blo * 10 > d) worst++
				}
				blo = 0
			} }
		END { printf "%d %d %d\n", worst, tot ? 100 * totlo / tot : 100, nb }')
	worst=$1 share=$2 nb=$3
	echo "$g: $nb bursts, $(hgov_kv burst_ms_p50 "$r") ms each (p50); from the third on, $share % of their time below 1 GHz, $worst over 10 %"
}

P=/sys/module/cpufreq_hybrid/parameters
g=schedutil
below schedutil
sched=$share
g="hybrid util_est=0"
echo 0 > $P/util_est || hgov_fail "cannot turn util_est off"
below hybrid
off=$share
g=hybrid
echo 1 > $P/util_est || hgov_fail "cannot turn util_est on"
below hybrid
hgov_select schedutil
echo 2 > $P/util_est 2>/dev/null && hgov_fail "util_est took 2"
[ "$(cat $P/util_est)" = 1 ] || hgov_fail "a refused util_est changed it"
[ "$nb" -ge 10 ] || hgov_fail "only $nb bursts in the trace"
[ "$share" -lt 15 ] ||
	hgov_fail "hybrid ramps each burst up from the bottom: $share % of burst time below 1 GHz"
[ "$off" -ge $((2 * share)) ] ||
	hgov_fail "util_est=0 ramps no slower ($off %) than util_est=1 ($share %)"
[ "$HGOV_KVER_NUM" -ge 516 ] || [ "$share" -le $((sched + 3)) ] ||
	hgov_fail "a waking burst task is not sized at its wake-up: $share % of burst time below 1 GHz (schedutil: $sched %)"
hgov_ok "a burst task's size is remembered: $share % of burst time below 1 GHz ($off % without util_est, $sched % under schedutil)"
