// SPDX-License-Identifier: GPL-2.0
/*
 * The hybrid cpufreq governor: utilization-driven frequency selection the
 * way schedutil does it, from signals exported to modules.
 *
 * The scheduler calls hgov_update() on its update_util hook. At most once
 * per rate_limit_us the policy's CPUs are sampled (governor/util.c), the
 * highest utilization, or schedutil's I/O-wait boost where it is higher,
 * is mapped to a frequency (governor/freq.c) and the
 * result goes to the driver: directly if it can switch fast, else through
 * an irq_work and the policy's SCHED_FIFO worker thread.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpufreq.h>
#include <linux/irq_work.h>
#include <linux/kthread.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>

#include "governor/freq.h"
#include "governor/io.h"
#include "governor/util.h"
#include "module/assist.h"
#include "module/compat.h"
#include "module/disk.h"
#include "module/hgov.h"
#include "module/param.h"
#include "module/pin.h"
#include "module/rq_est.h"

#define CREATE_TRACE_POINTS
#include "module/hgov_trace.h"

static DEFINE_PER_CPU(struct hgov_cpu, hgov_cpu);

/* Size CPUs by their running task's util_est too (schedutil's UTIL_EST). */
static unsigned int hgov_util_est_on = 1;

static int hgov_util_est_set(const char *val, const struct kernel_param *kp)
{
	unsigned int on;

	if (hgov_parse_uint("util_est", val, 0, 1, &on))
		return -EINVAL;
	WRITE_ONCE(hgov_util_est_on, on);
	return 0;
}

static const struct kernel_param_ops hgov_util_est_ops = {
	.set	= hgov_util_est_set,
	.get	= param_get_uint,
};
module_param_cb(util_est, &hgov_util_est_ops, &hgov_util_est_on, 0644);
MODULE_PARM_DESC(util_est,
		 "1: a CPU gets at least what its running task's util_avg and util_est, and on kernels before 5.16 its queued tasks' util_est, ask for, as under schedutil; 0: idle time alone (0..1, default 1)");

/************************ Governor internals ***********************/

/* cpufreq_this_cpu_can_update() is not exported. */
static bool hgov_this_cpu_can_update(const struct cpufreq_policy *policy)
{
	return cpumask_test_cpu(smp_processor_id(), policy->cpus) ||
	       policy->dvfs_possible_from_any_cpu;
}

/*
 * Fold the window since the last sample of @hc into its utilization.
 * Returns the CPU's idle time now.
 */
static u64 hgov_sample_cpu(struct hgov_cpu *hc, unsigned int cur_khz,
			   unsigned int max_khz)
{
	struct hgov_idle_sample now;
	unsigned long busy;
	u64 periods;

	now.idle_us = hgov_cpu_idle_time_us(hc->cpu, &now.wall_us);
	if (hgov_busy_window(&hc->prev, &now, &busy, &periods)) {
		hc->prev = now;
		hc->util = hgov_util_avg(hc->util,
					 hgov_util_invariant(busy, cur_khz, max_khz),
					 periods);
	}
	return now.idle_us;
}

/*
 * Note what the task running on this CPU needs of it, from its PELT
 * signals: schedutil's util_est, which a sleep or a migration does not
 * forget. RT and deadline tasks (prio below MAX_RT_PRIO) carry no fresh
 * CFS signal; the idle task needs nothing. Called from the update_util
 * hook of this CPU, with hp->update_lock held.
 */
static void hgov_note_current(struct hgov_cpu *hc, u64 time)
{
	struct task_struct *p = current;
	unsigned long util = 0;

	/*
	 * In the CPU's own capacity units, which rank tasks as well as the
	 * policy's: the division waits for a decision (hgov_decide()).
	 */
	if (!is_idle_task(p) && p->prio >= MAX_RT_PRIO)
		util = max(hgov_task_util_avg(p), hgov_task_util_est(p));
	hgov_est_note(&hc->est, util, time, TICK_NSEC);
}

/*
 * Did the limits change since the last decision? Then the next one must
 * reach the driver. Called with hp->update_lock held.
 */
