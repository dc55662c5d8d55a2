// SPDX-License-Identifier: GPL-2.0
/*
 * Storage I/O pin rules.
 *
 * A big policy is pinned at policy->max from the moment a request is in
 * flight on a disk that counts until io_hold_ms after the last block event
 * once none is in flight:
 *
 *	pin(t) = enabled && big && (inflight > 0 || t - t_last < hold)
 *
 * where a block event is a data read or write issued, completed or
 * requeued (hgov_op_pins()), or a page of a file on the disk dirtied by a
 * buffered writer, whose copy into the page cache is the CPU-bound part
 * of its write. A request whose issue kicked the policy but that completed
 * before the policy got to look still pins for the rest of its hold; I/O
 * seen by nobody (io_pin_enable was 0) does not start a pin later.
 *
 * A deep queue does not pay for the pin: a disk whose requests in flight
 * keep reaching io_deep_depth is kept busy whatever the CPU's speed
 * (boosting an io_uring 6x128 random read gained nothing at 0.3 GHz more on
 * average: Loehle, lore 20240304201625.100619-1), and its I/O is left out
 * of the pin as if io_disks excluded it (hgov_io_deep()). A host without
 * command queueing (eMMC, SD) never gets there: its driver takes one or
 * two requests at a time, every CPU cycle of the completion path stays on
 * the device's critical path, and it pins.
 *
 * A disk whose requests stay in flight with no block event for
 * io_watchdog_ms has lost its completions: its count is dropped and,
 * unless another disk still has requests in flight, the pin is released
 * at once.
 *
 * Requests in flight are counted per disk in slots that are given to
 * another disk once theirs is idle. A slot's count moves only within the
 * generation in which a request's disk was looked up:
 *
 *	count(state, gen) = state.gen == gen ? state +- 1 : refused
 *	take(state) = state.inflight == 0 ? (state.gen + 1, 0) : refused
 *
 * so a request whose disk lost its slot between lookup and count cannot
 * leave a count behind in the next disk's.
 *
 * Each rule is written once, here: whether a disk counts toward the pin
 * (hgov_disk_role()), for the evaluation's sum (hgov_io_sum_add()) and
 * for the recheck that follows it (hgov_io_missed()) alike; and what a
 * block event does (hgov_io_on_event()): a disk that goes busy, or that
 * gets a dirtied page after a millisecond without an event, wakes the
 * pins, unless it does not count.
 */

#include <linux/blk_types.h>
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/string.h>

#include "governor/io.h"
#include "governor/compat.h"

/* Did a disk with @inflight requests and no event since @last_event_ns lose them? */
static bool hgov_io_stale(u64 now_ns, u32 inflight, u64 last_event_ns,
			  u64 watchdog_ns)
{
	s64 quiet_ns = (s64)(now_ns - last_event_ns);

	return inflight && quiet_ns >= 0 && (u64)quiet_ns >= watchdog_ns;
}

/**
 * hgov_io_deep_mark() - does an issued request keep a deep queue going?
 * @inflight: the disk's requests in flight with this one
 * @depth: io_deep_depth (0: the rule is off)
 * @now_ns: current time, read on the issuing CPU before @mark was
 * @mark: the disk's deep phase as read; updated
 *
 * A request that brings the queue to @depth continues its deep phase if
 * the last one did so less than HGOV_DEEP_GAP_NS before it, else starts
 * one. Requests of one disk are issued from several CPUs at once (fio
 * numjobs, an io_uring thread pool), each with its own clock reading
 * taken before another's mark landed: the age of the last mark is
 * signed, and a mark later than @now_ns continues the phase and stays:
 *
 *	age = now - last			(signed)
 *	inflight >= depth > 0:
 *		last == 0 || age <= -gap || age >= gap:	since = last = now
 *		age >= stamp:				last = now
 *		else:					nothing (a mark as recent)
 *
 * The last mark moves at most once per HGOV_IO_STAMP_NS, and never back
 * but for a mark more than a gap in the future, which is not trusted.
 *
 * Return: true if @mark changed: the caller stores it.
 */
