// SPDX-License-Identifier: GPL-2.0
/*
 * Idle-state latency during storage I/O.
 *
 * While a storage I/O pin is on (hybrid's or the assist's) and a request
 * or a cache flush is in flight, or was io_idle_hold_ms ago
 * (hgov_io_latency()), the CPUs that take part in it are kept out of the
 * idle states whose exit latency exceeds io_idle_latency_us: the CPU that
 * takes a completion and the one that runs the waiting task wake at once
 * instead of paying a deep state's exit (the R-Car H3's CPU_SLEEP_0/1:
 * 500 and 700 us, against an eMMC request's 100-300 us). A CPU takes part
 * from its first request issued or completed, cache flush, or device
 * interrupt while the limit holds (hgov_qos_join(), from the probes); it
 * gets a resume-latency request of its own (DEV_PM_QOS_RESUME_LATENCY,
 * which cpuidle reads beside the global limit), and the CPUs that only
 * run other work keep their deep states. With io_idle_all_cpus=1 one CPU
 * latency QoS request holds every CPU instead. The limit drops back to no
 * limit when the requests stop, even if the pin holds on (a writer still
 * dirtying pages, the pin's own hold): no completion is due then. No
 * frequency governor reaches this: it is the cpuidle governor (menu,
 * teo) that honours the limit, whichever cpufreq governor runs.
 *
 * The pins' owners change state under their own locks, raw spinlocks
 * that the scheduler's hook takes inside the runqueue lock included, where
 * the QoS request (a spinlock_t, and wake-ups of idle CPUs) cannot be
 * touched and not even a work item queued (the workqueue's pool lock
 * wakes tasks under itself). A change only marks the request stale
 * (hgov_qos_pins_changed()); the owner brings it up to date once its lock
 * is released (hgov_qos_flush(), from hgov_pin_recheck() and
 * hgov_pin_stop()), from the state the pins are in then. The rest comes
 * from the requests: while the limit is off under a pin, a disk going
 * busy or a cache flush kicks it (hgov_qos_busy(), from the block probes,
 * once per idle disk's first request or per flush); while it is on, a
 * timer looks again when the hold would end. Each change of the global
 * request wakes every idle CPU (cpu_latency_qos_apply()), a CPU's own
 * request none; the hold keeps either from following each request.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/debugfs.h>
#include <linux/hrtimer.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/pm_qos.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/workqueue.h>

#include "governor/io.h"
#include "module/compat.h"
#include "module/disk.h"
#include "module/param.h"
#include "module/pin.h"
#include "module/qos.h"

/* Default of io_idle_latency_us: below both H3 sleep states' exits. */
#define HGOV_IO_IDLE_LATENCY_US_DEFAULT	100
#define HGOV_IO_IDLE_LATENCY_US_MAX	100000
/* io_idle_hold_ms: default and maximum. */
#define HGOV_IO_IDLE_HOLD_MS_DEFAULT	5
#define HGOV_IO_IDLE_HOLD_MS_MAX	10000

static unsigned int hgov_io_idle_latency_us = HGOV_IO_IDLE_LATENCY_US_DEFAULT;
static unsigned int hgov_io_idle_hold_ms = HGOV_IO_IDLE_HOLD_MS_DEFAULT;
/* 0 (default): the limit holds the CPUs that take part; 1: every CPU. */
static unsigned int hgov_io_idle_all_cpus;

/*
 * The request and the value it holds now (PM_QOS_DEFAULT_VALUE: no limit),
 * and the timer. Protected by hgov_qos_mutex; process context (flushes,
 * kicks, the timer's work, parameter writes, init and exit).
 * hgov_qos_value and hgov_qos_ready are also read locklessly (debugfs,
 * the timer).
 */
static struct pm_qos_request hgov_qos_req;
static s32 hgov_qos_value = PM_QOS_DEFAULT_VALUE;
static bool hgov_qos_ready;
static DEFINE_MUTEX(hgov_qos_mutex);

/*
 * Per-CPU resume-latency requests (io_idle_all_cpus=0), indexed by CPU,
 * added at a CPU's first join; the CPUs whose request holds the limit
 * (hgov_qos_cpu_value) now. Protected by hgov_qos_mutex.
 */
