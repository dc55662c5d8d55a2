// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the storage I/O pin (governor/io.c).
 */

#include <kunit/test.h>
#include <linux/blk_types.h>
#include <linux/cpufreq.h>
#include <linux/kernel.h>
#include <linux/time64.h>

#include "governor/freq.h"
#include "governor/io.h"
#include "kunit/compat.h"
#include "kunit/suites.h"
#include "kunit/tables.h"

#define MS(x)		((u64)(x) * NSEC_PER_MSEC)
#define HOLD		MS(50)
#define WATCHDOG	MS(2000)
#define DEPTH		16

struct step_case {
	struct hgov_io_input in;
	bool pin;
	enum hgov_io_reason reason;
	u64 next_check_ns;
	const char *name;
};

#define IN(t, n, last, p)						\
	{ .now_ns = MS(t), .inflight = (n),				\
	  .last_event_ns = MS(last), .pinned = (p),			\
	  .enabled = true, .big = true, .hold_ns = HOLD,		\
	  .watchdog_ns = WATCHDOG }

static const struct step_case step_cases[] = {
	{ IN(100, 1, 100, false), true, HGOV_IO_ACTIVE, MS(150),
	  "first request in flight pins at once" },
	{ IN(120, 0, 110, true), true, HGOV_IO_HOLD, MS(160),
	  "queue drained: the pin holds" },
	{ IN(160, 0, 110, true), false, HGOV_IO_RELEASED, 0,
	  "hold ran out: released" },
	{ IN(130, 1, 125, true), true, HGOV_IO_ACTIVE, MS(175),
	  "new request during the hold: pinned again" },
	{ IN(130, 0, 128, true), true, HGOV_IO_HOLD, MS(178),
	  "requeue emptied the queue: hold from the requeue" },
	{ IN(1000, 0, 0, false), false, HGOV_IO_IDLE, 0,
	  "no I/O: not pinned" },
	{ { .now_ns = MS(990), .inflight = 0, .last_event_ns = MS(980),
	    .kicked = true, .enabled = true, .big = true, .hold_ns = HOLD,
	    .watchdog_ns = WATCHDOG },
	  true, HGOV_IO_HOLD, MS(1030),
	  "kicked, request already completed: pinned for the rest of its hold" },
	{ IN(990, 0, 980, false), false, HGOV_IO_IDLE, 0,
	  "recent I/O nobody was kicked for does not pin" },
	{ { .now_ns = MS(500), .inflight = 0, .last_event_ns = 0, .deep = true,
	    .pinned = true, .enabled = true, .big = true, .hold_ns = HOLD,
	    .watchdog_ns = WATCHDOG },
	  false, HGOV_IO_DEEP, 0, "only a deep queue's I/O: released" },
	{ { .now_ns = MS(500), .inflight = 1, .last_event_ns = MS(499), .deep = true,
	    .pinned = true, .enabled = true, .big = true, .hold_ns = HOLD,
	    .watchdog_ns = WATCHDOG },
	  true, HGOV_IO_ACTIVE, MS(549), "a deep queue and a shallow one: pinned" },
	{ IN(300, 1, 100, true), true, HGOV_IO_ACTIVE, MS(350),
	  "slow request past the hold: look again a hold later for its completion" },
	{ IN(350, 0, 340, true), true, HGOV_IO_HOLD, MS(390),
	  "the slow request completed: the hold from its completion" },
	{ IN(2080, 1, 100, true), true, HGOV_IO_ACTIVE, MS(2100),
	  "slow request near the watchdog: look again at the watchdog" },
	{ { .now_ns = MS(300), .inflight = 1, .last_event_ns = MS(100),
	    .pinned = true, .enabled = true, .big = true, .hold_ns = 0,
	    .watchdog_ns = WATCHDOG },
	  true, HGOV_IO_ACTIVE, MS(310),
	  "io_hold_ms=0, slow request: look again 10 ms later, not at once" },
	{ { .now_ns = MS(2100), .inflight = 0, .last_event_ns = MS(100),
	    .stale = true, .pinned = true, .enabled = true, .big = true,
	    .hold_ns = HOLD, .watchdog_ns = WATCHDOG },
	  false, HGOV_IO_WATCHDOG, 0, "lost completions: watchdog releases" },
	{ { .now_ns = MS(2100), .inflight = 2, .last_event_ns = MS(2090),
	    .stale = true, .pinned = true, .enabled = true, .big = true,
	    .hold_ns = HOLD, .watchdog_ns = WATCHDOG },
	  true, HGOV_IO_ACTIVE, MS(2140),
	  "one disk lost completions, another is busy: still pinned" },
	{ { .now_ns = MS(100), .inflight = 1, .last_event_ns = MS(100),
	    .enabled = false, .big = true, .hold_ns = HOLD,
	    .watchdog_ns = WATCHDOG },
	  false, HGOV_IO_DISABLED, 0, "io_pin_enable=0: never pins" },
	{ { .now_ns = MS(100), .inflight = 1, .last_event_ns = MS(100),
	    .enabled = true, .big = false, .hold_ns = HOLD,
	    .watchdog_ns = WATCHDOG },
	  false, HGOV_IO_NOT_BIG, 0, "LITTLE policy: never pins" },
	{ { .now_ns = MS(100), .inflight = 0, .last_event_ns = MS(100),
	    .pinned = true, .enabled = true, .big = true, .hold_ns = 0,
	    .watchdog_ns = WATCHDOG },
	  false, HGOV_IO_RELEASED, 0, "io_hold_ms=0: released as the queue drains" },
};

