// SPDX-License-Identifier: GPL-2.0
/*
 * Storage I/O pins: one per policy that the hybrid governor or the
 * schedutil assist governs. The detector (module/probe.c) marks and kicks
 * them when a disk that counts goes busy (hgov_pins_busy()), and its
 * per-CPU workers evaluate them (hgov_pins_eval()); their owners decide
 * with the pin rules (hgov_pin_update(), hgov_io_step()) on a snapshot of
 * the disks (module/disk.c), which is all this file calls of the module.
 * Each pin's changes are counted in debugfs and traced (hybrid_pin).
 */

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/rcupdate.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>

#include "governor/freq.h"
#include "governor/io.h"
#include "module/compat.h"
#include "module/disk.h"
#include "module/pin.h"
#include "module/qos.h"
#include "module/hgov_trace.h"

/*
 * Pins: an RCU list for the probes (hgov_pins_busy()); writers and the
 * per-CPU workers, which evaluate its pins (hgov_pins_eval()), hold
 * hgov_io_mutex.
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
 * Written under the lock of the pin's owner (the policy's update_lock,
 * an assist's lock), read locklessly by debugfs.
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
/*
 * Pins engaged now, of every owner: changed with their stats, under the
 * owner's lock; read locklessly by hgov_storage_active().
 */
static atomic_t hgov_pins_engaged = ATOMIC_INIT(0);
static struct dentry *hgov_debugfs;

/**
 * hgov_pins_busy() - a disk that counts went busy: mark the pins that
 *	would engage
 * @kick_owners: kick their owners too (the CPU has no I/O worker)
 *
 * Any context, the block probes' included.
 *
 * Return: true if a pin wants evaluating (hgov_pins_eval()).
 */
bool hgov_pins_busy(bool kick_owners)
{
	struct hgov_pin *pin;
	bool want = false;

	rcu_read_lock();
	list_for_each_entry_rcu(pin, &hgov_io_pins, node) {
		if (!READ_ONCE(pin->want_kick))
			continue;
		want = true;
		WRITE_ONCE(pin->kicked, true);
		if (kick_owners)
			pin->ops->kick(pin);
	}
	rcu_read_unlock();
	return want;
}

/**
 * hgov_pins_eval() - evaluate the pins that would engage, on this CPU if
 *	their owner allows it (@eval_any_cpu), else through their owner
 *
 * Process context: a per-CPU I/O worker.
 */
void hgov_pins_eval(void)
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
		/*
		 * Fully ordered, as is the decrement: the flush that sees
		 * hgov_qos_pins_changed()'s mark reads the count after it.
		 */
		if (atomic_inc_return(&hgov_pins_engaged) == 1)
			hgov_qos_pins_changed();
	} else {
		WRITE_ONCE(st->pinned_ns, st->pinned_ns + now_ns - st->since_ns);
		if (atomic_dec_return(&hgov_pins_engaged) == 0)
			hgov_qos_pins_changed();
	}
	WRITE_ONCE(st->pinned, pin);
}

/**
 * hgov_storage_active() - is some policy pinned by storage I/O now?
 *
 * Any context; one read of a counter, for the update_util hook. No
 * barrier: a reader that sees a pin a moment late or early sizes one I/O
 * wakeup the way schedutil would.
 *
 * Return: true while storage I/O on a counted disk pins a policy (in
 * flight, or in its hold).
 */
bool hgov_storage_active(void)
{
	return atomic_read(&hgov_pins_engaged) > 0;
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
		.deep		= snap->io.deep,
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
	WRITE_ONCE(pin->want_kick, hgov_pin_wants_kick(enabled, big, out.pin));
	*next_check_ns = out.next_check_ns;
	return changed;
}

/**
 * hgov_pin_recheck() - kick @pin if a disk went busy while it was not
 *	listening
 * @pin: a pin its owner just evaluated, the owner's lock released
 * @snap: the snapshot that evaluation decided on
 *
 * A probe that found @pin->want_kick clear kicked nobody; the evaluation
 * that set it again asks whether it missed such a disk, by the rule it
 * decided with (hgov_io_recheck()). It also brings the idle-latency
 * request up to date if the evaluation changed the pins (hgov_qos_flush()),
 * and kicks it if it saw requests in flight that kicked nobody (a disk
 * that left its deep phase, or that io_disks counts anew, while busy).
 * Process context.
 */
void hgov_pin_recheck(struct hgov_pin *pin, const struct hgov_io_snapshot *snap)
{
	hgov_qos_flush();
	if (snap->io.inflight)
		hgov_qos_busy();
	if (READ_ONCE(pin->want_kick) && hgov_io_recheck(snap))
		pin->ops->kick(pin);
}

/**
 * hgov_pin_stop() - release a pin whose owner stops
 * @pin: the pin, off the detector's list
 * @now_ns: local_clock() now
 *
 * Process context, no spinlock held (hgov_qos_flush()).
 */
void hgov_pin_stop(struct hgov_pin *pin, u64 now_ns)
{
	WRITE_ONCE(pin->want_kick, false);
	if (!pin->pinned)
		return;
	hgov_io_account_pin(pin->cpu, false, now_ns);
	trace_hybrid_pin(pin->cpu, false, "stop", "", 0);
	pin->pinned = false;
	hgov_qos_flush();
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

/**
 * hgov_pin_init() - allocate the pins' counters; add the idle-latency
 *	request (module/qos.c)
 *
 * Return: 0 or -ENOMEM.
 */
int hgov_pin_init(void)
{
	hgov_pin_stats = kcalloc(nr_cpu_ids, sizeof(*hgov_pin_stats), GFP_KERNEL);
	if (!hgov_pin_stats)
		return -ENOMEM;
	if (hgov_qos_init()) {
		kfree(hgov_pin_stats);
		hgov_pin_stats = NULL;
		return -ENOMEM;
	}
	return 0;
}

/**
 * hgov_pin_debugfs_init() - put the policies' counters in @dir
 * @dir: the module's debugfs directory; its removal removes theirs
 */
void hgov_pin_debugfs_init(struct dentry *dir)
{
	hgov_debugfs = dir;
	hgov_qos_debugfs_init(dir);
}

/**
 * hgov_pin_exit() - remove the idle-latency request, free the pins'
 *	counters; no pin is on the list
 */
void hgov_pin_exit(void)
{
	hgov_qos_exit();
	kfree(hgov_pin_stats);
}
