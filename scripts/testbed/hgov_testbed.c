// SPDX-License-Identifier: GPL-2.0
/*
 * Test-bed cpufreq driver for the virtual R-Car H3 board (and, with
 * soc=rk3399, the virtual RK3399 board).
 *
 * QEMU's virt machine has no clocks to scale, so this driver only records
 * the frequency it is asked for. It registers one policy per cluster
 * (cpu_topology[].cluster_id) with the r8a77951 OPP tables: the cluster
 * holding CPU 0 is the A57 one (rk3399: the A53 one, cpu0-3, and the A72
 * one, cpu4-5, with rk3399-opp.dtsi's tables and rk3399.dtsi's energy
 * model). Like cpufreq-dt on R-Car it offers no fast
 * switching unless asked to (fast_switch=1), allows DVFS from any CPU, and
 * exposes the A57 turbo OPPs as boost frequencies. It registers the
 * r8a77951 energy model, one perf domain per cluster, so that schedutil
 * runs Energy Aware Scheduling here as it does on the board.
 *
 * With emulate=1 a frequency also costs time. A CPU gets speed =
 * dmips/1024 * f/1.7 GHz of a vCPU's native execution, dmips being its
 * cluster's capacity-dmips-mhz (A57 1024, A53 535, as in the board's DT)
 * and 1.7 GHz the A57's highest OPP (rk3399: A72 1024, A53 485, 1.8 GHz):
 * within a cluster f/f_max, across clusters what the scheduler's
 * capacities say. A per-CPU softirq hrtimer
 * lets a CPU that is not idle run natively for speed * TB_EMU_PERIOD_NS,
 * then waits, halted, for what that run would have cost on top: ran * (1 -
 * speed) / speed. The wait is charged to whatever the timer interrupted
 * (task, softirq), and with IRQ time accounting off the scheduler sees the
 * running task running all along, as on hardware. Waits happen in softirq
 * context, never in a hard IRQ handler: the interrupt controller signals
 * nothing to a CPU inside a handler, so WFI could not end there. A sched_switch probe
 * arms the timer when a CPU leaves idle and cancels it when the CPU goes
 * idle: idle CPUs cost nothing. The run since the last wait when the CPU
 * went idle is a debt, paid first thing when it next leaves idle, so a job
 * shorter than a period costs what it should in aggregate. Interrupts and
 * softirqs that run on an idle CPU (a completion interrupt, the BLOCK
 * softirq after it) are slowed and counted too: each outermost one's run
 * counts as busy time at the current OPP, and what it would have cost on
 * top is waited for at the end of a softirq (after a hard IRQ that raised
 * none, a high-priority tasklet of ours makes one), before anything the
 * next softirq does (an I/O completion's wake-ups).
 *
 * With emu_mode=debt the timer's wait serves interrupts: the CPU halts
 * with IRQs on, each interrupt is taken at once, and the wait stops as soon
 * as one leaves work that must not wait for it (a task to switch to, a
 * pending softirq); what is left is carried as a debt of the task that was
 * running, paid when a later wait finds it running again. Each task's run
 * is its own (the sched_switch probe cuts it there), so a woken task pays
 * for what it runs, not for the task it preempted. emu_mode=task is debt
 * with a user task's waits paid in its own context (hgov_emu_pay.c), so
 * that they stay its running time where IRQ_TIME_ACCOUNTING=y (every R-Car
 * kernel and every normal board) counts softirq time apart. It is the
 * default there, and the eMMC model's calibration and the bench's figures
 * rest on it. Without IRQ_TIME_ACCOUNTING (the debug and RT boards) the
 * default is emu_mode=masked, which waits with IRQs off.
 *
 * debugfs hgov_testbed/irq_time says whether the kernel counts interrupt
 * time apart (Y), where only emu_mode=task keeps a task's utilization.
 *
 * debugfs hgov_testbed/self_util reads the PELT utilization (util_avg,
 * frequency- and capacity-invariant) of the task that reads it: how the
 * emulation's frequency-invariance check sees what schedutil sees. With
 * emulate=1, hgov_testbed/busy has each CPU's time not idle at each OPP:
 * what make bench turns into energy.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/arch_topology.h>
#include <linux/cpu.h>
#include <linux/cpufreq.h>
#include <linux/cpuidle.h>
#include <linux/cpumask.h>
#include <linux/debugfs.h>
#include <linux/energy_model.h>
#include <linux/fs.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/sched/topology.h>
#include <linux/seq_file.h>
#include <linux/tracepoint.h>
#include <asm/arch_timer.h>
#include <asm/sysreg.h>
#include <trace/events/power.h>

#include "compat.h"
#include "hgov_emu_pay.h"
#include "loop.h"

static bool fast_switch;
module_param(fast_switch, bool, 0444);
MODULE_PARM_DESC(fast_switch, "offer fast frequency switching (default: no, like cpufreq-dt)");

static bool per_policy;
module_param(per_policy, bool, 0444);
MODULE_PARM_DESC(per_policy, "ask for per-policy governor tunables (default: no, like cpufreq-dt)");

/*
 * Without it the policies get no inefficient marks, as on a DT without
 * dynamic-power-coefficient or a kernel before 5.16. A model registered by
 * an earlier load stays with the kernel (it cannot be unregistered), so
 * EAS may still run under schedutil; the OPPs are all used all the same.
 */
static bool em = true;
module_param(em, bool, 0444);
MODULE_PARM_DESC(em, "register the H3 energy model and mark its inefficient OPPs (default: yes, like cpufreq-dt on the H3 DT)");

static bool emulate;
module_param(emulate, bool, 0444);
MODULE_PARM_DESC(emulate, "make a lower frequency cost execution time (default: no)");

/* How a busy CPU's wait treats interrupts (emu_mode=). */
enum tb_emu_mode {
	TB_EMU_MASKED,	/* halt with IRQs off: an interrupt waits for the end */
	TB_EMU_DEBT,	/* halt with IRQs on, unserved rest carried as debt */
	TB_EMU_TASK,	/* debt, a user task's waits paid in its own context */
};

static const char * const tb_emu_mode_names[] = {
	[TB_EMU_MASKED]	= "masked",
	[TB_EMU_DEBT]	= "debt",
	[TB_EMU_TASK]	= "task",
};

/*
 * masked leaves a CPU's emulation wait out of its tasks' time only while
 * interrupt time counts as theirs: with IRQ_TIME_ACCOUNTING=y it would be
 * accounted as interrupt time, and PELT would not see it.
 */
static enum tb_emu_mode tb_emu_mode =
	IS_ENABLED(CONFIG_IRQ_TIME_ACCOUNTING) ? TB_EMU_TASK : TB_EMU_MASKED;
static bool tb_irq_time = IS_ENABLED(CONFIG_IRQ_TIME_ACCOUNTING);

/* Only the names above: anything else fails the load, changing nothing. */
static int tb_emu_mode_set(const char *val, const struct kernel_param *kp)
{
	int i = sysfs_match_string(tb_emu_mode_names, val);

	if (i < 0) {
		pr_err("emu_mode=%s: not masked, debt or task\n", val);
		return -EINVAL;
	}
	tb_emu_mode = i;
	return 0;
}