/* Pinned while requests are in flight and io_hold_ms after, no longer. */
static void hgov_io_step_test(struct kunit *test)
{
	const struct step_case *c = hgov_kunit_param(test);
	struct hgov_io_verdict out;

	hgov_io_step(&c->in, &out);
	KUNIT_EXPECT_EQ(test, out.pin, c->pin);
	KUNIT_EXPECT_STREQ(test, hgov_io_reason_name(out.reason),
			   hgov_io_reason_name(c->reason));
	KUNIT_EXPECT_EQ(test, out.next_check_ns, c->next_check_ns);
}

HGOV_KUNIT_PARAMS(hgov_io_step_test, step, step_cases, name);

/*
 * Walk a dd run through time: issue/complete pairs every 5 ms for 100 ms,
 * then silence. The pin starts with the first request and ends exactly
 * io_hold_ms after the last completion.
 */
static void hgov_io_sequence_test(struct kunit *test)
{
	struct hgov_io_input in = IN(0, 0, 0, false);
	struct hgov_io_verdict out;
	unsigned int t;

	for (t = 10; t <= 110; t += 5) {
		in.now_ns = MS(t);
		in.inflight = 1;
		in.last_event_ns = MS(t);
		hgov_io_step(&in, &out);
		KUNIT_ASSERT_TRUE_MSG(test, out.pin, "not pinned at %u ms", t);
		in.pinned = out.pin;
		in.inflight = 0;
		in.now_ns = MS(t) + 100000;
		in.last_event_ns = in.now_ns;
		hgov_io_step(&in, &out);
		KUNIT_ASSERT_TRUE_MSG(test, out.pin, "released between requests at %u ms", t);
	}
	in.now_ns = out.next_check_ns - 1;
	hgov_io_step(&in, &out);
	KUNIT_EXPECT_TRUE(test, out.pin);
	in.now_ns = MS(110) + 100000 + HOLD;
	hgov_io_step(&in, &out);
	KUNIT_EXPECT_FALSE(test, out.pin);
	KUNIT_EXPECT_STREQ(test, hgov_io_reason_name(out.reason), "released");
}

struct latency_case {
	struct hgov_io_latency_input in;
	bool on;
	u64 next_check_ns;
	const char *name;
};

#define LAT_HOLD	MS(5)
#define LAT(t, p, n, req)						\
	{ .now_ns = MS(t), .enabled = true, .pinned = (p),		\
	  .inflight = (n), .last_req_ns = MS(req), .hold_ns = LAT_HOLD }

static const struct latency_case latency_cases[] = {
	{ LAT(100, true, 1, 100), true, MS(105),
	  "a request in flight under a pin: limit, look again in a hold" },
	{ LAT(100, true, 0, 97), true, MS(102),
	  "3 ms after the last completion: held until 5 ms after it" },
	{ LAT(100, true, 0, 95), false, 0,
	  "5 ms after it: off, though the pin holds on" },
	{ LAT(100, true, 0, 0), false, 0,
	  "a pin from dirtied pages alone: no limit" },
	{ LAT(100, false, 1, 100), false, 0,
	  "no pin (a deep queue, io_pin_enable=0): no limit" },
	{ { .now_ns = MS(100), .enabled = false, .pinned = true, .inflight = 1,
	    .last_req_ns = MS(100), .hold_ns = LAT_HOLD }, false, 0,
	  "io_idle_latency_us=0: never" },
	{ { .now_ns = MS(100), .enabled = true, .pinned = true, .inflight = 0,
	    .last_req_ns = MS(101), .hold_ns = LAT_HOLD }, true, MS(106),
	  "a completion stamped ahead of now (another CPU's clock) is recent" },
	{ { .now_ns = MS(100), .enabled = true, .pinned = true, .inflight = 2,
	    .last_req_ns = MS(90), .hold_ns = MS(50) }, true, MS(150),
	  "a long hold: a slow request is looked at again every hold" },
	{ { .now_ns = MS(100), .enabled = true, .pinned = true, .inflight = 0,
	    .last_req_ns = MS(100), .hold_ns = 0 }, false, 0,
	  "io_idle_hold_ms=0: off once none is in flight" },
	{ { .now_ns = MS(100), .enabled = true, .pinned = true, .inflight = 1,
	    .last_req_ns = MS(100), .hold_ns = 0 }, true, MS(101),
	  "io_idle_hold_ms=0: a request in flight is looked at every 1 ms" },
	{ { .now_ns = MS(100), .enabled = true, .pinned = true, .inflight = 0,
	    .last_req_ns = MS(88), .flush_ns = MS(88), .hold_ns = LAT_HOLD,
	    .watchdog_ns = WATCHDOG }, true, MS(105),
	  "a cache flush in flight for 12 ms (fdatasync on a slow eMMC) holds it" },
	{ { .now_ns = MS(3000), .enabled = true, .pinned = true, .inflight = 0,
	    .last_req_ns = MS(900), .flush_ns = MS(900), .hold_ns = LAT_HOLD,
	    .watchdog_ns = WATCHDOG }, false, 0,
	  "a flush without completion for io_watchdog_ms holds it no longer" },
};

