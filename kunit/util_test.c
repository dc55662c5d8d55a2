// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: utilization from idle-time accounting (governor/util.c).
 */

#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/sched.h>

#include "governor/util.h"
#include "kunit/compat.h"
#include "kunit/suites.h"

struct window_case {
	struct hgov_idle_sample prev, now;
	bool valid;
	unsigned long busy;
	u64 periods;
	const char *name;
};

static const struct window_case window_cases[] = {
	{ { 0, 0 }, { 4096, 8192 }, true, 512, 8, "half idle" },
	{ { 100, 1000 }, { 100, 5096 }, true, 1024, 4, "never idle" },
	{ { 100, 1000 }, { 4196, 5096 }, true, 0, 4, "always idle" },
	{ { 0, 0 }, { 5000, 4096 }, true, 0, 4, "idle read after wall: idle" },
	{ { 2000, 0 }, { 1990, 4096 }, true, 1024, 4,
	  "idle counter stepped back (before 6.4): no idle, not a wrap" },
	{ { 7, 5000 }, { 7, 5000 }, false, 0, 0, "zero-length window" },
	{ { 0, 5000 }, { 0, 6023 }, false, 0, 0, "shorter than one period" },
	{ { 0, 5000 }, { 0, 4000 }, false, 0, 0, "wall clock went backwards" },
	{ { U64_MAX - 1023, U64_MAX - 2047 }, { 1024, 2048 }, true, 512, 4,
	  "both counters wrap around 2^64" },
	{ { 0, 0 }, { 0, 1535 }, true, 1024, 1, "1.5 periods round to 1" },
	{ { 0, 0 }, { 0, 1536 }, true, 1024, 2, "1.5 periods round up to 2" },
};

/* Busy fraction and length of the window between two idle samples. */
static void hgov_busy_window_test(struct kunit *test)
{
	const struct window_case *c = hgov_kunit_param(test);
	unsigned long busy = 0;
	u64 periods = 0;

	KUNIT_ASSERT_EQ(test, hgov_busy_window(&c->prev, &c->now, &busy, &periods),
			c->valid);
	KUNIT_EXPECT_EQ(test, busy, c->busy);
	KUNIT_EXPECT_EQ(test, periods, c->periods);
}

HGOV_KUNIT_PARAMS(hgov_busy_window_test, window, window_cases, name);

struct decay_case {
	unsigned long val;
	u64 periods;
	unsigned long out;
	const char *name;
};

static const struct decay_case decay_cases[] = {
	{ 1024, 0, 1023, "no time: unchanged (fixed-point floor)" },
	{ 1024, 32, 511, "one half-life halves" },
	{ 1024, 64, 255, "two half-lives quarter" },
	{ 1024, 16, 724, "half a half-life: 1/sqrt(2)" },
	{ 1024, 32 * 11, 0, "long idle decays to nothing" },
	{ 1024, U64_MAX, 0, "absurd window" },
};

/* PELT decay, y^32 = 1/2. */
static void hgov_decay_test(struct kunit *test)
{
	const struct decay_case *c = hgov_kunit_param(test);

	KUNIT_EXPECT_EQ(test, hgov_util_decay(c->val, c->periods), c->out);
}

HGOV_KUNIT_PARAMS(hgov_decay_test, decay, decay_cases, name);

/*
 * The average moves half-way to a new level per 32 ms and never past it,
 * whichever side it comes from.
 */
static void hgov_util_avg_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, hgov_util_avg(0, 1024, 32), 513UL);
	KUNIT_EXPECT_EQ(test, hgov_util_avg(1024, 0, 32), 511UL);
	KUNIT_EXPECT_EQ(test, hgov_util_avg(600, 600, 7), 600UL);
	KUNIT_EXPECT_LE(test, hgov_util_avg(0, 1024, 1000), 1024UL);
	KUNIT_EXPECT_GE(test, hgov_util_avg(0, 1024, 1000), 1023UL);
}