static struct dev_pm_qos_request *hgov_qos_cpu_req;
static struct cpumask hgov_qos_cpu_applied;
/* Scratch for hgov_qos_cpus_apply(): the CPUs let go. Under hgov_qos_mutex. */
static struct cpumask hgov_qos_cpu_released;
static s32 hgov_qos_cpu_value = PM_QOS_RESUME_LATENCY_NO_CONSTRAINT;

/*
 * The CPUs that took part in storage I/O (issued or completed a request,
 * took a device's interrupt) since the per-CPU limit came on. Set by
 * hgov_qos_join() locklessly, once per CPU and limit (atomic bitops);
 * cleared under hgov_qos_mutex when the limit ends.
 */
static struct cpumask hgov_qos_cpu_join;
/* The per-CPU limit holds: CPUs join. Written under hgov_qos_mutex. */
static bool hgov_qos_cpu_on;

/* The pins changed since the request was last brought up to date. */
static bool hgov_qos_stale;

/*
 * The limit is off while a pin is on: a disk that goes busy, or a cache
 * flush, kicks hgov_qos_work (hgov_qos_busy()). Set under hgov_qos_mutex, cleared
 * there or by the kick that takes it.
 */
static bool hgov_qos_armed;

/* Applies the limit in process context, for a kick or the timer. */
static struct work_struct hgov_qos_work;
/* Fires when the limit's hold would end, or to look again at a slow request. */
static struct hrtimer hgov_qos_timer;

/* The limit's settings and the pins now, into @in. Any context. */
static void hgov_qos_settings(struct hgov_io_latency_input *in)
{
	in->enabled = READ_ONCE(hgov_qos_ready) && READ_ONCE(hgov_io_idle_latency_us);
	in->pinned = hgov_storage_active();
	in->hold_ns = (u64)READ_ONCE(hgov_io_idle_hold_ms) * NSEC_PER_MSEC;
	in->watchdog_ns = hgov_io_watchdog_ns();
}

/*
 * Read the disks into @in and decide (hgov_io_latency()). Any context:
 * the disks are read without writing any off.
 */
static bool hgov_qos_look(struct hgov_io_latency_input *in, u64 *next_check_ns)
{
	struct hgov_io_sum sum;

	in->now_ns = local_clock();
	hgov_io_requests(in->now_ns, &sum);
	in->inflight = sum.inflight;
	in->last_req_ns = sum.last_req_ns;
	in->flush_ns = sum.flush_ns;
	return hgov_io_latency(in, next_check_ns);
}

/* The CPU latency QoS request's value. Protected by hgov_qos_mutex. */
static s32 hgov_qos_global_value = PM_QOS_DEFAULT_VALUE;

/* Set @cpu's resume-latency request to @value. hgov_qos_mutex held. */
static bool hgov_qos_cpu_set(unsigned int cpu, s32 value)
{
	struct dev_pm_qos_request *req = &hgov_qos_cpu_req[cpu];
	struct device *dev;
	int ret;

	if (dev_pm_qos_request_active(req)) {
		ret = dev_pm_qos_update_request(req, value);
	} else {
		if (value == PM_QOS_RESUME_LATENCY_NO_CONSTRAINT)
			return true;
		dev = get_cpu_device(cpu);
		if (!dev)
			return false;
		ret = dev_pm_qos_add_request(dev, req, DEV_PM_QOS_RESUME_LATENCY, value);
	}
	if (ret < 0) {
		pr_warn_once("cpu%u: no resume-latency request (error %d)\n", cpu, ret);
		return false;
	}
	return true;
}

/* Nothing: the IPI itself makes an idle CPU choose its idle state again. */
static void hgov_qos_wake(void *unused)
{
}

/*
 * The per-CPU limit: @value (PM_QOS_RESUME_LATENCY_NO_CONSTRAINT: none) on
 * every CPU that joined. hgov_qos_mutex held.
 */