/*
 * The idle-latency limit follows the requests, not the pin: it is held
 * while one is in flight and io_idle_hold_ms after the last, and never
 * without a pin.
 */
static void hgov_io_latency_test(struct kunit *test)
{
	const struct latency_case *c = hgov_kunit_param(test);
	u64 next = 1;

	KUNIT_EXPECT_EQ(test, hgov_io_latency(&c->in, &next), c->on);
	KUNIT_EXPECT_EQ(test, next, c->next_check_ns);
}

HGOV_KUNIT_PARAMS(hgov_io_latency_test, latency, latency_cases, name);

/*
 * A cache flush in flight on a disk that counts reaches the limit through
 * the sum; one completed, or on a disk io_disks leaves out, does not.
 */
static void hgov_io_sum_flush_test(struct kunit *test)
{
	struct hgov_io_limits lim = { .depth = DEPTH, .watchdog_ns = WATCHDOG };
	struct hgov_disk_view done = { .counted = true, .last_req_ns = MS(95),
				       .flush_issue_ns = MS(90), .flush_done_ns = MS(95) };
	struct hgov_disk_view out = { .counted = false, .flush_issue_ns = MS(99) };
	struct hgov_disk_view busy = { .counted = true, .last_req_ns = MS(96),
				       .flush_issue_ns = MS(97), .flush_done_ns = MS(80) };
	struct hgov_io_sum sum = {};

	hgov_io_sum_add(&sum, hgov_disk_role(&done, MS(100), &lim), &done);
	hgov_io_sum_add(&sum, hgov_disk_role(&out, MS(100), &lim), &out);
	KUNIT_EXPECT_EQ(test, sum.flush_ns, 0ULL);
	KUNIT_EXPECT_EQ(test, sum.last_req_ns, MS(95));
	hgov_io_sum_add(&sum, hgov_disk_role(&busy, MS(100), &lim), &busy);
	KUNIT_EXPECT_EQ(test, sum.flush_ns, MS(97));
	KUNIT_EXPECT_EQ(test, sum.last_req_ns, MS(96));
}

struct watchdog_case {
	u64 now;
	struct {
		u32 inflight;
		u64 last;
	} disk[2];
	u32 left[2];
	u32 inflight;
	u64 last;
	bool stale;
	bool pin;
	enum hgov_io_reason reason;
	const char *name;
};

/* A disk with @n requests in flight and its last block event at @t ms. */
#define DISK(n, t)	{ (n), MS(t) }

static const struct watchdog_case watchdog_cases[] = {
	{ MS(2100), { DISK(2, 100), DISK(0, 0) }, { 0, 0 }, 0, 0, true,
	  false, HGOV_IO_WATCHDOG, "2 s without an event: written off, released" },
	{ MS(2100) - 1, { DISK(2, 100), DISK(0, 0) }, { 2, 0 }, 2, MS(100), false,
	  true, HGOV_IO_ACTIVE, "1 ns short of the watchdog: still in flight" },
	{ MS(9000), { DISK(0, 100), DISK(0, 0) }, { 0, 0 }, 0, MS(100), false,
	  false, HGOV_IO_RELEASED, "nothing in flight is never written off" },
	{ MS(100), { DISK(1, 200), DISK(0, 0) }, { 1, 0 }, 1, MS(200), false,
	  true, HGOV_IO_ACTIVE, "event stamped after now: not written off" },
	{ MS(2100), { DISK(2, 100), DISK(1, 2090) }, { 0, 1 }, 1, MS(2090), true,
	  true, HGOV_IO_ACTIVE, "another disk busy: written off, still pinned" },
	{ MS(2100), { DISK(2, 100), DISK(3, 50) }, { 0, 0 }, 0, 0, true,
	  false, HGOV_IO_WATCHDOG, "both disks lost completions: both written off" },
	{ MS(2600), { DISK(2, 500), DISK(0, 400) }, { 0, 0 }, 0, MS(400), true,
	  false, HGOV_IO_WATCHDOG, "a written-off disk adds no block event" },
	{ MS(2100), { DISK(2, 100), DISK(0, 2090) }, { 0, 0 }, 0, MS(2090), true,
	  false, HGOV_IO_WATCHDOG, "released at once, even within another disk's hold" },
};

/*
 * The watchdog writes off the requests of a disk with none completed for
 * io_watchdog_ms: its count drops to 0 in the same generation, it adds
 * nothing to the sum, and a pinned policy is released unless another
 * disk has requests in flight.
 */