bool hgov_io_deep_mark(u32 inflight, u32 depth, u64 now_ns,
		       struct hgov_deep_mark *mark)
{
	s64 age = (s64)(now_ns - mark->last_ns);

	if (!depth || inflight < depth)
		return false;
	if (!mark->last_ns || age <= -(s64)HGOV_DEEP_GAP_NS ||
	    age >= (s64)HGOV_DEEP_GAP_NS) {
		mark->since_ns = now_ns;
		mark->last_ns = now_ns;
		return true;
	}
	if (age < (s64)HGOV_IO_STAMP_NS)
		return false;
	mark->last_ns = now_ns;
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_io_deep_mark);

/**
 * hgov_io_deep() - is a disk's queue deep, so that its I/O does not pin?
 * @depth: io_deep_depth (0: the rule is off)
 * @now_ns: current time
 * @mark: the disk's deep phase (hgov_io_deep_mark())
 *
 *	age = now - last			(signed)
 *	deep = depth > 0 && since > 0 && -gap < age < gap &&
 *	       now - since >= settle
 *
 * A queue that fills and drains in batches (every request completing at
 * once, as virtio's do) stays deep as long as each batch reaches @depth;
 * a phase's first HGOV_DEEP_SETTLE_NS pins, as does anything after a gap.
 * A mark stamped after @now_ns by another CPU is a queue refilled just
 * now; one more than a gap ahead is not trusted.
 *
 * Return: true if the disk's requests and events are to be left out.
 */
bool hgov_io_deep(u32 depth, u64 now_ns, const struct hgov_deep_mark *mark)
{
	s64 age = (s64)(now_ns - mark->last_ns);

	return depth && mark->since_ns && age > -(s64)HGOV_DEEP_GAP_NS &&
	       age < (s64)HGOV_DEEP_GAP_NS &&
	       (s64)(now_ns - mark->since_ns) >= (s64)HGOV_DEEP_SETTLE_NS;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_io_deep);

/**
 * hgov_disk_role() - does a disk count toward the pin?
 * @disk: the disk as a look at its slot found it
 * @now_ns: current time
 * @lim: the detector's settings
 *
 * The one rule for every look at the disks, the pin's evaluation
 * (hgov_io_sum_add()) and its recheck (hgov_io_missed()) alike:
 *
 *	!counted					OUT
 *	deep(depth, now, disk.deep)			DEEP
 *	inflight > 0 && now - t_last >= watchdog	STALE
 *	else						PINS
 *
 * An event stamped after @now_ns (another CPU's clock) is never stale.
 *
 * Return: the disk's role.
 */
enum hgov_disk_role hgov_disk_role(const struct hgov_disk_view *disk, u64 now_ns,
				   const struct hgov_io_limits *lim)
{
	if (!disk->counted)
		return HGOV_DISK_OUT;
	if (hgov_io_deep(lim->depth, now_ns, &disk->deep))
		return HGOV_DISK_DEEP;
	if (hgov_io_stale(now_ns, disk->inflight, disk->last_event_ns,
			  lim->watchdog_ns))
		return HGOV_DISK_STALE;
	return HGOV_DISK_PINS;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_disk_role);

/**
 * hgov_io_sum_add() - add a disk to the storage I/O sum
 * @sum: the disks summed so far; this one is added
 * @role: the disk's role (hgov_disk_role())
 * @disk: the disk
 *
 *	PINS:	sum.inflight += inflight, sum.t_last = max(sum.t_last, t_last),
 *		sum.t_req = max(sum.t_req, t_req),
 *		t_flush_issue > t_flush_done: sum.t_flush = max(sum.t_flush,
 *		t_flush_issue)
 *	DEEP:	sum.deep = true
 *	STALE:	sum.stale = true (the caller writes its requests off:
 *		hgov_slot_write_off())
 *	all but OUT: sum.seen = max(sum.seen, t_last)
 *
 * A disk written off keeps its generation: late completions of its
 * requests are refused (hgov_slot_count()), new requests count on, and
 * with none in flight it is written off once. The pin follows in
 * hgov_io_step():
 *
 *	sum.stale && sum.inflight == 0  =>  pin = false (HGOV_IO_WATCHDOG)
 *
 * while another disk's requests in flight keep it (HGOV_IO_ACTIVE).
 */
