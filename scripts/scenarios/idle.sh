#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# An idle board gets no wake-ups from hybrid: over ten quiet seconds
# (the shell asleep, no storage I/O) hybrid's threads (hybrid:N, the
# policies' workers; hybrid_io/N, the I/O workers) run only to change a
# frequency (once per transition at most, as schedutil's do), with the
# energy model's marks and without them, under frequency emulation as in
# make bench (a low OPP makes the kernel's own housekeeping last longer). schedutil's sugov:N threads are
# counted beside for comparison. A policy left above its floor when its
# CPUs went idle is corrected at the next scheduler callback, as under
# schedutil, not by a timer of ours: after a load on cpu0, too, hybrid
# wakes only to change policy0's frequency.
. /lib/hgov.sh

hgov_shell_on 4-7

# switches PATTERN - context switches so far of the kernel threads whose
# name matches the shell PATTERN, all together.
switches() {
	n=0
	for d in /proc/[0-9]*; do
		read -r comm < "$d/comm" 2>/dev/null || continue
		# shellcheck disable=SC2254
		case $comm in $1) ;; *) continue ;; esac
		while read -r k v; do
			case $k in *ctxt_switches:) n=$((n + v)) ;; esac
		done < "$d/status"
	done
	echo "$n"
}

# trans - frequency transitions so far, both policies together.
trans() {
	read -r t0 < "$CPUFREQ/policy0/stats/total_trans"
	read -r t4 < "$CPUFREQ/policy4/stats/total_trans"
	echo $((t0 + t4))
}

# quiet GOVERNOR PATTERN - select GOVERNOR, wait until the board is quiet,
# then set $woke to the switches of PATTERN's threads over 10 s of sleep
# and $moved to the frequency transitions meanwhile.
quiet() {
	hgov_select "$1"
	hgov_settle
	hgov_sleep 1
	m0=$(trans)
	w0=$(switches "$2")
	hgov_sleep 10
	w1=$(switches "$2")
	m1=$(trans)
	woke=$((w1 - w0))
	moved=$((m1 - m0))
	echo "$1: its threads switched $woke times in 10 idle seconds, $moved transitions (policy0 $(hgov_cur 0), policy4 $(hgov_cur 4))"
}

for marks in model none; do
	[ $marks = none ] && HGOV_TB_OPTS=em=0
	hgov_emulate
	echo 0 > "$CPUFREQ/boost"
	quiet schedutil 'sugov:*'
	quiet hybrid 'hybrid*'
	[ "$woke" -le "$moved" ] || [ $HGOV_TIMING = 0 ] ||
		hgov_fail "hybrid woke $woke times for $moved transitions on an idle board ($marks)"
done

# After a load on cpu0 the A57s go idle with policy0 at 1500 MHz: its way
# down costs no wake-up that does not change the frequency. boost=0 above
# must have brought policy0's limit back there: at 1700 MHz, the wait below
# could still catch 1500 MHz on the way up.
[ "$(cat "$CPUFREQ/policy0/scaling_max_freq")" = 1500000 ] ||
	hgov_fail "boost=0 left policy0's scaling_max_freq at $(cat "$CPUFREQ/policy0/scaling_max_freq")"
hgov_spin 0
hgov_wait_khz 0 1500000 5000 || { kill "$spin_pid"; hgov_fail "no load on cpu0"; }
m0=$(trans)
w0=$(switches 'hybrid*')
kill "$spin_pid"
hgov_sleep 3
w1=$(switches 'hybrid*')
m1=$(trans)
echo "after the load: hybrid's threads switched $((w1 - w0)) times, $((m1 - m0)) transitions; policy0 at $(hgov_cur 0)"
[ $((w1 - w0)) -le $((m1 - m0)) ] || [ $HGOV_TIMING = 0 ] ||
	hgov_fail "hybrid woke $((w1 - w0)) times for $((m1 - m0)) transitions after a load"
hgov_ok "no hybrid wake-ups on an idle board but for transitions, with and without the energy model's marks"