static void hgov_io_watchdog_test(struct kunit *test)
{
	const struct watchdog_case *c = hgov_kunit_param(test);
	struct hgov_io_limits lim = { .depth = DEPTH, .watchdog_ns = WATCHDOG };
	struct hgov_io_input in = IN(0, 0, 0, true);
	struct hgov_io_sum sum = {};
	struct hgov_io_verdict out;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(c->disk); i++) {
		struct hgov_disk_view disk = {
			.inflight	= c->disk[i].inflight,
			.counted	= true,
			.last_event_ns	= c->disk[i].last,
		};
		u64 state = ((u64)2 << 32) | c->disk[i].inflight, next = state;
		enum hgov_disk_role role = hgov_disk_role(&disk, c->now, &lim);
		bool off = role == HGOV_DISK_STALE;

		if (off)
			next = hgov_slot_write_off(state);
		hgov_io_sum_add(&sum, role, &disk);
		KUNIT_EXPECT_EQ_MSG(test, off, (bool)(c->left[i] != c->disk[i].inflight),
				    "disk %u", i);
		KUNIT_EXPECT_EQ_MSG(test, HGOV_SLOT_GEN(next), 2U, "disk %u", i);
		KUNIT_EXPECT_EQ_MSG(test, HGOV_SLOT_INFLIGHT(next), c->left[i],
				    "disk %u", i);
	}
	KUNIT_EXPECT_EQ(test, sum.inflight, c->inflight);
	KUNIT_EXPECT_EQ(test, sum.last_event_ns, c->last);
	KUNIT_EXPECT_EQ(test, sum.stale, c->stale);

	in.now_ns = c->now;
	in.inflight = sum.inflight;
	in.last_event_ns = sum.last_event_ns;
	in.stale = sum.stale;
	hgov_io_step(&in, &out);
	KUNIT_EXPECT_EQ(test, out.pin, c->pin);
	KUNIT_EXPECT_STREQ(test, hgov_io_reason_name(out.reason),
			   hgov_io_reason_name(c->reason));
}

HGOV_KUNIT_PARAMS(hgov_io_watchdog_test, watchdog, watchdog_cases, name);

struct deep_mark_case {
	u32 inflight, depth;
	u64 now, last_deep, since;
	bool marked;
	u64 last_after, since_after;
	const char *name;
};

static const struct deep_mark_case deep_mark_cases[] = {
	{ 16, DEPTH, MS(100), 0, 0, true, MS(100), MS(100),
	  "the 16th request in flight starts a deep phase" },
	{ 32, DEPTH, MS(100), MS(99), MS(40), true, MS(100), MS(40),
	  "the queue refilled 1 ms later: the phase goes on" },
	{ 32, DEPTH, MS(100), MS(80), MS(40), true, MS(100), MS(100),
	  "refilled after a 20 ms gap: a new phase" },
	{ 32, DEPTH, MS(100), MS(81), MS(40), true, MS(100), MS(40),
	  "1 ms inside the gap: the phase goes on" },
	{ 15, DEPTH, MS(100), MS(99), MS(40), false, MS(99), MS(40),
	  "15 in flight: not deep, nothing stored" },
	{ 32, 0, MS(100), MS(99), MS(40), false, MS(99), MS(40),
	  "io_deep_depth 0: the rule is off" },
	{ 32, DEPTH, MS(100), MS(100) - 500000, MS(40), false, MS(100) - 500000, MS(40),
	  "refilled 0.5 ms after the last mark: nothing stored" },
	{ 32, DEPTH, MS(100), MS(100) + 3000, MS(40), false, MS(100) + 3000, MS(40),
	  "another CPU marked after this one's clock read: the phase goes on, the mark stays" },
	{ 32, DEPTH, MS(100), MS(105), MS(40), false, MS(105), MS(40),
	  "a mark 5 ms ahead (another CPU, preempted reader): the phase goes on" },
	{ 32, DEPTH, MS(100), MS(120), MS(40), true, MS(100), MS(100),
	  "a mark a gap ahead is not trusted: a new phase" },
};

/* A request that brings its queue to io_deep_depth starts or goes on with a deep phase. */
static void hgov_io_deep_mark_test(struct kunit *test)
{
	const struct deep_mark_case *c = hgov_kunit_param(test);
	struct hgov_deep_mark mark = { .last_ns = c->last_deep, .since_ns = c->since };

	KUNIT_EXPECT_EQ(test, hgov_io_deep_mark(c->inflight, c->depth, c->now, &mark),
			c->marked);
	KUNIT_EXPECT_EQ(test, mark.last_ns, c->last_after);
	KUNIT_EXPECT_EQ(test, mark.since_ns, c->since_after);
}

HGOV_KUNIT_PARAMS(hgov_io_deep_mark_test, deep_mark, deep_mark_cases, name);

/*
 * Four CPUs issue to one disk, 32 deep together, one request every 25 us
 * each. Each reads its clock before the count, and marks the phase
 * after, when the other three may have marked later times: the marks land
 * in the reverse order of the clock reads, 15 us after the first. The
 * phase starts once and settles 50 ms later; the last mark never moves
 * back.
 */
static void hgov_io_deep_multi_test(struct kunit *test)
{
	struct hgov_deep_mark mark = {};
	u64 t, start = MS(1000), last = 0;
	unsigned int restarts = 0;
	int cpu;

	for (t = start; t < start + MS(100); t += 25000) {
		for (cpu = 3; cpu >= 0; cpu--) {
			u64 now = t + cpu * 5000;
			struct hgov_deep_mark was = mark;

			if (hgov_io_deep_mark(32, DEPTH, now, &mark) &&
			    mark.since_ns != was.since_ns)
				restarts++;
			KUNIT_ASSERT_GE_MSG(test, mark.last_ns, last,
					    "the mark moved back at %llu ns", now);
			last = mark.last_ns;
		}
		KUNIT_EXPECT_EQ_MSG(test, hgov_io_deep(DEPTH, t + 15000, &mark),
				    (bool)(t - start >= HGOV_DEEP_SETTLE_NS),
				    "at %llu ms after the first request",
				    div_u64(t - start, NSEC_PER_MSEC));
	}
	KUNIT_EXPECT_EQ(test, restarts, 1U);
}

