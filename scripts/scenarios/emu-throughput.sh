#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Frequency emulation (hgov_testbed emulate=1): a CPU-bound loop's
# throughput follows f / f_max within 5 % at every OPP of both clusters
# (A57 turbo OPPs included), and an A53 at its top against an A57 at its
# top is 535/1024 * 1200/1700 (capacity-dmips-mhz times frequency), within
# 5 %. Times are the board's clock, hgov-load's CLOCK_MONOTONIC; each is
# the fastest of five runs (anything else only adds time). The runs are
# interleaved, one per OPP per round: work on other CPUs shares
# single-threaded TCG's guest time with the loop (a governor switch
# rebuilds the scheduling domains on all CPUs), and a burst of it then
# slows one run of several OPPs rather than every run of one. The loop's
# own CPU time equals its wall time here: what slows a run is other vCPUs'
# work, not other tasks. Each run starts on a quiet board (hgov_settle):
# the exit of the previous run and the shell's forks leave RCU and
# workqueue work on other CPUs, and on 7.3, which has more of it than
# 6.12, a boost OPP sometimes had no clean run in five (-4.7 and -6.6 % at
# 1.6 GHz where clean runs read -0.1 %). Idle guest time costs the host
# nothing under -icount, so the waits are cheap.
. /lib/hgov.sh

ROUNDS=5

hgov_emulate
ITERS=20000000
fail=0
a57_top_ns=0
for pc in "0 1 5" "4 5 1"; do
	set -- $pc
	p=$1 cpu=$2 home=$3
	# The shell waits on the other cluster; the measured CPU runs the loop alone.
	hgov_shell_on "$home"
	opps=$(hgov_opps "$p")
	top=${opps% }
	top=${top##* }
	for f in $opps; do
		eval "best_$f="
	done
	round=1
	while [ $round -le $ROUNDS ]; do
		for f in $opps; do
			hgov_setspeed "$p" "$f"
			hgov_settle
			t=$(hgov_kv ns "$(taskset -c "$cpu" hgov-load spin $ITERS)")
			eval "b=\$best_$f"
			[ -n "$b" ] && [ "$b" -le "$t" ] || eval "best_$f=$t"
		done
		round=$((round + 1))
	done
	eval "ref=\$best_$top"
	echo "policy$p cpu$cpu: $ITERS iterations at $top kHz in $((ref / 1000)) us"
	for f in $opps; do
		[ "$f" = "$top" ] && continue
		eval "ns=\$best_$f"
		# throughput against the top OPP, and what f / f_max says, per mille
		got=$((ref * 1000 / ns))
		want=$((f * 1000 / top))
		dev=$(( (got - want) * 1000 / want ))
		echo "policy$p $f kHz: $((ns / 1000)) us, throughput $got/1000 of $top kHz (f/f_max $want/1000, off $dev/1000)"
		[ ${dev#-} -le 50 ] || fail=1
	done
	if [ "$p" = 0 ]; then
		a57_top_ns=$ref
	else
		got=$((a57_top_ns * 1000 / ref))
		want=$((535 * 1200 * 1000 / (1024 * 1700)))
		dev=$(( (got - want) * 1000 / want ))
		echo "A53 at $top kHz: $got/1000 of an A57 at its top (want $want/1000, off $dev/1000)"
		[ ${dev#-} -le 50 ] || fail=1
	fi
	echo schedutil > "$CPUFREQ/policy$p/scaling_governor"
done
[ $fail = 0 ] || hgov_fail "throughput does not follow the emulated speed within 5 %"
hgov_ok "a CPU-bound loop's throughput follows f / f_max within 5 % at every OPP of both clusters"
