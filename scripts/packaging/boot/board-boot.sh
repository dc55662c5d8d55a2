#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The boot default on the virtual board, under busybox sh as on a
# Buildroot image: /etc/init.d/S12cpufreq-hybrid and cpufreq-hybrid-boot
# (put into the initramfs by check.sh buildroot) with each HYBRID_GOVERNOR,
# on the real sysfs and the real module.
#   HGOV_BOARD_EXTRA=<list> bash scripts/board.sh run scripts/packaging/boot/board-boot.sh
. /lib/hgov.sh

boot=/usr/lib/cpufreq-hybrid/cpufreq-hybrid-boot
assist=/sys/module/cpufreq_hybrid/parameters/assist
[ -x "$boot" ] && [ -x /etc/init.d/S12cpufreq-hybrid ] || hgov_fail "boot files not in the initramfs"
mkdir -p /etc/default
govs() { echo "$(cat "$CPUFREQ/policy0/scaling_governor") $(cat "$CPUFREQ/policy4/scaling_governor")"; }
setgov() { echo "$1" > "$CPUFREQ/policy0/scaling_governor" && echo "$1" > "$CPUFREQ/policy4/scaling_governor"; }

# Empty: nothing changes, nothing is loaded.
setgov performance
rmmod cpufreq_hybrid || hgov_fail "cannot unload cpufreq_hybrid"
echo 'HYBRID_GOVERNOR=' > /etc/default/cpufreq-hybrid
/etc/init.d/S12cpufreq-hybrid start || hgov_fail "S12cpufreq-hybrid failed with HYBRID_GOVERNOR empty"
[ "$(govs)" = "performance performance" ] || hgov_fail "empty: governors $(govs)"
grep -q '^cpufreq_hybrid ' /proc/modules && hgov_fail "empty: the module was loaded"
hgov_ok "HYBRID_GOVERNOR empty: nothing changed"

# hybrid: the module loaded, hybrid on both policies.
echo 'HYBRID_GOVERNOR=hybrid' > /etc/default/cpufreq-hybrid
/etc/init.d/S12cpufreq-hybrid start || hgov_fail "S12cpufreq-hybrid failed with hybrid"
[ "$(govs)" = "hybrid hybrid" ] || hgov_fail "hybrid: governors $(govs)"
[ "$(cat $assist)" = 0 ] || hgov_fail "hybrid: assist is $(cat $assist)"
hgov_ok "HYBRID_GOVERNOR=hybrid: $(govs)"

# assist, the module not loaded: modprobe cpufreq_hybrid assist=1.
setgov performance
rmmod cpufreq_hybrid || hgov_fail "cannot unload cpufreq_hybrid"
echo 'HYBRID_GOVERNOR=assist' > /etc/default/cpufreq-hybrid
$boot || hgov_fail "cpufreq-hybrid-boot failed with assist"
[ "$(govs)" = "schedutil schedutil" ] || hgov_fail "assist: governors $(govs)"
[ "$(cat $assist)" = 1 ] || hgov_fail "assist: assist is $(cat $assist)"
hgov_ok "HYBRID_GOVERNOR=assist: $(govs), assist=$(cat $assist)"

# assist, the module loaded already with assist=0.
echo 0 > $assist
$boot > /dev/null || hgov_fail "cpufreq-hybrid-boot failed with assist, module loaded"
[ "$(cat $assist)" = 1 ] || hgov_fail "assist, module loaded: assist is $(cat $assist)"
hgov_ok "HYBRID_GOVERNOR=assist with the module loaded: assist=$(cat $assist)"

# A bad value: exit 2, nothing changed.
echo 'HYBRID_GOVERNOR=performance' > /etc/default/cpufreq-hybrid
$boot; rc=$?
[ $rc -eq 2 ] || hgov_fail "bad value: exit $rc"
[ "$(govs)" = "schedutil schedutil" ] || hgov_fail "bad value: governors $(govs)"
/etc/init.d/S12cpufreq-hybrid start && hgov_fail "S12cpufreq-hybrid succeeded with a bad value"
hgov_ok "HYBRID_GOVERNOR=performance refused (exit 2), nothing changed"
setgov schedutil
echo 0 > $assist