/*
 * A 4 ms burst on an idle CPU moves utilization by under 1/8 of capacity,
 * as it moves the scheduler's util_avg, so housekeeping on a LITTLE CPU
 * does not lift its cluster off its lowest OPP.
 */
static void hgov_short_burst_test(struct kunit *test)
{
	unsigned long util = hgov_util_avg(0, SCHED_CAPACITY_SCALE, 4);

	KUNIT_EXPECT_LT(test, util, (unsigned long)SCHED_CAPACITY_SCALE / 8);
	util = hgov_util_avg(util, 0, 100);
	KUNIT_EXPECT_LT(test, util, 10UL);
}

struct invariant_case {
	unsigned long busy;
	unsigned int cur, max;
	unsigned long util;
	const char *name;
};

static const struct invariant_case invariant_cases[] = {
	{ 1024, 500000, 1500000, 341, "busy at 500 of 1500 MHz" },
	{ 1024, 1500000, 1500000, 1024, "busy at f_max" },
	{ 512, 1000000, 1500000, 341, "half busy at 1000 MHz" },
	{ 1024, 1700000, 1500000, 1024, "boost above f_max counts as f_max" },
	{ 700, 800000, 0, 700, "unknown f_max: no scaling" },
};

/* Busy time at f_cur is worth f_cur / f_max of full capacity. */
static void hgov_invariant_test(struct kunit *test)
{
	const struct invariant_case *c = hgov_kunit_param(test);

	KUNIT_EXPECT_EQ(test, hgov_util_invariant(c->busy, c->cur, c->max), c->util);
}

HGOV_KUNIT_PARAMS(hgov_invariant_test, invariant, invariant_cases, name);

/*
 * I/O-wait boost, step by step: 'i' a wakeup after I/O wait, 's' one while
 * storage I/O is active, 'n' any other scheduler update, 'a' a frequency
 * decision, which must see @floor. Times in ticks of 1 ms.
 */
struct iowait_step {
	unsigned int ms;
	char op;
	unsigned long floor;
};

struct iowait_case {
	struct iowait_step steps[10];
	const char *name;
};

static const struct iowait_case iowait_cases[] = {
	{ { { 0, 'i' }, { 0, 'a', 128 }, { 1, 'i' }, { 1, 'a', 256 }, { 2, 'i' },
	    { 2, 'a', 512 }, { 3, 'i' }, { 3, 'a', 1024 }, { 4, 'i' }, { 4, 'a', 1024 } },
	  "each I/O wakeup per decision doubles it, up to full capacity" },
	{ { { 0, 'i' }, { 0, 'i' }, { 0, 'i' }, { 0, 'a', 128 }, { 1, 'i' }, { 1, 'a', 256 } },
	  "wakeups between two decisions count once" },
	{ { { 0, 'i' }, { 0, 'a', 128 }, { 1, 'i' }, { 1, 'a', 256 }, { 1, 'n' },
	    { 1, 'a', 128 }, { 1, 'n' }, { 1, 'a', 0 }, { 2, 'a', 0 } },
	  "without I/O wakeups it halves at each decision, then ends" },
	{ { { 0, 'i' }, { 0, 'a', 128 }, { 1, 'i' }, { 1, 'a', 256 }, { 1, 'i' },
	    { 3, 'a', 0 } },
	  "more than a tick without an update: no boost" },
	{ { { 0, 'i' }, { 0, 'a', 128 }, { 1, 'i' }, { 1, 'a', 256 }, { 4, 'i' },
	    { 4, 'a', 128 } },
	  "an I/O wakeup after a quiet tick starts over from the floor" },
	{ { { 0, 'n' }, { 0, 'a', 0 }, { 1, 'n' }, { 1, 'a', 0 } },
	  "no I/O wait, no boost" },
	{ { { 0, 's' }, { 0, 'a', 1024 }, { 0, 'n' }, { 0, 'a', 512 }, { 1, 'n' },
	    { 1, 'a', 256 }, { 1, 'a', 128 }, { 1, 'a', 0 } },
	  "during storage I/O an I/O wakeup boosts to full at once, then halves" },
	{ { { 0, 's' }, { 0, 'a', 1024 }, { 5, 's' }, { 5, 'a', 1024 }, { 10, 's' },
	    { 10, 'a', 1024 } },
	  "during storage I/O each wakeup after a long wait is at full again" },
	{ { { 0, 'i' }, { 0, 'a', 128 }, { 5, 'i' }, { 5, 'a', 128 }, { 10, 'i' },
	    { 10, 'a', 128 } },
	  "without storage I/O each wakeup after a long wait is at the floor" },
	{ { { 0, 's' }, { 0, 'a', 1024 }, { 3, 'a', 0 } },
	  "storage or not, more than a tick without an update ends it" },
};