void hgov_io_sum_add(struct hgov_io_sum *sum, enum hgov_disk_role role,
		     const struct hgov_disk_view *disk)
{
	if (role == HGOV_DISK_OUT)
		return;
	sum->seen_ns = max(sum->seen_ns, disk->last_event_ns);
	if (role == HGOV_DISK_DEEP) {
		sum->deep = true;
	} else if (role == HGOV_DISK_STALE) {
		sum->stale = true;
	} else {
		sum->inflight += disk->inflight;
		sum->last_event_ns = max(sum->last_event_ns, disk->last_event_ns);
		sum->last_req_ns = max(sum->last_req_ns, disk->last_req_ns);
		if ((s64)(disk->flush_issue_ns - disk->flush_done_ns) > 0)
			sum->flush_ns = max(sum->flush_ns, disk->flush_issue_ns);
	}
}
EXPORT_SYMBOL_IF_KUNIT(hgov_io_sum_add);

/**
 * hgov_io_missed() - did a disk go busy behind an evaluation's back?
 * @disk: the disk, looked at after the evaluation asked to be kicked
 * @seen_ns: the latest event the evaluation saw (struct hgov_io_sum)
 * @now_ns: current time
 * @lim: the detector's settings
 *
 * A probe that ran while the evaluation was deciding found no pin to
 * kick; what it saw is now in the disk's slot:
 *
 *	missed = role == PINS && (inflight > 0 || t_last > seen)
 *
 * A deep disk's requests are no more news than they were to the
 * evaluation, which left them out: they kick nobody.
 *
 * Return: true if the pin must be kicked.
 */
bool hgov_io_missed(const struct hgov_disk_view *disk, u64 seen_ns, u64 now_ns,
		    const struct hgov_io_limits *lim)
{
	return hgov_disk_role(disk, now_ns, lim) == HGOV_DISK_PINS &&
	       (disk->inflight || (s64)(disk->last_event_ns - seen_ns) > 0);
}
EXPORT_SYMBOL_IF_KUNIT(hgov_io_missed);

/**
 * hgov_io_on_event() - what a block event does
 * @kind: the event
 * @disk: its disk as the event found it: for an issue, with the request
 *	counted in flight and its time stamped
 * @now_ns: the event's time
 * @lim: the detector's settings
 * @out: verdict
 *
 *	issue:	mark = hgov_io_deep_mark(),
 *		kick = inflight == 1 && role == PINS
 *	dirty:	stamp = now - t_last >= stamp_ns,
 *		kick = stamp && role == PINS
 *	complete, requeue: nothing
 *
 * with the role (hgov_disk_role()) the disk has after the event: a disk
 * that goes busy or gets its first dirtied page for a while wakes the
 * pins, unless io_disks or its deep queue leaves it out.
 */
void hgov_io_on_event(enum hgov_io_event_kind kind,
		      const struct hgov_disk_view *disk, u64 now_ns,
		      const struct hgov_io_limits *lim,
		      struct hgov_io_event_verdict *out)
{
	struct hgov_disk_view after = *disk;
	bool first;