static int tb_emu_mode_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", tb_emu_mode_names[tb_emu_mode]);
}

static const struct kernel_param_ops tb_emu_mode_ops = {
	.set	= tb_emu_mode_set,
	.get	= tb_emu_mode_get,
};
module_param_cb(emu_mode, &tb_emu_mode_ops, NULL, 0444);
MODULE_PARM_DESC(emu_mode, "how a busy CPU's emulation wait treats interrupts: masked (they wait for its end), debt (taken at once, the rest of the wait carried as the task's debt) or task (debt, and a user task's waits paid in its own context on return to user space, so that they stay its running time with IRQ_TIME_ACCOUNTING=y); default: task with IRQ_TIME_ACCOUNTING=y, masked without");

/* Emulation period: short against a job, long against the timer's cost. */
#define TB_EMU_PERIOD_NS	(500 * NSEC_PER_USEC)
/* Most native run one wait pays for: a late timer does not stall the CPU. */
#define TB_EMU_MAX_RUN_NS	(10 * TB_EMU_PERIOD_NS)
/*
 * Most debt emu_mode=debt carries: 16 periods, some 21 waits of an A53 at
 * 800 MHz. Only interrupts more often than every wait reach it; past it
 * the CPU runs faster than its OPP.
 */
#define TB_EMU_MAX_DEBT_NS	(16 * TB_EMU_PERIOD_NS)

/*
 * Energy model of the SoC's DT: dynamic-power-coefficient and OPP
 * voltages, P = C * V^2 * f as dev_pm_opp_of_register_em() computes it.
 */
struct tb_opp_volt {
	unsigned int	khz;
	unsigned int	mv;
};

/* r8a77951.dtsi */
static const struct tb_opp_volt tb_a57_volt[] = {
	{ 500000, 830 }, { 1000000, 830 }, { 1500000, 830 },
	{ 1600000, 900 }, { 1700000, 960 },
};

static const struct tb_opp_volt tb_h3_a53_volt[] = {
	{ 800000, 820 }, { 1000000, 820 }, { 1200000, 820 },
};

/* rk3399-opp.dtsi (cluster0_opp, cluster1_opp) */
static const struct tb_opp_volt tb_rk_a53_volt[] = {
	{ 408000, 825 }, { 600000, 825 }, { 816000, 850 },
	{ 1008000, 925 }, { 1200000, 1000 }, { 1416000, 1125 },
};

static const struct tb_opp_volt tb_a72_volt[] = {
	{ 408000, 825 }, { 600000, 825 }, { 816000, 825 }, { 1008000, 875 },
	{ 1200000, 950 }, { 1416000, 1025 }, { 1608000, 1100 }, { 1800000, 1200 },
};

/**
 * struct tb_em - energy model of one cluster
 * @coeff: dynamic-power-coefficient
 * @volt: OPPs and their voltages, ascending
 * @nr: entries in @volt
 */
struct tb_em {
	unsigned int			coeff;
	const struct tb_opp_volt	*volt;
	unsigned int			nr;
};

static struct cpufreq_frequency_table tb_a57_table[] = {
	{ .frequency = 500000 },
	{ .frequency = 1000000 },
	{ .frequency = 1500000 },
	{ .flags = CPUFREQ_BOOST_FREQ, .frequency = 1600000 },
	{ .flags = CPUFREQ_BOOST_FREQ, .frequency = 1700000 },
	{ .frequency = CPUFREQ_TABLE_END },
};

static struct cpufreq_frequency_table tb_h3_a53_table[] = {
	{ .frequency = 800000 },
	{ .frequency = 1000000 },
	{ .frequency = 1200000 },
	{ .frequency = CPUFREQ_TABLE_END },
};

static struct cpufreq_frequency_table tb_rk_a53_table[] = {
	{ .frequency = 408000 },
	{ .frequency = 600000 },
	{ .frequency = 816000 },
	{ .frequency = 1008000 },
	{ .frequency = 1200000 },
	{ .frequency = 1416000 },
	{ .frequency = CPUFREQ_TABLE_END },
};

static struct cpufreq_frequency_table tb_a72_table[] = {
	{ .frequency = 408000 },
	{ .frequency = 600000 },
	{ .frequency = 816000 },
	{ .frequency = 1008000 },
	{ .frequency = 1200000 },
	{ .frequency = 1416000 },
	{ .frequency = 1608000 },
	{ .frequency = 1800000 },
	{ .frequency = CPUFREQ_TABLE_END },
};

#define TB_MAX_OPPS	ARRAY_SIZE(tb_a72_table)

/**
 * struct tb_cluster - one cluster of the SoC, as its DT has it
 * @table: OPPs
 * @em: energy model
 * @dmips: capacity-dmips-mhz (the board's DT has the same, scripts/lib.sh)
 * @boot_khz: frequency at boot, the highest non-boost OPP
 */
struct tb_cluster {
	struct cpufreq_frequency_table	*table;
	struct tb_em			em;
	unsigned int			dmips;
	unsigned int			boot_khz;
};

/**
 * struct tb_soc - the SoC the board is (module parameter soc)
 * @name: its name in soc=
 * @cluster: the cluster holding CPU 0, then the other one
 * @latency_ns: clock-latency-ns of its OPPs
 * @native_khz: a vCPU's native speed, in kHz of a CPU of capacity-dmips-mhz
 *	1024: the big cluster's highest OPP
 */
struct tb_soc {
	const char		*name;
	struct tb_cluster	cluster[2];
	unsigned int		latency_ns;
	unsigned int		native_khz;
};

static const struct tb_soc tb_socs[] = {
	/* R-Car H3 (r8a77951): cpu0-3 A57, cpu4-7 A53 */
	{ "h3", {
		{ tb_a57_table, { 854, tb_a57_volt, ARRAY_SIZE(tb_a57_volt) }, 1024, 1500000 },
		{ tb_h3_a53_table, { 277, tb_h3_a53_volt, ARRAY_SIZE(tb_h3_a53_volt) }, 535,
		  1200000 },
	  }, 300000, 1700000 },
	/* RK3399 (rk3399.dtsi, rk3399-opp.dtsi): cpu0-3 A53, cpu4-5 A72 */
	{ "rk3399", {
		{ tb_rk_a53_table, { 100, tb_rk_a53_volt, ARRAY_SIZE(tb_rk_a53_volt) }, 485,
		  1416000 },
		{ tb_a72_table, { 436, tb_a72_volt, ARRAY_SIZE(tb_a72_volt) }, 1024, 1800000 },
	  }, 40000, 1800000 },
};

static const struct tb_soc *tb_soc = &tb_socs[0];

/* Only the names above: anything else fails the load, changing nothing. */
static int tb_soc_set(const char *val, const struct kernel_param *kp)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(tb_socs); i++) {
		if (sysfs_streq(val, tb_socs[i].name)) {
			tb_soc = &tb_socs[i];
			return 0;
		}
	}
	pr_err("soc=%s: not h3 or rk3399\n", val);
	return -EINVAL;
}

