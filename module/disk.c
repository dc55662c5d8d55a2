// SPDX-License-Identifier: GPL-2.0
/*
 * Disk slots of the storage I/O detector.
 *
 * Each disk gets a slot with an atomic count of requests in flight and the
 * time of its last event. The probes (module/probe.c) hand each block
 * event over (hgov_disk_event()): it is counted in or out of its disk's
 * slot, the pin rules decide what it does (hgov_io_on_event()), and that
 * is applied here: the disk's last event and deep phase stored, and the
 * answer whether to wake the pins returned. The pins' owners read the
 * slots (hgov_io_snapshot(), hgov_io_recheck()) with one rule for which
 * disks count (hgov_disk_role()); the watchdog (io_watchdog_ms) writes off
 * the requests of a disk that lost their completions. Nothing here takes
 * a lock shared with the scheduler hook or allocates, and nothing here
 * calls another file of the module but param.c. Per request: one
 * cmpxchg and a few stores on the disk's own cache line, one per-CPU
 * counter.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/blkdev.h>
#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
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
 * struct hgov_disk - storage I/O of one disk, on cache lines of its own:
 *	each request of the disk writes the first and finds its disk there
 *	(@dev, @diskseq); a cache flush also writes the second
 * @state: the slot's generation (upper 32 bits) and the requests in flight
 *	of its disk (lower 32 bits), changed together: a request counts
 *	only in the generation in which its disk was looked up, so a slot
 *	given to another disk cannot inherit a count. An odd generation is a
 *	slot being (re)assigned.
 * @last_event_ns: local_clock() of the last issue, completion, requeue or
 *	dirtied page (a dirtied page stamps at most once per
 *	HGOV_IO_STAMP_NS)
 * @last_req_ns: local_clock() of the last issue, completion or requeue
 *	(the idle-latency limit's hold, module/qos.c); stamped before the
 *	count, so a completion the slot refuses stamps it too: one stray
 *	hold at most
 * @last_deep_ns: local_clock() of the last issue that brought the requests
 *	in flight to io_deep_depth; moves forward only (cmpxchg), at most
 *	once per HGOV_IO_STAMP_NS
 * @deep_since_ns: local_clock() when that deep phase began
 *	(hgov_io_deep_mark()); the two are written apart, so a reader may
 *	pair one phase's start with another's last request once: a wrong
 *	verdict for one look at most
 * @counted: I/O on this disk counts (io_disks)
 * @dev: disk's dev_t, 0 for a slot never used
 * @diskseq: disk's sequence number (hgov_disk_seq()), tells a new disk
 *	from an old one that had the same dev_t
 * @flush_issue_ns: local_clock() of the last cache flush issued
 *	(hgov_disk_flush())
 * @flush_done_ns: local_clock() of the last cache flush completed or
 *	requeued
 * @name: disk name
 *
 * @dev, @diskseq and @name are written by a claim only, under
 * hgov_disks_lock and while the generation is odd; readers check the
 * generation before and after reading them.
 */
struct hgov_disk {
	atomic64_t	state;
	atomic64_t	last_event_ns;
	atomic64_t	last_req_ns;
	atomic64_t	last_deep_ns;
	atomic64_t	deep_since_ns;
	bool		counted;
	dev_t		dev;
	u64		diskseq;
	atomic64_t	flush_issue_ns;
	atomic64_t	flush_done_ns;
	char		name[DISK_NAME_LEN];
} ____cacheline_aligned_in_smp;

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

/*
 * The detector's debugfs counters, per CPU: requests counted per kind of
 * event (the dirty entry is unused), and watchdog write-offs. Summed when
 * read.
 */
struct hgov_io_counts {
	u64	events[HGOV_EV_NR];
	u64	watchdog;
};

static DEFINE_PER_CPU(struct hgov_io_counts, hgov_io_counts);

#define HGOV_COUNT_WATCHDOG	HGOV_EV_NR

