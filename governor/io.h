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
 * @seen_ns: the latest block event of every disk io_disks counts, left
 *	out or not (hgov_io_missed())
 * @last_req_ns: time of the latest request event (issue, completion,
 *	requeue; not a dirtied page) of the disks in @inflight, a cache
 *	flush's completion included
 * @flush_ns: the latest issue of a cache flush still in flight on those
 *	disks (0: none)
 */
struct hgov_io_sum {
	u32	inflight;
	u64	last_event_ns;
	u64	last_req_ns;
	u64	flush_ns;
	bool	stale;
	bool	deep;
	u64	seen_ns;
};

/**
 * struct hgov_io_latency_input - what the idle-latency limit is decided on
 *	(hgov_io_latency())
 * @now_ns: current time
 * @enabled: io_idle_latency_us is not 0
 * @pinned: a storage I/O pin is engaged (hgov_storage_active())
 * @inflight: storage requests in flight on the disks that count
 * @last_req_ns: time of their last issue, completion or requeue
 * @flush_ns: issue of a cache flush in flight on them (0: none)
 * @hold_ns: io_idle_hold_ms in ns
 * @watchdog_ns: io_watchdog_ms in ns
 */
struct hgov_io_latency_input {
	u64	now_ns;
	bool	enabled;
	bool	pinned;
	u32	inflight;
	u64	last_req_ns;
	u64	flush_ns;
	u64	hold_ns;
	u64	watchdog_ns;
};

/**
 * struct hgov_deep_mark - a disk's deep phase (hgov_io_deep_mark())
 * @last_ns: when a request last brought its queue to io_deep_depth (0:
 *	never)
 * @since_ns: when the phase began
 */
struct hgov_deep_mark {
	u64	last_ns;
	u64	since_ns;
};

/**
 * struct hgov_disk_view - a disk as one look at its slot found it
 * @inflight: its requests in flight
 * @counted: io_disks counts it
 * @last_event_ns: its last block event (0: none)
 * @deep: its deep phase
 * @last_req_ns: its last issue, completion or requeue (0: none), a
 *	cache flush's completion included
 * @flush_issue_ns: its last cache flush's issue (0: none)
 * @flush_done_ns: its last cache flush's completion or requeue (0: none)
 */
struct hgov_disk_view {
	u32			inflight;
	bool			counted;
	u64			last_event_ns;
	struct hgov_deep_mark	deep;
	u64			last_req_ns;
	u64			flush_issue_ns;
	u64			flush_done_ns;
};

/**
 * struct hgov_io_limits - the detector's settings
 * @depth: io_deep_depth (0: the deep-queue rule is off)
 * @watchdog_ns: io_watchdog_ms in ns
 */
struct hgov_io_limits {
	u32	depth;
	u64	watchdog_ns;
};

/**
 * enum hgov_disk_role - what a disk's I/O does to the pin (hgov_disk_role())
 * @HGOV_DISK_OUT: nothing: io_disks leaves the disk out
 * @HGOV_DISK_DEEP: nothing: its queue is deep
 * @HGOV_DISK_STALE: nothing: its requests lost their completions and are
 *	written off
 * @HGOV_DISK_PINS: its requests in flight and its last event count
 */
enum hgov_disk_role {
	HGOV_DISK_OUT,
	HGOV_DISK_DEEP,
	HGOV_DISK_STALE,
	HGOV_DISK_PINS,
};

/**
 * enum hgov_io_event_kind - a block event (hgov_io_on_event())
 * @HGOV_EV_ISSUE: a data read or write was issued to the driver
 * @HGOV_EV_COMPLETE: one was done (or failed) for good
 * @HGOV_EV_REQUEUE: one was requeued
 * @HGOV_EV_DIRTY: a buffered writer dirtied a page of a file on the disk
 * @HGOV_EV_NR: number of kinds
 */
enum hgov_io_event_kind {
	HGOV_EV_ISSUE,
	HGOV_EV_COMPLETE,
	HGOV_EV_REQUEUE,
	HGOV_EV_DIRTY,
	HGOV_EV_NR,
};