static bool hgov_limits_pending(struct hgov_policy *hp)
{
	if (likely(!READ_ONCE(hp->limits_changed)))
		return false;
	WRITE_ONCE(hp->limits_changed, false);
	hp->need_update = true;
	/*
	 * Clear limits_changed before reading policy->min/max, or a limits
	 * update could be missed. Pairs with the smp_wmb() in hgov_limits().
	 */
	smp_mb();
	return true;
}

/*
 * May the policy take a new decision at @now_ns, @delay_ns after the last
 * one? Always after a change of limits. Called with hp->update_lock held.
 */
static bool hgov_should_update(struct hgov_policy *hp, u64 now_ns,
			       u64 delay_ns)
{
	return hgov_limits_pending(hp) ||
	       hgov_rate_limit_elapsed(now_ns, hp->last_update_ns, delay_ns);
}

/*
 * Decide the policy's next frequency at @now_ns. Called with
 * hp->update_lock held. Returns true if hp->next_khz must be handed to the
 * driver.
 */
static bool hgov_decide(struct hgov_policy *hp, u64 now_ns)
{
	struct cpufreq_policy *policy = hp->policy;
	unsigned int max_freq = policy->cpuinfo.max_freq;
	unsigned int cur_khz = READ_ONCE(policy->cur);
	unsigned int cpu, khz, target;
	unsigned long util = 0;

	hp->last_update_ns = now_ns;

	/*
	 * Pinned by storage I/O, the utilization does not count: the samples
	 * are left alone and the first window after the pin covers it.
	 */
	if (!hp->pin.pinned) {
		bool est_on = READ_ONCE(hgov_util_est_on);
		/* Read only where the kernel lets a probe keep it. */
		bool queued = HGOV_HAVE_RQ_UTIL_EST && est_on;

		for_each_cpu(cpu, policy->cpus) {
			struct hgov_cpu *hc = &per_cpu(hgov_cpu, cpu);
			u64 idle_us = hgov_sample_cpu(hc, cur_khz, max_freq);
			unsigned long est = hgov_est_apply(&hc->est, now_ns,
							   TICK_NSEC, idle_us,
							   est_on);

			util = max3(util, hc->util,
				    hgov_iowait_apply(&hc->iowait, now_ns, TICK_NSEC));
			/* What runs there, and what is queued to run. */
			util = max(util, hgov_task_est(est, queued ? hgov_rq_est(cpu) : 0,
						       hc->capacity));
		}
	}
	khz = hgov_next_khz(policy->freq_table, hp->pin.pinned, util, max_freq,
			    READ_ONCE(policy->min), READ_ONCE(policy->max),
			    hgov_skip_flags(policy), &target);

	if (hp->need_update)
		hp->need_update = false;
	else if (khz == hp->next_khz)
		return false;
	hp->next_khz = khz;
	trace_hybrid_freq(policy->cpu, util, target, khz, hp->pin.pinned);
	return true;
}

/*
 * The one place a decision goes to the hardware. Called with
 * hp->update_lock held, right after hgov_decide() returned true: a
 * fast-switching driver is called at once, in the context of the decision,
 * as sugov_fast_switch() does; for a slow one the policy's worker is queued
 * (once) to hand it the newest hp->next_khz (hgov_work()), as sugov_work()
 * does.
 */
static void hgov_apply(struct hgov_policy *hp)
{
	if (hp->policy->fast_switch_enabled) {
		/*
		 * The driver programs the CPU it runs on unless it can switch
		 * from any CPU. The policy's thread stays on the policy's
		 * CPUs (hgov_kthread_bind_mask()); while one of them goes
		 * offline it may still run there, out of policy->cpus: the
		 * next hook on the policy's CPUs hands the decision over.
		 */
		if (!hgov_this_cpu_can_update(hp->policy)) {
			hp->need_update = true;
			return;
		}
		cpufreq_driver_fast_switch(hp->policy, hp->next_khz);
	} else if (!hp->work_in_progress) {
		hp->work_in_progress = true;
		irq_work_queue(&hp->irq_work);
	}
}