static void hgov_qos_cpus_apply(s32 value)
{
	bool on = value != PM_QOS_RESUME_LATENCY_NO_CONSTRAINT;
	unsigned int cpu;

	if (!on) {
		/*
		 * Off before the mask is cleared: a CPU that still saw it on
		 * sets its bit and queues the work, which clears it again.
		 */
		WRITE_ONCE(hgov_qos_cpu_on, false);
		cpumask_clear(&hgov_qos_cpu_join);
	}
	cpumask_clear(&hgov_qos_cpu_released);
	for_each_possible_cpu(cpu) {
		bool join = on && cpumask_test_cpu(cpu, &hgov_qos_cpu_join);
		bool held = cpumask_test_cpu(cpu, &hgov_qos_cpu_applied);
		s32 v = join ? value : PM_QOS_RESUME_LATENCY_NO_CONSTRAINT;

		if (join == held && (!join || value == hgov_qos_cpu_value))
			continue;
		if (hgov_qos_cpu_set(cpu, v) && join) {
			cpumask_set_cpu(cpu, &hgov_qos_cpu_applied);
		} else {
			cpumask_clear_cpu(cpu, &hgov_qos_cpu_applied);
			if (held)
				cpumask_set_cpu(cpu, &hgov_qos_cpu_released);
		}
	}
	/*
	 * A CPU keeps the idle state it chose until it next wakes, and a
	 * CPU's own request, unlike the global one, wakes nobody when it
	 * changes: an idle CPU let go would stay in WFI until its next
	 * interrupt, seconds on an idle system. Wake the CPUs let go, and
	 * only those, to choose again.
	 */
	if (!cpumask_empty(&hgov_qos_cpu_released))
		on_each_cpu_mask(&hgov_qos_cpu_released, hgov_qos_wake, NULL, false);
	hgov_qos_cpu_value = value;
	/* CPUs join from here on; a flag, no ordering needed: a join queues the work. */
	if (on)
		WRITE_ONCE(hgov_qos_cpu_on, true);
}

/**
 * hgov_qos_join() - this CPU takes part in storage I/O
 *
 * Any context: the block probes (a request issued or completed, a cache
 * flush) and the interrupt probe (a device's interrupt). While the
 * per-CPU limit holds, a CPU's first call puts the limit on it; one read
 * of a flag otherwise.
 */
void hgov_qos_join(void)
{
	unsigned int cpu;

	if (!READ_ONCE(hgov_qos_cpu_on))
		return;
	cpu = raw_smp_processor_id();
	if (cpumask_test_cpu(cpu, &hgov_qos_cpu_join) ||
	    cpumask_test_and_set_cpu(cpu, &hgov_qos_cpu_join))
		return;
	queue_work(system_highpri_wq, &hgov_qos_work);
}

/*
 * Bring the request in line with the pins, the requests and the
 * parameters, and set up what tells when to look again. Process context.
 */
static void hgov_qos_apply(void)
{
	struct hgov_io_latency_input in;
	u64 next_check_ns;
	s32 want;
	bool on;

	mutex_lock(&hgov_qos_mutex);
	hgov_qos_settings(&in);
	WRITE_ONCE(hgov_qos_armed, in.enabled && in.pinned);
	/*
	 * Armed before the disks are read: a request counted after they
	 * were read finds the flag set and kicks. Pairs with the fully
	 * ordered count in hgov_disk_event() and the smp_mb() in
	 * hgov_disk_flush(), before hgov_qos_busy() reads the flag; a kick
	 * that finds the limit on does nothing.
	 */
	smp_mb();
	on = hgov_qos_look(&in, &next_check_ns);
	if (on)
		WRITE_ONCE(hgov_qos_armed, false);
	want = on ? READ_ONCE(hgov_io_idle_latency_us) : PM_QOS_DEFAULT_VALUE;
	if (hgov_qos_ready) {
		bool all = READ_ONCE(hgov_io_idle_all_cpus);
		s32 global = all ? want : PM_QOS_DEFAULT_VALUE;

		if (global != hgov_qos_global_value) {
			cpu_latency_qos_update_request(&hgov_qos_req, global);
			hgov_qos_global_value = global;
		}
		hgov_qos_cpus_apply(on && !all ? want : PM_QOS_RESUME_LATENCY_NO_CONSTRAINT);
		WRITE_ONCE(hgov_qos_value, want);
	}
	/* The hold ends at most an eighth of it late. */
	if (next_check_ns)
		hrtimer_start_range_ns(&hgov_qos_timer,
				       ns_to_ktime(max_t(s64, next_check_ns - in.now_ns, 0)),
				       in.hold_ns / 8, HRTIMER_MODE_REL);
	mutex_unlock(&hgov_qos_mutex);
}

static void hgov_qos_work_fn(struct work_struct *work)
{
	hgov_qos_apply();
}