static int tb_soc_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", tb_soc->name);
}

static const struct kernel_param_ops tb_soc_ops = {
	.set	= tb_soc_set,
	.get	= tb_soc_get,
};
module_param_cb(soc, &tb_soc_ops, NULL, 0444);
MODULE_PARM_DESC(soc, "the SoC whose clusters, OPPs and energy model the board has: h3 (R-Car H3, default) or rk3399 (the board's DT must match: scripts/lib.sh)");

/* Frequency of each CPU's cluster, as last set; read locklessly by ->get. */
static DEFINE_PER_CPU(unsigned int, tb_cur_khz);

/**
 * struct tb_emu - frequency emulation of one CPU. Only the CPU itself
 * touches it, with IRQs off (sched_switch probe, @timer's callback) or in
 * its hotplug callbacks, ordered against the probe by @online.
 * @timer: the emulation timer, pinned to the CPU, softirq mode
 * @dmips: capacity-dmips-mhz of the CPU's cluster
 * @run_start: local_clock() when the CPU last started running natively
 * @run_halted: hgov_emu_pay_halted() then (emu_mode=task's halts since
 *	are not running natively)
 * @debt_ns: wait owed for a run cut short by idle, or (emu_mode=debt) for
 *	a wait cut short by an interrupt's work
 * @debt_task: emu_mode=debt: the task that owes @debt_ns (compared, never
 *	dereferenced): each task's run is its own, cut at every switch
 * @debt_own_ns: emu_mode=debt: how much of @debt_ns @debt_task added
 * @end: emu_mode=debt: hard hrtimer, pinned, that ends a halt with IRQs on
 * @acct_start: local_clock() up to which @busy_ns is counted
 * @busy_ns: time not idle at each OPP of the cluster's table (index);
 *	read locklessly by debugfs "busy"
 * @irq_start: local_clock() when the outermost interrupt or softirq on
 *	the idle CPU began
 * @irq_debt_ns: wait owed for hard IRQ runs on the idle CPU, paid at the
 *	end of the next softirq
 * @pay: high-priority tasklet that makes that softirq
 * @irq_depth: interrupts and softirqs running on the idle CPU, nested
 * @armed: @timer is queued or running
 * @busy: the CPU is not idle
 * @online: the CPU may arm @timer; cleared on the CPU before it goes down
 */
struct tb_emu {
	struct hrtimer	timer;
	unsigned int	dmips;
	u64		run_start;
	u64		run_halted;
	u64		debt_ns;
	struct task_struct *debt_task;
	u64		debt_own_ns;
	struct hrtimer	end;
	u64		acct_start;
	u64		busy_ns[TB_MAX_OPPS];
	u64		irq_start;
	u64		irq_debt_ns;
	struct tasklet_struct pay;
	unsigned int	irq_depth;
	bool		armed;
	bool		busy;
	bool		online;
};

static DEFINE_PER_CPU(struct tb_emu, tb_emu);

static enum cpuhp_state tb_emu_hp_state;

/*
 * Same cluster as @cpu, online or not. topology_cluster_cpumask() only holds
 * online CPUs, so a policy re-created after hotplug would lose the others.
 */
static bool tb_same_cluster(unsigned int cpu, unsigned int other)
{
	return tb_cluster_id(cpu) == tb_cluster_id(other);
}

/* The SoC's cluster that @cpu belongs to. */
static const struct tb_cluster *tb_cluster_of(unsigned int cpu)
{
	return &tb_soc->cluster[tb_same_cluster(0, cpu) ? 0 : 1];
}

static void tb_record(struct cpufreq_policy *policy, unsigned int khz)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		if (tb_same_cluster(cpu, policy->cpu))
			WRITE_ONCE(per_cpu(tb_cur_khz, cpu), khz);
}

/* Speed of @cpu against native, both in kHz * capacity-dmips-mhz. */
static void tb_emu_speed(unsigned int cpu, const struct tb_emu *e, u64 *speed,
			 u64 *native)
{
	*speed = (u64)e->dmips * READ_ONCE(per_cpu(tb_cur_khz, cpu));
	*native = (u64)SCHED_CAPACITY_SCALE * tb_soc->native_khz;
}

/* Wait owed for @ran_ns of native execution at the current frequency. */
static u64 tb_emu_owed_ns(unsigned int cpu, const struct tb_emu *e, u64 ran_ns)
{
	u64 speed, native;

	tb_emu_speed(cpu, e, &speed, &native);
	if (!speed || speed >= native)
		return 0;
	ran_ns = min_t(u64, ran_ns, TB_EMU_MAX_RUN_NS);
	return div64_u64(ran_ns * (native - speed), speed);
}

/* Native run until the next wait: speed * TB_EMU_PERIOD_NS. */
static u64 tb_emu_run_ns(unsigned int cpu, const struct tb_emu *e)
{
	u64 speed, native;

	tb_emu_speed(cpu, e, &speed, &native);
	if (!native || speed >= native)
		return TB_EMU_PERIOD_NS;
	return max_t(u64, div64_u64(speed * TB_EMU_PERIOD_NS, native), NSEC_PER_USEC);
}

static const struct cpufreq_frequency_table *tb_table(unsigned int cpu)
{
	return tb_cluster_of(cpu)->table;
}

/* Count @ns as busy at the current OPP. */
static void tb_emu_add_busy(unsigned int cpu, struct tb_emu *e, u64 ns)
{
	const struct cpufreq_frequency_table *t = tb_table(cpu);
	unsigned int khz = READ_ONCE(per_cpu(tb_cur_khz, cpu)), i;

	for (i = 0; t[i].frequency != CPUFREQ_TABLE_END; i++) {
		if (t[i].frequency == khz) {
			WRITE_ONCE(e->busy_ns[i], e->busy_ns[i] + ns);
			break;
		}
	}
}

/* Count the time since @e->acct_start as busy at the current OPP. */
static void tb_emu_account(unsigned int cpu, struct tb_emu *e, u64 now)
{
	if (e->busy)
		tb_emu_add_busy(cpu, e, now - e->acct_start);
	e->acct_start = now;
}

/*
 * The board's GIC (QEMU virt's GICv2): its distributor and CPU interface,
 * mapped again here (the irqchip driver keeps its own mapping to itself),
 * and the virtual timer's PPI, read from the DT's arm,armv8-timer node.
 * Set up by tb_gic_map() when the idle probe is registered, read only
 * after that. Without them (another GIC, no timer node) tb_halt_until()
 * falls back to waiting with WFE.
 */
#define TB_GICD_IPRIORITYR	0x400
#define TB_GICC_PMR		0x004
/* Above Linux's GICD_INT_DEF_PRI (0xa0) for the timer, below it the mask. */
#define TB_HALT_TIMER_PRI	0x80
#define TB_HALT_PMR		0x90
static void __iomem *tb_gicd, *tb_gicc;
static unsigned int tb_vtimer_irq;

