// SPDX-License-Identifier: GPL-2.0
/*
 * Schedutil assist: the storage I/O pin for systems that keep schedutil.
 *
 * The kernel runs Energy Aware Scheduling only while schedutil governs
 * every policy, so selecting hybrid switches EAS off. With assist=1 the
 * I/O detector serves the other governors instead: while storage I/O is
 * active, each big policy gets a FREQ_QOS_MIN request as high as its caps
 * allow (policy->max), the way vendor boosters raise a floor, and the
 * request drops back to nothing after the hold. The governor in charge,
 * schedutil and EAS with it, stays in charge. Pin rules, hold, watchdog,
 * disk filter, trace events and counters are the hybrid governor's
 * (hgov_pin_update()).
 *
 * Policies that hybrid governs are left to hybrid: their assist stands by
 * (hgov_assist_standby()) and holds no floor until hybrid stops, so the
 * two never pin one policy at once.
 *
 * Each policy's request lives as long as the policy: a cpufreq policy
 * notifier adds it when the policy is created and removes it before the
 * policy is freed, while the assist is on.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpufreq.h>
#include <linux/hrtimer.h>
#include <linux/list.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/pm_qos.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#include "module/assist.h"
#include "module/compat.h"
#include "module/disk.h"
#include "module/param.h"
#include "module/pin.h"

/**
 * struct hgov_assist - the assist's floor on one policy
 * @pin: storage I/O pin; its evaluation and @pin.pinned are under @lock
 * @policy: the policy; valid while the entry exists (the policy notifier
 *	removes the entry before the policy is freed)
 * @req: FREQ_QOS_MIN request on @policy: 0, or FREQ_QOS_MAX_DEFAULT_VALUE
 *	while pinned (the cpufreq core caps a minimum above policy->max)
 * @lock: protects @pin's evaluation, @standby, @dead and @req's value;
 *	process context (evaluations, standby changes, removal)
 * @big: @policy's CPUs have the highest capacity
 * @standby: hybrid governs @policy: no floor
 * @dead: being removed: evaluations return at once
 * @timer: fires when the pin would end (hold or watchdog)
 * @work: evaluates the pin when kicked from outside process context
 * @node: entry in hgov_assists
 */
struct hgov_assist {
	struct hgov_pin			pin;
	struct cpufreq_policy		*policy;
	struct freq_qos_request		req;
	/* Protects @pin's evaluation, @standby, @dead, @req; process context. */
	struct mutex			lock;
	bool				big;
	bool				standby;
	bool				dead;
	struct hrtimer			timer;
	struct work_struct		work;
	struct list_head		node;
};

static unsigned int hgov_assist_on;
static unsigned int hgov_assist_hold_ms = HGOV_IO_HOLD_MS_DEFAULT;
/* The module is initialized: parameter writes act, not only record. */
static bool hgov_assist_ready;

static LIST_HEAD(hgov_assists);
/*
 * CPUs (related_cpus) of the policies hybrid governs, from its start to
 * its stop; their assist stands by.
 */
static struct cpumask hgov_assist_hybrid;
/*
 * Protects hgov_assists, hgov_assist_on, hgov_assist_ready and
 * hgov_assist_hybrid. Process context: parameter writes, the policy
 * notifier, hybrid's start and stop (under policy->rwsem). Nests outside
 * hgov_io_mutex and an entry's lock.
 */
static DEFINE_MUTEX(hgov_assist_mutex);

/* Any context, the block probes' included. */
static void hgov_assist_pin_kick(struct hgov_pin *pin)
{
	struct hgov_assist *a = container_of(pin, struct hgov_assist, pin);

	WRITE_ONCE(pin->kicked, true);
	queue_work(system_highpri_wq, &a->work);
}

/* Evaluate @a's pin now. Process context. */
static void hgov_assist_eval(struct hgov_assist *a)
{
	struct hgov_io_snapshot snap;
	u64 now_ns, next_check_ns = 0;

	mutex_lock(&a->lock);
	if (a->dead) {
		mutex_unlock(&a->lock);
		return;
	}
	now_ns = local_clock();
	hgov_io_snapshot(now_ns, &snap);
	if (hgov_pin_update(&a->pin, now_ns, &snap, !a->standby, a->big,
			    (u64)READ_ONCE(hgov_assist_hold_ms) * NSEC_PER_MSEC,
			    &next_check_ns))
		freq_qos_update_request(&a->req, a->pin.pinned ?
					FREQ_QOS_MAX_DEFAULT_VALUE :
					FREQ_QOS_MIN_DEFAULT_VALUE);
	if (next_check_ns)
		hrtimer_start(&a->timer,
			      ns_to_ktime(max_t(s64, next_check_ns - now_ns, 0)),
			      HRTIMER_MODE_REL);
	mutex_unlock(&a->lock);

	hgov_pin_recheck(&a->pin, &snap);
}

