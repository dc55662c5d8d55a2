/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Decision rules that turn utilization into a frequency. Pure functions:
 * time, samples and limits are arguments.
 */
#ifndef HGOV_GOVERNOR_FREQ_H
#define HGOV_GOVERNOR_FREQ_H

#include <linux/cpufreq.h>
#include <linux/limits.h>
#include <linux/time64.h>
#include <linux/types.h>

/* Upper bound of the rate_limit_us tunable: one second. */
#define HGOV_RATE_LIMIT_MAX_US	1000000U

/* The most the pin's hold or watchdog may run late: hgov_timer_slack_ns(). */
#define HGOV_TIMER_SLACK_MAX_NS	NSEC_PER_MSEC

/*
 * A transition latency the driver does not know: CPUFREQ_ETERNAL (-1) as
 * policy->cpuinfo.transition_latency holds it, before 6.18.
 */
#define HGOV_LATENCY_UNKNOWN	UINT_MAX

unsigned int hgov_util_to_khz(unsigned long util, unsigned int max_khz);
unsigned int hgov_resolve_khz(const struct cpufreq_frequency_table *table,
			      unsigned int target_khz, unsigned int min_khz,
			      unsigned int max_khz, unsigned int skip);
unsigned int hgov_next_khz(const struct cpufreq_frequency_table *table,
			   bool pinned, unsigned long util, unsigned int max_freq,
			   unsigned int min_khz, unsigned int max_khz,
			   unsigned int skip, unsigned int *target_khz);
bool hgov_rate_limit_elapsed(u64 now_ns, u64 last_ns, u64 delay_ns);
bool hgov_pin_wants_kick(bool enabled, bool big, bool pinned);
u64 hgov_timer_slack_ns(u64 delay_ns);
unsigned int hgov_default_rate_limit_us(unsigned int transition_delay_us,
					unsigned int transition_latency_ns);

#endif /* HGOV_GOVERNOR_FREQ_H */
