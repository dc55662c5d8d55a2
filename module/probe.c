// SPDX-License-Identifier: GPL-2.0
/*
 * Storage I/O detector of the hybrid governor: the block layer's probes
 * and the per-CPU workers.
 *
 * The block layer's request tracepoints (issue, completion, requeue) and
 * the page cache's dirty tracepoint are not exported to modules; they are
 * found by name and probed. A block event goes one way: its probe gathers
 * its facts once (the request's operation and disk, the disk's identity,
 * the time: hgov_probe_event()), the disk slots count it and apply what
 * the pin rules decide of it (module/disk.c, hgov_io_on_event()), and
 * when that says a disk that counts (io_disks) went busy, the pins that
 * could engage and are not engaged yet are kicked (module/pin.c: their
 * owner's kick, or a per-CPU worker on the issuing CPU); they read the
 * slots themselves (hgov_io_snapshot()) and decide with the same rules
 * (hgov_pin_update()), whether the hybrid governor or the schedutil
 * assist applies them. The probes take no lock shared with
 * the scheduler hook and allocate nothing. They stay attached while the
 * module is loaded: attaching takes the CPU hotplug lock, which the
 * cpufreq core may hold around governor init and exit. A disk's first
 * request, and each cache flush, also kick the idle-latency limit
 * (module/qos.c), which reads the slots in turn. This file calls disk.c,
 * pin.c and qos.c; none calls back.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "governor/io.h"
#include "module/compat.h"
#include "module/disk.h"
#include "module/pin.h"
#include "module/probe.h"
#include "module/qos.h"

/**
 * struct hgov_io_cpu - a CPU's SCHED_FIFO worker that evaluates the pins on
 *	the CPU that issued the I/O, which is about to wait for the request
 *	anyway. A pin whose owner may decide on any CPU (eval_any_cpu: the
 *	assist, or a driver with dvfs_possible_from_any_cpu, as cpufreq-dt)
 *	is evaluated right there; any other is handed to its owner, which
 *	wakes the owner's thread on a CPU of the policy. The hybrid
 *	governor's switch itself follows the driver: a fast switch is made
 *	in place, while a slow one (cpufreq-dt's) is handed to the policy's
 *	worker (hybrid:N, bound to the policy's CPUs) through an irq_work,
 *	so a pin of the A57s wakes one of them for the switch, as
 *	schedutil's sugov:0 would
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

static struct dentry *hgov_debugfs;

static void hgov_io_work_fn(struct kthread_work *work)
{
	hgov_pins_eval();
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
 * A counted disk went busy (@issue: its first request in flight, else a
 * dirtied page after a quiet millisecond): wake the pins that would
 * engage, and for a request the idle-latency limit if a pin holds
 * without it. The probe may be preemptible (SRCU tracepoints, 6.18+): the
 * CPU's worker and its work are taken together, with preemption off.
 */
