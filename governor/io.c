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
 * hgov_io_watchdog() - add a disk to the storage I/O sum, or write it off
 * @sum: the disks summed so far; this one is added
 * @now_ns: current time
 * @state: the disk's slot state (generation, requests in flight)
 * @last_event_ns: time of the disk's last block event
 * @watchdog_ns: io_watchdog_ms in ns
 * @next: set to the slot's state after the watchdog
 *
 * A disk whose requests stay in flight with no block event for the
 * watchdog period has lost their completions; they are written off:
 *
 *	stale = inflight > 0 && now - t_last >= watchdog
 *	stale:	next = (gen, 0), sum.stale = true
 *	else:	next = state, sum.inflight += inflight,
 *		sum.t_last = max(sum.t_last, t_last)
 *
 * An event stamped after @now_ns (another CPU's clock) is never stale. A
 * disk written off adds neither requests nor an event to @sum. It keeps
 * its generation: late completions of its requests are refused
 * (hgov_slot_count()), new requests count on, and with none in flight it
 * is written off once. The pin follows in hgov_io_step():
 *
 *	sum.stale && sum.inflight == 0  =>  pin = false (HGOV_IO_WATCHDOG)
 *
 * while another disk's requests in flight keep it (HGOV_IO_ACTIVE).
 *
 * Return: stale: the slot's state must become @next.
 */
bool hgov_io_watchdog(struct hgov_io_sum *sum, u64 now_ns, u64 state,
		      u64 last_event_ns, u64 watchdog_ns, u64 *next)
{
	u32 inflight = HGOV_SLOT_INFLIGHT(state);

	if (hgov_io_stale(now_ns, inflight, last_event_ns, watchdog_ns)) {
		*next = hgov_slot_write_off(state);
		sum->stale = true;
		return true;
	}
	*next = state;
	sum->inflight += inflight;
	sum->last_event_ns = max(sum->last_event_ns, last_event_ns);
	return false;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_io_watchdog);

/**
 * hgov_io_deep_mark() - does an issued request keep a deep queue going?
 * @inflight: the disk's requests in flight with this one
 * @depth: io_deep_depth (0: the rule is off)
 * @now_ns: current time
 * @last_deep_ns: when a request last brought the queue to @depth
 * @deep_since_ns: when the queue's deep phase began; updated
 *
 * A request that brings the queue to @depth continues its deep phase if
 * the last one did so less than HGOV_DEEP_GAP_NS ago, else starts one:
 *
 *	inflight >= depth > 0:  deep_since = now - last_deep < gap ? deep_since : now,
 *				last_deep = now
 *
 * Return: true if the request reached @depth: the caller stores
 * @deep_since_ns and @now_ns as the disk's last_deep.
 */
bool hgov_io_deep_mark(u32 inflight, u32 depth, u64 now_ns, u64 last_deep_ns,
		       u64 *deep_since_ns)
{
	if (!depth || inflight < depth)
		return false;
	if (!last_deep_ns || now_ns - last_deep_ns >= HGOV_DEEP_GAP_NS)
		*deep_since_ns = now_ns;
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_io_deep_mark);

/**
 * hgov_io_deep() - is a disk's queue deep, so that its I/O does not pin?
 * @depth: io_deep_depth (0: the rule is off)
 * @now_ns: current time
 * @last_deep_ns: when a request last brought its queue to @depth
 * @deep_since_ns: when that deep phase began
 *
 *	deep = depth > 0 && deep_since > 0 && now - last_deep < gap &&
 *	       now - deep_since >= settle
 *
 * A queue that fills and drains in batches (every request completing at
 * once, as virtio's do) stays deep as long as each batch reaches @depth;
 * a phase's first HGOV_DEEP_SETTLE_NS pins, as does anything after a gap.
 *
 * Return: true if the disk's requests and events are to be left out.
 */
bool hgov_io_deep(u32 depth, u64 now_ns, u64 last_deep_ns, u64 deep_since_ns)
{
	return depth && deep_since_ns && (s64)(now_ns - last_deep_ns) >= 0 &&
	       now_ns - last_deep_ns < HGOV_DEEP_GAP_NS &&
	       (s64)(now_ns - deep_since_ns) >= (s64)HGOV_DEEP_SETTLE_NS;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_io_deep);

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
