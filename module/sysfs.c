// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs tunables of the hybrid governor, and how they apply to a policy.
 * They live where have_governor_per_policy() puts them: per policy under
 * policyN/hybrid/, or (cpufreq-dt, so R-Car) once under cpufreq/hybrid/.
 * governor.c calls in here; this file calls governor.c only to have a
 * policy re-evaluated after a change (hgov_eval_soon()).
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpufreq.h>
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "governor/freq.h"
#include "module/hgov.h"
#include "module/pin.h"
#include "module/param.h"

static struct hgov_tunables *to_hgov_tunables(struct gov_attr_set *attr_set)
{
	return container_of(attr_set, struct hgov_tunables, attr_set);
}

/**
 * hgov_update_rate_limit() - propagate rate_limit_us to a policy
 * @hp: policy whose delay follows its tunables
 *
 * Called with @hp->tunables->attr_set.update_lock held, or before the
 * policy's hooks are installed.
 */
void hgov_update_rate_limit(struct hgov_policy *hp)
{
	WRITE_ONCE(hp->delay_ns,
		   (u64)hp->tunables->rate_limit_us * NSEC_PER_USEC);
}

/**
 * hgov_policy_big() - does @hp pin during storage I/O?
 * @hp: a policy
 * @big: set to the answer: its CPUs have the highest capacity (read now,
 *	after the driver rescaled capacities), or io_pin_cpus names one of
 *	them
 *
 * Process context.
 *
 * Return: 0, or -ENOMEM.
 */
int hgov_policy_big(struct hgov_policy *hp, bool *big)
{
	struct hgov_tunables *tunables = hp->tunables;
	struct cpufreq_policy *policy = hp->policy;

	if (!tunables->io_pin_auto) {
		*big = cpumask_intersects(policy->related_cpus,
					  &tunables->io_pin_cpus);
		return 0;
	}
	return hgov_cpu_big(policy->cpu, big);
}

/*
 * hgov_io_retune() - apply changed I/O tunables to a policy
 * @hp: policy using the tunables
 *
 * Called with @hp->tunables->attr_set.update_lock held (process context).
 * Returns 0 or -ENOMEM.
 */
static int hgov_io_retune(struct hgov_policy *hp)
{
	unsigned long irq_flags;
	bool big;
	int ret;

	ret = hgov_policy_big(hp, &big);
	if (ret)
		return ret;
	raw_spin_lock_irqsave(&hp->update_lock, irq_flags);
	hp->big = big;
	raw_spin_unlock_irqrestore(&hp->update_lock, irq_flags);
	hgov_eval_soon(hp);
	return 0;
}

static ssize_t rate_limit_us_show(struct gov_attr_set *attr_set, char *buf)
{
	return sysfs_emit(buf, "%u\n", to_hgov_tunables(attr_set)->rate_limit_us);
}

static ssize_t io_pin_enable_show(struct gov_attr_set *attr_set, char *buf)
{
	return sysfs_emit(buf, "%u\n", to_hgov_tunables(attr_set)->io_pin_enable);
}

static ssize_t io_hold_ms_show(struct gov_attr_set *attr_set, char *buf)
{
	return sysfs_emit(buf, "%u\n", to_hgov_tunables(attr_set)->io_hold_ms);
}

/* The stores are called with attr_set->update_lock held (governor_store()). */
static ssize_t rate_limit_us_store(struct gov_attr_set *attr_set,
				   const char *buf, size_t count)
{
	struct hgov_tunables *tunables = to_hgov_tunables(attr_set);
	struct hgov_policy *hp;
	unsigned int us;

	if (hgov_parse_uint("rate_limit_us", buf, 0, HGOV_RATE_LIMIT_MAX_US, &us))
		return -EINVAL;
	tunables->rate_limit_us = us;
	list_for_each_entry(hp, &attr_set->policy_list, tunables_hook)
		hgov_update_rate_limit(hp);
	return count;
}

/* Re-evaluate every policy sharing @attr_set after an I/O tunable changed. */
static int hgov_io_retune_all(struct gov_attr_set *attr_set)
{
	struct hgov_policy *hp;
	int ret = 0;

	list_for_each_entry(hp, &attr_set->policy_list, tunables_hook)
		ret = hgov_io_retune(hp) ?: ret;
	return ret;
}

static ssize_t io_pin_enable_store(struct gov_attr_set *attr_set,
				   const char *buf, size_t count)
{
	unsigned int val;

	if (hgov_parse_uint("io_pin_enable", buf, 0, 1, &val))
		return -EINVAL;
	WRITE_ONCE(to_hgov_tunables(attr_set)->io_pin_enable, val);
	return hgov_io_retune_all(attr_set) ?: count;
}

static ssize_t io_hold_ms_store(struct gov_attr_set *attr_set,
				const char *buf, size_t count)
{
	unsigned int ms;

	if (hgov_parse_uint("io_hold_ms", buf, 0, HGOV_IO_HOLD_MS_MAX, &ms))
		return -EINVAL;
	WRITE_ONCE(to_hgov_tunables(attr_set)->io_hold_ms, ms);
	return hgov_io_retune_all(attr_set) ?: count;
}

static ssize_t io_pin_cpus_show(struct gov_attr_set *attr_set, char *buf)
{
	struct hgov_tunables *tunables = to_hgov_tunables(attr_set);

	if (tunables->io_pin_auto)
		return sysfs_emit(buf, "auto\n");
	return sysfs_emit(buf, "%*pbl\n", cpumask_pr_args(&tunables->io_pin_cpus));
}

/* "auto" (highest capacity) or a CPU list such as "0-3". */
static ssize_t io_pin_cpus_store(struct gov_attr_set *attr_set,
				 const char *buf, size_t count)
{
	struct hgov_tunables *tunables = to_hgov_tunables(attr_set);
	cpumask_var_t mask;
	int ret = 0;

	if (sysfs_streq(buf, "auto")) {
		tunables->io_pin_auto = true;
		return hgov_io_retune_all(attr_set) ?: count;
	}
	if (!zalloc_cpumask_var(&mask, GFP_KERNEL))
		return -ENOMEM;
	if (cpulist_parse(buf, mask) ||
	    cpumask_empty(mask) || !cpumask_subset(mask, cpu_possible_mask)) {
		pr_warn("io_pin_cpus: '%.*s' is neither auto nor a list of possible CPUs\n",
			HGOV_ECHO_LEN(buf), buf);
		ret = -EINVAL;
	} else {
		cpumask_copy(&tunables->io_pin_cpus, mask);
		tunables->io_pin_auto = false;
		ret = hgov_io_retune_all(attr_set);
	}
	free_cpumask_var(mask);
	return ret ?: count;
}

static struct governor_attr rate_limit_us = __ATTR_RW(rate_limit_us);
static struct governor_attr io_pin_enable = __ATTR_RW(io_pin_enable);
static struct governor_attr io_hold_ms = __ATTR_RW(io_hold_ms);
static struct governor_attr io_pin_cpus = __ATTR_RW(io_pin_cpus);

static struct attribute *hgov_attrs[] = {
	&rate_limit_us.attr,
	&io_pin_enable.attr,
	&io_hold_ms.attr,
	&io_pin_cpus.attr,
	NULL
};
ATTRIBUTE_GROUPS(hgov);

static void hgov_tunables_free(struct kobject *kobj)
{
	kfree(container_of(kobj, struct hgov_tunables, attr_set.kobj));
}

const struct kobj_type hgov_tunables_ktype = {
	.default_groups	= hgov_groups,
	.sysfs_ops	= &governor_sysfs_ops,
	.release	= hgov_tunables_free,
};