static void hgov_io_busy(bool issue)
{
	struct kthread_worker *worker;
	struct hgov_io_cpu *ic;

	if (issue)
		hgov_qos_busy();
	ic = get_cpu_ptr(&hgov_io_cpu);
	/* Pairs with the smp_store_release() in hgov_io_cpu_online(). */
	worker = smp_load_acquire(&ic->worker);
	if (hgov_pins_busy(!worker) && worker)
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

/* Gather the facts of a block event of @disk, if any, once: into @ev. */
static bool hgov_probe_gather(struct gendisk *disk, enum hgov_io_event_kind kind,
			      struct hgov_blk_event *ev)
{
	if (!disk)
		return false;
	ev->kind = kind;
	ev->disk = disk;
	ev->dev = disk_devt(disk);
	ev->seq = hgov_disk_seq(disk);
	ev->now_ns = local_clock();
	return true;
}

/*
 * A block event of @disk, if any: its facts go to the disk slots, and the
 * pins are kicked when the rules say so.
 */
static void hgov_probe_event(struct gendisk *disk, enum hgov_io_event_kind kind)
{
	struct hgov_blk_event ev;

	if (!hgov_probe_gather(disk, kind, &ev))
		return;
	if (kind != HGOV_EV_DIRTY)
		hgov_qos_join();
	if (hgov_disk_event(&ev))
		hgov_io_busy(kind == HGOV_EV_ISSUE);
}

/*
 * The disk of @rq if it is storage I/O (hgov_op_pins()), else NULL: a
 * request uncounted at issue must stay so at completion.
 */
static struct gendisk *hgov_rq_io_disk(struct request *rq)
{
	if (!hgov_op_pins((__force unsigned int)req_op(rq)))
		return NULL;
	return hgov_rq_disk(rq);
}

/*
 * A cache flush of @rq's disk went to the driver or left it: stamped for
 * the idle-latency limit, which a flush's issue may kick; it pins nothing.
 */
static void hgov_probe_flush(struct request *rq, enum hgov_io_event_kind kind)
{
	struct hgov_blk_event ev;

	if (!hgov_probe_gather(hgov_rq_disk(rq), kind, &ev))
		return;
	hgov_qos_join();
	if (hgov_disk_flush(&ev))
		hgov_qos_busy();
}

static void hgov_probe_issue(HGOV_RQ_PROBE_PROTO(rq))
{
	if (req_op(rq) == REQ_OP_FLUSH)
		hgov_probe_flush(rq, HGOV_EV_ISSUE);
	else
		hgov_probe_event(hgov_rq_io_disk(rq), HGOV_EV_ISSUE);
}

/*
 * A request left the driver: done (or failed) for good, or requeued. One
 * that was never started (a requeue on BLK_STS_RESOURCE, an empty
 * PREFLUSH ended by the flush machinery) was never counted.
 */
static void hgov_io_retire(struct request *rq, enum hgov_io_event_kind kind)
{
	if (!blk_mq_request_started(rq))
		return;
	if (req_op(rq) == REQ_OP_FLUSH)
		hgov_probe_flush(rq, kind);
	else
		hgov_probe_event(hgov_rq_io_disk(rq), kind);
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
	hgov_io_retire(rq, HGOV_EV_COMPLETE);
}

static void hgov_probe_requeue(HGOV_RQ_PROBE_PROTO(rq))
{
	hgov_io_retire(rq, HGOV_EV_REQUEUE);
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
 * (hgov_io_on_event() says when to kick) and holds it until io_hold_ms
 * after the last page. Called with the mapping's i_pages lock held, IRQs
 * off, once per page that turns dirty.
 */
static void hgov_probe_dirty(HGOV_DIRTY_PROBE_PROTO(mapping))
{
	hgov_probe_event(hgov_mapping_disk(mapping), HGOV_EV_DIRTY);
}

/*
 * A device's interrupt (not a per-CPU one: no timer tick, no IPI), any
 * context a handler runs in: the CPU that takes a disk's completion
 * interrupt runs no block probe when the block layer completes the
 * request on the submitter's CPU (rq_affinity), yet pays any idle exit
 * first. Nothing cheaper tells which CPU takes a disk's interrupt.
 */
static void hgov_probe_irq(void *data, int irq, struct irqaction *action)
{
	/*
	 * request_percpu_irq() sets IRQF_PERCPU on every kernel; the
	 * action's percpu_dev_id shares a union with dev_id in newer ones.
	 */
	if (!(action->flags & IRQF_PERCPU))
		hgov_qos_join();
}

static const struct {
	const char	*name;
	void		*probe;
} hgov_probes[] = {
	{ "block_rq_issue",	hgov_probe_issue },
	{ "block_rq_complete",	hgov_probe_complete },
	{ "block_rq_requeue",	hgov_probe_requeue },
	{ HGOV_DIRTY_TP,	hgov_probe_dirty },
	{ "irq_handler_entry",	hgov_probe_irq },
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

	ret = hgov_pin_init();
	if (ret)
		return ret;

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
	hgov_disk_debugfs_init(hgov_debugfs);
	hgov_pin_debugfs_init(hgov_debugfs);
	return 0;

out_destroy_workers:
	i = ARRAY_SIZE(hgov_probes);
	while (i--)
		tracepoint_probe_unregister(hgov_tracepoints[i],
					    hgov_probes[i].probe, NULL);
	tracepoint_synchronize_unregister();
	hgov_io_destroy_workers();
	hgov_pin_exit();
	return ret;

out_unregister:
	while (i--)
		tracepoint_probe_unregister(hgov_tracepoints[i],
					    hgov_probes[i].probe, NULL);
	tracepoint_synchronize_unregister();
	hgov_pin_exit();
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
	hgov_pin_exit();
}
