// SPDX-License-Identifier: GPL-2.0
/*
 * Frequency selection rules of the hybrid governor.
 *
 * Utilization is frequency invariant and expressed against the policy's
 * own capacity (SCHED_CAPACITY_SCALE = the policy at cpuinfo.max_freq).
 * The target frequency leaves schedutil's 25 % headroom,
 *
 *	f = 1.25 * f_max * util / SCHED_CAPACITY_SCALE,
 *
 * and is resolved to the lowest table frequency at or above it within
 * [policy->min, policy->max] (CPUFREQ_RELATION_L).
 */

#include <linux/limits.h>
#include <linux/minmax.h>
#include <linux/sched.h>
#include <linux/time64.h>

#include "governor/freq.h"
#include "module/compat.h"

/**
 * hgov_util_to_khz() - frequency that serves @util with 25 % headroom
 * @util: frequency-invariant utilization, 0..SCHED_CAPACITY_SCALE
 * @max_khz: frequency at which the policy delivers SCHED_CAPACITY_SCALE
 *
 * Return: (max_khz + max_khz / 4) * util / SCHED_CAPACITY_SCALE, as
 * schedutil's map_util_perf() and map_util_freq() compute it.
 */
unsigned int hgov_util_to_khz(unsigned long util, unsigned int max_khz)
{
	u64 khz = ((u64)max_khz + (max_khz >> 2)) * util;

	return min_t(u64, khz >> SCHED_CAPACITY_SHIFT, UINT_MAX);
}
EXPORT_SYMBOL_IF_KUNIT(hgov_util_to_khz);

/**
 * hgov_resolve_khz() - resolve a target frequency within the limits
 * @table: the policy's frequency table, or NULL if the driver has none
 * @target_khz: frequency asked for
 * @min_khz: policy->min
 * @max_khz: policy->max
 *
 * Return: the lowest valid entry f of @table with
 * max(@target_khz, @min_khz) <= f <= @max_khz; if there is none, the
 * highest valid entry in [@min_khz, @max_khz]; if @table is NULL or has
 * no entry within the limits, @target_khz clamped to the limits. The
 * table need not be sorted.
 */
unsigned int hgov_resolve_khz(const struct cpufreq_frequency_table *table,
			      unsigned int target_khz, unsigned int min_khz,
			      unsigned int max_khz)
{
	unsigned int want = clamp(target_khz, min_khz, max_khz);
	unsigned int above = UINT_MAX, below = 0;
	const struct cpufreq_frequency_table *pos;

	if (!table)
		return want;

	for (pos = table; pos->frequency != CPUFREQ_TABLE_END; pos++) {
		unsigned int f = pos->frequency;

		if (f == CPUFREQ_ENTRY_INVALID || f < min_khz || f > max_khz)
			continue;
		if (f >= want)
			above = min(above, f);
		else
			below = max(below, f);
	}
	if (above != UINT_MAX)
		return above;
	return below ? below : want;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_resolve_khz);

/**
 * hgov_rate_limit_elapsed() - may a new frequency be chosen now?
 * @now_ns: current time
 * @last_ns: time of the last frequency decision
 * @delay_ns: rate limit
 *
 * Return: true iff (s64)(@now_ns - @last_ns) >= @delay_ns. The signed
 * difference keeps a clock that reads slightly behind @last_ns (time
 * taken on another CPU) from looking like a long-elapsed window.
 */
bool hgov_rate_limit_elapsed(u64 now_ns, u64 last_ns, u64 delay_ns)
{
	s64 delta_ns = (s64)(now_ns - last_ns);

	return delta_ns >= 0 && (u64)delta_ns >= delay_ns;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_rate_limit_elapsed);

/**
 * hgov_default_rate_limit_us() - default of the rate_limit_us tunable
 * @transition_delay_us: policy->transition_delay_us (0 if unset)
 * @transition_latency_ns: policy->cpuinfo.transition_latency
 *
 * Return: @transition_delay_us if the driver set it, else 1.5 times the
 * transition latency (schedutil's rule on 6.12), capped at
 * HGOV_RATE_LIMIT_MAX_US; one millisecond when the latency is unknown:
 * 0, under a microsecond, or HGOV_LATENCY_UNKNOWN (CPUFREQ_ETERNAL, which
 * drivers reported before 6.18 and 6.18 removed; schedutil turned it into
 * a 6.4 s rate limit). On R-Car H3: 450 us.
 */
unsigned int hgov_default_rate_limit_us(unsigned int transition_delay_us,
					unsigned int transition_latency_ns)
{
	unsigned int latency_us = transition_latency_ns / NSEC_PER_USEC;
	u64 us;

	if (transition_delay_us)
		us = transition_delay_us;
	else if (latency_us && transition_latency_ns != HGOV_LATENCY_UNKNOWN)
		us = (u64)latency_us + (latency_us >> 1);
	else
		us = USEC_PER_MSEC;
	return min_t(u64, us, HGOV_RATE_LIMIT_MAX_US);
}
EXPORT_SYMBOL_IF_KUNIT(hgov_default_rate_limit_us);
