// SPDX-License-Identifier: GPL-2.0
/*
 * Disk slots of the storage I/O detector.
 *
 * Each disk gets a slot with an atomic count of requests in flight and the
 * time of its last event. The probes (module/probe.c) count requests in
 * and out of the slots and learn when a disk that counts (io_disks) goes
 * from idle to busy; the pins' owners read the slots
 * (hgov_io_snapshot()), where the watchdog (io_watchdog_ms) writes off
 * the requests of a disk that lost their completions (hgov_io_watchdog()).
 * Nothing here takes a lock shared with the scheduler hook or allocates,
 * and nothing here calls another file of the module but param.c.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/blkdev.h>
#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/sched/clock.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "governor/io.h"
#include "module/compat.h"
#include "module/disk.h"
#include "module/param.h"

/* Disks tracked at once; the least recently used idle slot is reused. */
#define HGOV_IO_DISKS		32
#define HGOV_IO_DISKS_LEN	256

/**
 * struct hgov_disk - storage I/O of one disk
 * @state: the slot's generation (upper 32 bits) and the requests in flight
 *	of its disk (lower 32 bits), changed together: a request counts
 *	only in the generation in which its disk was looked up, so a slot
 *	given to another disk cannot inherit a count. An odd generation is a
 *	slot being (re)assigned.
 * @dev: disk's dev_t, 0 for a slot never used
 * @diskseq: disk's sequence number (hgov_disk_seq()), tells a new disk
 *	from an old one that had the same dev_t
 * @name: disk name
 * @counted: I/O on this disk counts (io_disks)
 * @last_event_ns: local_clock() of the last issue, completion, requeue or
 *	dirtied page
 * @last_deep_ns: local_clock() of the last issue that brought the requests
 *	in flight to io_deep_depth
 * @deep_since_ns: local_clock() when that deep phase began
 *	(hgov_io_deep_mark()); the two are written apart, so a reader may
 *	pair one phase's start with another's last request once: a wrong
 *	verdict for one look at most
 *
 * @dev, @diskseq and @name are written by a claim only, under
 * hgov_disks_lock and while the generation is odd; readers check the
 * generation before and after reading them.
 */
struct hgov_disk {
	atomic64_t	state;
	dev_t		dev;
	u64		diskseq;
	char		name[DISK_NAME_LEN];
	bool		counted;
	atomic64_t	last_event_ns;
	atomic64_t	last_deep_ns;
	atomic64_t	deep_since_ns;
};

static struct hgov_disk hgov_disks[HGOV_IO_DISKS];
/*
 * Protects slot claims, hgov_io_disks and the @counted flags. Taken, IRQs
 * off, by the issue and dirty probes (any context) on a disk's first
 * event only, and by io_disks writers; never in the scheduler hook. A raw
 * spinlock: the probes may run in atomic context, where PREEMPT_RT's
 * spinlock_t sleeps; the work under it is bounded (HGOV_IO_DISKS slots,
 * bounded patterns).
 */
static DEFINE_RAW_SPINLOCK(hgov_disks_lock);

static char hgov_io_disks[HGOV_IO_DISKS_LEN] = "!loop* !ram* !zram* !nullb* *";
static unsigned int hgov_io_watchdog_ms = 2000;
static unsigned int hgov_io_deep_depth = 16;

static atomic64_t hgov_requests_issued;
static atomic64_t hgov_requests_completed;
static atomic64_t hgov_requests_requeued;
static atomic64_t hgov_watchdog_releases;

/*
 * Kick the pins for dirtied pages of a disk at most this often: a writer
 * dirties thousands of pages a second, and one kick starts the pin.
 */
#define HGOV_DIRTY_KICK_NS	NSEC_PER_MSEC

static const struct {
	const char	*name;
	atomic64_t	*counter;
} hgov_counters[] = {
	{ "requests_issued",	&hgov_requests_issued },
	{ "requests_completed",	&hgov_requests_completed },
	{ "requests_requeued",	&hgov_requests_requeued },
	{ "watchdog_releases",	&hgov_watchdog_releases },
};

