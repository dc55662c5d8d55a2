// SPDX-License-Identifier: GPL-2.0
/*
 * Storage I/O detector of the hybrid governor.
 *
 * The block layer's request tracepoints (issue, completion, requeue) are
 * not exported to modules; they are found by name and probed. Each disk
 * gets a slot with an atomic count of requests in flight and the time of
 * its last event. When a disk that counts (io_disks) goes from idle to
 * busy, the pins that could engage and are not engaged yet are kicked
 * (their owner's kick, or a per-CPU worker on the issuing CPU); they read
 * the slots themselves (hgov_io_snapshot()) and decide with the same rules
 * (hgov_pin_update()), whether the hybrid governor or the schedutil assist
 * applies them. The probes take no lock
 * shared with the scheduler hook and allocate nothing. They stay attached
 * while the module is loaded: attaching takes the CPU hotplug lock, which
 * the cpufreq core may hold around governor init and exit.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/cpu.h>
#include <linux/debugfs.h>
#include <linux/kthread.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/sched.h>
#include <linux/sched/topology.h>
#include <linux/slab.h>
#include <linux/sched/clock.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "governor/io.h"
#include "module/compat.h"
#include "module/param.h"
#include "module/io.h"
#include "module/hgov_trace.h"

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
 * @last_event_ns: local_clock() of the last issue, completion or requeue
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
};

static struct hgov_disk hgov_disks[HGOV_IO_DISKS];
/*
 * Protects slot claims, hgov_io_disks and the @counted flags. Taken in the
 * issue probe (any context, IRQs off) on a disk's first request only, and
 * by io_disks writers; never in the scheduler hook. A raw spinlock: the
 * probe may run in atomic context, where PREEMPT_RT's spinlock_t sleeps;
 * the work under it is bounded (HGOV_IO_DISKS slots, bounded patterns).
 */
static DEFINE_RAW_SPINLOCK(hgov_disks_lock);

static char hgov_io_disks[HGOV_IO_DISKS_LEN] = "!loop* !ram* !zram* !nullb* *";
static unsigned int hgov_io_watchdog_ms = 2000;

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
 * Pins: an RCU list for the probes; writers and the per-CPU workers,
 * which evaluate its pins, hold hgov_io_mutex.
 */
static LIST_HEAD(hgov_io_pins);
/*
 * Protects hgov_io_pins and the debugfs directories of policies. Process
 * context; nests inside policy->rwsem and the assist's list mutex, and
 * outside work_lock and an assist's lock.
 */
static DEFINE_MUTEX(hgov_io_mutex);

/**
 * struct hgov_pin_stats - debugfs counters of one policy's pin
 * @pins: times pinned
 * @pinned_ns: time spent pinned, up to @since_ns if pinned now
 * @since_ns: local_clock() when the current pin began
 * @pinned: pinned now
 * @dir: debugfs directory policyN
 *
 * Written under the policy's update_lock, read locklessly by debugfs.
 */
struct hgov_pin_stats {
	u64		pins;
	u64		pinned_ns;
	u64		since_ns;
	bool		pinned;
	struct dentry	*dir;
};

/* Indexed by policy->cpu; kept across governor switches. */
static struct hgov_pin_stats *hgov_pin_stats;
static struct dentry *hgov_debugfs;

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
 * The slot of @rq's disk, as hgov_disk_slot(); NULL as well for a request
 * that is not storage I/O (hgov_op_pins()): uncounted at issue, it must
 * stay so at completion.
 */