/* schedutil's I/O-wait boost, as a user of QD1 storage would feel it. */
static void hgov_iowait_test(struct kunit *test)
{
	const struct iowait_case *c = hgov_kunit_param(test);
	struct hgov_iowait w = {};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(c->steps) && c->steps[i].op; i++) {
		const struct iowait_step *s = &c->steps[i];
		u64 now = (u64)s->ms * NSEC_PER_MSEC;

		if (s->op == 'a')
			KUNIT_EXPECT_EQ_MSG(test, hgov_iowait_apply(&w, now, NSEC_PER_MSEC),
					    s->floor, "step %u", i);
		else
			hgov_iowait_update(&w, now, s->op == 'i' || s->op == 's',
					   s->op == 's', NSEC_PER_MSEC);
	}
}

HGOV_KUNIT_PARAMS(hgov_iowait_test, iowait, iowait_cases, name);

struct est_case {
	unsigned long util_avg, util_est, capacity, est;
	const char *name;
};

/* H3 capacities: A57 1024, A53 at 1.2 GHz about 380 (the board's EM). */
static const struct est_case est_cases[] = {
	{ 100, 400, 1024, 400, "a task's remembered size wins over its decayed average" },
	{ 600, 400, 1024, 600, "a task growing past its estimate: its average" },
	{ 190, 0, 380, 512, "half an A53 is half of the A53 policy" },
	{ 500, 0, 380, 1024, "more than the CPU holds: all of it" },
	{ 380, 0, 380, 1024, "exactly the CPU: all of it" },
	{ 0, 0, 1024, 0, "a new task: nothing" },
	{ 300, 300, 0, 0, "unknown capacity: no estimate" },
};

/* A running task's size, in the policy's own capacity. */
static void hgov_task_est_test(struct kunit *test)
{
	const struct est_case *c = hgov_kunit_param(test);

	KUNIT_EXPECT_EQ(test, hgov_task_est(c->util_avg, c->util_est, c->capacity),
			c->est);
}

HGOV_KUNIT_PARAMS(hgov_task_est_test, est, est_cases, name);

/*
 * A CPU's running-task estimate, step by step: 'n' a scheduler update that
 * sees a task of estimate @est running (0: idle), 'a' a decision, which
 * must see @est, with the CPU idle for @idle ms in all so far; 'o' the
 * same decision with util_est=0. Times in ms, a tick of 4 ms (HZ=250).
 */
struct est_step {
	unsigned int ms;
	char op;
	unsigned long est;
	unsigned int idle;
};

struct est_seq_case {
	struct est_step steps[8];
	const char *name;
};

