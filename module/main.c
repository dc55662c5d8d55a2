// SPDX-License-Identifier: GPL-2.0
/*
 * cpufreq_hybrid: utilization-driven DVFS that pins the big cluster while
 * storage I/O is active.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpufreq.h>
#include <linux/init.h>
#include <linux/module.h>

#include "module/compat.h"
#include "module/hgov.h"

struct cpufreq_governor hgov_governor = {
	.name	= HGOV_NAME,
	.owner	= THIS_MODULE,
	.flags	= CPUFREQ_GOV_DYNAMIC_SWITCHING,
	.init	= hgov_init,
	.exit	= hgov_exit,
	.start	= hgov_start,
	.stop	= hgov_stop,
	.limits	= hgov_limits,
};
EXPORT_SYMBOL_IF_KUNIT(hgov_governor);

MODULE_AUTHOR("cpufreq_hybrid developers");
MODULE_DESCRIPTION("CPUfreq governor 'hybrid': utilization scaling plus a storage I/O pin");
MODULE_LICENSE("GPL");

cpufreq_governor_init(hgov_governor);
cpufreq_governor_exit(hgov_governor);
