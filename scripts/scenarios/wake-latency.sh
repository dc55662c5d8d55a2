#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Wake-up latency on a busy emulated CPU (issue 24): cyclictest (Debian's
# rt-tests; SCHED_FIFO 95, 1 ms period, 1000 loops) pinned to a CPU that a
# shell busy loop keeps busy, at the lowest and highest non-boost OPP of
# each cluster (A57 500/1500 MHz on cpu1, A53 800/1200 MHz on cpu5). With
# emu_mode=debt an interrupt is taken at once, and the woken task runs as
# soon as it is taken: p99 <= 100 us at every OPP. So with emu_mode=task,
# whose waits (a user task's, paid on its return to user space) take
# interrupts and yield to a woken task too. The masked mode (the driver's
# default only without IRQ_TIME_ACCOUNTING, on the debug and rt boards; an
# interrupt waits for the end of a wait of up to (1 - speed) * 500 us) is
# measured first and only shown, so that the three are side by side; each
# mode is named, so the default of the board's kernel (task on the normal
# boards) does not matter here. Latencies are guest time. On the
# debug and rt boards (HGOV_TIMING=0) nothing is asserted.
. /lib/hgov.sh

LOOPS=1000

# cyc CPU - run cyclictest on CPU; print "P50 P99 MAX" in us (P99 "over"
# past the 2 ms histogram).
cyc() {
	cyclictest -q -m -p 95 -i 1000 -l "$LOOPS" -t 1 -a "$1" -h 2000 2>/dev/null | hgov_cyc_pcts
}

command -v cyclictest > /dev/null || hgov_fail "no cyclictest on the board"
# A bad emu_mode, or debt with spinning waits, is refused and loads nothing.
for bad in "emu_mode=fast" "emu_mode=" "emu_mode=debt halt=0"; do
	rmmod hgov_testbed 2>/dev/null
	# shellcheck disable=SC2086
	modprobe hgov_testbed emulate=1 $bad 2>/dev/null && hgov_fail "hgov_testbed took $bad"
	[ -e "$CPUFREQ/policy0" ] && hgov_fail "a policy is left after $bad"
done
hgov_ok "bad emu_mode values are refused"
fail=0
echo "mode    cluster  kHz      p50  p99  max (us)"
for mode in masked debt task; do
	hgov_emulate "$mode"
	hgov_setspeed_top
	hgov_settle
	for pc in "0 1 5 A57" "4 5 1 A53"; do
		set -- $pc
		p=$1 cpu=$2 home=$3 name=$4
		hgov_shell_on "$home"
		set -- $(cat "$CPUFREQ/policy$p/scaling_available_frequencies")
		lo=$1
		eval "hi=\${$#}"
		hgov_spin "$cpu"
		for f in $lo $hi; do
			hgov_setspeed "$p" "$f"
			hgov_sleep 0.2
			set -- $(cyc "$cpu")
			printf '%-7s %-8s %-8s %-4s %-4s %s\n' "$mode" "$name" "$f" "$1" "$2" "$3"
			[ "$mode" != masked ] && [ "$HGOV_TIMING" = 1 ] || continue
			case $2 in
			'' | none | over | *[!0-9]*) fail=1 ;;
			*) [ "$2" -le 100 ] || fail=1 ;;
			esac
		done
		kill "$spin_pid"
		wait "$spin_pid" 2>/dev/null
	done
done
hgov_select schedutil
[ $fail = 0 ] || hgov_fail "a busy emulated CPU's wake-up latency p99 is over 100 us with emu_mode=debt or task"
hgov_ok "emu_mode=debt and task: wake-up latency p99 <= 100 us on a busy CPU at the lowest and highest OPP of each cluster"
