#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Selecting hybrid loads cpufreq_hybrid.ko on demand (request_module of
# "cpufreq_hybrid" after depmod), as on a board with the module installed.
. /lib/hgov.sh

rmmod cpufreq_hybrid || hgov_fail "cannot unload cpufreq_hybrid"
grep -qw hybrid "$CPUFREQ/policy0/scaling_available_governors" &&
	hgov_fail "hybrid still offered after rmmod"
echo hybrid > "$CPUFREQ/policy0/scaling_governor" || hgov_fail "selecting hybrid did not autoload it"
[ "$(cat "$CPUFREQ/policy0/scaling_governor")" = hybrid ] || hgov_fail "policy0 not under hybrid"
grep -q '^cpufreq_hybrid ' /proc/modules || hgov_fail "module not loaded"
hgov_ok "echo hybrid > scaling_governor autoloaded cpufreq_hybrid"
