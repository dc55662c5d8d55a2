/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared state of the hybrid governor's plumbing.
 */
#ifndef HGOV_MODULE_HGOV_H
#define HGOV_MODULE_HGOV_H

#include <linux/cpufreq.h>
#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/kthread.h>
#include <linux/mutex.h>
#include <linux/sched/cpufreq.h>
#include <linux/spinlock.h>

#include "governor/util.h"
#include "module/pin.h"

/* Name under which the governor registers with the cpufreq core. */
#define HGOV_NAME		"hybrid"

/**
 * struct hgov_tunables - sysfs tunables, global or per policy as
 *	have_governor_per_policy() says
 * @attr_set: sysfs directory and the list of policies sharing it
 * @rate_limit_us: minimum time between two frequency decisions
 * @io_pin_enable: pin big policies at policy->max during storage I/O, and
 *	boost the I/O-wait wakeups of these policies' CPUs in full while a
 *	pin is engaged (hgov_update())
 * @io_hold_ms: how long the pin outlasts the last block event
 * @io_pin_auto: big policies are those of highest capacity
 * @io_pin_cpus: else, policies with a CPU in this mask are big
 */
struct hgov_tunables {
	struct gov_attr_set	attr_set;
	unsigned int		rate_limit_us;
	unsigned int		io_pin_enable;
	unsigned int		io_hold_ms;
	bool			io_pin_auto;
	struct cpumask		io_pin_cpus;
};

/**
 * struct hgov_policy - per-policy governor state
 * @policy: the cpufreq policy governed
 * @tunables: tunables in force for @policy
 * @tunables_hook: entry in @tunables->attr_set.policy_list
 * @update_lock: protects the decision state below and the hgov_cpu
 *	samples of @policy's CPUs; taken in the update_util hook (scheduler
 *	context, rq->lock held, IRQs off) and in @eval_work (IRQs disabled)
 * @last_update_ns: time of the last decision
 * @delay_ns: rate limit in ns, from @tunables->rate_limit_us
 * @next_khz: frequency last decided
 * @limits_changed: policy limits changed since the last decision
 * @need_update: next decision must reach the driver even if unchanged
 * @work_in_progress: @work is queued and has not read @next_khz yet
 * @big: the policy pins during storage I/O (io_pin_cpus)
 * @stopping: the governor is stopping: @eval_work returns at once
 * @pin: storage I/O pin at policy->max; its evaluation and @pin.pinned
 *	are under @update_lock
 * @io_timer: fires when the pin would end (hold or watchdog)
 * @irq_work: moves requests from the hook to @worker
 * @work: sets @next_khz through the driver (slow-switch drivers)
 * @eval_work: re-evaluates the pin and the limits outside the scheduler hook
 * @work_lock: serializes driver calls from @work, @eval_work and .limits
 * @worker: kthread worker of @thread
 * @thread: SCHED_FIFO thread bound to @policy's CPUs for good
 *	(hgov_kthread_bind_mask())
 */
struct hgov_policy {
	struct cpufreq_policy		*policy;
	struct hgov_tunables		*tunables;
	struct list_head		tunables_hook;

	raw_spinlock_t			update_lock;
	u64				last_update_ns;
	u64				delay_ns;
	unsigned int			next_khz;
	bool				limits_changed;
	bool				need_update;
	bool				work_in_progress;
	bool				big;
	bool				stopping;

	struct hgov_pin			pin;
	struct hrtimer			io_timer;
	struct irq_work			irq_work;
	struct kthread_work		work;
	struct kthread_delayed_work	eval_work;
	/* Serializes driver calls of @work, @eval_work and .limits; process context. */
	struct mutex			work_lock;
	struct kthread_worker		worker;
	struct task_struct		*thread;
};

/**
 * struct hgov_cpu - per-CPU governor state
 * @update_util: scheduler callback, reached with container_of()
 * @hp: policy this CPU belongs to
 * @cpu: CPU number
 * @prev: idle-time sample at the start of the current window
 * @util: utilization estimate, 0..SCHED_CAPACITY_SCALE
 * @iowait: I/O-wait boost, schedutil's
 * @capacity: the CPU's capacity (hgov_cpu_capacity()), set at start
 * @est: the largest task seen running on it lately (hgov_est_note()):
 *	max(util_avg, util_est), in capacity units
 *
 * @prev, @util, @iowait and @est are read and written under
 * @hp->update_lock.
 */
struct hgov_cpu {
	struct update_util_data		update_util;
	struct hgov_policy		*hp;
	unsigned int			cpu;
	struct hgov_idle_sample		prev;
	unsigned long			util;
	struct hgov_iowait		iowait;
	unsigned long			capacity;
	struct hgov_est			est;
};

extern struct cpufreq_governor hgov_governor;
extern const struct kobj_type hgov_tunables_ktype;

/* sysfs.c */
void hgov_update_rate_limit(struct hgov_policy *hp);
int hgov_policy_big(struct hgov_policy *hp, bool *big);
/* governor.c */
void hgov_eval_soon(struct hgov_policy *hp);
void hgov_io_kick(struct hgov_policy *hp);
void hgov_eval(struct hgov_policy *hp);
int hgov_init(struct cpufreq_policy *policy);
void hgov_exit(struct cpufreq_policy *policy);
int hgov_start(struct cpufreq_policy *policy);
void hgov_stop(struct cpufreq_policy *policy);
void hgov_limits(struct cpufreq_policy *policy);

#endif /* HGOV_MODULE_HGOV_H */
