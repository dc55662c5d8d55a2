#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Board script (scripts/board.sh run): reload the test-bed driver without
# inefficient marks, select hybrid on every policy, then
# load the KUnit module and print its KTAP report for kunit.py. The report
# is read back from the kernel log rather than left to the console: from
# 7.x the PL011 console prints from a kthread, behind the shell, and the
# board's poweroff would cut it short.
set -e
# Every OPP in use (no inefficient marks), so the live cases see
# utilization move a policy between its OPPs, as on 5.10.
rmmod hgov_testbed
modprobe hgov_testbed em=0
for g in /sys/devices/system/cpu/cpufreq/policy*/scaling_governor; do
	echo hybrid > "$g"
done
echo "hgov-kunit: loading cpufreq_hybrid_test" > /dev/kmsg
# Every suite has reported once the module is loaded.
modprobe cpufreq_hybrid_test
dmesg | sed -n '/hgov-kunit: loading cpufreq_hybrid_test/,$p'
