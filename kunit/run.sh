#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Board script (scripts/board.sh run): select hybrid on every policy, then
# load the KUnit module and print its KTAP report for kunit.py. The report
# is read back from the kernel log rather than left to the console: from
# 7.x the PL011 console prints from a kthread, behind the shell, and the
# board's poweroff would cut it short.
set -e
for g in /sys/devices/system/cpu/cpufreq/policy*/scaling_governor; do
	echo hybrid > "$g"
done
echo "hgov-kunit: loading cpufreq_hybrid_test" > /dev/kmsg
# Every suite has reported once the module is loaded.
modprobe cpufreq_hybrid_test
dmesg | sed -n '/hgov-kunit: loading cpufreq_hybrid_test/,$p'
