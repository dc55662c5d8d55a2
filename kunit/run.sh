#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Board script (scripts/board.sh run): select hybrid on every policy, then
# load the KUnit module; its KTAP report goes to the console for kunit.py.
set -e
for g in /sys/devices/system/cpu/cpufreq/policy*/scaling_governor; do
	echo hybrid > "$g"
done
echo 7 > /proc/sys/kernel/printk
modprobe cpufreq_hybrid_test
# Every suite has reported once the module is loaded.
echo 5 > /proc/sys/kernel/printk
