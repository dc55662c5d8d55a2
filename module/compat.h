/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-version differences, in one place. Every other file of the module
 * is written against today's mainline (7.3) and includes this header; the
 * supported kernels are 5.10, 6.1, 6.12 and 7.3 (README). Each test is a
 * feature test where the kernel offers one, else a version test placed
 * where the change entered mainline or, if a stable series took it in
 * later, at that series' sublevel.
 */
#ifndef HGOV_COMPAT_H
#define HGOV_COMPAT_H

#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/cpufreq.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/sched.h>
#include <linux/sched/topology.h>
#include <linux/tick.h>
#include <linux/version.h>

#include "governor/compat.h"

/* __assign_str() lost its source argument in 6.10. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
#define hgov_assign_str(dst, src) __assign_str(dst)
#else
#define hgov_assign_str(dst, src) __assign_str(dst, src)
#endif

/*
 * kobject_init_and_add() takes a const kobj_type since 6.2 (ee6d3dd4ed48);
 * before, it only stores the pointer and reads through it.
 */
static inline int hgov_kobject_init_and_add(struct kobject *kobj,
					    const struct kobj_type *ktype,
					    struct kobject *parent,
					    const char *name)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
	return kobject_init_and_add(kobj, ktype, parent, "%s", name);
#else
	return kobject_init_and_add(kobj, (struct kobj_type *)ktype, parent,
				    "%s", name);
#endif
}

/*
 * block_rq_issue and block_rq_requeue lost their request_queue argument in
 * 5.11 (a54895fa057c); 5.10.y took the change in 5.10.137. A probe must
 * match the prototype exactly: with the wrong one it compiles, reads the
 * queue as the request, and oopses on the first I/O.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 10, 137)
#define HGOV_RQ_PROBE_PROTO(rq)	void *data, struct request *rq
#else
#define HGOV_RQ_PROBE_PROTO(rq)	void *data, struct request_queue *q, \
				struct request *rq
#endif

/* block_rq_complete reports a blk_status_t since 5.18 (an int before). */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 18, 0)
#define HGOV_RQ_COMPLETE_PROBE_PROTO(rq, nr_bytes) \
	void *data, struct request *rq, blk_status_t error, unsigned int nr_bytes
#else
#define HGOV_RQ_COMPLETE_PROBE_PROTO(rq, nr_bytes) \
	void *data, struct request *rq, int error, unsigned int nr_bytes
#endif

