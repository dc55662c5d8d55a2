/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Utilization estimated from idle-time accounting. Pure functions: the
 * samples are arguments.
 */
#ifndef HGOV_GOVERNOR_UTIL_H
#define HGOV_GOVERNOR_UTIL_H

#include <linux/sched.h>
#include <linux/types.h>

/* PELT's period (1024 us) and half-life (32 periods), as in the scheduler. */
#define HGOV_PERIOD_US		1024
#define HGOV_HALFLIFE_PERIODS	32

/**
 * struct hgov_idle_sample - one reading of a CPU's idle-time accounting
 * @idle_us: cumulative idle time, as get_cpu_idle_time() returns it
 * @wall_us: wall clock at the same instant
 */
struct hgov_idle_sample {
	u64	idle_us;
	u64	wall_us;
};

/* schedutil's I/O-wait boost: its floor, and the most it can reach. */
#define HGOV_IOWAIT_BOOST_MIN	(SCHED_CAPACITY_SCALE / 8)

/**
 * struct hgov_iowait - I/O-wait boost of one CPU, as schedutil keeps it
 * @boost: 0, or HGOV_IOWAIT_BOOST_MIN..SCHED_CAPACITY_SCALE
 * @pending: an I/O-wait wakeup was seen since the boost was last applied
 * @last_ns: time of the last scheduler update seen for the CPU
 */
struct hgov_iowait {
	unsigned int	boost;
	bool		pending;
	u64		last_ns;
};

bool hgov_busy_window(const struct hgov_idle_sample *prev,
		      const struct hgov_idle_sample *now,
		      unsigned long *busy, u64 *periods);
unsigned long hgov_util_decay(unsigned long val, u64 periods);
unsigned long hgov_util_avg(unsigned long avg, unsigned long sample,
			    u64 periods);
unsigned long hgov_util_invariant(unsigned long busy, unsigned int cur_khz,
				  unsigned int max_khz);

/*
 * A running task's estimate counts for this many ticks after the update
 * that saw it: a busy CPU sees one every tick, an idle one none. Longer
 * while its CPU has not been idle since a decision last counted it.
 */
#define HGOV_EST_TICKS		2

/**
 * struct hgov_est - the largest running task's estimate a CPU saw lately
 * @est: what that task needs: max(util_avg, util_est), or its
 *	hgov_task_est(); the rule is the same in either unit
 * @seen_ns: time of the last scheduler update that saw it running
 * @held_idle_us: the CPU's idle time when a decision last counted @est
 * @held: a decision counted @est, and none has dropped it since
 */
struct hgov_est {
	unsigned long	est;
	u64		seen_ns;
	u64		held_idle_us;
	bool		held;
};

unsigned long hgov_task_est(unsigned long util_avg, unsigned long util_est,
			    unsigned long capacity);
void hgov_est_note(struct hgov_est *e, unsigned long est, u64 now_ns,
		   u64 tick_ns);
unsigned long hgov_est_apply(struct hgov_est *e, u64 now_ns, u64 tick_ns,
			     u64 idle_us, bool on);

void hgov_iowait_update(struct hgov_iowait *w, u64 now_ns, bool iowait,
			bool storage, u64 tick_ns);
unsigned long hgov_iowait_apply(struct hgov_iowait *w, u64 now_ns,
				u64 tick_ns);

#endif /* HGOV_GOVERNOR_UTIL_H */