static void tb_gic_unmap(void)
{
	if (tb_gicd)
		iounmap(tb_gicd);
	if (tb_gicc)
		iounmap(tb_gicc);
	tb_gicd = NULL;
	tb_gicc = NULL;
}

static void tb_gic_map(void)
{
	struct device_node *np;
	u32 ppi = 0;

	np = of_find_compatible_node(NULL, NULL, "arm,armv8-timer");
	/* interrupts: secure, non-secure, virtual, hyp; 3 cells each. */
	if (!np || of_property_read_u32_index(np, "interrupts", 2 * 3 + 1, &ppi) || ppi > 15)
		ppi = 0;
	of_node_put(np);
	np = of_find_compatible_node(NULL, NULL, "arm,cortex-a15-gic");
	if (np && ppi) {
		tb_gicd = of_iomap(np, 0);
		tb_gicc = of_iomap(np, 1);
		tb_vtimer_irq = 16 + ppi;
	}
	of_node_put(np);
	if (!tb_gicd || !tb_gicc) {
		tb_gic_unmap();
		pr_info("no GICv2 or timer in the DT: idle exits wait with WFE\n");
	}
}

/*
 * tb_halt_until - halt this CPU for @ns, IRQs off: the virtual timer (the
 * kernel's clock event device on the board) is pointed at the end and
 * WFI waits for it, then its compare value and control are put back, so
 * an event the kernel had programmed for meanwhile fires once IRQs are on
 * again. Another pending interrupt keeps WFI from halting. With @mask
 * (an idle state's exit, where the interrupt that woke the CPU is always
 * pending) this CPU's GIC interface masks every interrupt but the virtual
 * timer for the halt (its priority raised above the mask, both banked per
 * CPU), so WFI halts and, under -icount, guest time goes to the other
 * vCPUs or warps to the timer; both are put back before IRQs are enabled,
 * and what was pending is then signalled. Without the GIC mapping it
 * waits with WFE, which single-threaded TCG takes as a yield to the next
 * vCPU: an exit of 500 us was then some 10^5 turns of this loop in host
 * time. The emulation's masked waits still spin (a spin takes its guest
 * time from the other vCPUs), as when the eMMC model was calibrated.
 * arm64 only: the test bed runs on the arm64 board.
 */
static void tb_halt_until(u64 ns, bool mask)
{
	u64 ctl, cval, end;
	u32 pmr = 0;
	u8 pri = 0;

	if (mask && tb_gicc) {
		pri = readb_relaxed(tb_gicd + TB_GICD_IPRIORITYR + tb_vtimer_irq);
		pmr = readl_relaxed(tb_gicc + TB_GICC_PMR);
		writeb_relaxed(TB_HALT_TIMER_PRI, tb_gicd + TB_GICD_IPRIORITYR + tb_vtimer_irq);
		writel_relaxed(TB_HALT_PMR, tb_gicc + TB_GICC_PMR);
	}
	isb();
	ctl = read_sysreg(cntv_ctl_el0);
	cval = read_sysreg(cntv_cval_el0);
	end = read_sysreg(cntvct_el0) + div_u64(ns * read_sysreg(cntfrq_el0), NSEC_PER_SEC);
	write_sysreg(end, cntv_cval_el0);
	write_sysreg(ARCH_TIMER_CTRL_ENABLE, cntv_ctl_el0);
	/* The GIC writes and the timer's compare value before WFI. */
	dsb(sy);
	isb();
	while ((s64)(read_sysreg(cntvct_el0) - end) < 0) {
		wfi();
		isb();
		if (mask && !tb_gicc && (s64)(read_sysreg(cntvct_el0) - end) < 0)
			wfe();
	}
	write_sysreg(cval, cntv_cval_el0);
	write_sysreg(ctl, cntv_ctl_el0);
	isb();
	if (mask && tb_gicc) {
		writel_relaxed(pmr, tb_gicc + TB_GICC_PMR);
		writeb_relaxed(pri, tb_gicd + TB_GICD_IPRIORITYR + tb_vtimer_irq);
	}
}

/*
 * Idle states' latencies in guest time. QEMU's PSCI CPU_SUSPEND is a WFI
 * that ends as soon as an interrupt is pending; an H3 core leaving
 * CPU_SLEEP_0/1 takes the DT's exit-latency-us first, and one woken
 * while still entering its state also finishes the entry. A cpu_idle
 * probe adds both at PWR_EVENT_EXIT, before cpuidle_enter_state() enables
 * IRQs: the CPU halts with IRQs off (tb_halt_until()), so the interrupt
 * that woke it waits, as it does for a core that is not back yet. The
 * latencies are read from the board DT's cpu-idle-states, in the order
 * the PSCI cpuidle driver numbers them (state 1 is the first, 0 is WFI);
 * the kernel itself keeps only their sum. Without a cpuidle driver (a
 * kernel without CPU_IDLE) the probe does nothing: default_idle_call()'s
 * "state 1" is a WFI.
 */
#define TB_IDLE_MAX	4

/**
 * struct tb_idle - one CPU's idle states and what their exits cost
 * @entry_ns: entry-latency-us of state i + 1, in ns
 * @exit_ns: exit-latency-us of state i + 1, in ns
 * @nr: states read from the DT
 * @state: state being entered (0: none of ours)
 * @t0: local_clock() at its entry
 * @exits: exits from state i + 1
 * @wait_ns: guest time those exits halted for
 *
 * Written only by the CPU itself, in its idle path (IRQs off); debugfs
 * reads the counters from any CPU (READ_ONCE/WRITE_ONCE, no ordering).
 */
struct tb_idle {
	u64		entry_ns[TB_IDLE_MAX];
	u64		exit_ns[TB_IDLE_MAX];
	unsigned int	nr;
	unsigned int	state;
	u64		t0;
	u64		exits[TB_IDLE_MAX];
	u64		wait_ns[TB_IDLE_MAX];
};

static DEFINE_PER_CPU(struct tb_idle, tb_idle);

static bool idle_latency = true;
module_param(idle_latency, bool, 0444);
MODULE_PARM_DESC(idle_latency, "leaving an idle state of the DT takes its exit latency (and the rest of its entry latency) in guest time, as on the H3 (default: yes)");

/*
 * The share of the DT's latencies an exit costs. The DT's figures are worst
 * cases (the idle-states binding), and no exit time of an H3 core is
 * published: 13 % is what silicon of its generation was measured to take,
 * RK3399 (A72 + A53) leaving states whose DT figures are 370 and 900 us in
 * about 50 and 100 us on average (C. Loehle, "[RFT PATCH 0/8] cpufreq:
 * cpuidle: Remove iowait behaviour", linux-pm, 2024-09-05): 13.5 and 11 %.
 * An assumption with that source, not fitted (scripts/testbed/README.md,
 * "Idle states").
 */
static unsigned int idle_exit_pct = 13;