	out->stamp = false;
	out->mark = false;
	out->deep = disk->deep;
	out->kick = false;
	if (kind == HGOV_EV_ISSUE) {
		out->mark = hgov_io_deep_mark(disk->inflight, lim->depth, now_ns,
					      &out->deep);
		first = disk->inflight == 1;
	} else if (kind == HGOV_EV_DIRTY) {
		out->stamp = (s64)(now_ns - disk->last_event_ns) >=
			     (s64)HGOV_IO_STAMP_NS;
		first = out->stamp;
	} else {
		return;
	}
	after.deep = out->deep;
	after.last_event_ns = now_ns;
	out->kick = first && hgov_disk_role(&after, now_ns, lim) == HGOV_DISK_PINS;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_io_on_event);

/**
 * hgov_io_step() - pin or release a policy
 * @in: the policy's view of storage I/O
 * @out: verdict
 *
 * The verdict follows the formula at the top of this file. While pinned,
 * @out->next_check_ns is when to look again without a block event: when
 * the pin would end if none came, last event + hold (a drained queue).
 * A request in flight past that is slow, and its completion kicks nobody
 * (a pinned policy has nothing to engage): the pin looks again every
 * hold (at least HGOV_IO_POLL_MIN_NS) until it completes, so that the
 * hold from that completion ends it, or the watchdog writes it off at
 * last event + watchdog.
 */
void hgov_io_step(const struct hgov_io_input *in, struct hgov_io_verdict *out)
{
	s64 quiet_ns = (s64)(in->now_ns - in->last_event_ns);
	u64 hold_end = in->last_event_ns + in->hold_ns;

	out->pin = false;
	out->next_check_ns = 0;
	if (!in->enabled) {
		out->reason = HGOV_IO_DISABLED;
	} else if (!in->big) {
		out->reason = HGOV_IO_NOT_BIG;
	} else if (in->inflight) {
		out->pin = true;
		out->reason = HGOV_IO_ACTIVE;
		if (quiet_ns < 0 || (u64)quiet_ns < in->hold_ns)
			out->next_check_ns = hold_end;
		else
			out->next_check_ns =
				min(in->now_ns + max_t(u64, in->hold_ns, HGOV_IO_POLL_MIN_NS),
				    in->last_event_ns + max(in->watchdog_ns, in->hold_ns));
	} else if (in->stale) {
		out->reason = HGOV_IO_WATCHDOG;
	} else if ((in->pinned || in->kicked) && quiet_ns >= 0 &&
		   (u64)quiet_ns < in->hold_ns) {
		out->pin = true;
		out->reason = HGOV_IO_HOLD;
		out->next_check_ns = hold_end;
	} else if (in->deep) {
		out->reason = HGOV_IO_DEEP;
	} else {
		out->reason = in->pinned ? HGOV_IO_RELEASED : HGOV_IO_IDLE;
	}
}
EXPORT_SYMBOL_IF_KUNIT(hgov_io_step);

/**
 * hgov_io_latency() - hold the idle-latency limit now?
 * @in: storage I/O as the limit sees it
 * @next_check_ns: set to when to look again without a new request on an
 *	idle disk (0: no need)
 *
 * The limit keeps CPUs out of slow idle states for the requests' sake:
 * a completion's interrupt and the wake-up of the task that waits for it.
 * It is held while a request is in flight and io_idle_hold_ms after the
 * last one, never beyond the pin:
 *
 *	limit(t) = enabled && pinned &&
 *		   (inflight > 0 || flushing || t - t_req < hold)
 *	flushing = t_flush > 0 && t - t_flush < watchdog
 *
 * A cache flush does not pin (hgov_op_pins()), but a task waits for it
 * as for a read (fdatasync(), a journal commit), and a slow eMMC's takes
 * 10 ms or more: one in flight holds the limit, and its completion starts
 * the hold. Only the latest flush's issue and completion are kept, so
 * with two in flight the first completion ends "flushing" (the hold
 * follows); one whose completion went missing holds it until the
 * watchdog.
 *
 * A pin held by dirtied pages alone (a writer filling the page cache) or
 * by its hold leaves idle states to cpuidle: no completion is due. While
 * a request or a flush is in flight the limit looks again every hold (at
 * least HGOV_IO_LATENCY_POLL_MIN_NS), as no completion kicks it; while
 * it holds, when the hold would end. A disk that goes busy, or gets a
 * flush, while the limit is off but the pin is on kicks it (the caller's
 * business). A look finds the last completion less than a hold old, so
 * the limit ends one hold after it (and the timer's slack), or for a hold
 * under HGOV_IO_LATENCY_POLL_MIN_NS, at most that long after it.
 *
 * Return: true if the limit holds.
 */