/*
 * The slot of disk (@dev, @seq) and, in *@gen, its generation; NULL if the
 * disk has none. Lockless.
 */
static struct hgov_disk *hgov_disk_find(dev_t dev, u64 seq, u32 *gen)
{
	unsigned int i;

	for (i = 0; i < HGOV_IO_DISKS; i++) {
		struct hgov_disk *d = &hgov_disks[i];
		/* Pairs with the release that ends a claim. */
		s64 state = atomic64_read_acquire(&d->state);

		if (HGOV_SLOT_GEN(state) & 1 || READ_ONCE(d->dev) != dev ||
		    READ_ONCE(d->diskseq) != seq)
			continue;
		/* The identity read above belongs to this generation. */
		smp_rmb();
		if (HGOV_SLOT_GEN(atomic64_read(&d->state)) != HGOV_SLOT_GEN(state))
			continue;
		*gen = HGOV_SLOT_GEN(state);
		return d;
	}
	return NULL;
}

/*
 * Give @disk a slot: one never used, else the idle one with the oldest
 * event. Called with hgov_disks_lock held. NULL if every slot is busy.
 */
static struct hgov_disk *hgov_disk_claim(struct gendisk *disk, dev_t dev,
					 u64 seq, u32 *gen)
{
	unsigned int i, tries;

	for (tries = 0; tries < HGOV_IO_DISKS; tries++) {
		struct hgov_disk *d, *victim = NULL;
		s64 state;
		u64 taken;

		for (i = 0; i < HGOV_IO_DISKS; i++) {
			d = &hgov_disks[i];
			/* Slots are claimed in order and never freed, only reused. */
			if (!d->dev) {
				victim = d;
				break;
			}
			if (HGOV_SLOT_INFLIGHT(atomic64_read(&d->state)))
				continue;
			if (!victim || atomic64_read(&d->last_event_ns) <
				       atomic64_read(&victim->last_event_ns))
				victim = d;
		}
		if (!victim)
			break;
		/*
		 * Take the slot only while nothing is in flight on it: from
		 * here on no count of the old generation can move.
		 */
		state = atomic64_read(&victim->state);
		if (!hgov_slot_take(state, &taken) ||
		    !atomic64_try_cmpxchg(&victim->state, &state, taken))
			continue;
		/* Lockless readers see these change only with the generation. */
		WRITE_ONCE(victim->dev, dev);
		WRITE_ONCE(victim->diskseq, seq);
		strscpy(victim->name, disk->disk_name, sizeof(victim->name));
		WRITE_ONCE(victim->counted,
			   hgov_disk_counted(hgov_io_disks, victim->name));
		atomic64_set(&victim->last_event_ns, 0);
		atomic64_set(&victim->last_deep_ns, 0);
		atomic64_set(&victim->deep_since_ns, 0);
		taken = hgov_slot_publish(taken);
		*gen = HGOV_SLOT_GEN(taken);
		/* Publish; pairs with the acquires in lookups and snapshots. */
		atomic64_set_release(&victim->state, taken);
		return victim;
	}
	pr_warn_once("more than %d disks busy at once; ignoring %s\n",
		     HGOV_IO_DISKS, disk->disk_name);
	return NULL;
}

/*
 * The slot of @disk and its generation, claiming one on the disk's first
 * event if @claim; NULL if none.
 */
static struct hgov_disk *hgov_disk_slot(struct gendisk *disk, bool claim,
					u32 *gen)
{
	struct hgov_disk *d;
	unsigned long flags;
	dev_t dev;
	u64 seq;

	if (!disk)
		return NULL;
	dev = disk_devt(disk);
	seq = hgov_disk_seq(disk);
	d = hgov_disk_find(dev, seq, gen);
	if (d || !claim)
		return d;
	raw_spin_lock_irqsave(&hgov_disks_lock, flags);
	/* Another CPU may have claimed one meanwhile. */
	d = hgov_disk_find(dev, seq, gen) ?: hgov_disk_claim(disk, dev, seq, gen);
	raw_spin_unlock_irqrestore(&hgov_disks_lock, flags);
	return d;
}

