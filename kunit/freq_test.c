// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: frequency selection rules (governor/freq.c).
 */

#include <kunit/test.h>
#include <linux/cpufreq.h>
#include <linux/kernel.h>

#include "governor/freq.h"
#include "governor/util.h"
#include "kunit/compat.h"
#include "kunit/suites.h"
#include "kunit/tables.h"

/* A table listed high to low, with a hole a driver marked invalid. */
static const struct cpufreq_frequency_table odd_table[] = {
	{ .frequency = 1200000 },
	{ .frequency = CPUFREQ_ENTRY_INVALID },
	{ .frequency = 800000 },
	{ .frequency = 1000000 },
	{ .frequency = CPUFREQ_TABLE_END },
};

struct headroom_case {
	unsigned long util;
	unsigned int max_khz;
	unsigned int khz;
	const char *name;
};

static const struct headroom_case headroom_cases[] = {
	{ 0, 1500000, 0, "idle asks for nothing" },
	{ 1024, 1500000, 1875000, "full capacity asks for 1.25 f_max" },
	{ 512, 1500000, 937500, "half capacity asks for 0.625 f_max" },
	{ 819, 1500000, 1499633, "80 % of capacity just fits f_max" },
	{ 341, 1200000, 499511, "LITTLE at a third of capacity" },
	{ 1024, UINT_MAX, UINT_MAX, "huge f_max saturates, never wraps" },
};

/* f = 1.25 * f_max * util / 1024, schedutil's headroom. */
static void hgov_headroom_test(struct kunit *test)
{
	const struct headroom_case *c = hgov_kunit_param(test);

	KUNIT_EXPECT_EQ(test, hgov_util_to_khz(c->util, c->max_khz), c->khz);
}

HGOV_KUNIT_PARAMS(hgov_headroom_test, headroom, headroom_cases, name);

struct resolve_case {
	const struct cpufreq_frequency_table *table;
	unsigned int target, min, max, skip;
	unsigned int khz;
	const char *name;
};

static const struct resolve_case resolve_cases[] = {
	{ h3_a57, 0, 500000, 1500000, 0, 500000, "nothing asked: lowest OPP" },
	{ h3_a57, 625000, 500000, 1500000, 0, 1000000, "between OPPs: next one up" },
	{ h3_a57, 1000000, 500000, 1500000, 0, 1000000, "exact OPP kept" },
	{ h3_a57, 1000001, 500000, 1500000, 0, 1500000, "1 kHz over rounds up" },
	{ h3_a57, 1875000, 500000, 1500000, 0, 1500000, "boost OPPs unused without boost" },
	{ h3_a57, 1650000, 500000, 1700000, 0, 1700000, "boost OPPs used when allowed" },
	{ h3_a57, 1500000, 500000, 1000000, 0, 1000000, "thermal/user cap wins" },
	{ h3_a57, 0, 1000000, 1500000, 0, 1000000, "scaling_min_freq floor wins" },
	{ h3_a57, 900000, 600000, 900000, 0, 900000, "no OPP inside the limits: clamp" },
	{ odd_table, 900000, 800000, 1200000, 0, 1000000, "unsorted table, invalid entry" },
	{ odd_table, 1300000, 800000, 1200000, 0, 1200000, "unsorted table, over the top" },
	{ NULL, 1234567, 500000, 1500000, 0, 1234567, "no table: any frequency" },
	{ NULL, 2000000, 500000, 1500000, 0, 1500000, "no table: clamped to max" },
	/* The H3 energy model's marks, skipped as schedutil skips them. */
	{ h3_a57_em, 0, 500000, 1500000, HGOV_INEFF, 1500000,
	  "EM: an idle A57 rests at 1.5 GHz" },
	{ h3_a57_em, 625000, 500000, 1500000, HGOV_INEFF, 1500000,
	  "EM: no inefficient OPP between" },
	{ h3_a57_em, 625000, 500000, 1500000, 0, 1000000,
	  "marks not asked for: every OPP" },
	{ h3_a57_em, 0, 1000000, 1500000, HGOV_INEFF, 1500000,
	  "EM: a floor at an inefficient OPP: the next efficient one" },
	{ h3_a57_em, 1650000, 500000, 1700000, HGOV_INEFF, 1700000,
	  "EM: boost OPPs are efficient" },
	{ h3_a57_em, 1500000, 500000, 1000000, HGOV_INEFF, 1000000,
	  "EM: a cap below every efficient OPP wins" },
	{ h3_a57_em, 0, 500000, 1000000, HGOV_INEFF, 500000,
	  "EM: capped and idle, the lowest OPP" },
	{ h3_a53_em, 0, 800000, 1200000, HGOV_INEFF, 1200000,
	  "EM: an idle A53 rests at 1.2 GHz" },
};

/*
 * Lowest table frequency at or above the target, within [min, max],
 * without the energy model's inefficient OPPs while another one fits.
 */
static void hgov_resolve_test(struct kunit *test)
{
	const struct resolve_case *c = hgov_kunit_param(test);

	KUNIT_EXPECT_EQ(test, hgov_resolve_khz(c->table, c->target, c->min, c->max,
					       c->skip), c->khz);
}

HGOV_KUNIT_PARAMS(hgov_resolve_test, resolve, resolve_cases, name);

struct rate_case {
	u64 now, last, delay;
	bool elapsed;
	const char *name;
};

static const struct rate_case rate_cases[] = {
	{ 1450000, 1000000, 450000, true, "exactly one window later" },
	{ 1449999, 1000000, 450000, false, "1 ns short of the window" },
	{ 1000000, 1000000, 0, true, "no rate limit" },
	{ 999000, 1000000, 0, false, "clock behind the last decision" },
	{ 449999, U64_MAX - 0, 450000, true, "time wraps around 2^64" },
	{ 100, U64_MAX - 100, 450000, false, "wrap, short window" },
};

