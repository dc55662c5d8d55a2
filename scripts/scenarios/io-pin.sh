#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Storage I/O pins the A57 cluster: dd on the virtio disk from an A53 CPU
# brings policy0 to scaling_max_freq within one rate_limit_us window plus
# the 300 us transition latency (median of warm runs, from trace
# timestamps), policy4 is never pinned, the pin ends io_hold_ms after the
# last completion and utilization scaling takes over again.
. /lib/hgov.sh

# The shell and everything it forks stay on an A53: on the debug kernel a
# fork is load enough to raise policy0 to its maximum on its own, before
# the trace starts, and the pin would then show no transition.
taskset -p -c 5 $$ > /dev/null || hgov_fail "cannot move the shell to cpu5"
hgov_select hybrid
rate_us=$(cat "$(hgov_tunable rate_limit_us)")
hold_ms=$(cat "$(hgov_tunable io_hold_ms)")
max=$(cat "$CPUFREQ/policy0/scaling_max_freq")
bound_us=$((rate_us + 300))
pins4=$(cat "$HGOV_DEBUGFS/policy4/pins" 2>/dev/null || echo 0)

entries=
releases=
for run in 1 2 3 4 5 6 7; do
	hgov_wait_khz 0 500000 3000 || hgov_fail "policy0 at $(hgov_cur 0) before run $run"
	# Entry and release are timed in separate runs: every enabled trace
	# event slows the emulated board down.
	if [ $((run % 2)) -eq 1 ]; then
		hgov_trace_on block/block_rq_issue power/cpu_frequency
	else
		hgov_trace_on block/block_rq_complete hybrid/hybrid_pin power/cpu_frequency
	fi
	taskset -c 4 dd if=/dev/vda of=/dev/null bs=4k count=300 iflag=direct 2>/dev/null ||
		hgov_fail "dd failed"
	sleep $((hold_ms / 1000 + 1))
	hgov_trace_off
	t_max=$(hgov_trace_lines "cpu_frequency: state=$max cpu_id=0" | head -n 1 | cut -d' ' -f1)
	[ -n "$t_max" ] || hgov_fail "run $run: policy0 never reached $max during dd"
	hgov_trace_lines "cpu_frequency: state=500000 cpu_id=0" | awk -v t="$t_max" '$1 > t' |
		grep -q . || hgov_fail "run $run: policy0 stayed up after dd"
	if [ $((run % 2)) -eq 1 ]; then
		t_issue=$(hgov_trace_lines block_rq_issue | head -n 1 | cut -d' ' -f1)
		entry=$((t_max - t_issue))
		echo "run $run: first request -> policy0 at $max: $entry us"
		# Run 1 pays for cold caches and first wake-ups: shown, not counted.
		[ "$run" -gt 1 ] && entries="$entries $entry"
	else
		t_done=$(hgov_trace_lines block_rq_complete | tail -n 1 | cut -d' ' -f1)
		t_rel=$(hgov_trace_lines "hybrid_pin: policy=0 pin=0" | tail -n 1 | cut -d' ' -f1)
		[ -n "$t_rel" ] || hgov_fail "run $run: policy0 never released"
		hgov_trace_lines "hybrid_pin: policy=4 pin=1" | grep -q . && hgov_fail "policy4 was pinned"
		release=$((t_rel - t_done))
		echo "run $run: last completion -> release: $release us"
		releases="$releases $release"
	fi
done
entry=$(hgov_median $entries)
release=$(hgov_median $releases)
echo "median entry latency: $entry us (bound: rate_limit_us $rate_us + 300 us transition = $bound_us us)"
echo "median release after the last completion: $release us (io_hold_ms $hold_ms, +/- $rate_us us)"
[ "$entry" -le "$bound_us" ] || hgov_fail "entry latency $entry us over $bound_us us"
[ "$release" -ge $((hold_ms * 1000 - rate_us)) ] && [ "$release" -le $((hold_ms * 1000 + rate_us)) ] ||
	hgov_fail "release $release us not within io_hold_ms $hold_ms ms +/- $rate_us us"
[ "$(cat "$HGOV_DEBUGFS/policy4/pins" 2>/dev/null || echo 0)" = "$pins4" ] || hgov_fail "policy4 counted pins"
hgov_wait_khz 0 500000 1000 || hgov_fail "policy0 at $(hgov_cur 0) 1 s after the release"
hgov_ok "dd pins policy0 at $max, releases after io_hold_ms, policy4 never pinned"