/*
 * update_util hook. Called with rq->lock held for the CPU of @data and
 * IRQs disabled; hp->update_lock serializes the CPUs of one policy.
 */
static void hgov_update(struct update_util_data *data, u64 time,
			unsigned int flags)
{
	struct hgov_cpu *hc = container_of(data, struct hgov_cpu, update_util);
	struct hgov_policy *hp = hc->hp;
	bool iowait;

	if (!hgov_this_cpu_can_update(hp->policy))
		return;

	raw_spin_lock(&hp->update_lock);
	/* The hook also runs for remote runqueues; current is this CPU's. */
	if (hc->cpu == smp_processor_id() && READ_ONCE(hgov_util_est_on))
		hgov_note_current(hc, time);
	iowait = flags & SCHED_CPUFREQ_IOWAIT;
	/*
	 * The full boost is part of the pin: a policy whose io_pin_enable is
	 * 0 keeps schedutil's, whoever else is pinned. The pins' counter is
	 * read only for an I/O-wait wakeup.
	 */
	hgov_iowait_update(&hc->iowait, time, iowait,
			   iowait && READ_ONCE(hp->tunables->io_pin_enable) &&
			   hgov_storage_active(), TICK_NSEC);
	if (hgov_should_update(hp, time, READ_ONCE(hp->delay_ns)) &&
	    hgov_decide(hp, time))
		hgov_apply(hp);
	raw_spin_unlock(&hp->update_lock);
}

/*
 * Hand the latest decision to a slow-switching driver. Several workers
 * may get here for one policy; whoever holds work_lock last applies the
 * newest hp->next_khz, not the one it decided.
 */
static void hgov_set_khz(struct hgov_policy *hp)
{
	unsigned long irq_flags;
	unsigned int khz;

	mutex_lock(&hp->work_lock);
	raw_spin_lock_irqsave(&hp->update_lock, irq_flags);
	khz = hp->next_khz;
	raw_spin_unlock_irqrestore(&hp->update_lock, irq_flags);
	__cpufreq_driver_target(hp->policy, khz, CPUFREQ_RELATION_L);
	mutex_unlock(&hp->work_lock);
}

static void hgov_work(struct kthread_work *work)
{
	struct hgov_policy *hp = container_of(work, struct hgov_policy, work);
	unsigned long irq_flags;

	/*
	 * Clear work_in_progress before reading next_khz, so an update that
	 * lands right after is either seen here or queues us again.
	 */
	raw_spin_lock_irqsave(&hp->update_lock, irq_flags);
	hp->work_in_progress = false;
	raw_spin_unlock_irqrestore(&hp->update_lock, irq_flags);

	hgov_set_khz(hp);
}

/*
 * The decide step of hgov_eval(), with hp->update_lock held: pin or
 * release the policy on @snap, take the limits in, decide if either
 * changed (true: hgov_apply() must follow), and arm the pin's hold or
 * watchdog timer.
 */
static bool hgov_eval_decide(struct hgov_policy *hp, u64 now_ns,
			     const struct hgov_io_snapshot *snap)
{
	struct hgov_tunables *tunables = hp->tunables;
	u64 next_check_ns = 0;
	bool go;

	go = hgov_pin_update(&hp->pin, now_ns, snap,
			     READ_ONCE(tunables->io_pin_enable), hp->big,
			     (u64)READ_ONCE(tunables->io_hold_ms) * NSEC_PER_MSEC,
			     &next_check_ns);
	if (go)
		hp->need_update = true;
	go |= hgov_limits_pending(hp);
	/* The hold ends at most hgov_timer_slack_ns() late. */
	if (next_check_ns)
		hrtimer_start_range_ns(&hp->io_timer,
				       ns_to_ktime(max_t(s64, next_check_ns - now_ns, 0)),
				       hgov_timer_slack_ns(READ_ONCE(hp->delay_ns)),
				       HRTIMER_MODE_REL);
	return go && hgov_decide(hp, now_ns);
}

