// SPDX-License-Identifier: GPL-2.0
/*
 * Utilization from idle-time accounting.
 *
 * The scheduler's PELT signals are not exported to modules; the idle-time
 * accounting that ondemand uses is (get_cpu_idle_time()). Over a window
 * of n whole PELT periods (1024 us) a CPU was busy for a fraction b of
 * the wall time; at frequency f_cur that is b * f_cur / f_max of the
 * policy's capacity. The estimate averages these samples the way PELT
 * averages running time, with the same 32 ms half-life (y^32 = 1/2):
 *
 *	util' = util * y^n + sample * (1 - y^n)
 *
 * so a short burst on an idle CPU moves utilization as little as it
 * moves the scheduler's own util_avg.
 */

#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/sched.h>

#include "governor/util.h"
#include "governor/compat.h"

/* y^n * 2^32 for n < 32, y^32 = 1/2: kernel/sched/sched-pelt.h. */
static const u32 hgov_y_inv[HGOV_HALFLIFE_PERIODS] = {
	0xffffffff, 0xfa83b2da, 0xf5257d14, 0xefe4b99a, 0xeac0c6e6, 0xe5b906e6,
	0xe0ccdeeb, 0xdbfbb796, 0xd744fcc9, 0xd2a81d91, 0xce248c14, 0xc9b9bd85,
	0xc5672a10, 0xc12c4cc9, 0xbd08a39e, 0xb8fbaf46, 0xb504f333, 0xb123f581,
	0xad583ee9, 0xa9a15ab4, 0xa5fed6a9, 0xa2704302, 0x9ef5325f, 0x9b8d39b9,
	0x9837f050, 0x94f4efa8, 0x91c3d373, 0x8ea4398a, 0x8b95c1e3, 0x88980e80,
	0x85aac367, 0x82cd8698,
};

/**
 * hgov_busy_window() - busy fraction of a CPU between two idle samples
 * @prev: earlier sample
 * @now: later sample
 * @busy: set to (wall - idle) / wall in SCHED_CAPACITY_SCALE units
 * @periods: set to the window length in whole PELT periods, rounded
 *
 * Differences are taken modulo 2^64, so a counter that wraps between the
 * samples still yields the right window. Idle time that grew by more
 * than the wall clock (the two are read a few ns apart) counts as idle;
 * idle time that went back (before 6.4 the counters are read without
 * their seqcount: module/compat.h) counts as none, not as a wrap that
 * would make the window idle.
 *
 * Return: false, leaving @busy and @periods alone, if the window is
 * shorter than one period (including zero-length and backwards windows):
 * the caller keeps @prev and measures a longer window next time.
 */
bool hgov_busy_window(const struct hgov_idle_sample *prev,
		      const struct hgov_idle_sample *now,
		      unsigned long *busy, u64 *periods)
{
	u64 wall_us = now->wall_us - prev->wall_us;
	u64 idle_us = now->idle_us - prev->idle_us;

	if ((s64)wall_us < HGOV_PERIOD_US)
		return false;
	if ((s64)idle_us < 0)
		idle_us = 0;
	idle_us = min(idle_us, wall_us);
	*busy = div64_u64((wall_us - idle_us) << SCHED_CAPACITY_SHIFT, wall_us);
	*periods = div_u64(wall_us + HGOV_PERIOD_US / 2, HGOV_PERIOD_US);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_busy_window);

/**
 * hgov_util_decay() - PELT decay
 * @val: value to decay
 * @periods: elapsed PELT periods
 *
 * Return: @val * y^@periods, with y^32 = 1/2.
 */
unsigned long hgov_util_decay(unsigned long val, u64 periods)
{
	if (periods >= HGOV_HALFLIFE_PERIODS * BITS_PER_LONG)
		return 0;
	val >>= periods / HGOV_HALFLIFE_PERIODS;
	return mul_u64_u32_shr(val, hgov_y_inv[periods % HGOV_HALFLIFE_PERIODS],
			       32);
}
EXPORT_SYMBOL_IF_KUNIT(hgov_util_decay);

/**
 * hgov_util_avg() - fold one window's sample into the running average
 * @avg: utilization so far
 * @sample: utilization measured over the window
 * @periods: window length in PELT periods
 *
 * Return: @avg * y^n + @sample * (1 - y^n), n = @periods.
 */
