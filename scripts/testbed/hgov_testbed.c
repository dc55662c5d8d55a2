// SPDX-License-Identifier: GPL-2.0
/*
 * Test-bed cpufreq driver for the virtual R-Car H3 board.
 *
 * QEMU's virt machine has no clocks to scale, so this driver only records
 * the frequency it is asked for. It registers one policy per cluster
 * (cpu_topology[].cluster_id) with the r8a77951 OPP tables: the cluster
 * holding CPU 0 is the A57 one. Like cpufreq-dt on R-Car it offers no fast
 * switching unless asked to (fast_switch=1), allows DVFS from any CPU, and
 * exposes the A57 turbo OPPs as boost frequencies.
 *
 * With emulate=1 a frequency also costs time. Every CPU that is not idle
 * takes a per-CPU hard-irq hrtimer every TB_EMU_PERIOD_NS and busy-waits
 * in it for the share of the period the CPU would not have had: at OPP f
 * a CPU gets capacity/1024 * f/f_top of its native execution, f_top being
 * its cluster's highest OPP. The wait is charged to whatever the timer
 * interrupted (task, softirq), and with IRQ time accounting off the
 * scheduler sees the running task running all along, as on hardware. A
 * sched_switch probe arms the timer when a CPU leaves idle and cancels it
 * when the CPU goes idle: idle CPUs cost nothing.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/arch_topology.h>
#include <linux/cpu.h>
#include <linux/cpufreq.h>
#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/sched/topology.h>
#include <linux/tracepoint.h>

/* clock-latency-ns of every OPP in r8a77951.dtsi. */
#define TB_LATENCY_NS	300000

static bool fast_switch;
module_param(fast_switch, bool, 0444);
MODULE_PARM_DESC(fast_switch, "offer fast frequency switching (default: no, like cpufreq-dt)");

static bool per_policy;
module_param(per_policy, bool, 0444);
MODULE_PARM_DESC(per_policy, "ask for per-policy governor tunables (default: no, like cpufreq-dt)");

static bool emulate;
module_param(emulate, bool, 0444);
MODULE_PARM_DESC(emulate, "make a lower frequency cost execution time (default: no)");

/* Emulation period: a 1 ms tick's worth, long against the timer's cost. */
#define TB_EMU_PERIOD_NS	(1000 * NSEC_PER_USEC)

static struct cpufreq_frequency_table tb_a57_table[] = {
	{ .frequency = 500000 },
	{ .frequency = 1000000 },
	{ .frequency = 1500000 },
	{ .flags = CPUFREQ_BOOST_FREQ, .frequency = 1600000 },
	{ .flags = CPUFREQ_BOOST_FREQ, .frequency = 1700000 },
	{ .frequency = CPUFREQ_TABLE_END },
};

static struct cpufreq_frequency_table tb_a53_table[] = {
	{ .frequency = 800000 },
	{ .frequency = 1000000 },
	{ .frequency = 1200000 },
	{ .frequency = CPUFREQ_TABLE_END },
};

/* Frequency of each CPU's cluster, as last set; read locklessly by ->get. */
static DEFINE_PER_CPU(unsigned int, tb_cur_khz);

/**
 * struct tb_emu - frequency emulation of one CPU
 * @timer: the busy-wait timer, pinned to the CPU, hard-irq mode
 * @top_khz: highest OPP of the CPU's cluster, native speed
 * @armed: @timer is queued or running. Only the CPU itself touches it,
 *	with IRQs off (sched_switch probe, @timer's callback) or in its
 *	hotplug callbacks, ordered against the probe by @online
 * @online: the CPU may arm @timer; cleared on the CPU before it goes down
 */
struct tb_emu {
	struct hrtimer	timer;
	unsigned int	top_khz;
	bool		armed;
	bool		online;
};

static DEFINE_PER_CPU(struct tb_emu, tb_emu);
static struct tracepoint *tb_sched_switch;
static enum cpuhp_state tb_emu_hp_state;

/*
 * Same cluster as @cpu, online or not. topology_cluster_cpumask() only holds
 * online CPUs, so a policy re-created after hotplug would lose the others.
 */