static int tb_set_idle_exit_pct(const char *val, const struct kernel_param *kp)
{
	unsigned int v;
	int ret = kstrtouint(val, 10, &v);

	if (ret || v > 100) {
		pr_err("idle_exit_pct=%s: not 0..100\n", val);
		return -EINVAL;
	}
	return param_set_uint(val, kp);
}

static const struct kernel_param_ops tb_idle_exit_pct_ops = {
	.set	= tb_set_idle_exit_pct,
	.get	= param_get_uint,
};
module_param_cb(idle_exit_pct, &tb_idle_exit_pct_ops, &idle_exit_pct, 0444);
MODULE_PARM_DESC(idle_exit_pct, "an exit costs this share of the DT's worst-case latencies, % (0..100, default 13, RK3399's measured share)");

static bool tb_idle_probed;

static void tb_idle_probe(void *data, unsigned int state, unsigned int cpu)
{
	struct tb_idle *t = this_cpu_ptr(&tb_idle);
	struct cpuidle_driver *drv;
	unsigned int i;
	u64 ran, wait;

	if (state != PWR_EVENT_EXIT) {
		drv = cpuidle_get_driver();
		t->state = drv && state && state <= t->nr && state < drv->state_count ? state : 0;
		t->t0 = local_clock();
		return;
	}
	if (!t->state)
		return;
	i = t->state - 1;
	t->state = 0;
	ran = local_clock() - t->t0;
	wait = t->exit_ns[i] + (ran < t->entry_ns[i] ? t->entry_ns[i] - ran : 0);
	wait = div_u64(wait * READ_ONCE(idle_exit_pct), 100);
	if (!wait)
		return;
	tb_halt_until(wait, true);
	WRITE_ONCE(t->exits[i], t->exits[i] + 1);
	WRITE_ONCE(t->wait_ns[i], t->wait_ns[i] + wait);
}

/* Read each CPU's cpu-idle-states; return how many CPUs have any. */
static unsigned int tb_idle_read_dt(void)
{
	unsigned int cpu, found = 0;

	for_each_possible_cpu(cpu) {
		struct tb_idle *t = per_cpu_ptr(&tb_idle, cpu);
		struct device_node *np = of_get_cpu_node(cpu, NULL), *st;
		u32 entry, exit;

		while (np && t->nr < TB_IDLE_MAX &&
		       (st = of_parse_phandle(np, "cpu-idle-states", t->nr))) {
			if (of_property_read_u32(st, "entry-latency-us", &entry) ||
			    of_property_read_u32(st, "exit-latency-us", &exit)) {
				/* Only the sum is known: all of it is exit. */
				entry = 0;
				if (of_property_read_u32(st, "wakeup-latency-us", &exit))
					exit = 0;
			}
			of_node_put(st);
			t->entry_ns[t->nr] = (u64)entry * NSEC_PER_USEC;
			t->exit_ns[t->nr] = (u64)exit * NSEC_PER_USEC;
			t->nr++;
		}
		of_node_put(np);
		if (t->nr)
			found++;
	}
	return found;
}

