#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A task that waits for each of its writes (4 KiB, then fdatasync: a
# database's or journald's pattern) from an A53. While its storage I/O
# pins the A57s, hybrid boosts the A53 policy in full at each of the
# task's I/O-wait wakeups, so that the part of each write the CPU does
# runs at the top: policy4 spends most of the writes there. schedutil's
# I/O-wait boost starts over from its floor after every wait longer than
# a tick, and so never grows for such a task; with the pin turned off
# (io_pin_enable=0) hybrid boosts the same way and policy4 stays low.
# That rule needs each wait to be longer than a tick: 4 ms at HZ=250 (the
# normal boards, as R-Car kernels), where the eMMC model's calibrated
# flush (2 ms) made each write wait 3.1 ms, so schedutil's boost grew
# and kept policy4 at its top for every write. The model's cache flush is
# 10 ms here, as a slower eMMC's: longer than a tick down to HZ=100.
. /lib/hgov.sh
hgov_all_opps
hgov_shell_on 5-7
hgov_select hybrid
P=$(hgov_tunable io_pin_enable)
top=$(hgov_opps 4 | awk '{ print $NF }')

# The eMMC model: its device time is on the guest clock, not the host's.
EMMC_OPTS=flush_us=10000
hgov_emmc

# tis_top - policy4's time at its top OPP and in all, in 10 ms units.
tis_top() {
	awk -v top="$top" '{ all += $2 } $1 == top { at = $2 } END { print at + 0, all }' \
		"$CPUFREQ/policy4/stats/time_in_state"
}

# share_at_top - percent of 2 s of fdatasync'd writes from cpu4 that
# policy4 spent at its top OPP.
share_at_top() {
	rm -f /mnt/db
	sync
	hgov_sleep 0.5
	set -- $(tis_top)
	taskset -c 4 hgov-load fsyncw /mnt/db 2 > /tmp/fsyncw.out || hgov_fail "fsyncw failed"
	set -- "$@" $(tis_top)
	echo $(( ($3 - $1) * 100 / ($4 - $2) ))
}

with=$(share_at_top)
echo 0 > "$P" || hgov_fail "cannot disable the pin"
without=$(share_at_top)
echo 1 > "$P"
echo "policy4 at $top kHz: $with % of the writes with the pin, $without % without ($(cat /tmp/fsyncw.out))"
# On the debug kernel (HGOV_TIMING=0) KASAN and lockdep make the writes'
# own CPU time a load that moves policy4 whatever the boost (63 to 94 %
# with the pin, 0 to 72 % without, in three runs): the path runs, the shares
# are not checked.
if [ $HGOV_TIMING = 1 ]; then
	[ "$with" -ge 70 ] || hgov_fail "policy4 at its top for $with % of the writes, not most of them"
	[ "$without" -le 30 ] || hgov_fail "without the pin policy4 at its top for $without % of the writes"
fi
hgov_ok "fdatasync'd writes from an A53 run it at its top while storage I/O pins the A57s"