static bool tb_same_cluster(unsigned int cpu, unsigned int other)
{
	return cpu_topology[cpu].cluster_id == cpu_topology[other].cluster_id;
}

static void tb_record(struct cpufreq_policy *policy, unsigned int khz)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		if (tb_same_cluster(cpu, policy->cpu))
			WRITE_ONCE(per_cpu(tb_cur_khz, cpu), khz);
}

/* ns of each period @cpu must lose at its cluster's current frequency. */
static u64 tb_emu_steal_ns(unsigned int cpu, const struct tb_emu *e)
{
	u64 speed = (u64)arch_scale_cpu_capacity(cpu) * READ_ONCE(per_cpu(tb_cur_khz, cpu));
	u64 native = (u64)SCHED_CAPACITY_SCALE * e->top_khz;

	if (!native || speed >= native)
		return 0;
	return div64_u64((native - speed) * TB_EMU_PERIOD_NS, native);
}

static enum hrtimer_restart tb_emu_tick(struct hrtimer *timer)
{
	struct tb_emu *e = this_cpu_ptr(&tb_emu);
	u64 steal_ns, t0;

	/* Idle since the probe last looked, or migrated here by hotplug. */
	if (timer != &e->timer || is_idle_task(current) || !e->online) {
		if (timer == &e->timer)
			e->armed = false;
		return HRTIMER_NORESTART;
	}
	steal_ns = tb_emu_steal_ns(smp_processor_id(), e);
	t0 = local_clock();
	while (local_clock() - t0 < steal_ns)
		cpu_relax();
	hrtimer_forward_now(timer, ns_to_ktime(TB_EMU_PERIOD_NS));
	return HRTIMER_RESTART;
}

/* sched_switch: rq lock held, IRQs off, on the switching CPU. */
static void tb_emu_switch(void *data, bool preempt, struct task_struct *prev,
			  struct task_struct *next, unsigned int prev_state)
{
	struct tb_emu *e = this_cpu_ptr(&tb_emu);

	if (is_idle_task(next)) {
		if (e->armed && hrtimer_try_to_cancel(&e->timer) >= 0)
			e->armed = false;
	} else if (!e->armed && READ_ONCE(e->online)) {
		e->armed = true;
		hrtimer_start(&e->timer, ns_to_ktime(TB_EMU_PERIOD_NS),
			      HRTIMER_MODE_REL_PINNED_HARD);
	}
}

/* Hotplug, on the CPU itself (CPUHP_AP_ONLINE_DYN). */
static int tb_emu_online(unsigned int cpu)
{
	struct tb_emu *e = this_cpu_ptr(&tb_emu);

	local_irq_disable();
	e->armed = false;
	WRITE_ONCE(e->online, true);
	local_irq_enable();
	return 0;
}

static int tb_emu_offline(unsigned int cpu)
{
	struct tb_emu *e = this_cpu_ptr(&tb_emu);

	local_irq_disable();
	WRITE_ONCE(e->online, false);
	local_irq_enable();
	/* No probe arms it again: @online is clear on this CPU. */
	hrtimer_cancel(&e->timer);
	e->armed = false;
	return 0;
}

static void tb_find_sched_switch(struct tracepoint *tp, void *unused)
{
	if (!strcmp(tp->name, "sched_switch"))
		tb_sched_switch = tp;
}

static int tb_emu_start(void)
{
	unsigned int cpu;
	int ret;

	for_each_possible_cpu(cpu) {
		struct tb_emu *e = per_cpu_ptr(&tb_emu, cpu);
		bool big = tb_same_cluster(0, cpu);
		const struct cpufreq_frequency_table *t = big ? tb_a57_table : tb_a53_table;

		hrtimer_init(&e->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
		e->timer.function = tb_emu_tick;
		for (; t->frequency != CPUFREQ_TABLE_END; t++)
			e->top_khz = max(e->top_khz, t->frequency);
	}
	for_each_kernel_tracepoint(tb_find_sched_switch, NULL);
	if (!tb_sched_switch) {
		pr_err("emulate: no sched_switch tracepoint\n");
		return -ENOENT;
	}
	ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "hgov_testbed:emu",
				tb_emu_online, tb_emu_offline);
	if (ret < 0)
		return ret;
	tb_emu_hp_state = ret;
	ret = tracepoint_probe_register(tb_sched_switch, tb_emu_switch, NULL);
	if (ret) {
		cpuhp_remove_state(tb_emu_hp_state);
		return ret;
	}
	return 0;
}