static int tb_idle_show(struct seq_file *m, void *unused)
{
	unsigned int cpu, i;

	for_each_possible_cpu(cpu) {
		const struct tb_idle *t = per_cpu_ptr(&tb_idle, cpu);

		seq_printf(m, "cpu%u", cpu);
		for (i = 0; i < t->nr; i++)
			seq_printf(m, " state%u:entry_us=%llu,exit_us=%llu,exits=%llu,wait_us=%llu",
				   i + 1, div_u64(t->entry_ns[i], NSEC_PER_USEC),
				   div_u64(t->exit_ns[i], NSEC_PER_USEC), READ_ONCE(t->exits[i]),
				   div_u64(READ_ONCE(t->wait_ns[i]), NSEC_PER_USEC));
		seq_putc(m, '\n');
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tb_idle);

static int tb_idle_start(void)
{
	int ret;

	/* debugfs idle lists the DT's states whether or not they are used. */
	if (!tb_idle_read_dt() || !idle_latency || !IS_ENABLED(CONFIG_CPU_IDLE))
		return 0;
	tb_gic_map();
	ret = register_trace_cpu_idle(tb_idle_probe, NULL);
	if (ret) {
		tb_gic_unmap();
		return ret;
	}
	tb_idle_probed = true;
	return 0;
}

static void tb_idle_stop(void)
{
	if (!tb_idle_probed)
		return;
	unregister_trace_cpu_idle(tb_idle_probe, NULL);
	tracepoint_synchronize_unregister();
	tb_gic_unmap();
}

/*
 * Wait until local_clock() passes @t0 + @wait_ns, IRQs off. With halt=1
 * (the default) the CPU halts: the virtual timer is pointed at the end of
 * the wait and WFI waits for it (tb_halt_until()), so the vCPU executes
 * nothing meanwhile. Under QEMU's single-threaded -icount the guest clock
 * advances with the instructions every vCPU executes, so a wait that
 * executes instructions takes guest time from every other CPU: one CPU
 * slowed by its frequency would slow the others too. With halt=0 the wait
 * is that spin: a plain loop calibrated at load (tb_emu_loops_per_us) and
 * checked against the clock every TB_EMU_CHUNK_NS at most (under -icount
 * a clock read ends the translated block, so polling it alone made the
 * wait cost the host ten times the guest time it stands for).
 */
#define TB_EMU_CHUNK_NS		(5 * NSEC_PER_USEC)
static unsigned long tb_emu_loops_per_us;

static bool halt = true;
module_param(halt, bool, 0444);
MODULE_PARM_DESC(halt, "emulation waits halt the CPU instead of spinning (default: yes)");

static void tb_emu_wait(u64 t0, u64 wait_ns)
{
	u64 now;

	if (!wait_ns)
		return;
	if (halt) {
		tb_halt_until(wait_ns - min(local_clock() - t0, wait_ns), false);
		return;
	}
	while ((now = local_clock()) - t0 < wait_ns) {
		u64 chunk = min_t(u64, wait_ns - (now - t0), TB_EMU_CHUNK_NS);

		tb_loop(max_t(u64, div_u64(chunk * tb_emu_loops_per_us, NSEC_PER_USEC), 1));
	}
}

/* Only wakes the halt of tb_emu_halt_irqs_on(). */
static enum hrtimer_restart tb_emu_end(struct hrtimer *timer)
{
	return HRTIMER_NORESTART;
}

/*
 * tb_emu_halt_irqs_on - halt this CPU for up to @wait_ns, taking every
 * interrupt as it comes; called and returns with IRQs off. The end is a
 * hard hrtimer of ours (the kernel's clock event device is left alone, as
 * an interrupt handler may reprogram it meanwhile); WFI runs with IRQs
 * masked and wakes on a pending one, which is then taken, as the idle loop
 * does, so a wake-up between the check and WFI is not slept through. It
 * stops early when the interrupts left a task to switch to or a softirq to
 * run: neither can run while this one halts. Returns the wait not served.
 */
static u64 tb_emu_halt_irqs_on(struct tb_emu *e, u64 wait_ns)
{
	ktime_t end = ktime_add_ns(ktime_get(), wait_ns);
	s64 left;

	hrtimer_start(&e->end, end, HRTIMER_MODE_ABS_PINNED_HARD);
	while (!need_resched() && !local_softirq_pending() &&
	       ktime_before(ktime_get(), end)) {
		wfi();
		local_irq_enable();
		local_irq_disable();
	}
	hrtimer_try_to_cancel(&e->end);
	left = ktime_to_ns(ktime_sub(end, ktime_get()));
	return left > 0 ? left : 0;
}

/*
 * emu_mode=debt: add @ns to the CPU's debt, owed by @task. There is one
 * slot: the debt goes with whichever task added more of it, so a task
 * that runs briefly (a woken RT task) hands its little on to the one it
 * preempted rather than pay that one's. Compared with the owner's own
 * share, not the total: else a brief task that took the slot when it was
 * empty kept it while the busy one's rests piled up under it, and paid
 * them all at once when it next ran (7-8 ms for cyclictest on the 5.10
 * and 7.3 boards).
 */
static void tb_emu_add_debt(struct tb_emu *e, struct task_struct *task, u64 ns)
{
	if (!ns)
		return;
	if (e->debt_task == task) {
		e->debt_own_ns += ns;
	} else if (ns > e->debt_own_ns) {
		e->debt_task = task;
		e->debt_own_ns = ns;
	}
	e->debt_ns = min_t(u64, e->debt_ns + ns, TB_EMU_MAX_DEBT_NS);
}

/*
 * emu_mode=debt and task: the wait of a tick, IRQs off. current pays its
 * run since it was switched in (@owed_ns), and the debt if it is
 * current's. In task mode the debt is mostly what tasks left unpaid when
 * they left the CPU (hgov_emu_pay_take()), and any task but a realtime
 * one pays it: a busy task preempted while it pays owes little of its
 * own, so the slot went to a woken RT task, which then paid the whole
 * pile in its next wake-up (cyclictest on an A53 at 800 MHz on the
 * preemptible 7.3 board: p99 284 us, max 4.5 ms; now 18 and 38 us). A
 * realtime task runs at the top under schedutil, and on silicon it does
 * not wait for the slowness of the task it preempted.
 */
static void tb_emu_wait_debt(struct tb_emu *e, u64 owed_ns)
{
	u64 wait_ns = owed_ns, left;

	if (tb_emu_mode == TB_EMU_TASK ? current->prio >= MAX_RT_PRIO :
	    e->debt_task == current) {
		wait_ns += e->debt_ns;
		e->debt_ns = 0;
		e->debt_own_ns = 0;
	}
	if (!wait_ns)
		return;
	if (tb_emu_mode == TB_EMU_TASK && hgov_emu_pay_charge(wait_ns))
		return;
	left = tb_emu_halt_irqs_on(e, wait_ns);
	tb_emu_add_debt(e, current, left);
}

/* Start a native run at @now. */
static void tb_emu_run_start(struct tb_emu *e, u64 now)
{
	e->run_start = now;
	if (tb_emu_mode == TB_EMU_TASK)
		e->run_halted = hgov_emu_pay_halted();
}

/* The native run since tb_emu_run_start(), without emu_mode=task's halts. */
static u64 tb_emu_ran(struct tb_emu *e, u64 now)
{
	u64 ran = now - e->run_start, halted;

	/* Only emu_mode=task halts in task context. */
	if (tb_emu_mode != TB_EMU_TASK)
		return ran;
	halted = hgov_emu_pay_halted() - e->run_halted;
	return ran > halted ? ran - halted : 0;
}

/* Softirq, IRQs on: off here, as the probes run with them off. */
static enum hrtimer_restart tb_emu_tick(struct hrtimer *timer)
{
	struct tb_emu *e = this_cpu_ptr(&tb_emu);
	unsigned int cpu = smp_processor_id();
	unsigned long flags;
	u64 wait_ns, t0;

	local_irq_save(flags);
	/* Idle since the probe last looked, or migrated here by hotplug. */
	if (timer != &e->timer || is_idle_task(current) || !e->online) {
		if (timer == &e->timer)
			e->armed = false;
		local_irq_restore(flags);
		return HRTIMER_NORESTART;
	}
	t0 = local_clock();
	tb_emu_account(cpu, e, t0);
	if (tb_emu_mode != TB_EMU_MASKED) {
		tb_emu_wait_debt(e, tb_emu_owed_ns(cpu, e, tb_emu_ran(e, t0)));
	} else {
		wait_ns = e->debt_ns + tb_emu_owed_ns(cpu, e, tb_emu_ran(e, t0));
		e->debt_ns = 0;
		tb_emu_wait(t0, wait_ns);
	}
	tb_emu_run_start(e, local_clock());
	hrtimer_forward_now(timer, ns_to_ktime(tb_emu_run_ns(cpu, e)));
	local_irq_restore(flags);
	return HRTIMER_RESTART;
}

/* sched_switch: rq lock held, IRQs off, on the switching CPU. */
static void tb_emu_switch(TB_SCHED_SWITCH_PROTO(prev, next))
{
	struct tb_emu *e = this_cpu_ptr(&tb_emu);
	unsigned int cpu = smp_processor_id();
	u64 now = local_clock();

	if (e->busy != !is_idle_task(next)) {
		tb_emu_account(cpu, e, now);
		e->busy = !is_idle_task(next);
	}
	if (is_idle_task(next)) {
		if (e->armed && hrtimer_try_to_cancel(&e->timer) >= 0) {
			e->armed = false;
			if (tb_emu_mode != TB_EMU_MASKED)
				tb_emu_add_debt(e, prev,
						tb_emu_owed_ns(cpu, e, tb_emu_ran(e, now)));
			else
				e->debt_ns = min_t(u64, e->debt_ns +
						   tb_emu_owed_ns(cpu, e, tb_emu_ran(e, now)),
						   TB_EMU_PERIOD_NS);
		}
	} else if (!e->armed && READ_ONCE(e->online)) {
		e->armed = true;
		tb_emu_run_start(e, now);
		hrtimer_start(&e->timer,
			      ns_to_ktime(e->debt_ns ? 0 : tb_emu_run_ns(cpu, e)),
			      HRTIMER_MODE_REL_PINNED_SOFT);
	} else if (tb_emu_mode != TB_EMU_MASKED && e->armed && !is_idle_task(prev)) {
		/* The run so far was prev's: its debt, not next's to pay. */
		tb_emu_add_debt(e, prev, tb_emu_owed_ns(cpu, e, tb_emu_ran(e, now)));
		tb_emu_run_start(e, now);
	}
	/*
	 * emu_mode=task: what prev has not paid yet, it owes as the CPU's
	 * debt, not on its next return to user space (hgov_emu_pay_take()).
	 */
	if (tb_emu_mode == TB_EMU_TASK && !is_idle_task(prev))
		tb_emu_add_debt(e, prev, hgov_emu_pay_take(prev));
}

/* Hotplug, on the CPU itself (CPUHP_AP_ONLINE_DYN). */
static int tb_emu_online(unsigned int cpu)
{
	struct tb_emu *e = this_cpu_ptr(&tb_emu);

	local_irq_disable();
	e->armed = false;
	e->debt_ns = 0;
	e->debt_task = NULL;
	e->debt_own_ns = 0;
	e->busy = false;
	e->irq_depth = 0;
	e->irq_debt_ns = 0;
	WRITE_ONCE(e->online, true);
	local_irq_enable();
	return 0;
}

static int tb_emu_offline(unsigned int cpu)
{
	struct tb_emu *e = this_cpu_ptr(&tb_emu);

	local_irq_disable();
	WRITE_ONCE(e->online, false);
	tb_emu_account(cpu, e, local_clock());
	e->busy = false;
	local_irq_enable();
	/* No probe arms it again: @online is clear on this CPU. */
	hrtimer_cancel(&e->timer);
	e->armed = false;
	return 0;
}

/*
 * Interrupt and softirq work on an idle CPU: no timer runs there, so the
 * outermost handler's run is timed by these probes and its wait paid
 * when it ends. On a CPU that is not idle the timer already covers it.
 * Hard IRQ (IRQs off) or softirq (IRQs on, hence the save); the state is
 * the CPU's own.
 */
static void tb_emu_irq_begin(void)
{
	struct tb_emu *e;
	unsigned long flags;

	local_irq_save(flags);
	e = this_cpu_ptr(&tb_emu);
	if (!e->busy && e->online && !e->irq_depth++)
		e->irq_start = local_clock();
	local_irq_restore(flags);
}

/* End of a handler on an idle CPU: @hard is a hard IRQ handler's. */
static void tb_emu_irq_end(bool hard)
{
	struct tb_emu *e;
	unsigned long flags;
	unsigned int cpu;
	u64 t0, ran, wait_ns;

	local_irq_save(flags);
	e = this_cpu_ptr(&tb_emu);
	if (!e->irq_depth || --e->irq_depth || e->busy) {
		local_irq_restore(flags);
		return;
	}
	cpu = smp_processor_id();
	t0 = local_clock();
	ran = t0 - e->irq_start;
	wait_ns = min_t(u64, e->irq_debt_ns + tb_emu_owed_ns(cpu, e, ran), TB_EMU_MAX_RUN_NS);
	if (hard) {
		e->irq_debt_ns = wait_ns;
		if (wait_ns)
			tasklet_hi_schedule(&e->pay);
	} else {
		e->irq_debt_ns = 0;
		tb_emu_wait(t0, wait_ns);
		ran += wait_ns;
	}
	tb_emu_add_busy(cpu, e, ran);
	local_irq_restore(flags);
}

/* The wait is paid by tb_emu_irq_end() at this softirq's end. */
static void tb_emu_pay(struct tasklet_struct *t)
{
}

static void tb_emu_irq_entry(void *data, int irq, struct irqaction *action)
{
	tb_emu_irq_begin();
}

static void tb_emu_irq_exit(void *data, int irq, struct irqaction *action, int ret)
{
	tb_emu_irq_end(true);
}

static void tb_emu_softirq_entry(void *data, unsigned int vec_nr)
{
	tb_emu_irq_begin();
}

static void tb_emu_softirq_exit(void *data, unsigned int vec_nr)
{
	tb_emu_irq_end(false);
}

/*
 * The emulation's probes, registered in this order (sched_switch last: it
 * arms the timers) and unregistered in the reverse.
 */
static struct tb_probe {
	const char		*name;
	void			*probe;
	struct tracepoint	*tp;
} tb_probes[] = {
	{ "irq_handler_entry",	tb_emu_irq_entry },
	{ "irq_handler_exit",	tb_emu_irq_exit },
	{ "softirq_entry",	tb_emu_softirq_entry },
	{ "softirq_exit",	tb_emu_softirq_exit },
	{ "sched_switch",	tb_emu_switch },
};

static void tb_find_tracepoints(struct tracepoint *tp, void *unused)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(tb_probes); i++)
		if (!strcmp(tp->name, tb_probes[i].name))
			tb_probes[i].tp = tp;
}