static struct hgov_disk *hgov_disk_of(struct request *rq, bool claim, u32 *gen)
{
	if (!hgov_op_pins((__force unsigned int)req_op(rq)))
		return NULL;
	return hgov_disk_slot(hgov_rq_disk(rq), claim, gen);
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
 * struct hgov_io_cpu - a CPU's SCHED_FIFO worker that evaluates the pins on
 *	the CPU that issued the I/O: that CPU is about to wait for the
 *	request anyway, so no other CPU, let alone an idle big one, is woken
 *	just to raise the frequency
 * @worker: the worker, bound to the CPU; NULL until the CPU first came
 *	online with the module loaded (its probes then kick the pins'
 *	owners instead). Published with release semantics once @work is
 *	set up; kept across hotplug (hgov_io_cpu_online() binds it again).
 * @work: evaluates the pins (hgov_io_work_fn())
 */
struct hgov_io_cpu {
	struct kthread_worker	*worker;
	struct kthread_work	work;
};

static DEFINE_PER_CPU(struct hgov_io_cpu, hgov_io_cpu);
static enum cpuhp_state hgov_io_hp_state;

static void hgov_io_work_fn(struct kthread_work *work)
{
	struct hgov_pin *pin;

	mutex_lock(&hgov_io_mutex);
	list_for_each_entry(pin, &hgov_io_pins, node) {
		if (!READ_ONCE(pin->want_kick))
			continue;
		if (pin->eval_any_cpu)
			pin->ops->eval(pin);
		else
			pin->ops->kick(pin);
	}
	mutex_unlock(&hgov_io_mutex);
}

/* With no probe attached and no CPU coming online: stop every worker. */
static void hgov_io_destroy_workers(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		struct hgov_io_cpu *ic = per_cpu_ptr(&hgov_io_cpu, cpu);

		if (ic->worker)
			kthread_destroy_worker(ic->worker);
		ic->worker = NULL;
	}
}

/*
 * A counted disk went busy: wake the pins that would engage. The probe may
 * be preemptible (SRCU tracepoints, 6.18+): the CPU's worker and its work
 * are taken together, with preemption off.
 */
static void hgov_io_busy(void)
{
	struct hgov_io_cpu *ic = get_cpu_ptr(&hgov_io_cpu);
	/* Pairs with the smp_store_release() in hgov_io_cpu_online(). */
	struct kthread_worker *worker = smp_load_acquire(&ic->worker);
	struct hgov_pin *pin;
	bool want = false;

	rcu_read_lock();
	list_for_each_entry_rcu(pin, &hgov_io_pins, node) {
		if (!READ_ONCE(pin->want_kick))
			continue;
		want = true;
		WRITE_ONCE(pin->kicked, true);
		if (!worker)
			pin->ops->kick(pin);
	}
	rcu_read_unlock();
	if (want && worker)
		kthread_queue_work(worker, &ic->work);
	put_cpu_ptr(&hgov_io_cpu);
}

/*
 * CPU hotplug (CPUHP_AP_ONLINE_DYN, on @cpu, process context): the CPU's
 * worker is created the first time it comes online, and bound to it again
 * each time after (going offline broke its affinity). A CPU left without a
 * worker still works: its probes kick the pins' owners.
 */
static int hgov_io_cpu_online(unsigned int cpu)
{
	struct hgov_io_cpu *ic = per_cpu_ptr(&hgov_io_cpu, cpu);
	struct kthread_worker *worker = ic->worker;
	int ret;

	if (worker) {
		ret = set_cpus_allowed_ptr(worker->task, cpumask_of(cpu));
		if (ret)
			pr_warn("cannot bind hybrid_io/%u to its CPU (error %d)\n",
				cpu, ret);
		return 0;
	}
	worker = hgov_run_worker_on_cpu(cpu, 0, "hybrid_io/%u");
	if (IS_ERR(worker)) {
		pr_warn("no I/O worker on cpu%u (error %ld)\n", cpu, PTR_ERR(worker));
		return 0;
	}
	sched_set_fifo_low(worker->task);
	kthread_init_work(&ic->work, hgov_io_work_fn);
	/* Pairs with the smp_load_acquire() in hgov_io_busy(). */
	smp_store_release(&ic->worker, worker);
	return 0;
}

/*
 * Every tracked disk is counted, whatever io_disks says: the filter applies
 * where counts are read (hgov_io_busy(), hgov_io_snapshot()), so changing it
 * with requests in flight cannot leave a count behind.
 */
static void hgov_probe_issue(HGOV_RQ_PROBE_PROTO(rq))
{
	struct hgov_disk *d;
	s64 before;
	u32 gen;

	d = hgov_disk_of(rq, true, &gen);
	if (!d)
		return;
	/*
	 * The time before the count: whoever sees the request in flight sees
	 * a time at least this recent (hgov_io_snapshot()'s watchdog). A slot
	 * that just moved on to another disk gets one stray, recent time.
	 */
	atomic64_set(&d->last_event_ns, local_clock());
	/* Fully ordered; pairs with the smp_mb() in hgov_io_recheck(). */
	before = hgov_disk_count(d, gen, true);
	if (before < 0)
		return;
	atomic64_inc(&hgov_requests_issued);
	if (!before && READ_ONCE(d->counted))
		hgov_io_busy();
}