bool hgov_io_latency(const struct hgov_io_latency_input *in, u64 *next_check_ns)
{
	s64 quiet_ns = (s64)(in->now_ns - in->last_req_ns);
	s64 flush_age_ns = (s64)(in->now_ns - in->flush_ns);
	bool flushing = in->flush_ns &&
			(flush_age_ns < 0 || (u64)flush_age_ns < in->watchdog_ns);

	*next_check_ns = 0;
	if (!in->enabled || !in->pinned)
		return false;
	if (in->inflight || flushing) {
		*next_check_ns = in->now_ns +
				 max_t(u64, in->hold_ns, HGOV_IO_LATENCY_POLL_MIN_NS);
		return true;
	}
	/* A request stamped after @now_ns (another CPU's clock) is recent. */
	if (in->last_req_ns && (quiet_ns < 0 || (u64)quiet_ns < in->hold_ns)) {
		*next_check_ns = in->last_req_ns + in->hold_ns;
		return true;
	}
	return false;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_io_latency);

/**
 * hgov_op_pins() - does a request of this operation count as storage I/O?
 * @op: the request's operation, req_op(), as an integer
 *
 * Data reads and writes do: the CPU is on their path (issue, completion,
 * the copy in and out of the page cache). Cache flushes, discards, write
 * zeroes, zone management and passthrough commands (a drive polled for a
 * media change, SMART) move no data through the CPU and do not.
 *
 * Return: @op is REQ_OP_READ or REQ_OP_WRITE.
 */
bool hgov_op_pins(unsigned int op)
{
	return op == (__force unsigned int)REQ_OP_READ ||
	       op == (__force unsigned int)REQ_OP_WRITE;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_op_pins);

/**
 * hgov_slot_count() - count a request into or out of a disk slot
 * @state: the slot's state now
 * @gen: the generation in which the request's disk was looked up
 * @issue: true to count a request issued, false one completed or requeued
 * @next: set to the new state
 *
 * Return: false, leaving @next alone, if the slot has moved on to another
 * generation, or if @issue is false and nothing is in flight (a request
 * issued before the probes were attached, or written off).
 */
bool hgov_slot_count(u64 state, u32 gen, bool issue, u64 *next)
{
	if (HGOV_SLOT_GEN(state) != gen)
		return false;
	if (issue) {
		*next = state + 1;
		return true;
	}
	if (!HGOV_SLOT_INFLIGHT(state))
		return false;
	*next = state - 1;
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_slot_count);

/**
 * hgov_slot_take() - start giving a slot to another disk
 * @state: the slot's state now
 * @next: set to the new state: the next (odd) generation, nothing in flight
 *
 * Return: false if requests are in flight on the slot's disk: it keeps it.
 */
bool hgov_slot_take(u64 state, u64 *next)
{
	if (HGOV_SLOT_INFLIGHT(state))
		return false;
	*next = (u64)(HGOV_SLOT_GEN(state) + 1) << 32;
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_slot_take);

/**
 * hgov_slot_publish() - finish giving a slot to another disk
 * @taken: the state hgov_slot_take() returned
 *
 * Return: the slot's state for its new disk: the next (even) generation,
 * nothing in flight.
 */
u64 hgov_slot_publish(u64 taken)
{
	return (u64)(HGOV_SLOT_GEN(taken) + 1) << 32;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_slot_publish);

/**
 * hgov_slot_write_off() - the watchdog drops a slot's requests
 * @state: the slot's state now
 *
 * Return: the same generation with nothing in flight.
 */