/* Unregister the first @n probes, last first. */
static void tb_unregister_probes(unsigned int n)
{
	while (n--)
		tracepoint_probe_unregister(tb_probes[n].tp, tb_probes[n].probe, NULL);
	tracepoint_synchronize_unregister();
}

/* Loops of tb_loop() per microsecond, from a 10000-loop run. */
static void tb_emu_calibrate(void)
{
	tb_emu_loops_per_us = tb_loops_per_us(10000);
	pr_info("emulate: %lu loops per us\n", tb_emu_loops_per_us);
}

static int tb_emu_start(void)
{
	unsigned int cpu, i;
	int ret;

	if (tb_emu_mode != TB_EMU_MASKED && !halt) {
		pr_err("emulate: emu_mode=%s halts, it cannot spin (halt=0)\n",
		       tb_emu_mode_names[tb_emu_mode]);
		return -EINVAL;
	}
	tb_emu_calibrate();
	pr_info("emulate: emu_mode=%s\n", tb_emu_mode_names[tb_emu_mode]);

	for_each_possible_cpu(cpu) {
		struct tb_emu *e = per_cpu_ptr(&tb_emu, cpu);

		tb_hrtimer_setup(&e->timer, tb_emu_tick, CLOCK_MONOTONIC,
				 HRTIMER_MODE_REL_PINNED_SOFT);
		tb_hrtimer_setup(&e->end, tb_emu_end, CLOCK_MONOTONIC,
				 HRTIMER_MODE_ABS_PINNED_HARD);
		tasklet_setup(&e->pay, tb_emu_pay);
		e->dmips = tb_cluster_of(cpu)->dmips;
	}
	for_each_kernel_tracepoint(tb_find_tracepoints, NULL);
	for (i = 0; i < ARRAY_SIZE(tb_probes); i++) {
		if (!tb_probes[i].tp) {
			pr_err("emulate: no %s tracepoint\n", tb_probes[i].name);
			return -ENOENT;
		}
	}
	ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "hgov_testbed:emu",
				tb_emu_online, tb_emu_offline);
	if (ret < 0)
		return ret;
	tb_emu_hp_state = ret;
	for (i = 0; i < ARRAY_SIZE(tb_probes); i++) {
		ret = tracepoint_probe_register(tb_probes[i].tp, tb_probes[i].probe, NULL);
		if (ret) {
			tb_unregister_probes(i);
			cpuhp_remove_state(tb_emu_hp_state);
			return ret;
		}
	}
	return 0;
}

static void tb_emu_stop(void)
{
	unsigned int cpu;

	tb_unregister_probes(ARRAY_SIZE(tb_probes));
	/* Runs the offline callbacks: every online CPU's timer cancelled. */
	cpuhp_remove_state(tb_emu_hp_state);
	for_each_possible_cpu(cpu) {
		hrtimer_cancel(&per_cpu(tb_emu, cpu).timer);
		hrtimer_cancel(&per_cpu(tb_emu, cpu).end);
		tasklet_kill(&per_cpu(tb_emu, cpu).pay);
	}
}