/*
 * Count a request of @d's disk, looked up in generation @gen, into flight
 * (@issue) or out of it; fully ordered when it counts. Returns the
 * requests in flight before, or -1 if it did not count (hgov_slot_count()).
 */
static s64 hgov_disk_count(struct hgov_disk *d, u32 gen, bool issue)
{
	s64 state = atomic64_read(&d->state);
	u64 next;

	do {
		if (!hgov_slot_count(state, gen, issue, &next))
			return -1;
	} while (!atomic64_try_cmpxchg(&d->state, &state, next));
	return HGOV_SLOT_INFLIGHT(state);
}

/**
 * hgov_disk_issue() - a data read or write of @disk was issued
 * @disk: the request's disk, or NULL
 *
 * Counts the request into flight on the disk's slot, claiming one on the
 * disk's first event. Every tracked disk is counted, whatever io_disks
 * says: the filter applies where counts are read (the return value,
 * hgov_io_snapshot()), so changing it with requests in flight cannot
 * leave a count behind. Any context (the block_rq_issue probe).
 *
 * Return: true if a disk that counts went from idle to busy.
 */
bool hgov_disk_issue(struct gendisk *disk)
{
	u32 depth = READ_ONCE(hgov_io_deep_depth), gen;
	struct hgov_disk *d;
	u64 now, since;
	s64 before;

	d = hgov_disk_slot(disk, true, &gen);
	if (!d)
		return false;
	/*
	 * The time before the count: whoever sees the request in flight sees
	 * a time at least this recent (hgov_io_snapshot()'s watchdog). A slot
	 * that just moved on to another disk gets one stray, recent time.
	 */
	now = local_clock();
	atomic64_set(&d->last_event_ns, now);
	/* Fully ordered; pairs with the smp_mb() in hgov_io_recheck(). */
	before = hgov_disk_count(d, gen, true);
	if (before < 0)
		return false;
	atomic64_inc(&hgov_requests_issued);
	/* Shallow queues, nearly all, read nothing more. */
	if (depth && before + 1 >= depth) {
		since = atomic64_read(&d->deep_since_ns);
		if (hgov_io_deep_mark(before + 1, depth, now,
				      atomic64_read(&d->last_deep_ns), &since)) {
			atomic64_set(&d->deep_since_ns, since);
			atomic64_set(&d->last_deep_ns, now);
		}
	}
	if (before || !READ_ONCE(d->counted))
		return false;
	/* A deep queue refilled does not wake the pins: it does not pin. */
	return !hgov_io_deep(depth, now, atomic64_read(&d->last_deep_ns),
			     atomic64_read(&d->deep_since_ns));
}

/**
 * hgov_disk_retire() - a counted request of @disk left the driver
 * @disk: the request's disk, or NULL
 * @requeue: it was requeued, rather than done (or failed) for good
 *
 * Counts it out of flight, unless its slot has moved on or the watchdog
 * wrote it off. Any context (the block_rq_complete and block_rq_requeue
 * probes).
 */
void hgov_disk_retire(struct gendisk *disk, bool requeue)
{
	struct hgov_disk *d;
	u32 gen;

	d = hgov_disk_slot(disk, false, &gen);
	if (!d)
		return;
	atomic64_set(&d->last_event_ns, local_clock());
	if (hgov_disk_count(d, gen, false) >= 0)
		atomic64_inc(requeue ? &hgov_requests_requeued :
			     &hgov_requests_completed);
}

/**
 * hgov_disk_dirty() - a buffered writer dirtied a page of a file on @disk
 * @disk: the disk the page writes back to, or NULL
 *
 * A block event of the disk without a request in flight: it holds the pin
 * until io_hold_ms after the last page. Any context (the page cache's
 * dirty probe, IRQs off).
 *
 * Return: true if the disk counts and had no event for HGOV_DIRTY_KICK_NS:
 * the pins are kicked at most that often.
 */
