#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Board side of "make demo": both clusters' frequency under hybrid while a
# CPU-bound load moves between them.
. /lib/hgov.sh

# bar KHZ - set $bar to one '#' per 100 MHz.
bar() {
	n=$(($1 / 100000))
	bar=
	while [ "$n" -gt 0 ]; do
		bar="$bar#"
		n=$((n - 1))
	done
}

# phase NAME SECONDS - print both policies about every 250 ms for SECONDS
# of board time.
phase() {
	hgov_now
	end=$((now + $2 * 1000))
	while [ "$now" -lt "$end" ]; do
		read -r f0 < "$CPUFREQ/policy0/scaling_cur_freq"
		read -r f4 < "$CPUFREQ/policy4/scaling_cur_freq"
		bar "$f0"
		b0=$bar
		bar "$f4"
		printf '%7d  %-22s %8d %-17s %8d %s\n' "$now" "$1" "$f0" "$b0" "$f4" "$bar"
		sleep 0.25
		hgov_now
	done
}

hgov_select hybrid
echo "hybrid governs policy0 (cpu0-3, A57: 500/1000/1500 MHz) and policy4 (cpu4-7, A53: 800/1000/1200 MHz)"
printf '%7s  %-22s %8s %-17s %8s %s\n' t/ms phase "A57 kHz" "" "A53 kHz" ""
phase "idle" 2
hgov_spin 0
big=$spin_pid
phase "busy loop on cpu0" 3
hgov_spin 5
little=$spin_pid
phase "+ busy loop on cpu5" 3
kill "$big"
phase "cpu5 only" 3
kill "$little"
phase "idle again" 2
hgov_select schedutil