/*
 * The disk of a request: request_queue->disk and the disk sequence number
 * appeared in 5.15 (d152c682f03c, 87eb71074555). Before, rq->rq_disk, and
 * the gendisk's address stands in for the sequence number: a disk created
 * again at the same dev_t is a new gendisk.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 15, 0)
static inline struct gendisk *hgov_rq_disk(const struct request *rq)
{
	return rq->q->disk;
}

static inline u64 hgov_disk_seq(const struct gendisk *disk)
{
	return disk->diskseq;
}
#else
static inline struct gendisk *hgov_rq_disk(const struct request *rq)
{
	return rq->rq_disk;
}

static inline u64 hgov_disk_seq(const struct gendisk *disk)
{
	return (unsigned long)disk;
}
#endif

/*
 * hrtimer_setup() appeared in 6.13; hrtimer_init() and a writable
 * hrtimer::function went away in 6.16.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define hgov_hrtimer_setup hrtimer_setup
#else
static inline void
hgov_hrtimer_setup(struct hrtimer *timer,
		   enum hrtimer_restart (*function)(struct hrtimer *),
		   clockid_t clock_id, enum hrtimer_mode mode)
{
	hrtimer_init(timer, clock_id, mode);
	timer->function = function;
}
#endif

/*
 * A running kthread worker bound to @cpu, named @namefmt with "%u" for the
 * CPU. kthread_create_worker_on_cpu() lost its varargs in 6.13 (the name
 * takes the CPU), and since 6.14 it no longer wakes the worker:
 * kthread_run_worker_on_cpu() does (b04e317b5226).
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 14, 0)
#define hgov_run_worker_on_cpu(cpu, flags, namefmt) \
	kthread_run_worker_on_cpu(cpu, flags, namefmt)
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define hgov_run_worker_on_cpu(cpu, flags, namefmt) \
	kthread_create_worker_on_cpu(cpu, flags, namefmt)
#else
#define hgov_run_worker_on_cpu(cpu, flags, namefmt) \
	kthread_create_worker_on_cpu(cpu, flags, namefmt, cpu)
#endif

/*
 * Idle time of @cpu since boot (iowait counted as idle) and, in *@wall_us,
 * the time it was read, in us. Before 6.4, get_cpu_idle_time() of another
 * CPU updates that CPU's idle statistics from here, unsynchronized with
 * its own idle exit, and /proc/stat can go backwards (fixed by
 * 07b65a800b6d and 620a30fa0bd1): there, read both counters through the
 * read-only path (no last_update_time), which is right on every kernel.
 * It still reads the idle entry time and the idle sum without their
 * seqcount (6.4 added it), so a read racing the CPU's idle exit can come
 * out a little below the last one: hgov_busy_window() counts that as no
 * idle time. Without NO_HZ accounting get_cpu_idle_time() reads the
 * jiffy-based counters, also read-only.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
static inline u64 hgov_cpu_idle_time_us(unsigned int cpu, u64 *wall_us)
{
	return get_cpu_idle_time(cpu, wall_us, 0);
}
#else
static inline u64 hgov_cpu_idle_time_us(unsigned int cpu, u64 *wall_us)
{
	u64 now_us = ktime_to_us(ktime_get());
	u64 idle_us = get_cpu_idle_time_us(cpu, NULL);

	if (idle_us == -1ULL)
		return get_cpu_idle_time(cpu, wall_us, 0);
	*wall_us = now_us;
	return idle_us + get_cpu_iowait_time_us(cpu, NULL);
}
#endif

/*
 * Bind the kthread @p, not yet woken, to the CPUs of @mask for good, as
 * schedutil's kthread_bind_mask() does (not exported on any kernel):
 * kthread_bind() to one online CPU of @mask sets PF_NO_SETAFFINITY, so
 * that neither sched_setaffinity() (taskset) nor a cpuset can move it off
 * the policy's CPUs, from which it calls a fast-switching driver; the
 * kernel's own set_cpus_allowed_ptr() then widens it to @mask, which the
 * flag does not stop. Since 6.14 the flag also keeps kthread() from
 * affining the thread to its node's housekeeping CPUs when it starts.
 * Before 5.11, set_cpus_allowed_ptr() warns when @mask has online CPUs
 * but no active one, as while a policy is created for its first CPU
 * coming up, unless it is a single CPU: there the thread stays on that
 * first online CPU.
 */
static inline int hgov_kthread_bind_mask(struct task_struct *p,
					 const struct cpumask *mask)
{
	unsigned int cpu = cpumask_first_and(mask, cpu_online_mask);

	if (cpu >= nr_cpu_ids)
		return -EINVAL;
	kthread_bind(p, cpu);
	if (LINUX_VERSION_CODE < KERNEL_VERSION(5, 11, 0) &&
	    !cpumask_intersects(mask, cpu_active_mask))
		return 0;
	return set_cpus_allowed_ptr(p, mask);
}

/*
 * Capacity of @cpu, the unit of PELT's utilization and the rank of its
 * cluster: arch_scale_cpu_capacity(). The arch_topology drivers (arm,
 * arm64, riscv) keep it in cpu_scale, exported to modules since 5.15 (for
 * qcom-cpufreq-hw). Before, it is computed here as
 * topology_normalize_cpu_scale() does: capacity-dmips-mhz from the DT
 * times the CPU's top frequency, the largest product scaled to
 * SCHED_CAPACITY_SCALE. While a CPU has no policy yet the DT's figure
 * alone counts, as the kernel's frequency factor is 1 until then; a CPU
 * without the property makes every CPU SCHED_CAPACITY_SCALE, as cpu_scale
 * then is. Elsewhere modules have arch_scale_cpu_capacity(): the generic
 * constant, or x86's exported function (6.12, 7.3). Not for hot paths.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 15, 0) || \
	!IS_ENABLED(CONFIG_GENERIC_ARCH_TOPOLOGY)
static inline unsigned long hgov_cpu_capacity(unsigned int cpu)
{
	return arch_scale_cpu_capacity(cpu);
}
#else
/* capacity-dmips-mhz of @cpu, times its top MHz if @freq; 0 if none. */
static inline u64 hgov_raw_capacity(unsigned int cpu, bool freq)
{
	struct device_node *np = of_cpu_device_node_get(cpu);
	struct cpufreq_policy *policy;
	u32 dmips = 0;
	u64 raw;

	if (np)
		of_property_read_u32(np, "capacity-dmips-mhz", &dmips);
	of_node_put(np);
	if (!freq || !dmips)
		return dmips;
	policy = cpufreq_cpu_get(cpu);
	if (!policy)
		return 0;
	raw = (u64)dmips * (policy->cpuinfo.max_freq / 1000);
	cpufreq_cpu_put(policy);
	return raw;
}