bool hgov_disk_dirty(struct gendisk *disk)
{
	struct hgov_disk *d;
	u64 now, prev;
	u32 gen;

	d = hgov_disk_slot(disk, true, &gen);
	if (!d)
		return false;
	now = local_clock();
	prev = atomic64_xchg(&d->last_event_ns, now);
	return (s64)(now - prev) >= HGOV_DIRTY_KICK_NS && READ_ONCE(d->counted);
}

/**
 * hgov_io_snapshot() - storage I/O on the disks that count
 * @now_ns: local_clock() now
 * @snap: filled in
 *
 * The watchdog writes off, once, the requests of disks that had some in
 * flight and no block event for io_watchdog_ms (hgov_io_watchdog()); disks
 * with a deep queue are left out (hgov_io_deep()).
 */
void hgov_io_snapshot(u64 now_ns, struct hgov_io_snapshot *snap)
{
	u64 watchdog_ns = hgov_io_watchdog_ns(), latest = 0;
	u32 depth = READ_ONCE(hgov_io_deep_depth);
	unsigned int i;

	memset(snap, 0, sizeof(*snap));
	for (i = 0; i < HGOV_IO_DISKS; i++) {
		struct hgov_disk *d = &hgov_disks[i];
		/* Pairs with the release that ends a claim. */
		s64 state = atomic64_read_acquire(&d->state);
		u32 inflight = HGOV_SLOT_INFLIGHT(state);
		u64 last_ns = atomic64_read(&d->last_event_ns);
		struct hgov_io_sum io = snap->io;
		u64 next;

		/* Slots are claimed in order: the first never used ends the list. */
		if (!state && !READ_ONCE(d->dev))
			break;
		if (HGOV_SLOT_GEN(state) & 1 || !READ_ONCE(d->counted))
			continue;
		/* A deep queue's I/O is left out, as if io_disks excluded it. */
		if (hgov_io_deep(depth, now_ns, atomic64_read(&d->last_deep_ns),
				 atomic64_read(&d->deep_since_ns))) {
			snap->io.deep = true;
			continue;
		}
		if (hgov_io_watchdog(&io, now_ns, state, last_ns, watchdog_ns,
				     &next)) {
			/* Unless a block event came meanwhile: left out then. */
			if (atomic64_try_cmpxchg(&d->state, &state, next)) {
				snap->io = io;
				atomic64_inc(&hgov_watchdog_releases);
				pr_warn("%s: %u requests without completion for %u ms; released the pin\n",
					d->name, inflight, READ_ONCE(hgov_io_watchdog_ms));
			}
			continue;
		}
		snap->io = io;
		if (inflight && last_ns >= latest) {
			latest = last_ns;
			strscpy(snap->disk, d->name, sizeof(snap->disk));
			/* A claim rewrote the name meanwhile: it names nothing. */
			smp_rmb();
			if (HGOV_SLOT_GEN(atomic64_read(&d->state)) != HGOV_SLOT_GEN(state))
				snap->disk[0] = '\0';
		}
	}
}

/**
 * hgov_io_recheck() - did a counted disk go busy behind a policy's back?
 *
 * A pin that starts wanting kicks again (want_kick) calls this after
 * setting the flag: a probe that saw the flag still clear did not kick.
 *
 * Return: true if requests are in flight on a disk that counts.
 */
bool hgov_io_recheck(void)
{
	unsigned int i;

	/* Pairs with the fully ordered count in hgov_disk_count(). */
	smp_mb();
	for (i = 0; i < HGOV_IO_DISKS; i++) {
		struct hgov_disk *d = &hgov_disks[i];

		if (READ_ONCE(d->counted) &&
		    HGOV_SLOT_INFLIGHT(atomic64_read(&d->state)))
			return true;
	}
	return false;
}

/**
 * hgov_io_watchdog_ns() - io_watchdog_ms in ns
 *
 * Return: the watchdog period.
 */
u64 hgov_io_watchdog_ns(void)
{
	return (u64)READ_ONCE(hgov_io_watchdog_ms) * NSEC_PER_MSEC;
}

