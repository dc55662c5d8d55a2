// SPDX-License-Identifier: GPL-2.0
/*
 * Idle-state latency during storage I/O.
 *
 * While a storage I/O pin is on (hybrid's or the assist's) and a request
 * or a cache flush is in flight, or was io_idle_hold_ms ago
 * (hgov_io_latency()), one CPU
 * latency QoS request keeps every CPU out of the idle states whose exit
 * latency exceeds io_idle_latency_us: the CPU that takes a completion and
 * the one that runs the waiting task wake at once instead of paying a
 * deep state's exit (the R-Car H3's CPU_SLEEP_0/1: 500 and 700 us,
 * against an eMMC request's 100-300 us). The request drops back to no
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
 * timer looks again when the hold would end. Each change of the limit wakes every idle CPU
 * (cpu_latency_qos_apply()): the hold keeps it from following each
 * request.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/hrtimer.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/pm_qos.h>
#include <linux/sched/clock.h>
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
	if (hgov_qos_ready && want != hgov_qos_value) {
		cpu_latency_qos_update_request(&hgov_qos_req, want);
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

/**
 * hgov_qos_debugfs_init() - put idle_latency_us in @dir
 * @dir: the module's debugfs directory
 */
void hgov_qos_debugfs_init(struct dentry *dir)
{
	debugfs_create_file_unsafe("idle_latency_us", 0444, dir, NULL,
				   &hgov_qos_debugfs_fops);
}

/*
 * io_idle_latency_us and io_idle_hold_ms: parsed by their range, then the
 * limit is brought in line with the new value.
 */
static int hgov_qos_param_set(const char *val, const struct kernel_param *kp)
{
	bool hold = kp->arg == &hgov_io_idle_hold_ms;
	unsigned int v;

	if (hgov_parse_uint(hold ? "io_idle_hold_ms" : "io_idle_latency_us", val, 0,
			    hold ? HGOV_IO_IDLE_HOLD_MS_MAX : HGOV_IO_IDLE_LATENCY_US_MAX, &v))
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

/**
 * hgov_qos_init() - add the (unlimited) request; before any pin exists
 */
void hgov_qos_init(void)
{
	INIT_WORK(&hgov_qos_work, hgov_qos_work_fn);
	hgov_hrtimer_setup(&hgov_qos_timer, hgov_qos_timer_fn, CLOCK_MONOTONIC,
			   HRTIMER_MODE_REL);
	mutex_lock(&hgov_qos_mutex);
	cpu_latency_qos_add_request(&hgov_qos_req, PM_QOS_DEFAULT_VALUE);
	WRITE_ONCE(hgov_qos_value, PM_QOS_DEFAULT_VALUE);
	WRITE_ONCE(hgov_qos_ready, true);
	mutex_unlock(&hgov_qos_mutex);
}

/**
 * hgov_qos_exit() - remove the request; every pin is released and off the
 *	detector's list
 */
void hgov_qos_exit(void)
{
	mutex_lock(&hgov_qos_mutex);
	WRITE_ONCE(hgov_qos_ready, false);
	WRITE_ONCE(hgov_qos_armed, false);
	cpu_latency_qos_remove_request(&hgov_qos_req);
	WRITE_ONCE(hgov_qos_value, PM_QOS_DEFAULT_VALUE);
	mutex_unlock(&hgov_qos_mutex);
	/*
	 * Not ready, an application arms no timer: cancel the one armed
	 * before, then the work it or a kick queued. The probes are gone.
	 */
	hrtimer_cancel(&hgov_qos_timer);
	cancel_work_sync(&hgov_qos_work);
}