static ssize_t tb_self_util_read(struct file *file, char __user *buf,
				 size_t len, loff_t *ppos)
{
	char txt[24];
	int n;

	n = scnprintf(txt, sizeof(txt), "%lu\n", READ_ONCE(current->se.avg.util_avg));
	return simple_read_from_buffer(buf, len, ppos, txt, n);
}

static const struct file_operations tb_self_util_fops = {
	.owner	= THIS_MODULE,
	.read	= tb_self_util_read,
	.llseek	= default_llseek,
};

/* "busy": per CPU, "cpuN KHZ:NS ..." time not idle at each OPP (emulate=1). */
static int tb_busy_show(struct seq_file *m, void *unused)
{
	unsigned int cpu, i;

	for_each_possible_cpu(cpu) {
		const struct cpufreq_frequency_table *t = tb_table(cpu);
		const struct tb_emu *e = per_cpu_ptr(&tb_emu, cpu);

		seq_printf(m, "cpu%u", cpu);
		for (i = 0; t[i].frequency != CPUFREQ_TABLE_END; i++)
			seq_printf(m, " %u:%llu", t[i].frequency, READ_ONCE(e->busy_ns[i]));
		seq_putc(m, '\n');
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tb_busy);

static struct dentry *tb_debugfs;

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

static void tb_register_em(struct cpufreq_policy *policy);

static int tb_init(struct cpufreq_policy *policy)
{
	const struct tb_cluster *c = tb_cluster_of(policy->cpu);
	unsigned int cpu;

	policy->freq_table = c->table;
	policy->cpuinfo.transition_latency = tb_soc->latency_ns;
	policy->fast_switch_possible = fast_switch;
	policy->dvfs_possible_from_any_cpu = true;
	for_each_possible_cpu(cpu)
		if (tb_same_cluster(cpu, policy->cpu))
			cpumask_set_cpu(cpu, policy->cpus);
	/* Boot at the highest non-boost OPP, as the R-Car bootloader leaves it. */
	tb_record(policy, c->boot_khz);
	if (TB_REGISTER_EM_IN_INIT)
		tb_register_em(policy);
	return 0;
}

static const struct tb_em *tb_em_of(unsigned int cpu)
{
	return &tb_cluster_of(cpu)->em;
}

/*
 * EM callback: the lowest OPP of @dev's cluster at or above *@khz, and its
 * power in the model's unit (C * mV^2 * MHz / TB_EM_POWER_DIV, as the OPP
 * library has it).
 */
static int tb_em_power(TB_EM_POWER_PROTO(dev, power, khz))
{
	const struct tb_em *em = tb_em_of(dev->id);
	unsigned int i;

	for (i = 0; i < em->nr; i++) {
		const struct tb_opp_volt *o = &em->volt[i];

		if (o->khz < *khz)
			continue;
		*khz = o->khz;
		*power = div_u64((u64)em->coeff * o->mv * o->mv * (o->khz / 1000),
				 TB_EM_POWER_DIV);
		return 0;
	}
	return -EINVAL;
}

/*
 * Mark what the energy model marks inefficient when it is registered, for
 * the cpufreq core to skip under schedutil: an OPP whose energy per cycle
 * (C * V^2) a faster OPP matches, i.e. one with no lower voltage. On H3
 * that is A57 500 and 1000 MHz and A53 800 and 1000 MHz.
 */
static void tb_mark_inefficient(struct cpufreq_policy *policy)
{
	const struct tb_em *em = tb_em_of(policy->cpu);
	unsigned int i, j;

	for (i = 0; i < em->nr; i++) {
		for (j = i + 1; j < em->nr; j++) {
			if (em->volt[j].mv <= em->volt[i].mv) {
				tb_set_inefficient(policy, em->volt[i].khz);
				break;
			}
		}
	}
}

/*
 * One perf domain per cluster, as cpufreq-dt registers it from the DT on
 * R-Car H3; with it and schedutil the scheduler runs EAS. A CPU's energy
 * model cannot be unregistered: after a reload of this driver the kernel
 * keeps the first one (-EEXIST), which has the same numbers, but no longer
 * tells the new policy which OPPs are inefficient; this driver does.
 */
static void tb_register_em(struct cpufreq_policy *policy)
{
	struct em_data_callback em_cb = EM_DATA_CB(tb_em_power);
	int ret;

	if (!em)
		return;
	/* From ->init() (before 5.17) related_cpus is not set yet. */
	ret = tb_em_register(get_cpu_device(policy->cpu), tb_em_of(policy->cpu)->nr,
			     &em_cb, TB_REGISTER_EM_IN_INIT ? policy->cpus :
			     policy->related_cpus);
	if (ret == -EEXIST)
		tb_mark_inefficient(policy);
	else if (ret)
		pr_warn("policy%u: no energy model (error %d)\n", policy->cpu, ret);
}

static struct cpufreq_driver tb_driver = {
	.name		= "hgov-testbed",
	.flags		= CPUFREQ_NEED_INITIAL_FREQ_CHECK,
	.verify		= cpufreq_generic_frequency_table_verify,
	.target_index	= tb_target_index,
	.fast_switch	= tb_fast_switch,
	.get		= tb_get,
	.init		= tb_init,
	TB_REGISTER_EM_OP(tb_register_em)
	TB_SET_BOOST_OP
	.attr		= TB_DRIVER_ATTRS,
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
	ret = tb_enable_boost();
	if (ret)
		pr_warn("no boost support (error %d)\n", ret);
	tb_debugfs = debugfs_create_dir(KBUILD_MODNAME, NULL);
	debugfs_create_file("self_util", 0444, tb_debugfs, NULL, &tb_self_util_fops);
	debugfs_create_file("busy", 0444, tb_debugfs, NULL, &tb_busy_fops);
	debugfs_create_file("idle", 0444, tb_debugfs, NULL, &tb_idle_fops);
	debugfs_create_bool("irq_time", 0444, tb_debugfs, &tb_irq_time);
	ret = tb_idle_start();
	if (ret) {
		pr_err("cannot add idle states' latencies (error %d)\n", ret);
		goto fail;
	}
	if (emulate) {
		ret = tb_emu_start();
		if (ret) {
			pr_err("cannot emulate frequencies (error %d)\n", ret);
			tb_idle_stop();
			goto fail;
		}
	}
	return 0;
fail:
	debugfs_remove(tb_debugfs);
	cpufreq_unregister_driver(&tb_driver);
	return ret;
}
module_init(tb_module_init);

static void __exit tb_module_exit(void)
{
	debugfs_remove(tb_debugfs);
	if (emulate)
		tb_emu_stop();
	tb_idle_stop();
	cpufreq_unregister_driver(&tb_driver);
}
module_exit(tb_module_exit);

MODULE_DESCRIPTION("Test-bed cpufreq driver of the virtual R-Car H3 board");
MODULE_LICENSE("GPL");
