#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# /init of the virtual R-Car H3 board (busybox sh). Loads the test-bed
# cpufreq driver and cpufreq_hybrid (hybrid not selected), then runs
# /run.sh (hgov.mode=run) or a console shell (hgov.mode=shell).

/bin/busybox mkdir -p /proc /sys /dev /tmp /sbin /usr/bin /usr/sbin /root
/bin/busybox --install -s
export PATH=/sbin:/bin:/usr/sbin:/usr/bin HOME=/root

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs tmpfs /tmp
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
echo /sbin/modprobe > /proc/sys/kernel/modprobe

depmod
modprobe hgov_testbed || echo "board: hgov_testbed did not load" >&2
modprobe cpufreq_hybrid || echo "board: cpufreq_hybrid did not load" >&2

case " $(cat /proc/cmdline) " in
*" hgov.mode=shell "*)
	echo "board: R-Car H3 virtual board; 'poweroff -f' leaves"
	setsid cttyhack sh -l
	;;
*)
	cd /root
	sh /run.sh
	rc=$?
	echo "HGOV-EXIT=$rc"
	# poweroff -f does not wait for the serial port: what the script
	# wrote last may still sit in the tty's transmit buffer. Setting the
	# console's modes to what they are waits until it is sent (TCSADRAIN),
	# and the kernel log, which the power-off flushes, carries the exit
	# status too.
	stty -F /dev/console "$(stty -F /dev/console -g)" 2>/dev/null
	echo "<4>HGOV-EXIT=$rc" > /dev/kmsg
	;;
esac
sync
poweroff -f
