#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The H3's idle states on the board (scripts/testbed/README.md, "Idle
# states"), in its DT unless HGOV_BOARD_IDLE_STATES=0 (then only that
# every idle CPU is in WFI). The DT's CPU_SLEEP_0 (A57:
# entry 400, exit 500, minimum residency 4000 us) and CPU_SLEEP_1 (A53:
# 700/700/5000 us) as the test bed reads them; and, on a board kernel with
# cpuidle (CPU_IDLE, ARM_PSCI_CPUIDLE), that the kernel has them and that
# leaving one costs its latency in guest time: cyclictest --laptop (no PM
# QoS request) with a 20 ms period on an idle A57 (cpu1) and A53 (cpu5)
# wakes with p50 between the exit latency charged (the test bed's
# idle_exit_pct of the DT's: 13 % by default, 65 and 91 us) and 200 us
# more, and with
# cyclictest's default request (0 us on /dev/cpu_dma_latency, which R-Car
# audio and RT setups use) the CPU stays in WFI: p99 <= 100 us. And the
# eMMC model's device time overlaps cpu0's wake-up for the completion:
# QD1 reads with cpu0 asleep before each take as long as with cpu0 in WFI,
# within half of its exit. On a
# kernel without cpuidle only the DT's values are checked: every idle CPU
# is in WFI there. Latencies are guest time; on the debug and rt boards
# (HGOV_TIMING=0) they are printed, not asserted.
. /lib/hgov.sh

IDLE=/sys/kernel/debug/hgov_testbed/idle
LOOPS=100

# cyc CPU ARG HOME - cyclictest on idle CPU every 20 ms, its main thread
# (which wakes every 10 ms) on HOME; print "P50 P99 MAX" in us (P99
# "over" past the 3 ms histogram).
cyc() {
	# shellcheck disable=SC2086
	cyclictest -q -m -p 95 -i 20000 -l "$LOOPS" -t 1 -a "$1" --mainaffinity="$3" -h 3000 $2 2>/dev/null | hgov_cyc_pcts
}

# exits CPU - how many times CPU has left its sleep state (test bed).
exits() {
	sed -n "s/^cpu$1 state1:.*,exits=\([0-9]*\),.*/\1/p" "$IDLE"
}

[ -r "$IDLE" ] || hgov_fail "no $IDLE"
if ! grep -q ' state1:' "$IDLE"; then
	[ ! -d /sys/devices/system/cpu/cpu0/cpuidle/state1 ] ||
		hgov_fail "cpuidle has a state1 the DT does not have"
	hgov_ok "no idle states in this board's DT (HGOV_BOARD_IDLE_STATES=0): every idle CPU is in WFI"
	exit 0
fi
for c in 0 1 2 3 4 5 6 7; do
	want="entry_us=400,exit_us=500,"
	[ $c -lt 4 ] || want="entry_us=700,exit_us=700,"
	grep -q "^cpu$c state1:$want" "$IDLE" ||
		hgov_fail "cpu$c: the test bed reads no sleep state with $want from the DT: $(grep "^cpu$c " "$IDLE")"
done
hgov_ok "the DT has the H3's sleep states: A57 entry 400 exit 500 us, A53 700/700 us"

if [ ! -d /sys/devices/system/cpu/cpu0/cpuidle/state1 ]; then
	[ "$(exits 1)" = 0 ] || hgov_fail "a CPU left a sleep state on a kernel without cpuidle"
	hgov_ok "no cpuidle in this kernel: every idle CPU is in WFI"
	exit 0
fi
# cpuidle's latency is the worst case, entry + exit (dt_idle_states.c).
for cr in "0 900 4000" "4 1400 5000"; do
	set -- $cr
	s=/sys/devices/system/cpu/cpu$1/cpuidle/state1
	[ "$(cat $s/latency) $(cat $s/residency)" = "$2 $3" ] ||
		hgov_fail "cpu$1 state1: latency/residency $(cat $s/latency)/$(cat $s/residency) us, not $2/$3"
