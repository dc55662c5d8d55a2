#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Board side of "make demo": both clusters' frequency under hybrid while a
# CPU-bound load moves between them.
. /lib/hgov.sh

bar() { n=$(($1 / 100000)); s=; while [ "$n" -gt 0 ]; do s="$s#"; n=$((n - 1)); done; echo "$s"; }

# phase NAME SECONDS - print both policies every 250 ms for SECONDS.
phase() {
	i=0
	while [ $i -lt $(($2 * 4)) ]; do
		f0=$(hgov_cur 0)
		f4=$(hgov_cur 4)
		printf '%7d  %-22s %8d %-17s %8d %s\n' "$(hgov_ms)" "$1" \
			"$f0" "$(bar "$f0")" "$f4" "$(bar "$f4")"
		sleep 0.25
		i=$((i + 1))
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