static void hgov_assist_work(struct work_struct *work)
{
	hgov_assist_eval(container_of(work, struct hgov_assist, work));
}

static void hgov_assist_pin_eval(struct hgov_pin *pin)
{
	hgov_assist_eval(container_of(pin, struct hgov_assist, pin));
}

static const struct hgov_pin_ops hgov_assist_pin_ops = {
	.kick	= hgov_assist_pin_kick,
	.eval	= hgov_assist_pin_eval,
};

static enum hrtimer_restart hgov_assist_timer(struct hrtimer *timer)
{
	struct hgov_assist *a = container_of(timer, struct hgov_assist, timer);

	queue_work(system_highpri_wq, &a->work);
	return HRTIMER_NORESTART;
}

static struct hgov_assist *hgov_assist_find(const struct cpufreq_policy *policy)
{
	struct hgov_assist *a;

	list_for_each_entry(a, &hgov_assists, node)
		if (a->policy == policy)
			return a;
	return NULL;
}

/* Give @policy a floor. Called with hgov_assist_mutex held. */
static int hgov_assist_attach(struct cpufreq_policy *policy)
{
	struct hgov_assist *a;
	int ret;

	if (hgov_assist_find(policy))
		return 0;
	a = kzalloc(sizeof(*a), GFP_KERNEL);
	if (!a)
		return -ENOMEM;
	ret = hgov_cpu_big(policy->cpu, &a->big);
	if (ret)
		goto out_free;
	ret = freq_qos_add_request(&policy->constraints, &a->req, FREQ_QOS_MIN,
				   FREQ_QOS_MIN_DEFAULT_VALUE);
	if (ret < 0)
		goto out_free;
	a->policy = policy;
	a->standby = cpumask_intersects(policy->related_cpus, &hgov_assist_hybrid);
	a->pin.ops = &hgov_assist_pin_ops;
	a->pin.cpu = policy->cpu;
	a->pin.eval_any_cpu = true;
	mutex_init(&a->lock);
	hgov_hrtimer_setup(&a->timer, hgov_assist_timer, CLOCK_MONOTONIC,
			   HRTIMER_MODE_REL);
	INIT_WORK(&a->work, hgov_assist_work);
	list_add(&a->node, &hgov_assists);
	hgov_io_add_pin(&a->pin);
	/* The first evaluation sets want_kick and catches I/O in flight. */
	hgov_assist_eval(a);
	return 0;

out_free:
	kfree(a);
	pr_err("policy%u: cannot add the assist's frequency floor (error %d)\n",
	       policy->cpu, ret);
	return ret;
}

/* Drop @a's floor and free it. Called with hgov_assist_mutex held. */
static void hgov_assist_detach(struct hgov_assist *a)
{
	/* An RCU grace period: no probe or per-CPU worker uses @a after. */
	hgov_io_del_pin(&a->pin);
	mutex_lock(&a->lock);
	a->dead = true;
	mutex_unlock(&a->lock);
	/* The work may re-arm the timer until it has seen @dead. */
	cancel_work_sync(&a->work);
	hrtimer_cancel(&a->timer);
	cancel_work_sync(&a->work);
	hgov_pin_stop(&a->pin, local_clock());
	freq_qos_remove_request(&a->req);
	list_del(&a->node);
	mutex_destroy(&a->lock);
	kfree(a);
}

/* Every policy of the system gets a floor. Called with hgov_assist_mutex held. */
static int hgov_assist_attach_all(void)
{
	unsigned int cpu;
	int ret = 0;

	for_each_possible_cpu(cpu) {
		struct cpufreq_policy *policy = cpufreq_cpu_get(cpu);

		if (!policy)
			continue;
		if (cpu == cpumask_first(policy->related_cpus))
			ret = hgov_assist_attach(policy);
		cpufreq_cpu_put(policy);
		if (ret)
			return ret;
	}
	return 0;
}

static void hgov_assist_detach_all(void)
{
	struct hgov_assist *a, *tmp;

	list_for_each_entry_safe(a, tmp, &hgov_assists, node)
		hgov_assist_detach(a);
}

/*
 * Policies come and go with their driver and with CPU devices: a new one
 * gets a floor while the assist is on; one about to be freed loses its
 * floor first.
 */
static int hgov_assist_policy_notifier(struct notifier_block *nb,
				       unsigned long event, void *data)
{
	struct cpufreq_policy *policy = data;
	struct hgov_assist *a;

	mutex_lock(&hgov_assist_mutex);
	if (event == CPUFREQ_CREATE_POLICY && hgov_assist_ready && hgov_assist_on) {
		hgov_assist_attach(policy);
	} else if (event == CPUFREQ_REMOVE_POLICY) {
		a = hgov_assist_find(policy);
		if (a)
			hgov_assist_detach(a);
	}
	mutex_unlock(&hgov_assist_mutex);
	return NOTIFY_OK;
}