done
hgov_ok "cpuidle has them: latency (entry + exit) 900 and 1400 us, residency 4000 and 5000 us"

hgov_select performance
fail=0
pct=$(cat /sys/module/hgov_testbed/parameters/idle_exit_pct)
echo "cluster  QoS         p50  p99  max (us)  exits (an exit charged ${pct} % of the DT's)"
for ce in "1 500 A57 5" "5 700 A53 1"; do
	set -- $ce
	cpu=$1 exit_us=$(($2 * pct / 100)) name=$3 home=$4
	hgov_shell_on "$home"
	hgov_sleep 0.2
	for qos in none 0us; do
		arg=
		[ $qos = 0us ] || arg=--laptop
		before=$(exits "$cpu")
		set -- $(cyc "$cpu" "$arg" "$home")
		n=$(($(exits "$cpu") - before))
		printf '%-8s %-11s %-4s %-4s %-4s      %s\n' "$name" "$qos" "$1" "$2" "$3" "$n"
		[ "$HGOV_TIMING" = 1 ] || continue
		case "$1 $2" in
		*none* | *over* | *[!0-9\ ]*) fail=1; continue ;;
		esac
		if [ $qos = none ]; then
			[ "$1" -ge "$exit_us" ] && [ "$1" -le $((exit_us + 200)) ] &&
				[ "$n" -ge $((LOOPS / 2)) ] || fail=1
		else
			[ "$2" -le 100 ] || fail=1
		fi
	done
done
[ $fail = 0 ] || hgov_fail "an idle CPU's wake-up latency does not follow its sleep state (table above)"
hgov_ok "an idle CPU wakes in its state's exit latency charged ($pct % of A57 500, A53 700 us) of guest time, and in under 100 us when PM QoS asks for 0"

# The eMMC model's device time runs from the issue, as on the H3, where
# the issuing CPU starts the command: cpu0's wake-up for the completion
# overlaps it (scripts/testbed/README.md, "Idle states"). 4 KiB reads at
# queue depth 1 from cpu5, held in WFI (its resume latency "n/a"), 20 ms
# apart so that cpu0 sleeps in its state before each, with 2 ms of device
# time per command (more than an exit costs at 100 %): their median
# latency is the one with cpu0 held in WFI too, within half of cpu0's
# exit. Were the device to wait for cpu0's wake-up, each read would take
# that exit longer.
# resume CPU VALUE - CPU's PM QoS resume latency (n/a: WFI only; 0: none).
resume() {
	echo "$2" > "/sys/devices/system/cpu/cpu$1/power/pm_qos_resume_latency_us" ||
		hgov_fail "cannot set cpu$1's resume latency to $2"
}
# qd1 - the reads' median latency, in whole us.
qd1() {
	r=$(taskset -c 5 hgov-load randread /dev/mmcblk0 3 20000) || hgov_fail "the reads failed"
	r=${r##*lat_us_p50=}
	echo "${r%%.*}"
}
hgov_shell_on 4
modprobe hgov_mmc lat_us=2000 size_mb=16 || hgov_fail "cannot load the eMMC model"
resume 5 n/a
before=$(exits 0)
deep=$(qd1)
n=$(($(exits 0) - before))
resume 0 n/a
held=$(qd1)
resume 0 0
resume 5 0
hgov_select schedutil
exit0=$((500 * pct / 100))
echo "QD1 reads, 2 ms of device time, median: ${deep} us with cpu0 free to sleep (it left its state $n times), ${held} us with cpu0 in WFI (its exit: ${exit0} us)"
if [ "$HGOV_TIMING" = 1 ] && [ "$exit0" -ge 20 ]; then
	[ "$n" -ge 50 ] || hgov_fail "cpu0 left its sleep state only $n times between the reads"
	[ "$deep" -le $((held + exit0 / 2)) ] ||
		hgov_fail "a read took ${deep} us with cpu0 asleep before it, ${held} us with cpu0 in WFI: the device waited for cpu0's wake-up"
fi
hgov_ok "cpu0's wake-up for a completion overlaps the eMMC model's device time"
