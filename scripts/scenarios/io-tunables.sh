#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The pin's tunables, per policy (a driver asking for per-policy
# tunables, as acpi-cpufreq and intel_pstate do):
# - the hold is io_hold_ms, however long rate_limit_us is: at
#   rate_limit_us=1000000 policy0's pin ends io_hold_ms after the last
#   completion, plus the timer's slack (at most 1 ms) and a wake-up,
#   within 5 ms (it was up to 500 ms later);
# - io_pin_enable=0 on policy4 leaves it hybrid's own I/O-wait boost
#   while policy0, whose io_pin_enable is 1, is pinned: a task waiting for
#   each of its writes from an A53 keeps policy4 at its top at least 20
#   points less than with io_pin_enable=1, which runs it there for most of
#   them (the shares: scenario io-sync). The eMMC model's cache flush is
#   10 ms, so that each write waits longer than a tick (io-sync).
. /lib/hgov.sh
hgov_all_opps per_policy=1
hgov_shell_on 5-7
hgov_select hybrid
T0=$CPUFREQ/policy0/hybrid
T4=$CPUFREQ/policy4/hybrid
[ -d "$T0" ] && [ -d "$T4" ] || hgov_fail "no per-policy tunables"

# The hold at rate_limit_us=1000000: three direct dd runs of 300 blocks
# from cpu4, from the last completion to policy0's release.
echo 1000000 > "$T0/rate_limit_us" || hgov_fail "policy0 refused rate_limit_us=1000000"
hold_ms=$(cat "$T0/io_hold_ms")
releases=
for run in 1 2 3; do
	hgov_trace_on block/block_rq_complete hybrid/hybrid_pin
	taskset -c 4 dd if=/dev/vda of=/dev/null bs=4k count=300 iflag=direct 2>/dev/null ||
		hgov_fail "dd failed"
	hgov_sleep 1
	hgov_trace_off
	t_done=$(hgov_trace_lines block_rq_complete | tail -n 1 | cut -d' ' -f1)
	t_rel=$(hgov_trace_lines "hybrid_pin: policy=0 pin=0" | tail -n 1 | cut -d' ' -f1)
	[ -n "$t_done" ] && [ -n "$t_rel" ] || hgov_fail "run $run: no completion or no release traced"
	echo "run $run: last completion -> release: $((t_rel - t_done)) us"
	releases="$releases $((t_rel - t_done))"
done
release=$(hgov_median $releases)
echo 450 > "$T0/rate_limit_us"
# The timer's slack is at most 1 ms (it was half the rate limit, 500 ms).
if [ $HGOV_TIMING = 1 ]; then
	[ "$release" -ge $((hold_ms * 1000)) ] && [ "$release" -le $((hold_ms * 1000 + 5000)) ] ||
		hgov_fail "release $release us after the last completion, io_hold_ms $hold_ms"
fi
hgov_ok "at rate_limit_us=1000000 the pin ends $release us after the last completion (io_hold_ms $hold_ms)"

# The boost: policy4's share of fdatasync'd writes at its top.
EMMC_OPTS=flush_us=10000
hgov_emmc
pins0=$(cat "$HGOV_DEBUGFS/policy0/pins")
echo 0 > "$T4/io_pin_enable" || hgov_fail "policy4 refused io_pin_enable=0"
without=$(hgov_fsync_top_share)
[ "$(cat "$HGOV_DEBUGFS/policy0/pins")" -gt "$pins0" ] || hgov_fail "the writes never pinned policy0"
echo 1 > "$T4/io_pin_enable"
with=$(hgov_fsync_top_share)
echo "policy4 at its top: $without % of the writes with its io_pin_enable=0, $with % with 1 (policy0 pinned in both)"
# On the debug kernel the writes' own CPU time moves policy4 (io-sync).
if [ $HGOV_TIMING = 1 ]; then
	[ "$without" -le $((with - 20)) ] ||
		hgov_fail "policy4 with io_pin_enable=0 at its top for $without % of the writes, with 1 $with %"
	[ "$with" -ge 55 ] || hgov_fail "policy4 with io_pin_enable=1 at its top for only $with %"
fi
hgov_ok "policy4's io_pin_enable alone decides its full I/O-wait boost"
umount /mnt
