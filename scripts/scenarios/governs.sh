#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# hybrid governs both clusters: a CPU-bound loop on an A57 CPU brings
# policy0 to 1500 MHz within a second and back to 500 MHz when it stops,
# while the idle A53 cluster stays at 800 MHz; the same loop on an A53 CPU
# brings policy4 to 1200 MHz while the A57s rest at 500 MHz; the module
# cannot be removed while it governs. Times come from trace timestamps.
#
# The resting cluster rests: at its lowest frequency for at least 90 % of
# the other cluster's load, by the trace. Not all of it: the kernel's own
# housekeeping there is load to hybrid as to schedutil (a new kworker
# starts at half a CPU's capacity), and traces show rises of 15-70 ms
# with no task on the cluster at all (an interrupt on an idle vCPU lasts
# as long as the host gives the spinning vCPU before it, and idle-time
# accounting counts it busy). A policy that took the other cluster's load
# for its own would be up all the time.
. /lib/hgov.sh
hgov_all_opps

# On the debug kernel (HGOV_TIMING=0) only what does not depend on the
# shell's own load is asserted: policy0 follows the load up and down, and
# rmmod is refused while hybrid governs.
#
# The shell stays off the cluster expected to rest: on an A57 beside the
# loop while the A53s must stay at 800 MHz, on the A53s while policy0 must
# fall back (scripts/board/lib.sh: under single-threaded TCG its polling would
# otherwise look like load on the resting cluster, to schedutil as well).

for p in 0 4; do
	grep -qw hybrid "$CPUFREQ/policy$p/scaling_available_governors" ||
		hgov_fail "policy$p does not offer hybrid"
done
hgov_ok "both policies offer hybrid"

hgov_select hybrid
hgov_wait_khz 0 500000 3000 || hgov_fail "idle policy0 at $(hgov_cur 0), not 500000"
hgov_wait_khz 4 800000 3000 || hgov_fail "idle policy4 at $(hgov_cur 4), not 800000"
hgov_ok "idle: policy0 500000, policy4 800000"

# under_load CPU P TOP - start a loop on CPU and wait for policyP at TOP;
# then watch two seconds as a user would: policyP stays at TOP. Sets $pid
# to the loop's.
under_load() {
	hgov_spin "$1"
	pid=$spin_pid
	hgov_wait_khz "$2" "$3" 5000 ||
		{ kill "$pid"; hgov_fail "policy$2 at $(hgov_cur "$2") after 5 s of load on cpu$1"; }
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		read -r fp < "$CPUFREQ/policy$2/scaling_cur_freq"
		[ "$fp" = "$3" ] || { kill "$pid"; hgov_fail "policy$2 dropped to $fp under load"; }
		hgov_sleep 0.1
	done
}

# rest_ok Q REST FROM TO WHAT - policyQ rested at REST from trace mark
# FROM to TO (under the load WHAT): at REST when FROM was written, and for
# at least 90 % of the time to TO, by the trace's frequency changes.
rest_ok() {
	t_a=$(hgov_trace_lines "tracing_mark_write: $3\$" | cut -d' ' -f1)
	t_b=$(hgov_trace_lines "tracing_mark_write: $4\$" | cut -d' ' -f1)
	set -- "$@" $(hgov_trace_lines "cpu_frequency: state=[0-9]+ cpu_id=$1\$" |
		awk -v a="$t_a" -v b="$t_b" -v rest="$2" '
		function upto(t) {
			if (t > a) {
				if (cur != rest)
					away += t - (last > a ? last : a)
				last = t
			}
		}
		$1 < b {
			upto($1)
			cur = $0
			sub(/.*state=/, "", cur)
			sub(/ .*/, "", cur)
			if ($1 > a && cur != rest)
				rises++
		}
		BEGIN { cur = rest }
		END { upto(b); printf "%d %d\n", (b - a - away) * 1000 / (b - a), rises }')
	[ "$6" -ge 900 ] ||
		hgov_fail "policy$1 at $2 for only $(($6 / 10)).$(($6 % 10)) % of $5 ($7 rises)"
	if [ "$7" = 0 ]; then
		hgov_ok "policy$1 stayed at $2 throughout $5"
	else
		hgov_ok "policy$1 at $2 for $(($6 / 10)).$(($6 % 10)) % of $5 ($7 brief rises)"
	fi
}

hgov_shell_on 1-3
hgov_trace_on power/cpu_frequency
hgov_trace_mark load-start
under_load 0 0 1500000
hgov_trace_mark shell-to-a53
hgov_shell_on 4-7
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
	# While the load ran; after it the polling shell is on the A53s, a
	# load that util_est rightly sizes as it moves there.
	rest_ok 4 800000 load-start shell-to-a53 "the load on cpu0"
else
	hgov_ok "debug kernel: policy0 followed the load up and down (no timing or idle-cluster checks)"
fi

# The other way round: the loop on cpu5, the shell on the other A53s.
hgov_shell_on 6-7
hgov_wait_khz 0 500000 3000 || hgov_fail "policy0 at $(hgov_cur 0) before the A53 load"
hgov_trace_on power/cpu_frequency
hgov_trace_mark a53-load-start
under_load 5 4 1200000
hgov_trace_mark a53-load-stop
hgov_shell_on 0-3
kill "$pid"
hgov_wait_khz 4 800000 5000 || hgov_fail "policy4 at $(hgov_cur 4) 5 s after the A53 load"
hgov_trace_off
hgov_ok "load on cpu5: policy4 at 1200000, back to 800000 after"
[ $HGOV_TIMING = 0 ] || rest_ok 0 500000 a53-load-start a53-load-stop "the load on cpu5"

rmmod cpufreq_hybrid 2>/dev/null && hgov_fail "rmmod succeeded while hybrid governs"
hgov_ok "rmmod refused while hybrid governs"
hgov_select schedutil
rmmod cpufreq_hybrid || hgov_fail "rmmod failed after switching to schedutil"
hgov_ok "rmmod succeeded under schedutil"