struct deep_case {
	u32 depth;
	u64 now, last_deep, since;
	bool deep;
	const char *name;
};

static const struct deep_case deep_cases[] = {
	{ DEPTH, MS(1000), MS(999), MS(900), true,
	  "deep for 100 ms and refilled 1 ms ago: left out" },
	{ DEPTH, MS(1000), MS(999), MS(950), true,
	  "deep for exactly 50 ms: left out" },
	{ DEPTH, MS(1000), MS(999), MS(951), false,
	  "deep for 49 ms: still pins" },
	{ DEPTH, MS(1000), MS(980), MS(900), false,
	  "not refilled for 20 ms: pins again" },
	{ DEPTH, MS(1000), 0, 0, false, "never deep: pins" },
	{ 0, MS(1000), MS(999), MS(900), false, "io_deep_depth 0: pins" },
	{ DEPTH, MS(1000), MS(1001), MS(900), true,
	  "refilled by another CPU after now: left out" },
	{ DEPTH, MS(1000), MS(1020), MS(900), false,
	  "a refill stamped a gap after now: not trusted" },
	{ DEPTH, MS(1000), MS(999), MS(1001), false,
	  "a phase another CPU started after now: pins" },
};

/*
 * A disk whose queue keeps reaching io_deep_depth is left out of the pin
 * once its phase has lasted 50 ms, until it goes 20 ms without.
 */
static void hgov_io_deep_test(struct kunit *test)
{
	const struct deep_case *c = hgov_kunit_param(test);
	struct hgov_deep_mark mark = { .last_ns = c->last_deep, .since_ns = c->since };

	KUNIT_EXPECT_EQ(test, hgov_io_deep(c->depth, c->now, &mark), c->deep);
}

HGOV_KUNIT_PARAMS(hgov_io_deep_test, deep, deep_cases, name);

/* A disk deep for 100 ms at 1000 ms, last refilled 1 ms ago. */
#define DEEP_NOW	{ .last_ns = MS(999), .since_ns = MS(900) }
/* A disk deep until 500 ms. */
#define DEEP_ONCE	{ .last_ns = MS(500), .since_ns = MS(400) }

/* io_watchdog_ms for the disks' roles: 100 ms. */
#define ROLE_WATCHDOG	MS(100)

struct role_case {
	struct hgov_disk_view disk;
	u64 seen;
	enum hgov_disk_role role;
	bool missed;
	const char *name;
};

static const struct role_case role_cases[] = {
	{ { 1, true, MS(999), {} }, MS(999), HGOV_DISK_PINS, true,
	  "requests in flight: count toward the pin" },
	{ { 0, true, MS(990), {} }, MS(990), HGOV_DISK_PINS, false,
	  "idle, its last event seen: counts, no news" },
	{ { 0, true, MS(995), {} }, MS(990), HGOV_DISK_PINS, true,
	  "a dirtied page the evaluation did not see: missed" },
	{ { 4, false, MS(999), {} }, 0, HGOV_DISK_OUT, false,
	  "io_disks leaves it out: nothing, in flight or not" },
	{ { 32, true, MS(999), DEEP_NOW }, MS(999), HGOV_DISK_DEEP, false,
	  "a deep queue is left out, and is no news to the recheck" },
	{ { 32, true, MS(1000), DEEP_NOW }, MS(990), HGOV_DISK_DEEP, false,
	  "a deep queue's new requests are no news either" },
	{ { 8, true, MS(999), DEEP_ONCE }, MS(999), HGOV_DISK_PINS, true,
	  "no longer deep, requests in flight: pins, and the recheck kicks" },
	{ { 2, true, MS(1000) - ROLE_WATCHDOG, {} }, MS(800), HGOV_DISK_STALE, false,
	  "no event for io_watchdog_ms: written off, kicks nobody" },
	{ { 2, true, MS(1001), {} }, MS(990), HGOV_DISK_PINS, true,
	  "an event stamped after now by another CPU: not stale" },
};

/*
 * One rule says whether a disk counts toward the pin, for the evaluation
 * and for the recheck after it: what the evaluation left out never kicks
 * it again.
 */
static void hgov_disk_role_test(struct kunit *test)
{
	const struct role_case *c = hgov_kunit_param(test);
	struct hgov_io_limits lim = { .depth = DEPTH, .watchdog_ns = ROLE_WATCHDOG };

	KUNIT_EXPECT_EQ(test, hgov_disk_role(&c->disk, MS(1000), &lim), c->role);
	KUNIT_EXPECT_EQ(test, hgov_io_missed(&c->disk, c->seen, MS(1000), &lim),
			c->missed);
}

HGOV_KUNIT_PARAMS(hgov_disk_role_test, role, role_cases, name);

/*
 * A deep queue fed from several CPUs is evaluated DEEP, and the recheck
 * that follows, looking at the same disk with requests still in flight,
 * does not kick the evaluation again.
 */
