// SPDX-License-Identifier: GPL-2.0
/*
 * cpufreq_hybrid: utilization-driven DVFS that pins the big cluster while
 * storage I/O is active.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpufreq.h>
#include <linux/init.h>
#include <linux/module.h>

#include "module/assist.h"
#include "module/compat.h"
#include "module/hgov.h"
#include "module/probe.h"
#include "module/rq_est.h"

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

static int __init hgov_module_init(void)
{
	int ret;

	ret = hgov_io_init();
	if (ret)
		goto out;
	ret = hgov_assist_init();
	if (ret)
		goto out_io_exit;
	ret = hgov_rq_est_init();
	if (ret)
		goto out_assist_exit;
	ret = cpufreq_register_governor(&hgov_governor);
	if (ret)
		goto out_rq_est_exit;
	return 0;

out_rq_est_exit:
	hgov_rq_est_exit();
out_assist_exit:
	hgov_assist_exit();
out_io_exit:
	hgov_io_exit();
out:
	pr_err("cannot register the %s governor (error %d)\n", HGOV_NAME, ret);
	return ret;
}
module_init(hgov_module_init);

static void __exit hgov_module_exit(void)
{
	cpufreq_unregister_governor(&hgov_governor);
	hgov_rq_est_exit();
	hgov_assist_exit();
	hgov_io_exit();
}
module_exit(hgov_module_exit);

MODULE_AUTHOR("cpufreq_hybrid developers");
MODULE_DESCRIPTION("CPUfreq governor 'hybrid': utilization scaling plus a storage I/O pin");
MODULE_LICENSE("GPL");
/* The release of scripts/packaging/debian/changelog; packaging/check.sh compares. */
MODULE_VERSION("0.1.0");
