// SPDX-License-Identifier: GPL-2.0
/*
 * What a CPU's queued CFS tasks need, the moment they are queued:
 * schedutil's cpu_util_cfs() takes the root cfs_rq's util_est.enqueued, the
 * sum of their util_est, so a task waking from a sleep gets the frequency
 * of its size at the wake-up's own update. The update_util hook sees only
 * the task that runs, and at a wake-up on an idle CPU that is the idle
 * task: without this, the waking task is first sized at its first tick,
 * when the hook sees it run.
 *
 * The kernels that let a module read the sum (HGOV_HAVE_RQ_UTIL_EST,
 * module/compat.h) report each change of it on sched_util_est_cfs_tp;
 * the probe keeps the latest per CPU. It is attached for the module's
 * lifetime, as the block probes are: attaching from a governor start
 * would take the CPU hotplug lock that cpufreq_online() may already hold.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/tracepoint.h>

#include "module/compat.h"
#include "module/rq_est.h"

/*
 * The root cfs_rq's util_est.enqueued of each CPU, in capacity units.
 * Written by the probe with that CPU's rq->lock held (the tracepoint
 * fires in util_est_enqueue() and util_est_dequeue()), read without a
 * lock by the frequency decisions of its policy: one word, the newest
 * value or the one before, as schedutil reads another CPU's utilization.
 */
static DEFINE_PER_CPU(unsigned long, hgov_rq_util_est);

static void hgov_rq_est_probe(void *data, struct cfs_rq *cfs_rq)
{
	unsigned long est;
	int cpu = hgov_cfs_rq_util_est(cfs_rq, &est);

	if (cpu >= 0)
		WRITE_ONCE(per_cpu(hgov_rq_util_est, cpu), est);
}

/**
 * hgov_rq_est() - the estimates of the CFS tasks queued on a CPU
 * @cpu: the CPU
 *
 * Return: the root cfs_rq's util_est.enqueued of @cpu as of its last
 * change, in capacity units; 0 where the kernel does not let a module
 * read it (HGOV_HAVE_RQ_UTIL_EST is 0).
 */
unsigned long hgov_rq_est(unsigned int cpu)
{
	return READ_ONCE(per_cpu(hgov_rq_util_est, cpu));
}

/**
 * hgov_rq_est_init() - attach to sched_util_est_cfs_tp where it helps
 *
 * Return: 0, or the error of the attachment.
 */
int hgov_rq_est_init(void)
{
	int ret = hgov_rq_util_est_attach(hgov_rq_est_probe);

	if (ret)
		pr_err("cannot attach to sched_util_est_cfs_tp (error %d)\n", ret);
	return ret;
}

/**
 * hgov_rq_est_exit() - detach from sched_util_est_cfs_tp; no probe runs
 *	once it returns
 */
void hgov_rq_est_exit(void)
{
	if (!HGOV_HAVE_RQ_UTIL_EST)
		return;
	hgov_rq_util_est_detach(hgov_rq_est_probe);
	tracepoint_synchronize_unregister();
}