/*
 * Hard or soft IRQ context. A limit that still holds is looked at again
 * from here, so steady I/O wakes no worker every hold (on the CPU that
 * issued it, where a wake-up would also be a scheduler event for the
 * governor); anything else is the work's to apply. The timer is started
 * again, not given a new expiry and restarted: an application on another
 * CPU may have queued it meanwhile, and hrtimer_start_range_ns() takes
 * the timer base's lock, as the application's does.
 */
static enum hrtimer_restart hgov_qos_timer_fn(struct hrtimer *timer)
{
	struct hgov_io_latency_input in;
	u64 next_check_ns;

	hgov_qos_settings(&in);
	if (READ_ONCE(hgov_qos_value) != PM_QOS_DEFAULT_VALUE &&
	    hgov_qos_look(&in, &next_check_ns) && next_check_ns)
		hrtimer_start_range_ns(timer,
				       ns_to_ktime(max_t(s64, next_check_ns - in.now_ns, 0)),
				       in.hold_ns / 8, HRTIMER_MODE_REL);
	else
		queue_work(system_highpri_wq, &hgov_qos_work);
	return HRTIMER_NORESTART;
}

/**
 * hgov_qos_busy() - a disk that counts has requests or a cache flush in
 *	flight
 *
 * Any context, the block probes' included: once per idle disk's first
 * request, per cache flush, and after a pin's evaluation that found
 * requests in flight.
 * Kicks the limit only if it is off under a pin; one read of a flag
 * otherwise.
 */
void hgov_qos_busy(void)
{
	if (READ_ONCE(hgov_qos_armed) && xchg(&hgov_qos_armed, false))
		queue_work(system_highpri_wq, &hgov_qos_work);
}

/**
 * hgov_qos_pins_changed() - the first pin engaged or the last one released
 *
 * Any context, the owners' raw spinlocks held: only marks the request
 * stale. Once per change of the pins' state, never per request.
 */
void hgov_qos_pins_changed(void)
{
	/*
	 * Pairs with the xchg() in hgov_qos_flush(): the caller's change of
	 * the pins' count (a fully ordered atomic) is seen by the flush that
	 * sees this store.
	 */
	WRITE_ONCE(hgov_qos_stale, true);
}

/**
 * hgov_qos_flush() - bring the request up to date if the pins changed
 *
 * Process context, no spinlock held: after a pin's evaluation or stop,
 * its owner's lock released. Whichever flush comes first after a change
 * applies it, reading the pins' count after the change.
 */
void hgov_qos_flush(void)
{
	/* Fully ordered; pairs with the store in hgov_qos_pins_changed(). */
	if (xchg(&hgov_qos_stale, false))
		hgov_qos_apply();
}

/* debugfs idle_latency_us: the limit now, -1 while there is none. */
static int hgov_qos_debugfs_get(void *data, u64 *val)
{
	s32 v = READ_ONCE(hgov_qos_value);

	*val = v == PM_QOS_DEFAULT_VALUE ? (u64)-1 : v;
	return 0;
}

DEFINE_DEBUGFS_ATTRIBUTE(hgov_qos_debugfs_fops, hgov_qos_debugfs_get, NULL, "%lld\n");