static inline unsigned long hgov_cpu_capacity(unsigned int cpu)
{
	bool freq = true;
	unsigned int c;
	u64 top = 0;

	for_each_possible_cpu(c)
		if (!hgov_raw_capacity(c, true))
			freq = false;
	for_each_possible_cpu(c) {
		u64 raw = hgov_raw_capacity(c, freq);

		if (!raw)
			return SCHED_CAPACITY_SCALE;
		top = max(top, raw);
	}
	return div64_u64(hgov_raw_capacity(cpu, freq) << SCHED_CAPACITY_SHIFT,
			 top);
}
#endif

/*
 * Table flags to leave out when resolving a utilization-driven frequency:
 * the OPPs the energy model marks inefficient, which schedutil skips with
 * CPUFREQ_RELATION_E. The flag and policy->efficiencies_available came
 * with 5.16; before, every OPP is used.
 */
#ifdef CPUFREQ_INEFFICIENT_FREQ
static inline unsigned int hgov_skip_flags(const struct cpufreq_policy *policy)
{
	return READ_ONCE(policy->efficiencies_available) ? CPUFREQ_INEFFICIENT_FREQ : 0;
}
#else
static inline unsigned int hgov_skip_flags(const struct cpufreq_policy *policy)
{
	return 0;
}
#endif

/*
 * A page cache page turning dirty: writeback_dirty_folio since 5.16, when
 * the writeback tracepoints moved to folios; writeback_dirty_page with a
 * struct page before. Only the mapping is used.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 16, 0)
#define HGOV_DIRTY_TP	"writeback_dirty_folio"
#define HGOV_DIRTY_PROBE_PROTO(mapping) \
	void *data, struct folio *folio, struct address_space *mapping
#else
#define HGOV_DIRTY_TP	"writeback_dirty_page"
#define HGOV_DIRTY_PROBE_PROTO(mapping) \
	void *data, struct page *page, struct address_space *mapping
#endif

/*
 * A task's util_est: a struct of the utilization at its last dequeue
 * (enqueued) and their moving average (ewma) until 6.8 ("sched/fair:
 * Simplify util_est"), the moving average alone since; the scheduler takes
 * the larger of the two. The flag that marks an estimate not yet updated is
 * bit 31 since 5.13 (a stable fix, in 5.10.y too) and defined beside the
 * struct; before, bit 0, private to the scheduler, where clearing it
 * changes nothing that matters. Without CONFIG_SMP there is no PELT.
 */
#ifdef UTIL_AVG_UNCHANGED
#define HGOV_UTIL_AVG_UNCHANGED	UTIL_AVG_UNCHANGED
#else
#define HGOV_UTIL_AVG_UNCHANGED	0x1
#endif

#if !IS_ENABLED(CONFIG_SMP)
static inline unsigned long hgov_task_util_avg(const struct task_struct *p)
{
	return 0;
}