static void hgov_io_deep_recheck_test(struct kunit *test)
{
	struct hgov_io_limits lim = { .depth = DEPTH, .watchdog_ns = WATCHDOG };
	struct hgov_disk_view disk = { 32, true, MS(999), DEEP_NOW };
	struct hgov_io_input in = IN(1000, 0, 0, true);
	struct hgov_io_sum sum = {};
	struct hgov_io_verdict out;

	hgov_io_sum_add(&sum, hgov_disk_role(&disk, MS(1000), &lim), &disk);
	in.inflight = sum.inflight;
	in.last_event_ns = sum.last_event_ns;
	in.deep = sum.deep;
	hgov_io_step(&in, &out);
	KUNIT_EXPECT_FALSE(test, out.pin);
	KUNIT_EXPECT_STREQ(test, hgov_io_reason_name(out.reason), "deep");
	disk.inflight = 31;
	disk.last_event_ns = MS(1000) + 2000;
	KUNIT_EXPECT_FALSE(test, hgov_io_missed(&disk, sum.seen_ns, MS(1000) + 3000,
						&lim));
}

struct event_case {
	enum hgov_io_event_kind kind;
	struct hgov_disk_view disk;
	u64 now;
	bool stamp, mark, kick;
	const char *name;
};

static const struct event_case event_cases[] = {
	{ HGOV_EV_ISSUE, { 1, true, MS(1000), {} }, MS(1000), false, false, true,
	  "the first request of an idle disk kicks" },
	{ HGOV_EV_ISSUE, { 2, true, MS(1000), {} }, MS(1000), false, false, false,
	  "a second request does not" },
	{ HGOV_EV_ISSUE, { 1, false, MS(1000), {} }, MS(1000), false, false, false,
	  "nor one on a disk io_disks leaves out" },
	{ HGOV_EV_ISSUE, { 1, true, MS(1000), DEEP_NOW }, MS(1000), false, false, false,
	  "nor a deep queue's refill after a drain" },
	{ HGOV_EV_ISSUE, { 1, true, MS(1000), DEEP_ONCE }, MS(1000), false, false, true,
	  "a queue deep long ago kicks again" },
	{ HGOV_EV_ISSUE, { 16, true, MS(1000), {} }, MS(1000), false, true, false,
	  "the 16th request marks a deep phase" },
	{ HGOV_EV_ISSUE, { 32, true, MS(1000), DEEP_NOW }, MS(1000), false, true, false,
	  "a deep queue refilled a millisecond later: marked" },
	{ HGOV_EV_ISSUE, { 32, true, MS(1000), { MS(1000) + 2000, MS(900) } },
	  MS(1000), false, false, false,
	  "another CPU marked it later: nothing stored" },
	{ HGOV_EV_DIRTY, { 0, true, MS(990), {} }, MS(1000), true, false, true,
	  "a dirtied page after 10 ms without an event: stamped, kicks" },
	{ HGOV_EV_DIRTY, { 0, true, MS(1000) - 500000, {} }, MS(1000), false, false, false,
	  "a page dirtied 0.5 ms after the last event: read, not written" },
	{ HGOV_EV_DIRTY, { 0, true, MS(1000) + 1000, {} }, MS(1000), false, false, false,
	  "another CPU stamped later: nothing" },
	{ HGOV_EV_DIRTY, { 0, false, MS(900), {} }, MS(1000), true, false, false,
	  "a disk io_disks leaves out: stamped, kicks nobody" },
	{ HGOV_EV_DIRTY, { 32, true, MS(990), DEEP_NOW }, MS(1000), true, false, false,
	  "a deep queue's disk: stamped, kicks nobody" },
	{ HGOV_EV_COMPLETE, { 0, true, MS(1000), {} }, MS(1000), false, false, false,
	  "a completion starts nothing" },
	{ HGOV_EV_REQUEUE, { 0, true, MS(1000), {} }, MS(1000), false, false, false,
	  "nor a requeue" },
};

/* What a block event stores and whether it wakes the pins. */
static void hgov_io_event_test(struct kunit *test)
{
	const struct event_case *c = hgov_kunit_param(test);
	struct hgov_io_limits lim = { .depth = DEPTH, .watchdog_ns = WATCHDOG };
	struct hgov_io_event_verdict out;

	hgov_io_on_event(c->kind, &c->disk, c->now, &lim, &out);
	KUNIT_EXPECT_EQ(test, out.stamp, c->stamp);
	KUNIT_EXPECT_EQ(test, out.mark, c->mark);
	KUNIT_EXPECT_EQ(test, out.kick, c->kick);
	if (!out.mark) {
		KUNIT_EXPECT_EQ(test, out.deep.last_ns, c->disk.deep.last_ns);
		KUNIT_EXPECT_EQ(test, out.deep.since_ns, c->disk.deep.since_ns);
	}
}

HGOV_KUNIT_PARAMS(hgov_io_event_test, event, event_cases, name);

#define HGOV_DEFAULT_DISKS	"!loop* !ram* !zram* !nullb* *"

struct filter_case {
	const char *patterns, *disk;
	bool counted;
	const char *name;
};