/**
 * hgov_eval() - re-evaluate a policy outside the scheduler hook
 * @hp: a policy
 *
 * Re-evaluates the policy outside the scheduler hook: the storage I/O pin
 * when the detector kicks it or the pin's hold or watchdog runs out, and
 * limit changes at once. Nothing else: like schedutil, a policy whose CPUs
 * went idle keeps its frequency until the scheduler calls it again (a
 * wake-up, or the idle load balancer decaying their blocked load), so an
 * idle board gets no wake-ups from us.
 *
 * Process context: @eval_work, or the I/O detector's worker on the CPU
 * that issued the I/O when the driver may switch from any CPU.
 */
void hgov_eval(struct hgov_policy *hp)
{
	struct hgov_io_snapshot snap;
	u64 now_ns = local_clock();
	unsigned long irq_flags;

	hgov_io_snapshot(now_ns, &snap);

	raw_spin_lock_irqsave(&hp->update_lock, irq_flags);
	if (!hp->stopping && hgov_eval_decide(hp, now_ns, &snap))
		hgov_apply(hp);
	raw_spin_unlock_irqrestore(&hp->update_lock, irq_flags);

	hgov_pin_recheck(&hp->pin, &snap);
}

static void hgov_eval_work(struct kthread_work *work)
{
	hgov_eval(container_of(work, struct hgov_policy, eval_work.work));
}

/**
 * hgov_eval_soon() - have @hp re-evaluated by its worker (hgov_eval())
 * @hp: an initialized policy; a stopped one returns at once
 *
 * Safe in any context, the block probes' included: queues @eval_work on
 * the policy's SCHED_FIFO worker without an irq_work hop. For a change
 * of limits or tunables; storage I/O kicks with hgov_io_kick().
 */
void hgov_eval_soon(struct hgov_policy *hp)
{
	kthread_mod_delayed_work(&hp->worker, &hp->eval_work, 0);
}

/**
 * hgov_io_kick() - re-evaluate the storage I/O pin of @hp now: a disk
 *	went busy
 * @hp: a started policy
 *
 * Safe in any context, the block probes' included.
 */
void hgov_io_kick(struct hgov_policy *hp)
{
	WRITE_ONCE(hp->pin.kicked, true);
	hgov_eval_soon(hp);
}

static void hgov_pin_kick(struct hgov_pin *pin)
{
	hgov_io_kick(container_of(pin, struct hgov_policy, pin));
}

static void hgov_pin_eval(struct hgov_pin *pin)
{
	hgov_eval(container_of(pin, struct hgov_policy, pin));
}

static const struct hgov_pin_ops hgov_policy_pin_ops = {
	.kick	= hgov_pin_kick,
	.eval	= hgov_pin_eval,
};

static enum hrtimer_restart hgov_io_timer(struct hrtimer *timer)
{
	hgov_io_kick(container_of(timer, struct hgov_policy, io_timer));
	return HRTIMER_NORESTART;
}

static void hgov_irq_work(struct irq_work *irq_work)
{
	struct hgov_policy *hp = container_of(irq_work, struct hgov_policy,
					      irq_work);

	kthread_queue_work(&hp->worker, &hp->work);
}

/********************** cpufreq governor interface *********************/

static struct hgov_tunables *hgov_global_tunables;
/* Protects hgov_global_tunables; taken in .init and .exit (process context). */
static DEFINE_MUTEX(hgov_global_tunables_lock);

static int hgov_kthread_create(struct hgov_policy *hp)
{
	struct cpufreq_policy *policy = hp->policy;
	struct task_struct *thread;
	int ret;

	kthread_init_work(&hp->work, hgov_work);
	kthread_init_delayed_work(&hp->eval_work, hgov_eval_work);
	kthread_init_worker(&hp->worker);
	thread = kthread_create(kthread_worker_fn, &hp->worker, "hybrid:%u",
				cpumask_first(policy->related_cpus));
	if (IS_ERR(thread))
		return PTR_ERR(thread);

	sched_set_fifo_low(thread);
	ret = hgov_kthread_bind_mask(thread, policy->related_cpus);
	if (ret) {
		kthread_stop(thread);
		return ret;
	}
	hp->thread = thread;
	init_irq_work(&hp->irq_work, hgov_irq_work);
	hgov_hrtimer_setup(&hp->io_timer, hgov_io_timer, CLOCK_MONOTONIC,
			   HRTIMER_MODE_REL);
	mutex_init(&hp->work_lock);
	wake_up_process(thread);
	return 0;
}

