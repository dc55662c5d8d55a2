/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-version differences of the test-bed driver, from 5.10 to 7.3
 * (the product's are in module/compat.h).
 */
#ifndef TB_COMPAT_H
#define TB_COMPAT_H

#include <linux/arch_topology.h>
#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/cpufreq.h>
#include <linux/energy_model.h>
#include <linux/hrtimer.h>
#include <linux/version.h>

/*
 * The cluster of a CPU: cpu_topology[].cluster_id since 5.16; before, a
 * cluster of the DT's cpu-map is a package (the board's DTB lists the
 * clusters without a socket, which both read the same way).
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 16, 0)
#define tb_cluster_id(cpu)	(cpu_topology[cpu].cluster_id)
#else
#define tb_cluster_id(cpu)	(cpu_topology[cpu].package_id)
#endif

/* sched_switch reports the previous task's state since 5.18. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 18, 0)
#define TB_SCHED_SWITCH_PROTO(prev, next) \
	void *data, bool preempt, struct task_struct *prev, \
	struct task_struct *next, unsigned int prev_state
#else
#define TB_SCHED_SWITCH_PROTO(prev, next) \
	void *data, bool preempt, struct task_struct *prev, \
	struct task_struct *next
#endif

/* hrtimer_setup() appeared in 6.13; hrtimer_init() went away in 6.16. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define tb_hrtimer_setup hrtimer_setup
#else
static inline void
tb_hrtimer_setup(struct hrtimer *timer,
		 enum hrtimer_restart (*function)(struct hrtimer *),
		 clockid_t clock_id, enum hrtimer_mode mode)
{
	hrtimer_init(timer, clock_id, mode);
	timer->function = function;
}
#endif

/*
 * The energy model's power callback: (dev, power, freq) in microwatts
 * since 5.19, (power, freq, dev) in milliwatts before; the OPP library's
 * P = C * mV^2 * MHz is scaled by TB_EM_POWER_DIV to that unit.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 19, 0)
#define TB_EM_POWER_PROTO(dev, power, khz) \
	struct device *dev, unsigned long *power, unsigned long *khz
#define TB_EM_POWER_DIV		1000000
#define tb_em_register(dev, nr, cb, cpus) \
	em_dev_register_perf_domain(dev, nr, cb, cpus, true)
#else
#define TB_EM_POWER_PROTO(dev, power, khz) \
	unsigned long *power, unsigned long *khz, struct device *dev
#define TB_EM_POWER_DIV		1000000000
#define tb_em_register(dev, nr, cb, cpus) \
	em_dev_register_perf_domain(dev, nr, cb, cpus)
#endif

/*
 * cpufreq drivers register the energy model from ->register_em() since
 * 5.17; before, from ->init(), as cpufreq-dt did.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 17, 0)
#define TB_REGISTER_EM_IN_INIT	false
#define TB_REGISTER_EM_OP(fn)	.register_em = fn,
#else
#define TB_REGISTER_EM_IN_INIT	true
#define TB_REGISTER_EM_OP(fn)
#endif

/*
 * Inefficient OPPs (skipped under CPUFREQ_RELATION_E) exist since 5.16;
 * before, the cpufreq core uses every OPP.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 16, 0)
#define tb_set_inefficient(policy, khz) cpufreq_table_set_inefficient(policy, khz)
#else
static inline void tb_set_inefficient(struct cpufreq_policy *policy,
				      unsigned int khz)
{
}
#endif

/*
 * Boost OPPs and the frequency lists: a driver enabled the core's
 * software boost with cpufreq_enable_boost_support() at registration and
 * listed scaling_available_frequencies and scaling_boost_frequencies among
 * its attributes. Since 6.15's boost cleanup it names a ->set_boost()
 * around the core's cpufreq_boost_set_sw() and the core adds both lists to
 * every policy with a frequency table.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
/*
 * ->set_boost(): cpuinfo.max_freq to the table's top for @state (boost
 * OPPs only when on), then cpufreq_boost_set_sw().
 *
 * A workaround for the core: cpufreq_frequency_table_cpuinfo(), which
 * cpufreq_boost_set_sw() calls, only ever raises cpuinfo.max_freq ("If the
 * driver has set its own cpuinfo.max_freq above max_freq, leave it as
 * is."), and policy_set_boost() caps the policy at cpuinfo.max_freq
 * through its boost_freq_req (7.3; before, cpufreq_boost_set_sw() capped
 * it at the table's top for @state through max_freq_req). On the 7.3
 * board boost=0 after boost=1 left policy0's scaling_max_freq at 1700 MHz,
 * every time. Pierre Gondois's "cpufreq/freq_table: Allow decreasing
 * cpuinfo.max_freq" (RFC, linux-pm, February 2026) fixes it in the core;
 * this stays right with it.
 */
static inline int tb_set_boost(struct cpufreq_policy *policy, int state)
{
	struct cpufreq_frequency_table *pos;
	unsigned int top = 0;

	cpufreq_for_each_valid_entry(pos, policy->freq_table) {
		if ((state || !(pos->flags & CPUFREQ_BOOST_FREQ)) &&
		    pos->frequency > top)
			top = pos->frequency;
	}
	WRITE_ONCE(policy->cpuinfo.max_freq, top);
	return cpufreq_boost_set_sw(policy, state);
}

#define TB_DRIVER_ATTRS		NULL
#define TB_SET_BOOST_OP		.set_boost = tb_set_boost,
static inline int tb_enable_boost(void)
{
	return 0;
}
#else
static struct freq_attr *tb_attr[] __maybe_unused = {
	&cpufreq_freq_attr_scaling_available_freqs,
	&cpufreq_freq_attr_scaling_boost_freqs,
	NULL,
};

#define TB_DRIVER_ATTRS		tb_attr
#define TB_SET_BOOST_OP
static inline int tb_enable_boost(void)
{
	return cpufreq_enable_boost_support();
}
#endif

/*
 * The eMMC model's disk (hgov_mmc.c). blk_mq_alloc_disk() appeared in 5.14
 * (a queue and a gendisk before) and takes queue limits since 6.9; the
 * write cache is a queue limit feature since 6.11; add_disk() returns an
 * error since 5.15; a disk is freed with blk_cleanup_disk() in 5.14-5.19,
 * with put_disk() alone since 6.0. Bio merging needs BLK_MQ_F_SHOULD_MERGE
 * before 6.14 and is the default since.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 14, 0)
#define TB_MQ_FLAGS	0
#else
#define TB_MQ_FLAGS	BLK_MQ_F_SHOULD_MERGE
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
#define TB_BLK_MQ_ALLOC_DISK(set, data)	blk_mq_alloc_disk(set, NULL, data)
#else
#define TB_BLK_MQ_ALLOC_DISK(set, data)	blk_mq_alloc_disk(set, data)
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
static inline struct gendisk *tb_alloc_disk(struct blk_mq_tag_set *set, void *data,
					    unsigned int max_hw_sectors)
{
	struct queue_limits lim = {
		.features	= BLK_FEAT_WRITE_CACHE | BLK_FEAT_FUA,
		.max_hw_sectors	= max_hw_sectors,
	};

	return blk_mq_alloc_disk(set, &lim, data);
}
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(5, 14, 0)
static inline struct gendisk *tb_alloc_disk(struct blk_mq_tag_set *set, void *data,
					    unsigned int max_hw_sectors)
{
	struct gendisk *disk = TB_BLK_MQ_ALLOC_DISK(set, data);

	if (!IS_ERR(disk)) {
		blk_queue_write_cache(disk->queue, true, true);
		blk_queue_max_hw_sectors(disk->queue, max_hw_sectors);
	}
	return disk;
}
#else
static inline struct gendisk *tb_alloc_disk(struct blk_mq_tag_set *set, void *data,
					    unsigned int max_hw_sectors)
{
	struct request_queue *q = blk_mq_init_queue_data(set, data);
	struct gendisk *disk;

	if (IS_ERR(q))
		return ERR_CAST(q);
	disk = alloc_disk(1);
	if (!disk) {
		blk_cleanup_queue(q);
		return ERR_PTR(-ENOMEM);
	}
	disk->queue = q;
	blk_queue_write_cache(q, true, true);
	blk_queue_max_hw_sectors(q, max_hw_sectors);
	return disk;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 15, 0)
#define tb_add_disk(disk)	add_disk(disk)
#else
static inline int tb_add_disk(struct gendisk *disk)
{
	add_disk(disk);
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 0, 0)
#define tb_free_disk(disk)	put_disk(disk)
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(5, 14, 0)
#define tb_free_disk(disk)	blk_cleanup_disk(disk)
#else
static inline void tb_free_disk(struct gendisk *disk)
{
	blk_cleanup_queue(disk->queue);
	put_disk(disk);
}
#endif

#endif /* TB_COMPAT_H */