static const struct filter_case filter_cases[] = {
	{ HGOV_DEFAULT_DISKS, "mmcblk0", true, "default: eMMC counts" },
	{ HGOV_DEFAULT_DISKS, "vda", true, "default: virtio disk counts" },
	{ HGOV_DEFAULT_DISKS, "sda", true, "default: SATA counts" },
	{ HGOV_DEFAULT_DISKS, "loop0", false, "default: loop does not" },
	{ HGOV_DEFAULT_DISKS, "ram0", false, "default: brd does not" },
	{ HGOV_DEFAULT_DISKS, "zram0", false, "default: zram does not" },
	{ HGOV_DEFAULT_DISKS, "nullb0", false, "default: null_blk does not" },
	{ "mmcblk*", "vda", false, "unmatched disks do not count" },
	{ "!vdb vd?", "vdb", false, "first match wins: excluded" },
	{ "!vdb vd?", "vda", true, "first match wins: included" },
	{ "nullb? !*", "nullb0", true, "include a memory disk for benchmarks" },
	{ "m?cblk*p1", "mmcblk0p1", true, "'?' and '*' in one pattern" },
	{ "", "vda", false, "no pattern: nothing counts" },
};

/* io_disks decides which disks' requests count. */
static void hgov_disk_filter_test(struct kunit *test)
{
	const struct filter_case *c = hgov_kunit_param(test);

	KUNIT_EXPECT_EQ(test, hgov_disk_counted(c->patterns, c->disk), c->counted);
}

HGOV_KUNIT_PARAMS(hgov_disk_filter_test, filter, filter_cases, name);

struct patterns_case {
	const char *patterns;
	bool valid;
	const char *name;
};

static const struct patterns_case patterns_cases[] = {
	{ HGOV_DEFAULT_DISKS, true, "the default" },
	{ "mmcblk0\n", true, "one disk, newline from echo" },
	{ "", false, "empty" },
	{ " \t\n", false, "whitespace only" },
	{ "sd*a**", false, "three stars" },
	{ "vd$", false, "shell character" },
	{ "vd!a", false, "'!' inside a pattern" },
	{ "!!vda", false, "double '!'" },
	{ "!", false, "a lone '!'" },
	{ "vd* !\n", false, "a lone '!' after a pattern" },
	{ "!*", true, "exclude everything" },
};

/* Bad io_disks values are refused before they reach the probes. */
static void hgov_disk_patterns_test(struct kunit *test)
{
	const struct patterns_case *c = hgov_kunit_param(test);

	KUNIT_EXPECT_EQ(test, hgov_disk_patterns_valid(c->patterns), c->valid);
}

HGOV_KUNIT_PARAMS(hgov_disk_patterns_test, patterns, patterns_cases, name);

struct big_case {
	unsigned long capacity;
	unsigned long capacities[8];
	bool big;
	const char *name;
};

static const struct big_case big_cases[] = {
	{ 1024, { 1024, 1024, 1024, 1024, 428, 428, 428, 428 }, true, "H3 A57" },
	{ 428, { 1024, 1024, 1024, 1024, 428, 428, 428, 428 }, false, "H3 A53" },
	{ 1024, { 1024, 1024, 1024, 1024, 1024, 1024, 1024, 1024 }, true,
	  "single capacity class: every policy is big" },
	{ 700, { 300, 300, 700, 700, 700, 700, 1024, 1024 }, false,
	  "three classes: middle is not big" },
};

/* The policies of highest capacity pin. */
static void hgov_is_big_test(struct kunit *test)
{
	const struct big_case *c = hgov_kunit_param(test);

	KUNIT_EXPECT_EQ(test, hgov_is_big(c->capacity, c->capacities, 8), c->big);
}

HGOV_KUNIT_PARAMS(hgov_is_big_test, big, big_cases, name);

struct op_case {
	unsigned int op;
	bool pins;
	const char *name;
};

#define HGOV_OP(op)	((__force unsigned int)(op))

static const struct op_case op_cases[] = {
	{ HGOV_OP(REQ_OP_READ), true, "data read" },
	{ HGOV_OP(REQ_OP_WRITE), true, "data write" },
	{ HGOV_OP(REQ_OP_FLUSH), false, "cache flush" },
	{ HGOV_OP(REQ_OP_DISCARD), false, "discard (fstrim)" },
	{ HGOV_OP(REQ_OP_SECURE_ERASE), false, "secure erase" },
	{ HGOV_OP(REQ_OP_WRITE_ZEROES), false, "write zeroes" },
	{ HGOV_OP(REQ_OP_DRV_IN), false, "passthrough in (media-change poll)" },
	{ HGOV_OP(REQ_OP_DRV_OUT), false, "passthrough out" },
};

/* Only data reads and writes are storage I/O that pins. */
static void hgov_op_pins_test(struct kunit *test)
{
	const struct op_case *c = hgov_kunit_param(test);

	KUNIT_EXPECT_EQ(test, hgov_op_pins(c->op), c->pins);
}

HGOV_KUNIT_PARAMS(hgov_op_pins_test, op, op_cases, name);

struct pin_case {
	unsigned int min, max, khz;
	const char *name;
};

static const struct pin_case pin_cases[] = {
	{ 500000, 1500000, 1500000, "no cap: highest non-boost OPP" },
	{ 500000, 1000000, 1000000, "thermal cap at 1 GHz wins" },
	{ 500000, 1200000, 1000000, "user cap between OPPs: the OPP below" },
	{ 500000, 1700000, 1700000, "boost enabled: the turbo OPP" },
	{ 1000000, 1000000, 1000000, "min = max" },
};