static void hgov_kthread_stop(struct hgov_policy *hp)
{
	kthread_flush_worker(&hp->worker);
	kthread_stop(hp->thread);
	mutex_destroy(&hp->work_lock);
}

int hgov_init(struct cpufreq_policy *policy)
{
	struct hgov_tunables *tunables;
	struct hgov_policy *hp;
	int ret;

	if (policy->governor_data)
		return -EBUSY;

	cpufreq_enable_fast_switch(policy);

	hp = kzalloc(sizeof(*hp), GFP_KERNEL);
	if (!hp) {
		ret = -ENOMEM;
		goto out_disable_fast_switch;
	}
	hp->policy = policy;
	hp->stopping = true;
	raw_spin_lock_init(&hp->update_lock);

	ret = hgov_kthread_create(hp);
	if (ret)
		goto out_free_policy;

	mutex_lock(&hgov_global_tunables_lock);
	if (hgov_global_tunables) {
		if (WARN_ON(have_governor_per_policy())) {
			ret = -EINVAL;
			goto out_stop_kthread;
		}
		hp->tunables = hgov_global_tunables;
		gov_attr_set_get(&hp->tunables->attr_set, &hp->tunables_hook);
		policy->governor_data = hp;
		mutex_unlock(&hgov_global_tunables_lock);
		return 0;
	}

	tunables = kzalloc(sizeof(*tunables), GFP_KERNEL);
	if (!tunables) {
		ret = -ENOMEM;
		goto out_stop_kthread;
	}
	gov_attr_set_init(&tunables->attr_set, &hp->tunables_hook);
	tunables->rate_limit_us =
		hgov_default_rate_limit_us(policy->transition_delay_us,
					   policy->cpuinfo.transition_latency);
	tunables->io_pin_enable = 1;
	tunables->io_hold_ms = HGOV_IO_HOLD_MS_DEFAULT;
	tunables->io_pin_auto = true;
	hp->tunables = tunables;
	policy->governor_data = hp;
	if (!have_governor_per_policy())
		hgov_global_tunables = tunables;

	ret = hgov_kobject_init_and_add(&tunables->attr_set.kobj,
					&hgov_tunables_ktype,
					get_governor_parent_kobj(policy), HGOV_NAME);
	if (ret)
		goto out_put_tunables;
	mutex_unlock(&hgov_global_tunables_lock);
	return 0;

out_put_tunables:
	kobject_put(&tunables->attr_set.kobj);
	policy->governor_data = NULL;
	hgov_global_tunables = NULL;
out_stop_kthread:
	mutex_unlock(&hgov_global_tunables_lock);
	hgov_kthread_stop(hp);
out_free_policy:
	kfree(hp);
out_disable_fast_switch:
	cpufreq_disable_fast_switch(policy);
	pr_err("initialization of policy%u failed (error %d)\n", policy->cpu, ret);
	return ret;
}

void hgov_exit(struct cpufreq_policy *policy)
{
	struct hgov_policy *hp = policy->governor_data;
	unsigned int count;

	mutex_lock(&hgov_global_tunables_lock);
	count = gov_attr_set_put(&hp->tunables->attr_set, &hp->tunables_hook);
	policy->governor_data = NULL;
	if (!count && hp->tunables == hgov_global_tunables)
		hgov_global_tunables = NULL;
	mutex_unlock(&hgov_global_tunables_lock);

	hgov_kthread_stop(hp);
	kfree(hp);
	cpufreq_disable_fast_switch(policy);
}