static const struct {
	const char	*name;
	unsigned long	index;
} hgov_counters[] = {
	{ "requests_issued",	HGOV_EV_ISSUE },
	{ "requests_completed",	HGOV_EV_COMPLETE },
	{ "requests_requeued",	HGOV_EV_REQUEUE },
	{ "watchdog_releases",	HGOV_COUNT_WATCHDOG },
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
		atomic64_set(&victim->last_req_ns, 0);
		atomic64_set(&victim->flush_issue_ns, 0);
		atomic64_set(&victim->flush_done_ns, 0);
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
 * The slot of @ev's disk and its generation, claiming one on the disk's
 * first event if @claim; NULL if none.
 */
static struct hgov_disk *hgov_disk_slot(const struct hgov_blk_event *ev,
					bool claim, u32 *gen)
{
	struct hgov_disk *d;
	unsigned long flags;

	d = hgov_disk_find(ev->dev, ev->seq, gen);
	if (d || !claim)
		return d;
	raw_spin_lock_irqsave(&hgov_disks_lock, flags);
	/* Another CPU may have claimed one meanwhile. */
	d = hgov_disk_find(ev->dev, ev->seq, gen) ?:
	    hgov_disk_claim(ev->disk, ev->dev, ev->seq, gen);
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

/* The detector's settings now. */
static void hgov_io_limits(struct hgov_io_limits *lim)
{
	lim->depth = READ_ONCE(hgov_io_deep_depth);
	lim->watchdog_ns = hgov_io_watchdog_ns();
}

/*
 * Look at @d, with @inflight requests in flight as its state was read
 * (with acquire semantics, or by a fully ordered update): the disk as the
 * pin rules see it.
 */
static void hgov_disk_look(struct hgov_disk *d, u32 inflight,
			   struct hgov_disk_view *view)
{
	view->inflight = inflight;
	view->counted = READ_ONCE(d->counted);
	view->last_event_ns = atomic64_read(&d->last_event_ns);
	view->last_req_ns = atomic64_read(&d->last_req_ns);
	view->flush_issue_ns = atomic64_read(&d->flush_issue_ns);
	view->flush_done_ns = atomic64_read(&d->flush_done_ns);
	view->deep.last_ns = atomic64_read(&d->last_deep_ns);
	view->deep.since_ns = atomic64_read(&d->deep_since_ns);
}

/*
 * Store @d's deep phase, read as @was, as @now: a new phase's start
 * first, then its last request, which moves only from what was read, so
 * a CPU that read it before another's later mark leaves that one be.
 */
static void hgov_disk_mark(struct hgov_disk *d, const struct hgov_deep_mark *was,
			   const struct hgov_deep_mark *now)
{
	s64 last = was->last_ns;

	if (now->since_ns != was->since_ns)
		atomic64_set(&d->deep_since_ns, now->since_ns);
	atomic64_try_cmpxchg(&d->last_deep_ns, &last, now->last_ns);
}

/**
 * hgov_disk_event() - a block event of a data read or write, or a dirtied
 *	page
 * @ev: the event, as its probe gathered it
 *
 * Counts a request into or out of flight on its disk's slot, claiming one
 * on the disk's first issue or dirtied page; then does what the pin rules
 * say of it (hgov_io_on_event()): stores the disk's last event and deep
 * phase. Every tracked disk is counted, whatever io_disks says: the
 * filter applies where counts are read (hgov_disk_role()), so changing it
 * with requests in flight cannot leave a count behind. Any context (the
 * block and dirty probes).
 *
 * Return: true if the pins that would engage must be woken.
 */
bool hgov_disk_event(const struct hgov_blk_event *ev)
{
	bool issue = ev->kind == HGOV_EV_ISSUE, dirty = ev->kind == HGOV_EV_DIRTY;
	struct hgov_io_event_verdict verdict;
	struct hgov_io_limits lim;
	struct hgov_disk_view view;
	struct hgov_disk *d;
	s64 before = 0, last;
	u32 gen;

	d = hgov_disk_slot(ev, issue || dirty, &gen);
	if (!d)
		return false;
	if (!dirty) {
		/*
		 * The time before the count: whoever sees the request in
		 * flight sees a time at least this recent (the watchdog). A
		 * slot that just moved on to another disk gets one stray,
		 * recent time. The request's own time (the idle-latency
		 * limit's hold) goes beside it, on the same cache line.
		 */
		atomic64_set(&d->last_event_ns, ev->now_ns);
		atomic64_set(&d->last_req_ns, ev->now_ns);
		/* Fully ordered; pairs with the smp_mb() in hgov_io_recheck(). */
		before = hgov_disk_count(d, gen, issue);
		if (before < 0)
			return false;
		this_cpu_inc(hgov_io_counts.events[ev->kind]);
		/* A request leaving the driver starts nothing. */
		if (!issue)
			return false;
	}
	hgov_disk_look(d, dirty ? HGOV_SLOT_INFLIGHT(atomic64_read(&d->state)) :
		       before + 1, &view);
	hgov_io_limits(&lim);
	hgov_io_on_event(ev->kind, &view, ev->now_ns, &lim, &verdict);
	/*
	 * A dirtied page stamps only a disk whose last event is older than
	 * HGOV_IO_STAMP_NS: read before written. Fully ordered when it
	 * stamps; pairs with the smp_mb() in hgov_io_recheck(). Another
	 * event stamped meanwhile is as recent: that one decided.
	 */
	last = view.last_event_ns;
	if (verdict.stamp &&
	    !atomic64_try_cmpxchg(&d->last_event_ns, &last, ev->now_ns))
		return false;
	if (verdict.mark)
		hgov_disk_mark(d, &view.deep, &verdict.deep);
	return verdict.kick;
}

/*
 * Sum the disks that count into @snap as the pins see them at @now_ns;
 * with @write_off, the watchdog writes a stale disk's requests off.
 */
static void hgov_io_look(u64 now_ns, struct hgov_io_snapshot *snap, bool write_off)
{
	struct hgov_io_limits lim;
	unsigned int i;
	u64 latest = 0;

	hgov_io_limits(&lim);
	memset(snap, 0, sizeof(*snap));
	for (i = 0; i < HGOV_IO_DISKS; i++) {
		struct hgov_disk *d = &hgov_disks[i];
		/* Pairs with the release that ends a claim. */
		s64 state = atomic64_read_acquire(&d->state);
		struct hgov_disk_view view;
		enum hgov_disk_role role;

		/* Slots are claimed in order: the first never used ends the list. */
		if (!state && !READ_ONCE(d->dev))
			break;
		if (HGOV_SLOT_GEN(state) & 1)
			continue;
		hgov_disk_look(d, HGOV_SLOT_INFLIGHT(state), &view);
		role = hgov_disk_role(&view, now_ns, &lim);
		if (role == HGOV_DISK_STALE && write_off) {
			/* Unless a block event came meanwhile: left out then. */
			if (!atomic64_try_cmpxchg(&d->state, &state,
						  hgov_slot_write_off(state)))
				continue;
			this_cpu_inc(hgov_io_counts.watchdog);
			pr_warn("%s: %u requests without completion for %u ms; released the pin\n",
				d->name, view.inflight, READ_ONCE(hgov_io_watchdog_ms));
		}
		hgov_io_sum_add(&snap->io, role, &view);
		if (role == HGOV_DISK_PINS && view.inflight &&
		    view.last_event_ns >= latest) {
			latest = view.last_event_ns;
			strscpy(snap->disk, d->name, sizeof(snap->disk));
			/* A claim rewrote the name meanwhile: it names nothing. */
			smp_rmb();
			if (HGOV_SLOT_GEN(atomic64_read(&d->state)) != HGOV_SLOT_GEN(state))
				snap->disk[0] = '\0';
		}
	}
}

/**
 * hgov_disk_flush() - a cache flush was issued to the driver, or left it
 * @ev: the flush (HGOV_EV_ISSUE, HGOV_EV_COMPLETE or HGOV_EV_REQUEUE)
 *
 * A flush does not pin (hgov_op_pins()), but a task waits for it: its
 * times hold the idle-latency limit (hgov_io_latency()). Only a disk
 * with a slot, one that had data I/O, is stamped; a slot given to
 * another disk meanwhile gets one stray stamp, which holds the limit
 * under a pin until the watchdog at most. Any context (the block probes).
 *
 * Return: true if a flush was issued on a disk that counts: the limit
 * may want kicking (hgov_qos_busy()).
 */
bool hgov_disk_flush(const struct hgov_blk_event *ev)
{
	struct hgov_disk *d;
	u32 gen;

	d = hgov_disk_slot(ev, false, &gen);
	if (!d)
		return false;
	if (ev->kind != HGOV_EV_ISSUE) {
		atomic64_set(&d->flush_done_ns, ev->now_ns);
		atomic64_set(&d->last_req_ns, ev->now_ns);
		return false;
	}
	atomic64_set(&d->flush_issue_ns, ev->now_ns);
	/*
	 * The stamp before the caller reads hgov_qos_armed; pairs with the
	 * smp_mb() in hgov_qos_apply() between setting the flag and reading
	 * the disks. Once per flush, never per data request.
	 */
	smp_mb();
	return READ_ONCE(d->counted);
}

/**
 * hgov_io_snapshot() - storage I/O on the disks that count
 * @now_ns: local_clock() now
 * @snap: filled in
 *
 * Sums the disks by their role (hgov_disk_role(), hgov_io_sum_add()): the
 * watchdog writes off, once, the requests of disks that had some in
 * flight and no block event for io_watchdog_ms; disks with a deep queue
 * are left out.
 */
void hgov_io_snapshot(u64 now_ns, struct hgov_io_snapshot *snap)
{
	hgov_io_look(now_ns, snap, true);
}

/**
 * hgov_io_requests() - storage I/O on the disks that count, for the
 *	idle-latency limit
 * @now_ns: local_clock() now
 * @sum: filled in
 *
 * The same sum as hgov_io_snapshot()'s, stale disks left out, but
 * written off only by the pins' own evaluations: their verdict
 * (HGOV_IO_WATCHDOG) and its log line stay theirs.
 */
void hgov_io_requests(u64 now_ns, struct hgov_io_sum *sum)
{
	struct hgov_io_snapshot snap;

	hgov_io_look(now_ns, &snap, false);
	*sum = snap.io;
}

/**
 * hgov_io_recheck() - did a counted disk go busy behind a policy's back?
 * @snap: the snapshot the policy was evaluated on
 *
 * A pin that starts wanting kicks again (want_kick) calls this after
 * setting the flag: a probe that saw the flag still clear did not kick.
 * The disks are looked at with the evaluation's rule (hgov_io_missed()):
 * a deep queue left out there kicks nobody here.
 *
 * Return: true if a disk that counts toward the pin has requests in
 * flight, or an event the evaluation did not see.
 */
bool hgov_io_recheck(const struct hgov_io_snapshot *snap)
{
	struct hgov_io_limits lim;
	unsigned int i;
	u64 now_ns;

	hgov_io_limits(&lim);
	/* Pairs with the fully ordered count and stamp in hgov_disk_event(). */
	smp_mb();
	now_ns = local_clock();
	for (i = 0; i < HGOV_IO_DISKS; i++) {
		struct hgov_disk *d = &hgov_disks[i];
		/* The stamp before the count is seen with the count. */
		s64 state = atomic64_read_acquire(&d->state);
		struct hgov_disk_view view;

		if (!state && !READ_ONCE(d->dev))
			break;
		if (HGOV_SLOT_GEN(state) & 1)
			continue;
		hgov_disk_look(d, HGOV_SLOT_INFLIGHT(state), &view);
		if (hgov_io_missed(&view, snap->io.seen_ns, now_ns, &lim))
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

/* A counter summed over the CPUs; @data is its index (hgov_counters). */
static int hgov_count_get(void *data, u64 *val)
{
	unsigned long index = (unsigned long)data;
	unsigned int cpu;

	*val = 0;
	for_each_possible_cpu(cpu) {
		struct hgov_io_counts *c = per_cpu_ptr(&hgov_io_counts, cpu);
		u64 *n = index < HGOV_EV_NR ? &c->events[index] : &c->watchdog;

		*val += READ_ONCE(*n);
	}
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(hgov_count_fops, hgov_count_get, NULL, "%llu\n");

/**
 * hgov_disk_debugfs_init() - create the detector's counters
 * @dir: the module's debugfs directory
 */
void hgov_disk_debugfs_init(struct dentry *dir)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hgov_counters); i++)
		debugfs_create_file_unsafe(hgov_counters[i].name, 0444, dir,
					   (void *)hgov_counters[i].index,
					   &hgov_count_fops);
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