static int hgov_atomic64_get(void *data, u64 *val)
{
	*val = atomic64_read(data);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(hgov_atomic64_fops, hgov_atomic64_get, NULL, "%llu\n");

/**
 * hgov_disk_debugfs_init() - create the detector's counters
 * @dir: the module's debugfs directory
 */
void hgov_disk_debugfs_init(struct dentry *dir)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hgov_counters); i++)
		debugfs_create_file_unsafe(hgov_counters[i].name, 0444, dir,
					   hgov_counters[i].counter, &hgov_atomic64_fops);
}

/*
 * Module parameters of the detector, one per system: the disk filter, the
 * watchdog and the deep-queue depth. Bad values are refused with -EINVAL and one log line.
 */
static int hgov_io_disks_set(const char *val, const struct kernel_param *kp)
{
	char buf[HGOV_IO_DISKS_LEN];
	unsigned long flags;
	unsigned int i;

	if (strscpy(buf, val, sizeof(buf)) < 0 || !hgov_disk_patterns_valid(buf)) {
		pr_warn("io_disks: '%.*s' is not a list of disk name patterns\n",
			HGOV_ECHO_LEN(val), val);
		return -EINVAL;
	}
	strim(buf);
	raw_spin_lock_irqsave(&hgov_disks_lock, flags);
	strscpy(hgov_io_disks, buf, sizeof(hgov_io_disks));
	for (i = 0; i < HGOV_IO_DISKS; i++) {
		struct hgov_disk *d = &hgov_disks[i];

		if (d->dev)
			WRITE_ONCE(d->counted, hgov_disk_counted(buf, d->name));
	}
	raw_spin_unlock_irqrestore(&hgov_disks_lock, flags);
	return 0;
}

static int hgov_io_disks_get(char *buffer, const struct kernel_param *kp)
{
	unsigned long flags;
	int len;

	raw_spin_lock_irqsave(&hgov_disks_lock, flags);
	len = sysfs_emit(buffer, "%s\n", hgov_io_disks);
	raw_spin_unlock_irqrestore(&hgov_disks_lock, flags);
	return len;
}

static const struct kernel_param_ops hgov_io_disks_ops = {
	.set	= hgov_io_disks_set,
	.get	= hgov_io_disks_get,
};
module_param_cb(io_disks, &hgov_io_disks_ops, NULL, 0644);
MODULE_PARM_DESC(io_disks,
		 "disks whose I/O pins: name globs, '!' excludes, first match wins (default: \"!loop* !ram* !zram* !nullb* *\")");

static int hgov_io_watchdog_set(const char *val, const struct kernel_param *kp)
{
	unsigned int ms;

	if (hgov_parse_uint("io_watchdog_ms", val, 100, 600000, &ms))
		return -EINVAL;
	WRITE_ONCE(hgov_io_watchdog_ms, ms);
	return 0;
}

static const struct kernel_param_ops hgov_io_watchdog_ops = {
	.set	= hgov_io_watchdog_set,
	.get	= param_get_uint,
};
module_param_cb(io_watchdog_ms, &hgov_io_watchdog_ops, &hgov_io_watchdog_ms, 0644);
MODULE_PARM_DESC(io_watchdog_ms,
		 "release the pin when requests stay in flight with no block event this long, ms (100..600000, default 2000)");

static int hgov_io_deep_depth_set(const char *val, const struct kernel_param *kp)
{
	unsigned int depth;

	if (hgov_parse_uint("io_deep_depth", val, 0, 65536, &depth))
		return -EINVAL;
	WRITE_ONCE(hgov_io_deep_depth, depth);
	return 0;
}

static const struct kernel_param_ops hgov_io_deep_depth_ops = {
	.set	= hgov_io_deep_depth_set,
	.get	= param_get_uint,
};
module_param_cb(io_deep_depth, &hgov_io_deep_depth_ops, &hgov_io_deep_depth, 0644);
MODULE_PARM_DESC(io_deep_depth,
		 "a disk whose requests in flight keep reaching this many does not pin; 0: off (0..65536, default 16)");
