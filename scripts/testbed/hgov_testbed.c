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
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/arch_topology.h>
#include <linux/cpu.h>
#include <linux/cpufreq.h>
#include <linux/cpumask.h>
#include <linux/module.h>

/* clock-latency-ns of every OPP in r8a77951.dtsi. */
#define TB_LATENCY_NS	300000

static bool fast_switch;
module_param(fast_switch, bool, 0444);
MODULE_PARM_DESC(fast_switch, "offer fast frequency switching (default: no, like cpufreq-dt)");

static bool per_policy;
module_param(per_policy, bool, 0444);
MODULE_PARM_DESC(per_policy, "ask for per-policy governor tunables (default: no, like cpufreq-dt)");

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
	return 0;
}
module_init(tb_module_init);

static void __exit tb_module_exit(void)
{
	cpufreq_unregister_driver(&tb_driver);
}
module_exit(tb_module_exit);

MODULE_DESCRIPTION("Test-bed cpufreq driver of the virtual R-Car H3 board");
MODULE_LICENSE("GPL");