static const struct est_seq_case est_seq_cases[] = {
	{ { { 0, 'n', 700 }, { 0, 'a', 700 }, { 8, 'a', 700, 1 }, { 9, 'a', 0, 2 } },
	  "counts for two ticks after it was seen, then ends" },
	{ { { 0, 'n', 700 }, { 4, 'n', 700 }, { 8, 'n', 700 }, { 15, 'a', 700, 3 } },
	  "a task seen every tick stays" },
	{ { { 0, 'n', 700 }, { 2, 'n', 50 }, { 3, 'a', 700 }, { 9, 'a', 0, 1 } },
	  "a kworker preempting it does not shrink it; the task's last sight ages" },
	{ { { 0, 'n', 700 }, { 1, 'n', 0 }, { 2, 'a', 700, 1 }, { 9, 'a', 0, 8 } },
	  "the CPU going idle: the task counts for two ticks more" },
	{ { { 0, 'n', 700 }, { 2, 'a', 700 }, { 9, 'a', 700 }, { 60, 'a', 700 },
	    { 61, 'a', 0, 1 } },
	  "its CPU never idle since a decision counted it: stays, its ticks late" },
	{ { { 0, 'n', 700 }, { 9, 'a', 0 }, { 20, 'a', 0 } },
	  "first looked at stale: nothing, busy CPU or not" },
	{ { { 0, 'n', 700 }, { 2, 'a', 700 }, { 9, 'a', 0, 1 }, { 10, 'a', 0, 1 } },
	  "once dropped, a busy CPU does not bring it back" },
	{ { { 0, 'n', 700 }, { 9, 'n', 50 }, { 9, 'a', 50 } },
	  "after two ticks a smaller task replaces it" },
	{ { { 0, 'n', 50 }, { 1, 'n', 700 }, { 1, 'a', 700 } },
	  "a larger task replaces a smaller one at once" },
	{ { { 10, 'n', 700 }, { 9, 'a', 700 } },
	  "another CPU's clock a little behind: counts" },
	{ { { 0, 'a', 0 }, { 5000, 'a', 0 } }, "never seen: nothing" },
	{ { { 0, 'n', 700 }, { 2, 'a', 700 }, { 3, 'o', 0 }, { 9, 'o', 0 }, { 60, 'o', 0 } },
	  "util_est=0 on a CPU never idle: nothing, fresh or held" },
	{ { { 0, 'n', 700 }, { 2, 'a', 700 }, { 3, 'o', 0 }, { 4, 'a', 0 } },
	  "util_est=1 again: nothing until a task is seen" },
};

/* What a CPU's running tasks ask of it, as decisions see it. */
static void hgov_est_seq_test(struct kunit *test)
{
	const struct est_seq_case *c = hgov_kunit_param(test);
	struct hgov_est e = {};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(c->steps) && c->steps[i].op; i++) {
		const struct est_step *s = &c->steps[i];
		u64 now = (u64)s->ms * NSEC_PER_MSEC;

		if (s->op == 'a' || s->op == 'o')
			KUNIT_EXPECT_EQ_MSG(test, hgov_est_apply(&e, now, 4 * NSEC_PER_MSEC,
								 (u64)s->idle * USEC_PER_MSEC,
								 s->op == 'a'),
					    s->est, "step %u", i);
		else
			hgov_est_note(&e, s->est, now, 4 * NSEC_PER_MSEC);
	}
}

HGOV_KUNIT_PARAMS(hgov_est_seq_test, est_seq, est_seq_cases, name);

static struct kunit_case hgov_util_cases[] = {
	HGOV_KUNIT_PARAM_CASE(hgov_busy_window_test, window),
	HGOV_KUNIT_PARAM_CASE(hgov_decay_test, decay),
	KUNIT_CASE(hgov_util_avg_test),
	KUNIT_CASE(hgov_short_burst_test),
	HGOV_KUNIT_PARAM_CASE(hgov_invariant_test, invariant),
	HGOV_KUNIT_PARAM_CASE(hgov_iowait_test, iowait),
	HGOV_KUNIT_PARAM_CASE(hgov_task_est_test, est),
	HGOV_KUNIT_PARAM_CASE(hgov_est_seq_test, est_seq),
	{}
};

struct kunit_suite hgov_util_suite = {
	.name = "cpufreq_hybrid_util",
	.test_cases = hgov_util_cases,
};

HGOV_KUNIT_SUITE(hgov_util_suite);