/*
 * A request left the driver: done (or failed) for good, or requeued. One
 * that was never started (a requeue on BLK_STS_RESOURCE, an empty
 * PREFLUSH ended by the flush machinery) was never counted.
 */
static void hgov_io_retire(struct request *rq, atomic64_t *counter)
{
	struct hgov_disk *d;
	u32 gen;

	if (!blk_mq_request_started(rq))
		return;
	d = hgov_disk_of(rq, false, &gen);
	if (!d)
		return;
	atomic64_set(&d->last_event_ns, local_clock());
	if (hgov_disk_count(d, gen, false) >= 0)
		atomic64_inc(counter);
}

static void hgov_probe_complete(HGOV_RQ_COMPLETE_PROBE_PROTO(rq, nr_bytes))
{
	/* Partial completions leave the request in flight. */
	if (nr_bytes < blk_rq_bytes(rq))
		return;
	/*
	 * The data step of a flush sequence completes again once the whole
	 * sequence is done (without RQF_FLUSH_SEQ); count that one, as the
	 * block layer's own accounting does.
	 */
	if ((rq->rq_flags & RQF_FLUSH_SEQ) && req_op(rq) != REQ_OP_FLUSH)
		return;
	hgov_io_retire(rq, &hgov_requests_completed);
}

static void hgov_probe_requeue(HGOV_RQ_PROBE_PROTO(rq))
{
	hgov_io_retire(rq, &hgov_requests_requeued);
}

/*
 * The disk a page cache mapping writes back to: its file system's, or for
 * a block device's own page cache, that device's.
 */
static struct gendisk *hgov_mapping_disk(struct address_space *mapping)
{
	struct inode *host = mapping ? mapping->host : NULL;
	struct block_device *bdev;

	if (!host)
		return NULL;
	bdev = S_ISBLK(host->i_mode) ? I_BDEV(host) : host->i_sb->s_bdev;
	return bdev ? bdev->bd_disk : NULL;
}

/*
 * A buffered writer dirtied a page of a file on a disk: the CPU-bound copy
 * into the page cache that precedes the disk's writeback. It counts as a
 * block event of the disk without a request in flight: it starts the pin
 * (the pins are kicked at most once per HGOV_DIRTY_KICK_NS) and holds it
 * until io_hold_ms after the last page. Called with the mapping's i_pages
 * lock held, IRQs off, once per page that turns dirty.
 */
static void hgov_probe_dirty(HGOV_DIRTY_PROBE_PROTO(mapping))
{
	struct gendisk *disk = hgov_mapping_disk(mapping);
	struct hgov_disk *d;
	u64 now, prev;
	u32 gen;

	if (!disk)
		return;
	d = hgov_disk_slot(disk, true, &gen);
	if (!d)
		return;
	now = local_clock();
	prev = atomic64_xchg(&d->last_event_ns, now);
	if ((s64)(now - prev) >= HGOV_DIRTY_KICK_NS && READ_ONCE(d->counted))
		hgov_io_busy();
}

static const struct {
	const char	*name;
	void		*probe;
} hgov_probes[] = {
	{ "block_rq_issue",	hgov_probe_issue },
	{ "block_rq_complete",	hgov_probe_complete },
	{ "block_rq_requeue",	hgov_probe_requeue },
	{ HGOV_DIRTY_TP,	hgov_probe_dirty },
};

static struct tracepoint *hgov_tracepoints[ARRAY_SIZE(hgov_probes)];

static void hgov_find_tracepoint(struct tracepoint *tp, void *unused)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hgov_probes); i++)
		if (!strcmp(tp->name, hgov_probes[i].name))
			hgov_tracepoints[i] = tp;
}

/**
 * hgov_io_snapshot() - storage I/O on the disks that count
 * @now_ns: local_clock() now
 * @snap: filled in
 *
 * The watchdog writes off, once, the requests of disks that had some in
 * flight and no block event for io_watchdog_ms (hgov_io_watchdog()).
 */