/*
 * A pinned policy runs at policy->max: never above, whatever caps it, and
 * at the cap even where the energy model calls it inefficient; an idle
 * policy included.
 */
static void hgov_pin_limits_test(struct kunit *test)
{
	const struct pin_case *c = hgov_kunit_param(test);
	unsigned int target;

	KUNIT_EXPECT_EQ(test, hgov_next_khz(h3_a57_em, true, 0, 1500000, c->min,
					    c->max, HGOV_INEFF, &target), c->khz);
}

HGOV_KUNIT_PARAMS(hgov_pin_limits_test, pin, pin_cases, name);

struct slot_case {
	u32 start_gen;
	const char *ops;
	u32 gen, inflight;
	unsigned int refused;
	const char *name;
};

/*
 * ops, applied in turn to one slot: l looks the slot's disk up (its
 * generation is remembered), i and c count a request of that lookup in
 * and out, t gives the slot to another disk (take, then publish), T only
 * takes it, w is the watchdog writing its requests off.
 */
static const struct slot_case slot_cases[] = {
	{ 2, "lii", 2, 2, 0, "requests count in their disk's slot" },
	{ 2, "liicc", 2, 0, 0, "and count out as they complete" },
	{ 2, "ltli", 4, 1, 0, "a new disk counts in the next generation" },
	{ 2, "lti", 4, 0, 1, "a disk that lost the slot between lookup and count leaves no count" },
	{ 2, "lTi", 3, 0, 1, "nothing counts in a slot being given away" },
	{ 2, "lit", 2, 1, 1, "a slot with requests in flight is not given away" },
	{ 2, "lc", 2, 0, 1, "a completion never counted in is ignored" },
	{ 2, "liwc", 2, 0, 1, "a completion after the watchdog's write-off is ignored" },
	{ 2, "liwi", 2, 1, 0, "the watchdog keeps the generation: the disk counts on" },
	{ 0xfffffffe, "ltli", 0, 1, 0, "the generation wraps" },
};

/* The slot's generation ties every count to the disk it was looked up for. */
static void hgov_slot_test(struct kunit *test)
{
	const struct slot_case *c = hgov_kunit_param(test);
	u64 state = (u64)c->start_gen << 32, next = 0;
	unsigned int refused = 0;
	const char *op;
	u32 gen = 0;

	for (op = c->ops; *op; op++) {
		bool ok = true;

		switch (*op) {
		case 'l':
			gen = HGOV_SLOT_GEN(state);
			break;
		case 'i':
		case 'c':
			ok = hgov_slot_count(state, gen, *op == 'i', &next);
			break;
		case 't':
		case 'T':
			ok = hgov_slot_take(state, &next);
			if (ok && *op == 't')
				next = hgov_slot_publish(next);
			break;
		case 'w':
			next = hgov_slot_write_off(state);
			break;
		}
		if (*op == 'l')
			continue;
		if (ok)
			state = next;
		else
			refused++;
	}
	KUNIT_EXPECT_EQ(test, HGOV_SLOT_GEN(state), c->gen);
	KUNIT_EXPECT_EQ(test, HGOV_SLOT_INFLIGHT(state), c->inflight);
	KUNIT_EXPECT_EQ(test, refused, c->refused);
}

HGOV_KUNIT_PARAMS(hgov_slot_test, slot, slot_cases, name);

static struct kunit_case hgov_io_cases[] = {
	HGOV_KUNIT_PARAM_CASE(hgov_io_step_test, step),
	KUNIT_CASE(hgov_io_sequence_test),
	HGOV_KUNIT_PARAM_CASE(hgov_io_watchdog_test, watchdog),
	HGOV_KUNIT_PARAM_CASE(hgov_io_deep_mark_test, deep_mark),
	HGOV_KUNIT_PARAM_CASE(hgov_io_deep_test, deep),
	KUNIT_CASE(hgov_io_deep_multi_test),
	HGOV_KUNIT_PARAM_CASE(hgov_disk_role_test, role),
	KUNIT_CASE(hgov_io_deep_recheck_test),
	HGOV_KUNIT_PARAM_CASE(hgov_io_event_test, event),
	HGOV_KUNIT_PARAM_CASE(hgov_io_latency_test, latency),
	KUNIT_CASE(hgov_io_sum_flush_test),
	HGOV_KUNIT_PARAM_CASE(hgov_slot_test, slot),
	HGOV_KUNIT_PARAM_CASE(hgov_disk_filter_test, filter),
	HGOV_KUNIT_PARAM_CASE(hgov_disk_patterns_test, patterns),
	HGOV_KUNIT_PARAM_CASE(hgov_is_big_test, big),
	HGOV_KUNIT_PARAM_CASE(hgov_op_pins_test, op),
	HGOV_KUNIT_PARAM_CASE(hgov_pin_limits_test, pin),
	{}
};

struct kunit_suite hgov_io_suite = {
	.name = "cpufreq_hybrid_io",
	.test_cases = hgov_io_cases,
};

HGOV_KUNIT_SUITE(hgov_io_suite);
