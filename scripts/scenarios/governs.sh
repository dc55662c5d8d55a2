#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# hybrid governs both clusters: a CPU-bound loop on an A57 CPU brings
# policy0 to 1500 MHz within a second and back to 500 MHz when it stops,
# while the idle A53 cluster stays at 800 MHz; the module cannot be
# removed while it governs.
. /lib/hgov.sh

for p in 0 4; do
	grep -qw hybrid "$CPUFREQ/policy$p/scaling_available_governors" ||
		hgov_fail "policy$p does not offer hybrid"
done
hgov_ok "both policies offer hybrid"

hgov_select hybrid
ms=$(hgov_wait_khz 0 500000 3000) || hgov_fail "idle policy0 at $(hgov_cur 0), not 500000"
ms=$(hgov_wait_khz 4 800000 3000) || hgov_fail "idle policy4 at $(hgov_cur 4), not 800000"
hgov_ok "idle: policy0 500000, policy4 800000"

pid=$(hgov_spin 0)
ms=$(hgov_wait_khz 0 1500000 1000) ||
	{ kill "$pid"; hgov_fail "policy0 at $(hgov_cur 0) after 1 s of load"; }
hgov_ok "load on cpu0: policy0 at 1500000 after $ms ms"
# Watch policy4 for two more seconds of load.
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
	[ "$(hgov_cur 4)" = 800000 ] ||
		{ kill "$pid"; hgov_fail "policy4 left 800000 ($(hgov_cur 4))"; }
	[ "$(hgov_cur 0)" = 1500000 ] ||
		{ kill "$pid"; hgov_fail "policy0 dropped to $(hgov_cur 0) under load"; }
	sleep 0.1
done
kill "$pid"
ms=$(hgov_wait_khz 0 500000 2000) || hgov_fail "policy0 at $(hgov_cur 0) 2 s after the load"
hgov_ok "load stopped: policy0 back to 500000 after $ms ms"
[ "$(hgov_cur 4)" = 800000 ] || hgov_fail "policy4 left 800000 ($(hgov_cur 4))"
hgov_ok "policy4 stayed at 800000 throughout"

rmmod cpufreq_hybrid 2>/dev/null && hgov_fail "rmmod succeeded while hybrid governs"
hgov_ok "rmmod refused while hybrid governs"
hgov_select schedutil
rmmod cpufreq_hybrid || hgov_fail "rmmod failed after switching to schedutil"
hgov_ok "rmmod succeeded under schedutil"