static struct notifier_block hgov_assist_nb = {
	.notifier_call = hgov_assist_policy_notifier,
};

/**
 * hgov_assist_standby() - hybrid starts or stops governing a policy
 * @policy: the policy
 * @standby: true when hybrid starts (the assist drops its floor before
 *	this returns), false when it stops (the assist takes over again)
 *
 * Process context, under @policy->rwsem.
 */
void hgov_assist_standby(struct cpufreq_policy *policy, bool standby)
{
	struct hgov_assist *a;

	mutex_lock(&hgov_assist_mutex);
	if (standby)
		cpumask_or(&hgov_assist_hybrid, &hgov_assist_hybrid,
			   policy->related_cpus);
	else
		cpumask_andnot(&hgov_assist_hybrid, &hgov_assist_hybrid,
			       policy->related_cpus);
	a = hgov_assist_find(policy);
	if (a) {
		mutex_lock(&a->lock);
		a->standby = standby;
		mutex_unlock(&a->lock);
		hgov_assist_eval(a);
	}
	mutex_unlock(&hgov_assist_mutex);
}

static int hgov_assist_set(const char *val, const struct kernel_param *kp)
{
	unsigned int on;
	int ret = 0;

	if (hgov_parse_uint("assist", val, 0, 1, &on))
		return -EINVAL;
	mutex_lock(&hgov_assist_mutex);
	if (hgov_assist_ready && on != hgov_assist_on) {
		if (on) {
			ret = hgov_assist_attach_all();
			if (ret)
				hgov_assist_detach_all();
		} else {
			hgov_assist_detach_all();
		}
	}
	if (!ret)
		hgov_assist_on = on;
	mutex_unlock(&hgov_assist_mutex);
	return ret;
}

static const struct kernel_param_ops hgov_assist_ops = {
	.set	= hgov_assist_set,
	.get	= param_get_uint,
};
module_param_cb(assist, &hgov_assist_ops, &hgov_assist_on, 0644);
MODULE_PARM_DESC(assist,
		 "schedutil assist: storage I/O raises a frequency floor on the big policies that hybrid does not govern (0..1, default 0)");

static int hgov_assist_hold_set(const char *val, const struct kernel_param *kp)
{
	unsigned int ms;

	if (hgov_parse_uint("assist_hold_ms", val, 0, HGOV_IO_HOLD_MS_MAX, &ms))
		return -EINVAL;
	WRITE_ONCE(hgov_assist_hold_ms, ms);
	return 0;
}

static const struct kernel_param_ops hgov_assist_hold_ops = {
	.set	= hgov_assist_hold_set,
	.get	= param_get_uint,
};
module_param_cb(assist_hold_ms, &hgov_assist_hold_ops, &hgov_assist_hold_ms, 0644);
MODULE_PARM_DESC(assist_hold_ms,
		 "how long the assist's floor outlasts the last block event, ms (0..10000, default 50)");

/**
 * hgov_assist_init() - watch policies; apply assist=1 given at load time
 *
 * Return: 0 or a negative errno.
 */
int hgov_assist_init(void)
{
	int ret;

	ret = cpufreq_register_notifier(&hgov_assist_nb, CPUFREQ_POLICY_NOTIFIER);
	if (ret)
		return ret;
	mutex_lock(&hgov_assist_mutex);
	hgov_assist_ready = true;
	if (hgov_assist_on) {
		ret = hgov_assist_attach_all();
		if (ret) {
			hgov_assist_detach_all();
			hgov_assist_ready = false;
		}
	}
	mutex_unlock(&hgov_assist_mutex);
	if (ret)
		cpufreq_unregister_notifier(&hgov_assist_nb, CPUFREQ_POLICY_NOTIFIER);
	return ret;
}

/**
 * hgov_assist_exit() - drop every floor, stop watching policies
 *
 * The floors go first, while the notifier still removes the floor of a
 * policy about to be freed: a driver unbound in between would free
 * policy->constraints under freq_qos_remove_request(). With
 * hgov_assist_ready false no new policy gets a floor before the notifier
 * is gone.
 */
void hgov_assist_exit(void)
{
	mutex_lock(&hgov_assist_mutex);
	hgov_assist_detach_all();
	hgov_assist_ready = false;
	mutex_unlock(&hgov_assist_mutex);
	cpufreq_unregister_notifier(&hgov_assist_nb, CPUFREQ_POLICY_NOTIFIER);
}