/* A new decision only rate_limit_us after the previous one. */
static void hgov_rate_limit_test(struct kunit *test)
{
	const struct rate_case *c = hgov_kunit_param(test);

	KUNIT_EXPECT_EQ(test, hgov_rate_limit_elapsed(c->now, c->last, c->delay),
			c->elapsed);
}

HGOV_KUNIT_PARAMS(hgov_rate_limit_test, rate, rate_cases, name);

struct kick_case {
	bool enabled, big, pinned, kick;
	const char *name;
};

static const struct kick_case kick_cases[] = {
	{ true, true, false, true, "big, enabled, not pinned: kick it" },
	{ true, true, true, false, "already pinned: its timer looks again" },
	{ true, false, false, false, "not big: nothing to engage" },
	{ false, true, false, false, "io_pin_enable=0, or the assist standing by" },
	{ false, true, true, false, "disabled while pinned: released, no kick" },
	{ false, false, false, false, "neither" },
};

/* Which pins a disk going busy wakes. */
static void hgov_pin_kick_test(struct kunit *test)
{
	const struct kick_case *c = hgov_kunit_param(test);

	KUNIT_EXPECT_EQ(test, hgov_pin_wants_kick(c->enabled, c->big, c->pinned),
			c->kick);
}

HGOV_KUNIT_PARAMS(hgov_pin_kick_test, kick, kick_cases, name);

struct slack_case {
	u64 delay, slack;
	const char *name;
};

static const struct slack_case slack_cases[] = {
	{ 450000, 225000, "H3 default rate limit: half of it" },
	{ 0, 0, "no rate limit: no slack" },
	{ 2000000, 1000000, "2 ms rate limit: 1 ms" },
	{ 1000000000ULL, 1000000, "rate_limit_us=1000000: 1 ms, not 500 ms" },
	{ U64_MAX, 1000000, "largest delay" },
};

/* The pin's hold ends at most a millisecond late, whatever the rate limit. */
static void hgov_timer_slack_test(struct kunit *test)
{
	const struct slack_case *c = hgov_kunit_param(test);

	KUNIT_EXPECT_EQ(test, hgov_timer_slack_ns(c->delay), c->slack);
}

HGOV_KUNIT_PARAMS(hgov_timer_slack_test, slack, slack_cases, name);

struct default_rate_case {
	unsigned int delay_us, latency_ns, us;
	const char *name;
};

static const struct default_rate_case default_rate_cases[] = {
	{ 0, 300000, 450, "R-Car H3: 1.5 x 300 us" },
	{ 2000, 300000, 2000, "driver's transition_delay_us wins" },
	{ 0, 0, 1000, "unknown latency: 1 ms" },
	{ 0, 999, 1000, "sub-microsecond latency counts as unknown" },
	{ 0, 800000000, 1000000, "capped at one second" },
	{ 0, HGOV_LATENCY_UNKNOWN, 1000, "CPUFREQ_ETERNAL: unknown, 1 ms" },
	{ 0, HGOV_LATENCY_UNKNOWN - 1, 1000000, "just short of eternal: capped" },
};

/* rate_limit_us defaults the way schedutil derives it. */
static void hgov_default_rate_limit_test(struct kunit *test)
{
	const struct default_rate_case *c = hgov_kunit_param(test);

	KUNIT_EXPECT_EQ(test, hgov_default_rate_limit_us(c->delay_us, c->latency_ns),
			c->us);
}

HGOV_KUNIT_PARAMS(hgov_default_rate_limit_test, default_rate, default_rate_cases, name);

/*
 * Closed loop on the A57 table: a CPU busy all the time climbs from
 * 500 MHz to 1500 MHz, and once idle falls back to 500 MHz, each within
 * 200 ms of 4 ms windows.
 */
static void hgov_ramp_test(struct kunit *test)
{
	unsigned long util = 0;
	unsigned int khz = 500000, ms;

	for (ms = 0; ms < 200 && khz < 1500000; ms += 4) {
		util = hgov_util_avg(util, hgov_util_invariant(SCHED_CAPACITY_SCALE,
							       khz, 1500000), 4);
		khz = hgov_resolve_khz(h3_a57, hgov_util_to_khz(util, 1500000),
				       500000, 1500000, 0);
	}
	KUNIT_EXPECT_EQ_MSG(test, khz, 1500000U, "busy CPU stuck after %u ms", ms);

	for (ms = 0; ms < 200 && khz > 500000; ms += 4) {
		util = hgov_util_avg(util, 0, 4);
		khz = hgov_resolve_khz(h3_a57, hgov_util_to_khz(util, 1500000),
				       500000, 1500000, 0);
	}
	KUNIT_EXPECT_EQ_MSG(test, khz, 500000U, "idle CPU stuck after %u ms", ms);
}

static struct kunit_case hgov_freq_cases[] = {
	HGOV_KUNIT_PARAM_CASE(hgov_headroom_test, headroom),
	HGOV_KUNIT_PARAM_CASE(hgov_resolve_test, resolve),
	HGOV_KUNIT_PARAM_CASE(hgov_rate_limit_test, rate),
	HGOV_KUNIT_PARAM_CASE(hgov_timer_slack_test, slack),
	HGOV_KUNIT_PARAM_CASE(hgov_pin_kick_test, kick),
	HGOV_KUNIT_PARAM_CASE(hgov_default_rate_limit_test, default_rate),
	KUNIT_CASE(hgov_ramp_test),
	{}
};

struct kunit_suite hgov_freq_suite = {
	.name = "cpufreq_hybrid_freq",
	.test_cases = hgov_freq_cases,
};

HGOV_KUNIT_SUITE(hgov_freq_suite);
