// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs tunables of the hybrid governor. They live where
 * have_governor_per_policy() puts them: per policy under
 * policyN/hybrid/, or (cpufreq-dt, so R-Car) once under cpufreq/hybrid/.
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

static struct hgov_tunables *to_hgov_tunables(struct gov_attr_set *attr_set)
{
	return container_of(attr_set, struct hgov_tunables, attr_set);
}

/**
 * hgov_parse_uint() - parse a tunable's value
 * @name: tunable, for the log
 * @buf: what was written
 * @min: lowest valid value
 * @max: highest valid value
 * @val: set to the value
 *
 * Return: 0, or -EINVAL with one log line if @buf is not a decimal integer
 * in [@min, @max].
 */
int hgov_parse_uint(const char *name, const char *buf, unsigned int min,
		    unsigned int max, unsigned int *val)
{
	if (!kstrtouint(buf, 10, val) && *val >= min && *val <= max)
		return 0;
	pr_warn("%s: '%.*s' is not an integer in %u..%u\n", name,
		HGOV_ECHO_LEN(buf), buf, min, max);
	return -EINVAL;
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
