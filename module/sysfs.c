// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs tunables of the hybrid governor. They live where
 * have_governor_per_policy() puts them: per policy under
 * policyN/hybrid/, or (cpufreq-dt, so R-Car) once under cpufreq/hybrid/.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpufreq.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

#include "governor/freq.h"
#include "module/hgov.h"

static struct hgov_tunables *to_hgov_tunables(struct gov_attr_set *attr_set)
{
	return container_of(attr_set, struct hgov_tunables, attr_set);
}

static ssize_t rate_limit_us_show(struct gov_attr_set *attr_set, char *buf)
{
	return sysfs_emit(buf, "%u\n", to_hgov_tunables(attr_set)->rate_limit_us);
}

/* Called with attr_set->update_lock held (governor_store()). */
static ssize_t rate_limit_us_store(struct gov_attr_set *attr_set,
				   const char *buf, size_t count)
{
	struct hgov_tunables *tunables = to_hgov_tunables(attr_set);
	struct hgov_policy *hp;
	unsigned int us;

	if (kstrtouint(buf, 10, &us) || us > HGOV_RATE_LIMIT_MAX_US) {
		pr_warn_ratelimited("rate_limit_us: '%.*s' is not an integer in 0..%u\n",
				    (int)min_t(size_t, strcspn(buf, "\n"), 32), buf,
				    HGOV_RATE_LIMIT_MAX_US);
		return -EINVAL;
	}

	tunables->rate_limit_us = us;
	list_for_each_entry(hp, &attr_set->policy_list, tunables_hook)
		hgov_update_rate_limit(hp);
	return count;
}

static struct governor_attr rate_limit_us = __ATTR_RW(rate_limit_us);

static struct attribute *hgov_attrs[] = {
	&rate_limit_us.attr,
	NULL
};
ATTRIBUTE_GROUPS(hgov);

static void hgov_tunables_free(struct kobject *kobj)
{
	kfree(to_hgov_tunables(to_gov_attr_set(kobj)));
}

const struct kobj_type hgov_tunables_ktype = {
	.default_groups	= hgov_groups,
	.sysfs_ops	= &governor_sysfs_ops,
	.release	= hgov_tunables_free,
};