static void tb_emu_stop(void)
{
	unsigned int cpu;

	tracepoint_probe_unregister(tb_sched_switch, tb_emu_switch, NULL);
	tracepoint_synchronize_unregister();
	/* Runs the offline callbacks: every online CPU's timer cancelled. */
	cpuhp_remove_state(tb_emu_hp_state);
	for_each_possible_cpu(cpu)
		hrtimer_cancel(&per_cpu(tb_emu, cpu).timer);
}

static int tb_target_index(struct cpufreq_policy *policy, unsigned int index)
{
	tb_record(policy, policy->freq_table[index].frequency);
	return 0;
}

/* Lowest allowed OPP at or above @target_freq, else the highest allowed. */
static unsigned int tb_fast_switch(struct cpufreq_policy *policy,
				   unsigned int target_freq)
{
	struct cpufreq_frequency_table *pos;
	unsigned int khz = 0;

	cpufreq_for_each_valid_entry(pos, policy->freq_table) {
		if (pos->frequency < policy->min || pos->frequency > policy->max)
			continue;
		if (pos->frequency >= target_freq) {
			if (khz < target_freq || pos->frequency < khz)
				khz = pos->frequency;
		} else if (khz < target_freq && pos->frequency > khz) {
			khz = pos->frequency;
		}
	}
	if (khz)
		tb_record(policy, khz);
	return khz;
}

static unsigned int tb_get(unsigned int cpu)
{
	return READ_ONCE(per_cpu(tb_cur_khz, cpu));
}

static int tb_init(struct cpufreq_policy *policy)
{
	bool big = tb_same_cluster(0, policy->cpu);
	unsigned int cpu;

	policy->freq_table = big ? tb_a57_table : tb_a53_table;
	policy->cpuinfo.transition_latency = TB_LATENCY_NS;
	policy->fast_switch_possible = fast_switch;
	policy->dvfs_possible_from_any_cpu = true;
	for_each_possible_cpu(cpu)
		if (tb_same_cluster(cpu, policy->cpu))
			cpumask_set_cpu(cpu, policy->cpus);
	/* Boot at the highest non-boost OPP, as the R-Car bootloader leaves it. */
	tb_record(policy, big ? 1500000 : 1200000);
	return 0;
}

static struct freq_attr *tb_attr[] = {
	&cpufreq_freq_attr_scaling_available_freqs,
	&cpufreq_freq_attr_scaling_boost_freqs,
	NULL,
};

static struct cpufreq_driver tb_driver = {
	.name		= "hgov-testbed",
	.flags		= CPUFREQ_NEED_INITIAL_FREQ_CHECK,
	.verify		= cpufreq_generic_frequency_table_verify,
	.target_index	= tb_target_index,
	.fast_switch	= tb_fast_switch,
	.get		= tb_get,
	.init		= tb_init,
	.attr		= tb_attr,
};

static int __init tb_module_init(void)
{
	int ret;

	if (per_policy)
		tb_driver.flags |= CPUFREQ_HAVE_GOVERNOR_PER_POLICY;
	ret = cpufreq_register_driver(&tb_driver);
	if (ret) {
		pr_err("cannot register (error %d)\n", ret);
		return ret;
	}
	ret = cpufreq_enable_boost_support();
	if (ret)
		pr_warn("no boost support (error %d)\n", ret);
	if (emulate) {
		ret = tb_emu_start();
		if (ret) {
			pr_err("cannot emulate frequencies (error %d)\n", ret);
			cpufreq_unregister_driver(&tb_driver);
			return ret;
		}
	}
	return 0;
}
module_init(tb_module_init);

static void __exit tb_module_exit(void)
{
	if (emulate)
		tb_emu_stop();
	cpufreq_unregister_driver(&tb_driver);
}
module_exit(tb_module_exit);

MODULE_DESCRIPTION("Test-bed cpufreq driver of the virtual R-Car H3 board");
MODULE_LICENSE("GPL");