u64 hgov_slot_write_off(u64 state)
{
	return (u64)HGOV_SLOT_GEN(state) << 32;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_slot_write_off);

/* Does @name match the glob @pat (of length @len)? '*' and '?' only. */
static bool hgov_glob(const char *pat, size_t len, const char *name)
{
	if (!len)
		return !*name;
	if (*pat == '*')
		return hgov_glob(pat + 1, len - 1, name) ||
		       (*name && hgov_glob(pat, len, name + 1));
	if (!*name || (*pat != '?' && *pat != *name))
		return false;
	return hgov_glob(pat + 1, len - 1, name + 1);
}

/**
 * hgov_disk_counted() - does storage I/O on disk @name count?
 * @patterns: whitespace-separated globs ('*', '?'); a leading '!'
 *	excludes; the first that matches decides
 * @name: disk name (e.g. "mmcblk0", "vda", "loop3")
 *
 * Return: true iff the first pattern matching @name does not start with
 * '!'; false if none matches.
 */
bool hgov_disk_counted(const char *patterns, const char *name)
{
	const char *p = patterns;

	while (*p) {
		bool exclude;
		size_t len;

		p = skip_spaces(p);
		len = strcspn(p, " \t\n");
		if (!len)
			break;
		exclude = *p == '!';
		if (hgov_glob(p + exclude, len - exclude, name))
			return !exclude;
		p += len;
	}
	return false;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_disk_counted);

/**
 * hgov_disk_patterns_valid() - may @patterns be used as io_disks?
 * @patterns: candidate value
 *
 * Return: true iff @patterns holds at least one pattern, made of letters,
 * digits, '_', '-', '.', '*', '?' and a leading '!', with at most two
 * '*' per pattern (which bounds the matcher's work); a lone '!' names no
 * disk and is refused.
 */
bool hgov_disk_patterns_valid(const char *patterns)
{
	unsigned int n = 0, stars = 0, len = 0;
	const char *p;
	bool start = true;

	for (p = patterns; ; p++) {
		if (!*p || isspace(*p)) {
			if (!start && !len)
				return false;
			if (!*p)
				break;
			start = true;
			continue;
		}
		if (start) {
			n++;
			stars = 0;
			len = 0;
		}
		if (*p == '!' && start) {
			start = false;
			continue;
		}
		if (*p == '*' && ++stars > 2)
			return false;
		if (!(isalnum(*p) || strchr("_-.*?", *p)))
			return false;
		len++;
		start = false;
	}
	return n > 0;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_disk_patterns_valid);

/**
 * hgov_is_big() - is a policy one whose CPUs have the highest capacity?
 * @capacity: capacity of the policy's CPUs
 * @capacities: capacity of every possible CPU
 * @nr: entries in @capacities
 *
 * Return: @capacity >= max(@capacities). With a single capacity class
 * every policy is big.
 */
bool hgov_is_big(unsigned long capacity, const unsigned long *capacities,
		 unsigned int nr)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (capacities[i] > capacity)
			return false;
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_is_big);

/**
 * hgov_io_reason_name() - name of @reason, for logs and trace events
 * @reason: a reason
 *
 * Return: a static string.
 */
const char *hgov_io_reason_name(enum hgov_io_reason reason)
{
	static const char * const names[] = {
		[HGOV_IO_IDLE]		= "idle",
		[HGOV_IO_ACTIVE]	= "io",
		[HGOV_IO_HOLD]		= "hold",
		[HGOV_IO_RELEASED]	= "released",
		[HGOV_IO_WATCHDOG]	= "watchdog",
		[HGOV_IO_DEEP]		= "deep",
		[HGOV_IO_DISABLED]	= "disabled",
		[HGOV_IO_NOT_BIG]	= "not-big",
	};

	return reason < ARRAY_SIZE(names) ? names[reason] : "?";
}
EXPORT_SYMBOL_IF_KUNIT(hgov_io_reason_name);