static inline unsigned long hgov_task_util_est(const struct task_struct *p)
{
	return 0;
}
#else
static inline unsigned long hgov_task_util_avg(const struct task_struct *p)
{
	return READ_ONCE(p->se.avg.util_avg);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
static inline unsigned long hgov_task_util_est(const struct task_struct *p)
{
	return READ_ONCE(p->se.avg.util_est) & ~HGOV_UTIL_AVG_UNCHANGED;
}
#else
static inline unsigned long hgov_task_util_est(const struct task_struct *p)
{
	struct util_est ue = READ_ONCE(p->se.avg.util_est);

	return max_t(unsigned long, ue.ewma,
		     ue.enqueued & ~HGOV_UTIL_AVG_UNCHANGED);
}
#endif
#endif

/*
 * The root cfs_rq's util_est.enqueued: the estimates of the CPU's queued
 * CFS tasks, which schedutil sizes a CPU by from the moment a task is
 * enqueued, before it first runs. The exported sched_util_est_cfs_tp
 * tracepoint reports each change of it, with the cfs_rq, whose fields are
 * private; sched_trace_cfs_rq_avg() and sched_trace_cfs_rq_cpu(), exported
 * from 5.3, read them, and 5.15 is the last kernel that has them (none
 * from 5.19 on). Elsewhere HGOV_HAVE_RQ_UTIL_EST is 0, nothing attaches,
 * and the estimate of the task the hook sees running is the only one.
 * Without CONFIG_SMP there is no PELT.
 *
 * hgov_cfs_rq_util_est() - @cfs_rq's CPU, or -1, and its enqueued estimate
 * hgov_rq_util_est_attach(), _detach() - @probe on sched_util_est_cfs_tp
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(5, 16, 0) && IS_ENABLED(CONFIG_SMP)
#include <trace/events/sched.h>

#define HGOV_HAVE_RQ_UTIL_EST	1

static inline int hgov_cfs_rq_util_est(struct cfs_rq *cfs_rq, unsigned long *est)
{
	const struct sched_avg *avg = sched_trace_cfs_rq_avg(cfs_rq);

	if (!avg)
		return -1;
	*est = READ_ONCE(avg->util_est.enqueued);
	return sched_trace_cfs_rq_cpu(cfs_rq);
}

static inline int hgov_rq_util_est_attach(void (*probe)(void *, struct cfs_rq *))
{
	return register_trace_sched_util_est_cfs_tp(probe, NULL);
}

static inline void hgov_rq_util_est_detach(void (*probe)(void *, struct cfs_rq *))
{
	unregister_trace_sched_util_est_cfs_tp(probe, NULL);
}
#else
#define HGOV_HAVE_RQ_UTIL_EST	0

static inline int hgov_cfs_rq_util_est(struct cfs_rq *cfs_rq, unsigned long *est)
{
	return -1;
}

static inline int hgov_rq_util_est_attach(void (*probe)(void *, struct cfs_rq *))
{
	return 0;
}

static inline void hgov_rq_util_est_detach(void (*probe)(void *, struct cfs_rq *))
{
}
#endif

/*
 * Tell the energy model, and EAS with it, that storage I/O holds a
 * policy at a floor: em_update_performance_limits() appeared in 6.13
 * (5609296750af) and no stable series took it. The floor is the highest
 * performance state at or below policy->max, the frequency the floor's
 * FREQ_QOS_MIN request resolves to; @on false gives the whole table back.
 * Process context (the energy model's mutex). Before 6.13 EAS goes on
 * pricing the CPUs at the frequency their utilization asks for.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0) && IS_ENABLED(CONFIG_ENERGY_MODEL)
#include <linux/energy_model.h>

static inline void hgov_em_set_floor(struct cpufreq_policy *policy, bool on)
{
	struct em_perf_domain *pd = em_cpu_get(policy->cpu);
	unsigned int max_khz = READ_ONCE(policy->max);
	struct em_perf_state *table;
	unsigned long lo, hi, floor;
	int i;

	if (!pd)
		return;
	rcu_read_lock();
	table = em_perf_state_from_pd(pd);
	lo = table[0].frequency;
	hi = table[pd->nr_perf_states - 1].frequency;
	floor = lo;
	for (i = 0; i < pd->nr_perf_states; i++)
		if (table[i].frequency <= max_khz)
			floor = table[i].frequency;
	rcu_read_unlock();
	em_update_performance_limits(pd, on ? floor : lo, hi);
}
#else
static inline void hgov_em_set_floor(struct cpufreq_policy *policy, bool on)
{
}
#endif

#endif /* HGOV_COMPAT_H */
