#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A task that waits for each of its writes (4 KiB, then fdatasync: a
# database's or journald's pattern) from an A53. While its storage I/O
# pins the A57s, hybrid boosts the A53 policy in full at each of the
# task's I/O-wait wakeups, so that the part of each write the CPU does
# runs at the top: policy4 spends most of the writes there (55 % or
# more). With the pin turned off (io_pin_enable=0) hybrid boosts its own
# way and policy4 spends at least 20 points less time at its top;
# schedutil's share is measured beside it and printed. With WFI idle the
# shares were 90-94 % with the pin, 0-16 % without it. With the H3's idle
# states each of a write's chained requests wakes the writer's A53 from
# CPU_SLEEP_1 (up to 1.4 ms), and on 7.3 the shares are 66-77 % with the
# pin, 30-37 % without it, and 0-2 % under schedutil at the same 450 us
# rate limit: hybrid's own boost grows there where schedutil's does not.
# Probably, not yet confirmed: hybrid halves its boost only at its
# rate-limited decisions, schedutil at every update (its rate limit
# counts from the last change of frequency). Each write waits longer
# than a tick (4 ms at HZ=250, the normal boards, as R-Car kernels),
# after which an I/O-wait boost starts over: the eMMC model's cache flush
# is 10 ms here, as a slower eMMC's (its calibrated 2 ms made each write
# wait 3.1 ms).
. /lib/hgov.sh
hgov_all_opps
hgov_shell_on 5-7
hgov_select hybrid
P=$(hgov_tunable io_pin_enable)

# The eMMC model: its device time is on the guest clock, not the host's.
EMMC_OPTS=flush_us=10000
hgov_emmc

with=$(hgov_fsync_top_share)
echo 0 > "$P" || hgov_fail "cannot disable the pin"
without=$(hgov_fsync_top_share)
echo 1 > "$P"
rate=$(cat "$(hgov_tunable rate_limit_us)")
hgov_select schedutil
sched=$(hgov_fsync_top_share)
srate=$(cat "$CPUFREQ/policy4/schedutil/rate_limit_us" 2>/dev/null || cat "$CPUFREQ/schedutil/rate_limit_us")
hgov_select hybrid
echo "policy4 at its top: $with % of the writes with the pin, $without % without (rate_limit_us $rate), $sched % under schedutil (rate_limit_us $srate; $(cat /tmp/fsyncw.out))"
# On the debug kernel (HGOV_TIMING=0) KASAN and lockdep make the writes'
# own CPU time a load that moves policy4 whatever the boost (63 to 94 %
# with the pin, 0 to 72 % without, in three runs): the path runs, the shares
# are not checked.
if [ $HGOV_TIMING = 1 ]; then
	[ "$with" -ge 55 ] || hgov_fail "policy4 at its top for $with % of the writes, not most of them"
	[ "$without" -le $((with - 20)) ] ||
		hgov_fail "without the pin policy4 at its top for $without % of the writes, with it $with %"
fi
hgov_ok "fdatasync'd writes from an A53 run it at its top while storage I/O pins the A57s"