void hgov_io_snapshot(u64 now_ns, struct hgov_io_snapshot *snap)
{
	u64 watchdog_ns = hgov_io_watchdog_ns(), latest = 0;
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

static int hgov_pins_get(void *data, u64 *val)
{
	struct hgov_pin_stats *st = data;

	*val = READ_ONCE(st->pins);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(hgov_pins_fops, hgov_pins_get, NULL, "%llu\n");

static int hgov_pinned_us_get(void *data, u64 *val)
{
	struct hgov_pin_stats *st = data;
	u64 ns = READ_ONCE(st->pinned_ns);

	if (READ_ONCE(st->pinned))
		ns += local_clock() - READ_ONCE(st->since_ns);
	*val = div_u64(ns, NSEC_PER_USEC);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(hgov_pinned_us_fops, hgov_pinned_us_get, NULL, "%llu\n");

/*
 * Count a pin or release of policy @cpu at @now_ns. Called under the lock
 * of the pin's owner; the hybrid governor and the assist never pin one
 * policy at the same time (hgov_assist_standby()).
 */
static void hgov_io_account_pin(unsigned int cpu, bool pin, u64 now_ns)
{
	struct hgov_pin_stats *st = &hgov_pin_stats[cpu];

	if (pin == st->pinned)
		return;
	if (pin) {
		WRITE_ONCE(st->since_ns, now_ns);
		WRITE_ONCE(st->pins, st->pins + 1);
	} else {
		WRITE_ONCE(st->pinned_ns, st->pinned_ns + now_ns - st->since_ns);
	}
	WRITE_ONCE(st->pinned, pin);
}

/**
 * hgov_pin_update() - engage or release a pin by the storage I/O rules
 * @pin: the pin, its owner's lock held
 * @now_ns: local_clock() now
 * @snap: storage I/O now
 * @enabled: the owner wants the pin at all
 * @big: the policy is one that pins
 * @hold_ns: how long the pin outlasts the last block event
 * @next_check_ns: set to when to look again without a block event (0: no
 *	need)
 *
 * Counts the change, traces it (hybrid_pin) and says whether the detector
 * should kick @pin when a disk goes busy.
 *
 * Return: true if @pin->pinned changed.
 */
bool hgov_pin_update(struct hgov_pin *pin, u64 now_ns,
		     const struct hgov_io_snapshot *snap, bool enabled, bool big,
		     u64 hold_ns, u64 *next_check_ns)
{
	struct hgov_io_input in = {
		.now_ns		= now_ns,
		.inflight	= snap->io.inflight,
		.last_event_ns	= snap->io.last_event_ns,
		.stale		= snap->io.stale,
		.pinned		= pin->pinned,
		.kicked		= xchg(&pin->kicked, false),
		.enabled	= enabled,
		.big		= big,
		.hold_ns	= hold_ns,
		.watchdog_ns	= hgov_io_watchdog_ns(),
	};
	struct hgov_io_verdict out;
	bool changed;

	hgov_io_step(&in, &out);
	changed = out.pin != pin->pinned;
	if (changed) {
		pin->pinned = out.pin;
		hgov_io_account_pin(pin->cpu, out.pin, now_ns);
		trace_hybrid_pin(pin->cpu, out.pin, hgov_io_reason_name(out.reason),
				 snap->disk, snap->io.inflight);
	}
	WRITE_ONCE(pin->want_kick, enabled && big && !out.pin);
	*next_check_ns = out.next_check_ns;
	return changed;
}

/**
 * hgov_pin_stop() - release a pin whose owner stops
 * @pin: the pin, off the detector's list
 * @now_ns: local_clock() now
 */
void hgov_pin_stop(struct hgov_pin *pin, u64 now_ns)
{
	WRITE_ONCE(pin->want_kick, false);
	if (!pin->pinned)
		return;
	hgov_io_account_pin(pin->cpu, false, now_ns);
	trace_hybrid_pin(pin->cpu, false, "stop", "", 0);
	pin->pinned = false;
}

/**
 * hgov_cpu_big() - do @cpu's policy's CPUs have the highest capacity?
 * @cpu: a CPU
 * @big: set to the answer, read now (after the driver rescaled capacities)
 *
 * Process context.
 *
 * Return: 0 or -ENOMEM.
 */
int hgov_cpu_big(unsigned int cpu, bool *big)
{
	unsigned long *capacities;
	unsigned int other, nr = 0;

	capacities = kcalloc(nr_cpu_ids, sizeof(*capacities), GFP_KERNEL);
	if (!capacities)
		return -ENOMEM;
	for_each_possible_cpu(other)
		capacities[nr++] = hgov_cpu_capacity(other);
	*big = hgov_is_big(hgov_cpu_capacity(cpu), capacities, nr);
	kfree(capacities);
	return 0;
}

/**
 * hgov_io_add_pin() - let storage I/O kick @pin
 * @pin: a pin whose owner is ready to evaluate it
 */
void hgov_io_add_pin(struct hgov_pin *pin)
{
	unsigned int cpu = pin->cpu;
	struct hgov_pin_stats *st = &hgov_pin_stats[cpu];
	char name[16];

	mutex_lock(&hgov_io_mutex);
	if (!st->dir) {
		snprintf(name, sizeof(name), "policy%u", cpu);
		st->dir = debugfs_create_dir(name, hgov_debugfs);
		debugfs_create_file_unsafe("pins", 0444, st->dir, st, &hgov_pins_fops);
		debugfs_create_file_unsafe("pinned_us", 0444, st->dir, st,
					   &hgov_pinned_us_fops);
	}
	list_add_rcu(&pin->node, &hgov_io_pins);
	mutex_unlock(&hgov_io_mutex);
}

/**
 * hgov_io_del_pin() - stop kicking @pin; no probe or per-CPU worker uses
 *	it on return
 * @pin: a pin whose owner stops
 */
void hgov_io_del_pin(struct hgov_pin *pin)
{
	mutex_lock(&hgov_io_mutex);
	list_del_rcu(&pin->node);
	mutex_unlock(&hgov_io_mutex);
	synchronize_rcu();
}

/*
 * Module parameters of the detector, one per system: the disk filter and
 * the watchdog. Bad values are refused with -EINVAL and one log line.
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

/**
 * hgov_io_init() - attach to the block tracepoints, start the per-CPU
 *	workers, create the debugfs counters
 *
 * Return: 0, -ENOENT if the kernel lacks a block tracepoint, or another
 * negative errno.
 */
int hgov_io_init(void)
{
	unsigned int i;
	int ret;

	for_each_kernel_tracepoint(hgov_find_tracepoint, NULL);
	for (i = 0; i < ARRAY_SIZE(hgov_probes); i++) {
		if (!hgov_tracepoints[i]) {
			pr_err("no tracepoint %s (CONFIG_TRACEPOINTS, CONFIG_BLOCK?)\n",
			       hgov_probes[i].name);
			return -ENOENT;
		}
	}

	hgov_pin_stats = kcalloc(nr_cpu_ids, sizeof(*hgov_pin_stats), GFP_KERNEL);
	if (!hgov_pin_stats)
		return -ENOMEM;

	for (i = 0; i < ARRAY_SIZE(hgov_probes); i++) {
		ret = tracepoint_probe_register(hgov_tracepoints[i],
						hgov_probes[i].probe, NULL);
		if (ret) {
			pr_err("cannot attach to %s (error %d)\n",
			       hgov_probes[i].name, ret);
			goto out_unregister;
		}
	}

	ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "cpufreq_hybrid:io",
				hgov_io_cpu_online, NULL);
	if (ret < 0) {
		pr_err("cannot follow CPU hotplug (error %d)\n", ret);
		goto out_destroy_workers;
	}
	hgov_io_hp_state = ret;

	hgov_debugfs = debugfs_create_dir(KBUILD_MODNAME, NULL);
	for (i = 0; i < ARRAY_SIZE(hgov_counters); i++)
		debugfs_create_file_unsafe(hgov_counters[i].name, 0444, hgov_debugfs,
					   hgov_counters[i].counter, &hgov_atomic64_fops);
	return 0;

out_destroy_workers:
	i = ARRAY_SIZE(hgov_probes);
	while (i--)
		tracepoint_probe_unregister(hgov_tracepoints[i],
					    hgov_probes[i].probe, NULL);
	tracepoint_synchronize_unregister();
	hgov_io_destroy_workers();
	kfree(hgov_pin_stats);
	return ret;

out_unregister:
	while (i--)
		tracepoint_probe_unregister(hgov_tracepoints[i],
					    hgov_probes[i].probe, NULL);
	tracepoint_synchronize_unregister();
	kfree(hgov_pin_stats);
	return ret;
}

/**
 * hgov_io_exit() - detach from the block tracepoints, stop the workers,
 *	remove the debugfs counters
 */
void hgov_io_exit(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hgov_probes); i++)
		tracepoint_probe_unregister(hgov_tracepoints[i],
					    hgov_probes[i].probe, NULL);
	tracepoint_synchronize_unregister();

	cpuhp_remove_state_nocalls(hgov_io_hp_state);
	hgov_io_destroy_workers();
	debugfs_remove_recursive(hgov_debugfs);
	kfree(hgov_pin_stats);
}