/**
 * struct hgov_io_event_verdict - what a block event does (hgov_io_on_event())
 * @stamp: store the event's time as the disk's last event (a dirtied
 *	page; requests always stamp, before they count)
 * @mark: store @deep as the disk's deep phase
 * @deep: the disk's deep phase after the event
 * @kick: wake the pins that would engage
 */
struct hgov_io_event_verdict {
	bool			stamp;
	bool			mark;
	struct hgov_deep_mark	deep;
	bool			kick;
};

/*
 * A deep queue's phase goes on while requests reach io_deep_depth at most
 * HGOV_DEEP_GAP_NS apart, and counts as deep once it has lasted
 * HGOV_DEEP_SETTLE_NS (hgov_io_deep_mark(), hgov_io_deep()).
 */
#define HGOV_DEEP_GAP_NS	(20 * NSEC_PER_MSEC)
#define HGOV_DEEP_SETTLE_NS	(50 * NSEC_PER_MSEC)

/*
 * A disk's last event stamped by a dirtied page, and its deep phase's
 * last request, are stored at most this often: a writer dirties thousands
 * of pages a second and a deep queue takes thousands of requests, and one
 * stamp a millisecond keeps the hold and the phase to within 1 ms
 * (hgov_io_on_event()).
 */
#define HGOV_IO_STAMP_NS	NSEC_PER_MSEC

/*
 * A pinned policy with a slow request in flight looks again every
 * io_hold_ms, but not more often than this (io_hold_ms=0), for the
 * completion that starts the hold (hgov_io_step()).
 */
#define HGOV_IO_POLL_MIN_NS	(10 * NSEC_PER_MSEC)

/*
 * The idle-latency limit with a request in flight looks again every
 * io_idle_hold_ms, but not more often than this (io_idle_hold_ms=0), for
 * the completion that starts its hold (hgov_io_latency()).
 */
#define HGOV_IO_LATENCY_POLL_MIN_NS	NSEC_PER_MSEC

/*
 * A disk slot's state: its generation (upper 32 bits) and the requests in
 * flight on its disk (lower 32 bits), in one word that changes atomically.
 * An odd generation is a slot being given to another disk.
 */
#define HGOV_SLOT_GEN(state)		((u32)((u64)(state) >> 32))
#define HGOV_SLOT_INFLIGHT(state)	((u32)(state))

void hgov_io_step(const struct hgov_io_input *in, struct hgov_io_verdict *out);
bool hgov_io_latency(const struct hgov_io_latency_input *in, u64 *next_check_ns);
bool hgov_slot_count(u64 state, u32 gen, bool issue, u64 *next);
bool hgov_slot_take(u64 state, u64 *next);
u64 hgov_slot_publish(u64 taken);
u64 hgov_slot_write_off(u64 state);
bool hgov_io_deep_mark(u32 inflight, u32 depth, u64 now_ns,
		       struct hgov_deep_mark *mark);
bool hgov_io_deep(u32 depth, u64 now_ns, const struct hgov_deep_mark *mark);
enum hgov_disk_role hgov_disk_role(const struct hgov_disk_view *disk, u64 now_ns,
				   const struct hgov_io_limits *lim);
void hgov_io_sum_add(struct hgov_io_sum *sum, enum hgov_disk_role role,
		     const struct hgov_disk_view *disk);
bool hgov_io_missed(const struct hgov_disk_view *disk, u64 seen_ns, u64 now_ns,
		    const struct hgov_io_limits *lim);
void hgov_io_on_event(enum hgov_io_event_kind kind,
		      const struct hgov_disk_view *disk, u64 now_ns,
		      const struct hgov_io_limits *lim,
		      struct hgov_io_event_verdict *out);
bool hgov_disk_counted(const char *patterns, const char *name);
bool hgov_op_pins(unsigned int op);
bool hgov_disk_patterns_valid(const char *patterns);
bool hgov_is_big(unsigned long capacity, const unsigned long *capacities,
		 unsigned int nr);
const char *hgov_io_reason_name(enum hgov_io_reason reason);

#endif /* HGOV_GOVERNOR_IO_H */
