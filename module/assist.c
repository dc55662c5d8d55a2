// SPDX-License-Identifier: GPL-2.0
/*
 * Schedutil assist: the storage I/O pin for systems that keep schedutil.
 *
 * The kernel runs Energy Aware Scheduling only while schedutil governs
 * every policy, so selecting hybrid switches EAS off. With assist=1 the
 * I/O detector serves the other governors instead: while storage I/O is
 * active, each policy that assist_cpus names (by default every one: EAS
 * runs much of the storage path on the LITTLE CPUs) gets a FREQ_QOS_MIN
 * request as high as its caps allow (policy->max), the way vendor
 * boosters raise a floor, and the request drops back to nothing after the
 * hold. Where the kernel lets a module (hgov_em_set_floor()), the energy
 * model learns the floor too, so EAS prices the CPUs at the frequency
 * they run at. The governor in charge, schedutil and EAS with it, stays in
 * charge. Pin rules, hold, watchdog, disk filter, idle latency
 * (module/qos.c), trace events and counters are the hybrid governor's
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
#include <linux/string.h>
#include <linux/sysfs.h>
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
 * @lock: protects @pin's evaluation, @lift, @standby, @dead and @req's value;
 *	process context (evaluations, standby changes, removal)
 * @big: @policy's CPUs have the highest capacity
 * @lift: assist_cpus names @policy: it gets the floor during storage I/O
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
	/* Protects @pin's evaluation, @lift, @standby, @dead, @req; process ctx. */
	struct mutex			lock;
	bool				big;
	bool				lift;
	bool				standby;
	bool				dead;
	struct hrtimer			timer;
	struct work_struct		work;
	struct list_head		node;
};

static unsigned int hgov_assist_on;
/*
 * assist_cpus: HGOV_ASSIST_ALL, HGOV_ASSIST_BIG, or HGOV_ASSIST_LIST with
 * the CPUs in hgov_assist_cpus; under hgov_assist_mutex.
 */
enum { HGOV_ASSIST_ALL, HGOV_ASSIST_BIG, HGOV_ASSIST_LIST };
static unsigned int hgov_assist_mode = HGOV_ASSIST_ALL;
static struct cpumask hgov_assist_cpus;
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
 * Protects hgov_assists, hgov_assist_on, hgov_assist_ready,
 * hgov_assist_hybrid, hgov_assist_mode and hgov_assist_cpus. Process
 * context: parameter writes, the policy notifier, hybrid's start and stop
 * (under policy->rwsem). Nests outside hgov_io_mutex and an entry's lock.
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
	if (hgov_pin_update(&a->pin, now_ns, &snap, !a->standby, a->lift,
			    (u64)READ_ONCE(hgov_assist_hold_ms) * NSEC_PER_MSEC,
			    &next_check_ns)) {
		freq_qos_update_request(&a->req, a->pin.pinned ?
					FREQ_QOS_MAX_DEFAULT_VALUE :
					FREQ_QOS_MIN_DEFAULT_VALUE);
		/* After the request: policy->max is the floor's frequency. */
		hgov_em_set_floor(a->policy, a->pin.pinned);
	}
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

/*
 * Does assist_cpus name @policy (@big: its CPUs have the highest
 * capacity)? Called with hgov_assist_mutex held.
 */
static bool hgov_assist_lifts(const struct cpufreq_policy *policy, bool big)
{
	switch (hgov_assist_mode) {
	case HGOV_ASSIST_BIG:
		return big;
	case HGOV_ASSIST_LIST:
		return cpumask_intersects(policy->related_cpus, &hgov_assist_cpus);
	default:
		return true;
	}
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
	a->lift = hgov_assist_lifts(policy, a->big);
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
	if (a->pin.pinned)
		hgov_em_set_floor(a->policy, false);
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
		 "schedutil assist: storage I/O raises a frequency floor on the policies (assist_cpus) that hybrid does not govern (0..1, default 0)");

static int hgov_assist_cpus_set(const char *val, const struct kernel_param *kp)
{
	unsigned int mode = HGOV_ASSIST_LIST;
	cpumask_var_t mask;
	struct hgov_assist *a;
	int ret = 0;

	if (!zalloc_cpumask_var(&mask, GFP_KERNEL))
		return -ENOMEM;
	if (sysfs_streq(val, "all")) {
		mode = HGOV_ASSIST_ALL;
	} else if (sysfs_streq(val, "big")) {
		mode = HGOV_ASSIST_BIG;
	} else if (cpulist_parse(val, mask) || cpumask_empty(mask) ||
		   !cpumask_subset(mask, cpu_possible_mask)) {
		pr_warn("assist_cpus: '%.*s' is neither all, big nor a list of possible CPUs\n",
			HGOV_ECHO_LEN(val), val);
		ret = -EINVAL;
		goto out;
	}
	mutex_lock(&hgov_assist_mutex);
	hgov_assist_mode = mode;
	cpumask_copy(&hgov_assist_cpus, mask);
	list_for_each_entry(a, &hgov_assists, node) {
		mutex_lock(&a->lock);
		a->lift = hgov_assist_lifts(a->policy, a->big);
		mutex_unlock(&a->lock);
		hgov_assist_eval(a);
	}
	mutex_unlock(&hgov_assist_mutex);
out:
	free_cpumask_var(mask);
	return ret;
}

static int hgov_assist_cpus_get(char *buf, const struct kernel_param *kp)
{
	int n;

	mutex_lock(&hgov_assist_mutex);
	if (hgov_assist_mode == HGOV_ASSIST_ALL)
		n = sysfs_emit(buf, "all\n");
	else if (hgov_assist_mode == HGOV_ASSIST_BIG)
		n = sysfs_emit(buf, "big\n");
	else
		n = sysfs_emit(buf, "%*pbl\n", cpumask_pr_args(&hgov_assist_cpus));
	mutex_unlock(&hgov_assist_mutex);
	return n;
}

static const struct kernel_param_ops hgov_assist_cpus_ops = {
	.set	= hgov_assist_cpus_set,
	.get	= hgov_assist_cpus_get,
};
module_param_cb(assist_cpus, &hgov_assist_cpus_ops, NULL, 0644);
MODULE_PARM_DESC(assist_cpus,
		 "which policies the assist's floor lifts: all, big (highest capacity) or a CPU list naming one of their CPUs (default: \"all\")");

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
