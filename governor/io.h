/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Storage I/O pin rules. Pure functions: time, request counts, limits and
 * settings are arguments.
 */
#ifndef HGOV_GOVERNOR_IO_H
#define HGOV_GOVERNOR_IO_H

#include <linux/time64.h>
#include <linux/types.h>

/**
 * enum hgov_io_reason - why a policy is or is not pinned
 * @HGOV_IO_IDLE: no storage request in flight, not pinned
 * @HGOV_IO_ACTIVE: requests in flight: pinned
 * @HGOV_IO_HOLD: none in flight, within io_hold_ms of the last block
 *	event: still pinned
 * @HGOV_IO_RELEASED: the hold ran out: pin released
 * @HGOV_IO_WATCHDOG: requests in flight but no block event for
 *	io_watchdog_ms: completions went missing, pin released
 * @HGOV_IO_DEEP: not pinned, and a disk's I/O was left out because its
 *	queue is deep (hgov_io_deep())
 * @HGOV_IO_DISABLED: io_pin_enable is 0
 * @HGOV_IO_NOT_BIG: the policy is not one that pins
 */
enum hgov_io_reason {
	HGOV_IO_IDLE,
	HGOV_IO_ACTIVE,
	HGOV_IO_HOLD,
	HGOV_IO_RELEASED,
	HGOV_IO_WATCHDOG,
	HGOV_IO_DEEP,
	HGOV_IO_DISABLED,
	HGOV_IO_NOT_BIG,
};

/**
 * struct hgov_io_input - what a policy knows when it (re)considers the pin
 * @now_ns: current time
 * @inflight: storage requests in flight on the disks that count
 * @last_event_ns: time of the last block event (issue, completion,
 *	requeue) on those disks
 * @stale: some disk had requests in flight and no event for
 *	io_watchdog_ms (its count was just dropped, and is not in @inflight)
 * @deep: a disk with a deep queue was left out of @inflight and
 *	@last_event_ns
 * @pinned: the policy is pinned now
 * @kicked: a disk went busy since the policy last looked
 * @enabled: io_pin_enable
 * @big: the policy is one that pins
 * @hold_ns: io_hold_ms in ns
 * @watchdog_ns: io_watchdog_ms in ns
 */
struct hgov_io_input {
	u64	now_ns;
	u32	inflight;
	u64	last_event_ns;
	bool	stale;
	bool	deep;
	bool	pinned;
	bool	kicked;
	bool	enabled;
	bool	big;
	u64	hold_ns;
	u64	watchdog_ns;
};

/**
 * struct hgov_io_verdict - outcome of hgov_io_step()
 * @pin: run the policy at policy->max
 * @reason: why
 * @next_check_ns: when to look again without a new block event (0: no
 *	need)
 */
struct hgov_io_verdict {
	bool			pin;
	enum hgov_io_reason	reason;
	u64			next_check_ns;
};

/**
 * struct hgov_io_sum - storage I/O summed over the disks that count
 * @inflight: requests in flight
 * @last_event_ns: time of the latest block event
 * @stale: a disk's requests were written off by the watchdog
 * @deep: a disk with a deep queue was left out (hgov_io_deep())
 */
struct hgov_io_sum {
	u32	inflight;
	u64	last_event_ns;
	bool	stale;
	bool	deep;
};

/*
 * A deep queue's phase goes on while requests reach io_deep_depth at most
 * HGOV_DEEP_GAP_NS apart, and counts as deep once it has lasted
 * HGOV_DEEP_SETTLE_NS (hgov_io_deep_mark(), hgov_io_deep()).
 */
#define HGOV_DEEP_GAP_NS	(20 * NSEC_PER_MSEC)
#define HGOV_DEEP_SETTLE_NS	(50 * NSEC_PER_MSEC)

/*
 * A pinned policy with a slow request in flight looks again every
 * io_hold_ms, but not more often than this (io_hold_ms=0), for the
 * completion that starts the hold (hgov_io_step()).
 */
#define HGOV_IO_POLL_MIN_NS	(10 * NSEC_PER_MSEC)

/*
 * A disk slot's state: its generation (upper 32 bits) and the requests in
 * flight on its disk (lower 32 bits), in one word that changes atomically.
 * An odd generation is a slot being given to another disk.
 */
#define HGOV_SLOT_GEN(state)		((u32)((u64)(state) >> 32))
#define HGOV_SLOT_INFLIGHT(state)	((u32)(state))

void hgov_io_step(const struct hgov_io_input *in, struct hgov_io_verdict *out);
bool hgov_slot_count(u64 state, u32 gen, bool issue, u64 *next);
bool hgov_slot_take(u64 state, u64 *next);
u64 hgov_slot_publish(u64 taken);
u64 hgov_slot_write_off(u64 state);
bool hgov_io_watchdog(struct hgov_io_sum *sum, u64 now_ns, u64 state,
		      u64 last_event_ns, u64 watchdog_ns, u64 *next);
bool hgov_io_deep_mark(u32 inflight, u32 depth, u64 now_ns, u64 last_deep_ns,
		       u64 *deep_since_ns);
bool hgov_io_deep(u32 depth, u64 now_ns, u64 last_deep_ns, u64 deep_since_ns);
bool hgov_disk_counted(const char *patterns, const char *name);
bool hgov_op_pins(unsigned int op);
bool hgov_disk_patterns_valid(const char *patterns);
bool hgov_is_big(unsigned long capacity, const unsigned long *capacities,
		 unsigned int nr);
const char *hgov_io_reason_name(enum hgov_io_reason reason);

#endif /* HGOV_GOVERNOR_IO_H */