unsigned long hgov_util_avg(unsigned long avg, unsigned long sample,
			    u64 periods)
{
	return hgov_util_decay(avg, periods) + sample -
	       hgov_util_decay(sample, periods);
}
EXPORT_SYMBOL_IF_KUNIT(hgov_util_avg);

/**
 * hgov_util_invariant() - busy fraction at f_cur as capacity at f_max
 * @busy: busy fraction, 0..SCHED_CAPACITY_SCALE
 * @cur_khz: frequency the CPU ran at
 * @max_khz: frequency of full capacity (cpuinfo.max_freq)
 *
 * Return: @busy * min(@cur_khz, @max_khz) / @max_khz; @busy if
 * @max_khz is 0 (unknown: no scaling).
 */
unsigned long hgov_util_invariant(unsigned long busy, unsigned int cur_khz,
				  unsigned int max_khz)
{
	if (!max_khz)
		return busy;
	return div_u64((u64)busy * min(cur_khz, max_khz), max_khz);
}
EXPORT_SYMBOL_IF_KUNIT(hgov_util_invariant);

/**
 * hgov_task_est() - what the task running on a CPU needs of that CPU
 * @util_avg: the task's PELT utilization (se.avg.util_avg)
 * @util_est: its estimated utilization (se.avg.util_est, flag bit cleared):
 *	the size it had at the end of its last activations; or, where the
 *	kernel lets it be read, the sum of those of the CPU's queued tasks
 *	(the root cfs_rq's util_est.enqueued), a waking one included
 * @capacity: the CPU's capacity (arch_scale_cpu_capacity()), in the same
 *	units: SCHED_CAPACITY_SCALE on the biggest CPU at its top frequency
 *
 * schedutil sizes a CPU by max(util_avg, util_est) of what it runs, so a
 * task that ran for 30 ms last time gets a 30 ms task's frequency as soon
 * as it runs again, instead of ramping up from idle. The idle-time
 * estimate of this governor forgets a task at every sleep and migration;
 * this is the memory. Scaled here to the policy's own capacity, the unit
 * of hgov_util_invariant().
 *
 * Return: max(@util_avg, @util_est) * SCHED_CAPACITY_SCALE / @capacity,
 * at most SCHED_CAPACITY_SCALE; 0 if @capacity is 0 (unknown).
 */
unsigned long hgov_task_est(unsigned long util_avg, unsigned long util_est,
			    unsigned long capacity)
{
	unsigned long util = max(util_avg, util_est);

	if (!capacity)
		return 0;
	if (util >= capacity)
		return SCHED_CAPACITY_SCALE;
	return (util << SCHED_CAPACITY_SHIFT) / capacity;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_task_est);

static bool hgov_est_fresh(const struct hgov_est *e, u64 now_ns, u64 tick_ns)
{
	return (s64)(now_ns - e->seen_ns) <= (s64)(HGOV_EST_TICKS * tick_ns);
}

/**
 * hgov_est_note() - a scheduler update saw a task running on the CPU
 * @e: the CPU's estimate
 * @est: what the running task needs (0 for the idle task), in @e's unit
 * @now_ns: time of the update
 * @tick_ns: scheduler tick
 *
 * A task as large as the one noted, or larger, replaces it; so does any
 * task once the noted one is stale. A smaller one (a kworker that
 * preempted a CPU-bound task for a moment, or the idle task right after
 * it slept) leaves the noted task in place until it goes stale, as a
 * sleeping task's PELT signal fades and does not vanish.
 */
void hgov_est_note(struct hgov_est *e, unsigned long est, u64 now_ns,
		   u64 tick_ns)
{
	if (est >= e->est || !hgov_est_fresh(e, now_ns, tick_ns)) {
		e->est = est;
		e->seen_ns = now_ns;
	}
}
EXPORT_SYMBOL_IF_KUNIT(hgov_est_note);

