#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Storage I/O pins the A57 cluster: dd on the virtio disk from an A53 CPU
# brings policy0 to scaling_max_freq within one rate_limit_us window plus
# the 300 us transition latency (median of warm runs, from trace
# timestamps), policy4 is never pinned, the pin ends io_hold_ms after the
# last completion and utilization scaling takes over again. With idle
# states each bound also allows two wake-ups from the deepest one, as on
# an H3: the CPU that takes the hold's timer or the I/O, then the CPU
# the policy's worker runs on.
. /lib/hgov.sh
hgov_all_opps

# The shell and everything it forks stay on an A53: on the debug kernel a
# fork is load enough to raise policy0 to its maximum on its own, before
# the trace starts, and the pin would then show no transition.
hgov_shell_on 5
hgov_select hybrid
rate_us=$(cat "$(hgov_tunable rate_limit_us)")
hold_ms=$(cat "$(hgov_tunable io_hold_ms)")
max=$(cat "$CPUFREQ/policy0/scaling_max_freq")
wake_us=$((2 * $(hgov_wake_us)))
bound_us=$((rate_us + 300 + wake_us))
pins4=$(cat "$HGOV_DEBUGFS/policy4/pins" 2>/dev/null || echo 0)

hgov_pin_timing 500000 "$max" "$hold_ms"
echo "median entry latency: $entry us (bound: rate_limit_us $rate_us + 300 us transition + $wake_us us of wake-ups = $bound_us us)"
echo "median release after the last completion: $release us (io_hold_ms $hold_ms, -$rate_us us, +$((rate_us + wake_us)) us)"
[ "$entry" -le "$bound_us" ] || hgov_fail "entry latency $entry us over $bound_us us"
[ "$release" -ge $((hold_ms * 1000 - rate_us)) ] &&
	[ "$release" -le $((hold_ms * 1000 + rate_us + wake_us)) ] ||
	hgov_fail "release $release us not within io_hold_ms $hold_ms ms -$rate_us/+$((rate_us + wake_us)) us"
[ "$(cat "$HGOV_DEBUGFS/policy4/pins" 2>/dev/null || echo 0)" = "$pins4" ] || hgov_fail "policy4 counted pins"
hgov_wait_khz 0 500000 1000 || hgov_fail "policy0 at $(hgov_cur 0) 1 s after the release"
hgov_ok "dd pins policy0 at $max, releases after io_hold_ms, policy4 never pinned"
