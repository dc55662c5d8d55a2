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
 * [policy->min, policy->max], leaving out the OPPs the energy model marks
 * inefficient as schedutil does (CPUFREQ_RELATION_LE), unless pinned.
 */

#include <linux/limits.h>
#include <linux/minmax.h>
#include <linux/sched.h>
#include <linux/time64.h>

#include "governor/freq.h"
#include "governor/compat.h"

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

/*
 * The lowest entry of @table at or above @want within [@min_khz, @max_khz],
 * else the highest one below @want, leaving out entries with a flag in
 * @skip; 0 if there is none.
 */
static unsigned int hgov_table_pick(const struct cpufreq_frequency_table *table,
				    unsigned int want, unsigned int min_khz,
				    unsigned int max_khz, unsigned int skip)
{
	unsigned int above = UINT_MAX, below = 0;
	const struct cpufreq_frequency_table *pos;

	for (pos = table; pos->frequency != CPUFREQ_TABLE_END; pos++) {
		unsigned int f = pos->frequency;

		if (f == CPUFREQ_ENTRY_INVALID || f < min_khz || f > max_khz ||
		    (pos->flags & skip))
			continue;
		if (f >= want)
			above = min(above, f);
		else
			below = max(below, f);
	}
	return above != UINT_MAX ? above : below;
}

/**
 * hgov_resolve_khz() - resolve a target frequency within the limits
 * @table: the policy's frequency table, or NULL if the driver has none
 * @target_khz: frequency asked for
 * @min_khz: policy->min
 * @max_khz: policy->max
 * @skip: entry flags to leave out while another entry fits the limits:
 *	CPUFREQ_INEFFICIENT_FREQ where the energy model marked OPPs
 *	inefficient (policy->efficiencies_available), else 0
 *
 * As the cpufreq core resolves CPUFREQ_RELATION_L, or CPUFREQ_RELATION_LE
 * (schedutil's) when @skip names the inefficient flag: of the valid entries
 * of @table within [@min_khz, @max_khz] and without a flag in @skip, the
 * lowest at or above max(@target_khz, @min_khz), else the highest below it.
 * If the limits leave no such entry (a cap below every efficient OPP), the
 * same rule over every valid entry within the limits: limits win over
 * efficiency. If @table is NULL or has no entry within the limits,
 * @target_khz clamped to the limits. The table need not be sorted.
 *
 * Return: the frequency to ask the driver for, in kHz.
 */
unsigned int hgov_resolve_khz(const struct cpufreq_frequency_table *table,
			      unsigned int target_khz, unsigned int min_khz,
			      unsigned int max_khz, unsigned int skip)
{
	unsigned int want = clamp(target_khz, min_khz, max_khz);
	unsigned int khz = 0;

	if (!table)
		return want;
	if (skip)
		khz = hgov_table_pick(table, want, min_khz, max_khz, skip);
	if (!khz)
		khz = hgov_table_pick(table, want, min_khz, max_khz, 0);
	return khz ? khz : want;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_resolve_khz);

/**
 * hgov_next_khz() - the frequency a policy runs at next
 * @table: the policy's frequency table, or NULL
 * @pinned: storage I/O pins the policy
 * @util: highest utilization of the policy's CPUs, I/O-wait boost included
 * @max_freq: policy->cpuinfo.max_freq, where @util reaches capacity
 * @min_khz: policy->min
 * @max_khz: policy->max
 * @skip: as for hgov_resolve_khz(): the inefficient flag where marked
 * @target_khz: set to the frequency asked for before resolution
 *
 * Pinned: @max_khz exactly, inefficient or not (thermal and user caps
 * win, nothing else counts). Else @util with schedutil's headroom,
 * resolved leaving out @skip.
 *
 * Return: the frequency to ask the driver for, in kHz.
 */
unsigned int hgov_next_khz(const struct cpufreq_frequency_table *table,
			   bool pinned, unsigned long util, unsigned int max_freq,
			   unsigned int min_khz, unsigned int max_khz,
			   unsigned int skip, unsigned int *target_khz)
{
	if (pinned) {
		*target_khz = max_khz;
		return hgov_resolve_khz(table, max_khz, min_khz, max_khz, 0);
	}
	*target_khz = hgov_util_to_khz(util, max_freq);
	return hgov_resolve_khz(table, *target_khz, min_khz, max_khz, skip);
}
EXPORT_SYMBOL_IF_KUNIT(hgov_next_khz);

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
 * hgov_pin_wants_kick() - should the I/O detector kick a policy's pin
 *	when a disk that counts goes busy?
 * @enabled: the pin's owner wants it at all (io_pin_enable; the assist
 *	not standing by)
 * @big: the policy is one that pins
 * @pinned: the pin is engaged, as its last evaluation left it
 *
 * Only a pin that the I/O could engage needs the kick: a pinned policy
 * looks again when its hold or watchdog timer fires, and one that would
 * not pin has nothing to do.
 *
 *	want_kick = enabled && big && !pinned
 *
 * Return: true if the detector should kick the pin.
 */
bool hgov_pin_wants_kick(bool enabled, bool big, bool pinned)
{
	return enabled && big && !pinned;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_pin_wants_kick);

/**
 * hgov_timer_slack_ns() - slack of the pin's hold and watchdog timer
 * @delay_ns: rate limit
 *
 * The slack lets the timer share an expiry with others, but every
 * nanosecond of it may be spent: the hold is io_hold_ms plus at most the
 * slack. Half a rate-limit window, schedutil's shortest gap between two
 * decisions, at most HGOV_TIMER_SLACK_MAX_NS:
 *
 *	slack = min(delay / 2, 1 ms)
 *
 * Return: the slack in ns.
 */
u64 hgov_timer_slack_ns(u64 delay_ns)
{
	return min_t(u64, delay_ns / 2, HGOV_TIMER_SLACK_MAX_NS);
}
EXPORT_SYMBOL_IF_KUNIT(hgov_timer_slack_ns);

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