/**
 * hgov_est_apply() - the estimate a decision takes into account
 * @e: the CPU's estimate
 * @now_ns: time of the decision
 * @tick_ns: scheduler tick
 * @idle_us: the CPU's idle time now (hgov_cpu_idle_time_us()), which
 *	grows while it is idle
 * @on: the util_est parameter: off, no estimate counts, held or not, and
 *	the one noted is forgotten
 *
 * A CPU that runs a task gets a scheduler update at least every tick; one
 * that went idle gets none. An estimate last seen more than HGOV_EST_TICKS
 * ticks ago is of a task that no longer runs there, as schedutil drops a
 * task's util_est from its CPU when it sleeps, unless the CPU has not
 * been idle since a decision last counted it: then the task still runs,
 * and only its CPU's tick is late, as seen from another CPU's clock (a
 * long section with interrupts off; a vCPU the host did not run).
 *
 * Return: @e's estimate, or 0 if it is stale or @on is false. An update a little in the
 * future (another CPU's clock, read under its own runqueue lock) is fresh.
 */
unsigned long hgov_est_apply(struct hgov_est *e, u64 now_ns, u64 tick_ns,
			     u64 idle_us, bool on)
{
	if (!on)
		e->est = 0;
	if (!on || (!hgov_est_fresh(e, now_ns, tick_ns) &&
		    (!e->held || idle_us != e->held_idle_us))) {
		e->held = false;
		return 0;
	}
	e->held = true;
	e->held_idle_us = idle_us;
	return e->est;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_est_apply);

/* No update for more than a tick: the boost starts over, as in schedutil. */
static bool hgov_iowait_reset(struct hgov_iowait *w, u64 now_ns, bool iowait,
			      u64 tick_ns)
{
	if ((s64)(now_ns - w->last_ns) <= (s64)tick_ns)
		return false;
	w->boost = iowait ? HGOV_IOWAIT_BOOST_MIN : 0;
	w->pending = iowait;
	return true;
}

/**
 * hgov_iowait_update() - note a scheduler update of a CPU
 * @w: the CPU's boost
 * @now_ns: time of the update
 * @iowait: a task woke up after waiting for I/O (SCHED_CPUFREQ_IOWAIT)
 * @storage: storage I/O is active (a pin is engaged) and the CPU's own
 *	policy has io_pin_enable set
 * @tick_ns: scheduler tick; a longer gap between updates resets the boost
 *
 * schedutil's sugov_iowait_boost(): each I/O-wait wakeup doubles the boost,
 * from HGOV_IOWAIT_BOOST_MIN up to SCHED_CAPACITY_SCALE, at most once per
 * application of the boost. While storage I/O is active an I/O-wait wakeup
 * sets it to SCHED_CAPACITY_SCALE at once: the task (an fsync'ing writer,
 * the journal thread) is on the storage path, and waits longer than a
 * tick for each request, so that schedutil's boost starts over from its
 * floor at every wakeup and never grows.
 */
void hgov_iowait_update(struct hgov_iowait *w, u64 now_ns, bool iowait,
			bool storage, u64 tick_ns)
{
	bool reset = w->boost && hgov_iowait_reset(w, now_ns, iowait, tick_ns);

	w->last_ns = now_ns;
	if (iowait && storage) {
		w->boost = SCHED_CAPACITY_SCALE;
		w->pending = true;
		return;
	}
	if (reset || !iowait || w->pending)
		return;
	w->pending = true;
	if (w->boost)
		w->boost = min_t(unsigned int, w->boost << 1, SCHED_CAPACITY_SCALE);
	else
		w->boost = HGOV_IOWAIT_BOOST_MIN;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_iowait_update);

/**
 * hgov_iowait_apply() - the boost a frequency decision takes into account
 * @w: the CPU's boost
 * @now_ns: time of the decision
 * @tick_ns: scheduler tick
 *
 * schedutil's sugov_iowait_apply(): without a new I/O-wait wakeup since
 * the last decision the boost halves, and ends below HGOV_IOWAIT_BOOST_MIN.
 *
 * Return: utilization floor, 0..SCHED_CAPACITY_SCALE.
 */
unsigned long hgov_iowait_apply(struct hgov_iowait *w, u64 now_ns, u64 tick_ns)
{
	if (!w->boost || hgov_iowait_reset(w, now_ns, false, tick_ns))
		return 0;
	if (!w->pending) {
		w->boost >>= 1;
		if (w->boost < HGOV_IOWAIT_BOOST_MIN) {
			w->boost = 0;
			return 0;
		}
	}
	w->pending = false;
	return w->boost;
}
EXPORT_SYMBOL_IF_KUNIT(hgov_iowait_apply);
