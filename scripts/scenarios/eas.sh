#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Energy Aware Scheduling as on a real R-Car H3: the test-bed driver
# registers the r8a77951 energy model (one perf domain per cluster), so
# under schedutil the kernel runs EAS; selecting hybrid switches it off
# (the kernel allows EAS only under schedutil) and selecting schedutil
# again switches it back on.
#
# How the kernel reports it: since 6.8 /proc/sys/kernel/sched_energy_aware
# reads "1" where EAS is possible and nothing where it is not; 5.10 and 6.1
# log "Disabling EAS, schedutil is mandatory" when a root domain that had
# perf domains loses schedutil.
. /lib/hgov.sh

EM=/sys/kernel/debug/energy_model
SYSCTL=/proc/sys/kernel/sched_energy_aware

# hgov_em_power PD KHZ - power the energy model gives PD at KHZ: in uW
# since 5.19, in mW before.
hgov_em_power() { cat "$EM/$1/ps:$2/power" 2>/dev/null; }
if [ "$HGOV_KVER_NUM" -ge 519 ]; then unit=uW; div=1; else unit=mW; div=1000; fi

# The H3 numbers: P = C * V^2 * f, C 854 (A57) and 277 (A53), 830 mV on
# the A57s up to 1.5 GHz, 900/960 mV at the turbo OPPs, 820 mV on the A53s.
for want in "cpu0 500000 294160" "cpu0 1500000 882480" "cpu0 1700000 1337978" \
	    "cpu4 800000 149003" "cpu4 1200000 223505"; do
	set -- $want
	got=$(hgov_em_power "$1" "$2")
	[ "$got" = "$(($3 / div))" ] ||
		hgov_fail "energy model of $1 at $2 kHz: '$got' $unit, not $(($3 / div))"
done
[ "$(cat "$EM/cpu0/cpus")" = "0-3" ] && [ "$(cat "$EM/cpu4/cpus")" = "4-7" ] ||
	hgov_fail "perf domains span $(cat "$EM/cpu0/cpus") and $(cat "$EM/cpu4/cpus"), not 0-3 and 4-7"
hgov_ok "energy model: perf domains cpu0-3 and cpu4-7 with the r8a77951 numbers"

# eas_state - "on" or "off" as the kernel reports it, "unknown" if it
# does not (6.1: only the log says when EAS goes off).
eas_state() {
	if [ ! -r "$SYSCTL" ]; then
		echo unknown
	elif [ "$HGOV_KVER_NUM" -lt 608 ]; then
		echo unknown
	elif [ "$(cat "$SYSCTL")" = 1 ]; then
		echo on
	else
		echo off
	fi
}

disabling() { dmesg | grep -c "Disabling EAS, schedutil is mandatory"; }

for round in 1 2; do
	hgov_select schedutil
	state=$(eas_state)
	[ "$state" = on ] || [ "$state" = unknown ] || hgov_fail "round $round: EAS $state under schedutil"
	before=$(disabling)
	hgov_select hybrid
	state=$(eas_state)
	if [ "$state" = unknown ]; then
		[ "$(disabling)" -gt "$before" ] ||
			hgov_fail "round $round: no 'Disabling EAS' when hybrid replaced schedutil"
		state=off
	fi
	[ "$state" = off ] || hgov_fail "round $round: EAS $state under hybrid"
	echo "round $round: EAS on under schedutil, off under hybrid"
done
hgov_select schedutil
[ "$(eas_state)" != off ] || hgov_fail "EAS stayed off back under schedutil"
hgov_ok "EAS on under schedutil, off under hybrid, on again under schedutil"

# A reload of the driver keeps the energy model (a CPU's cannot be
# unregistered) and with it EAS.
rmmod hgov_testbed && modprobe hgov_testbed || hgov_fail "cannot reload hgov_testbed"
hgov_select schedutil
before=$(disabling)
state=$(eas_state)
[ "$state" != off ] || hgov_fail "EAS off under schedutil after a driver reload"
hgov_select hybrid
[ "$(eas_state)" = off ] || [ "$(disabling)" -gt "$before" ] ||
	hgov_fail "EAS not switched off by hybrid after a driver reload"
hgov_ok "after a driver reload: EAS on under schedutil, off under hybrid"