/* debugfs idle_latency_cpus: the CPUs the per-CPU limit holds now. */
static int hgov_qos_cpus_show(struct seq_file *m, void *v)
{
	mutex_lock(&hgov_qos_mutex);
	seq_printf(m, "%*pbl\n", cpumask_pr_args(&hgov_qos_cpu_applied));
	mutex_unlock(&hgov_qos_mutex);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(hgov_qos_cpus);

/**
 * hgov_qos_debugfs_init() - put idle_latency_us in @dir
 * @dir: the module's debugfs directory
 */
void hgov_qos_debugfs_init(struct dentry *dir)
{
	debugfs_create_file_unsafe("idle_latency_us", 0444, dir, NULL,
				   &hgov_qos_debugfs_fops);
	debugfs_create_file("idle_latency_cpus", 0444, dir, NULL, &hgov_qos_cpus_fops);
}

/*
 * io_idle_latency_us and io_idle_hold_ms: parsed by their range, then the
 * limit is brought in line with the new value.
 */
static int hgov_qos_param_set(const char *val, const struct kernel_param *kp)
{
	unsigned int v, max = HGOV_IO_IDLE_LATENCY_US_MAX;
	const char *name = "io_idle_latency_us";

	if (kp->arg == &hgov_io_idle_hold_ms) {
		name = "io_idle_hold_ms";
		max = HGOV_IO_IDLE_HOLD_MS_MAX;
	} else if (kp->arg == &hgov_io_idle_all_cpus) {
		name = "io_idle_all_cpus";
		max = 1;
	}
	if (hgov_parse_uint(name, val, 0, max, &v))
		return -EINVAL;
	WRITE_ONCE(*(unsigned int *)kp->arg, v);
	hgov_qos_apply();
	return 0;
}

static const struct kernel_param_ops hgov_qos_param_ops = {
	.set	= hgov_qos_param_set,
	.get	= param_get_uint,
};
module_param_cb(io_idle_latency_us, &hgov_qos_param_ops, &hgov_io_idle_latency_us, 0644);
MODULE_PARM_DESC(io_idle_latency_us,
		 "while storage I/O pins a policy and a request or cache flush is in flight or was io_idle_hold_ms ago, no CPU enters an idle state whose exit latency exceeds this, us; 0: off (0..100000, default 100)");
module_param_cb(io_idle_hold_ms, &hgov_qos_param_ops, &hgov_io_idle_hold_ms, 0644);
MODULE_PARM_DESC(io_idle_hold_ms,
		 "the idle-latency limit outlasts the last request or cache flush by this, ms, never the pin (0..10000, default 5)");

module_param_cb(io_idle_all_cpus, &hgov_qos_param_ops, &hgov_io_idle_all_cpus, 0644);
MODULE_PARM_DESC(io_idle_all_cpus,
		 "the idle-latency limit holds every CPU (1) or only those that issue or complete requests or take a device's interrupt (0) (0..1, default 0)");

/**
 * hgov_qos_init() - add the (unlimited) request; before any pin exists
 *
 * Return: 0 or -ENOMEM.
 */
int hgov_qos_init(void)
{
	hgov_qos_cpu_req = kcalloc(nr_cpu_ids, sizeof(*hgov_qos_cpu_req), GFP_KERNEL);
	if (!hgov_qos_cpu_req)
		return -ENOMEM;
	INIT_WORK(&hgov_qos_work, hgov_qos_work_fn);
	hgov_hrtimer_setup(&hgov_qos_timer, hgov_qos_timer_fn, CLOCK_MONOTONIC,
			   HRTIMER_MODE_REL);
	mutex_lock(&hgov_qos_mutex);
	cpu_latency_qos_add_request(&hgov_qos_req, PM_QOS_DEFAULT_VALUE);
	WRITE_ONCE(hgov_qos_value, PM_QOS_DEFAULT_VALUE);
	WRITE_ONCE(hgov_qos_ready, true);
	mutex_unlock(&hgov_qos_mutex);
	return 0;
}

/**
 * hgov_qos_exit() - remove the request; every pin is released and off the
 *	detector's list
 */
void hgov_qos_exit(void)
{
	unsigned int cpu;

	mutex_lock(&hgov_qos_mutex);
	WRITE_ONCE(hgov_qos_ready, false);
	WRITE_ONCE(hgov_qos_armed, false);
	cpu_latency_qos_remove_request(&hgov_qos_req);
	hgov_qos_global_value = PM_QOS_DEFAULT_VALUE;
	WRITE_ONCE(hgov_qos_cpu_on, false);
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (dev_pm_qos_request_active(&hgov_qos_cpu_req[cpu]))
			dev_pm_qos_remove_request(&hgov_qos_cpu_req[cpu]);
	cpumask_clear(&hgov_qos_cpu_applied);
	cpumask_clear(&hgov_qos_cpu_join);
	WRITE_ONCE(hgov_qos_value, PM_QOS_DEFAULT_VALUE);
	mutex_unlock(&hgov_qos_mutex);
	/*
	 * Not ready, an application arms no timer: cancel the one armed
	 * before, then the work it or a kick queued. The probes are gone.
	 */
	hrtimer_cancel(&hgov_qos_timer);
	cancel_work_sync(&hgov_qos_work);
	kfree(hgov_qos_cpu_req);
	hgov_qos_cpu_req = NULL;
}