int hgov_start(struct cpufreq_policy *policy)
{
	struct hgov_policy *hp = policy->governor_data;
	unsigned long irq_flags;
	unsigned int cpu;
	int ret;
	bool big;

	for_each_cpu(cpu, policy->cpus) {
		struct hgov_cpu *hc = &per_cpu(hgov_cpu, cpu);

		memset(hc, 0, sizeof(*hc));
		hc->cpu = cpu;
		hc->hp = hp;
		hc->prev.idle_us = hgov_cpu_idle_time_us(cpu, &hc->prev.wall_us);
		hc->capacity = hgov_cpu_capacity(cpu);
	}

	/* Under the tunables' lock, so a concurrent io_pin_cpus write wins. */
	mutex_lock(&hp->tunables->attr_set.update_lock);
	hgov_update_rate_limit(hp);
	ret = hgov_policy_big(hp, &big);
	if (!ret) {
		raw_spin_lock_irqsave(&hp->update_lock, irq_flags);
		hp->big = big;
		hp->pin.ops = &hgov_policy_pin_ops;
		hp->pin.cpu = policy->cpu;
		hp->pin.eval_any_cpu = policy->dvfs_possible_from_any_cpu;
		hp->pin.pinned = false;
		hp->pin.want_kick = false;
		hp->pin.kicked = false;
		hp->last_update_ns = 0;
		hp->next_khz = 0;
		hp->limits_changed = false;
		hp->need_update = true;
		hp->work_in_progress = false;
		/* Last: from here on the worker may act on the policy. */
		hp->stopping = false;
		raw_spin_unlock_irqrestore(&hp->update_lock, irq_flags);
	}
	mutex_unlock(&hp->tunables->attr_set.update_lock);
	if (ret)
		return ret;

	/* From here on hybrid pins this policy, not the schedutil assist. */
	hgov_assist_standby(policy, true);
	/* Publish the hooks only once every sibling's state is set up. */
	for_each_cpu(cpu, policy->cpus)
		cpufreq_add_update_util_hook(cpu, &per_cpu(hgov_cpu, cpu).update_util,
					     hgov_update);
	hgov_io_add_pin(&hp->pin);
	return 0;
}

void hgov_stop(struct cpufreq_policy *policy)
{
	struct hgov_policy *hp = policy->governor_data;
	unsigned int cpu;

	unsigned long irq_flags;

	for_each_cpu(cpu, policy->cpus)
		cpufreq_remove_update_util_hook(cpu);
	raw_spin_lock_irqsave(&hp->update_lock, irq_flags);
	hp->stopping = true;
	WRITE_ONCE(hp->pin.want_kick, false);
	raw_spin_unlock_irqrestore(&hp->update_lock, irq_flags);
	/* Waits for an RCU grace period: no hook or probe uses @hp after. */
	hgov_io_del_pin(&hp->pin);

	irq_work_sync(&hp->irq_work);
	kthread_cancel_work_sync(&hp->work);
	kthread_cancel_delayed_work_sync(&hp->eval_work);
	/* The timer may kick the policy once more; the evaluation returns at once. */
	hrtimer_cancel(&hp->io_timer);
	kthread_cancel_delayed_work_sync(&hp->eval_work);

	hgov_pin_stop(&hp->pin, local_clock());
	hgov_assist_standby(policy, false);
}

void hgov_limits(struct cpufreq_policy *policy)
{
	struct hgov_policy *hp = policy->governor_data;

	if (!policy->fast_switch_enabled) {
		mutex_lock(&hp->work_lock);
		cpufreq_policy_apply_limits(policy);
		mutex_unlock(&hp->work_lock);
	}
	/*
	 * Set limits_changed after the new limits are in place. Pairs with
	 * the smp_mb() in hgov_should_update().
	 */
	smp_wmb();
	WRITE_ONCE(hp->limits_changed, true);
	/*
	 * Decide within the new limits now rather than at the next scheduler
	 * callback; the worker runs on the policy's CPUs, as fast-switching
	 * drivers require.
	 */
	hgov_eval_soon(hp);
}
