// SPDX-License-Identifier: GPL-2.0
/*
 * Emulation waits paid in task context, for hgov_testbed emu_mode=task.
 *
 * With IRQ_TIME_ACCOUNTING=y (arm64 defconfig, and every R-Car kernel),
 * time spent in a softirq is interrupt time: the emulation's waits, made
 * in its softirq hrtimer, would leave the task's PELT utilization, and
 * schedutil would see a slow CPU's task as lighter than it is. Here the
 * timer hands the wait to the interrupted user task instead:
 * task_work_add(TWA_RESUME) queues a callback that halts the CPU, IRQs on,
 * when the task next returns to user space, so the wait is that task's
 * running time. Kernel threads never return to user space; the test bed
 * keeps waiting in the timer for them.
 *
 * A queued callback runs whenever its task next returns to user space,
 * possibly after hgov_testbed has been unloaded and loaded again: so it
 * lives here, in a module without an exit function, which the kernel
 * never unloads.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/sched/task_stack.h>
#include <linux/slab.h>
#include <linux/task_work.h>

#include "compat.h"
#include "hgov_emu_pay.h"

/**
 * struct tb_pay - a task's waits queued from one CPU
 * @cb: its task_work, then its RCU head once the callback has started
 * @task: the task that pays
 * @ns: the wait still to pay
 * @cpu: the CPU whose slot points at it
 *
 * @ns grows only from @cpu's emulation timer while @task is current there,
 * and is taken by the callback in @task's context with IRQs off, or by
 * hgov_emu_pay_take() when @task leaves @cpu: all of them on the same CPU
 * whenever two can happen.
 */
struct tb_pay {
	struct callback_head	cb;
	struct task_struct	*task;
	u64			ns;
	unsigned int		cpu;
};

/*
 * Per CPU: the record queued last from this CPU, so that the timer's
 * next charge to the same task adds to it. Set by the CPU's emulation
 * timer (softirq, IRQs off); cleared by the callback with cmpxchg() from
 * whichever CPU its task runs on. Read under RCU (the timer's IRQs-off
 * section); records are freed with kfree_rcu().
 */
static DEFINE_PER_CPU(struct tb_pay *, tb_pay_last);
/* Wakes a halt at its end; per CPU, used with preemption off. */
static DEFINE_PER_CPU(struct hrtimer, tb_pay_end);

/*
 * Per CPU, the guest time it has halted here, and since when it is
 * halting (0: not): the emulation must not count a halt as a native run,
 * or each wait would owe another. Nor its own path to the halt: @charged
 * is when the timer charged a task interrupted in user space (0: none,
 * or it was in a system call, whose rest up to the return is the task's
 * own work), and the time from then until the halt starts on this CPU
 * (the timer's exit, the return to user space, the callback) counts as
 * halted; a task switch in between cancels it (hgov_emu_pay_take()).
 * Written by this CPU with IRQs off; read by its own emulation timer.
 */
struct tb_pay_clock {
	u64	halted_ns;
	u64	since;
	u64	charged;
};

static DEFINE_PER_CPU(struct tb_pay_clock, tb_pay_clock);

/**
 * hgov_emu_pay_halted - guest time this CPU has halted paying waits
 *
 * Monotonic; IRQs off (the emulation timer and probes).
 */
u64 hgov_emu_pay_halted(void)
{
	struct tb_pay_clock *c = this_cpu_ptr(&tb_pay_clock);

	return c->halted_ns + (c->since ? local_clock() - c->since : 0);
}
EXPORT_SYMBOL_GPL(hgov_emu_pay_halted);

static enum hrtimer_restart tb_pay_end_fn(struct hrtimer *timer)
{
	return HRTIMER_NORESTART;
}

/*
 * Halt this CPU for @ns of guest time, IRQs on: each interrupt is taken as
 * it comes, and the halt yields to any task that must run (preemption is
 * off only while halted); the time halted is the current task's.
 */
static void tb_pay_halt(u64 ns)
{
	ktime_t end = ktime_add_ns(ktime_get(), ns);

	while (ktime_before(ktime_get(), end)) {
		struct tb_pay_clock *c;
		struct hrtimer *t;

		preempt_disable();
		t = this_cpu_ptr(&tb_pay_end);
		c = this_cpu_ptr(&tb_pay_clock);
		local_irq_disable();
		c->since = local_clock();
		hrtimer_start(t, end, HRTIMER_MODE_ABS_PINNED_HARD);
		while (!need_resched() && ktime_before(ktime_get(), end)) {
			wfi();
			local_irq_enable();
			local_irq_disable();
		}
		hrtimer_try_to_cancel(t);
		c->halted_ns += local_clock() - c->since;
		c->since = 0;
		local_irq_enable();
		preempt_enable();
		cond_resched();
	}
}

static void tb_pay_run(struct callback_head *cb)
{
	struct tb_pay *p = container_of(cb, struct tb_pay, cb);
	struct tb_pay_clock *c;
	unsigned long flags;
	u64 ns;

	local_irq_save(flags);
	cmpxchg(per_cpu_ptr(&tb_pay_last, p->cpu), p, NULL);
	ns = p->ns;
	p->ns = 0;
	c = this_cpu_ptr(&tb_pay_clock);
	if (c->charged && p->cpu == smp_processor_id())
		c->halted_ns += local_clock() - c->charged;
	c->charged = 0;
	local_irq_restore(flags);
	kfree_rcu(p, cb);
	tb_pay_halt(ns);
}

/**
 * hgov_emu_pay_charge - have current pay @ns on its return to user space
 * @ns: guest time to halt for
 *
 * Called by hgov_testbed's emulation timer, IRQs off. Returns false when
 * current cannot pay so (a kernel thread, an exiting task, no memory):
 * the caller waits itself.
 */
bool hgov_emu_pay_charge(u64 ns)
{
	struct tb_pay **slot = this_cpu_ptr(&tb_pay_last), *p;
	struct tb_pay_clock *c = this_cpu_ptr(&tb_pay_clock);
	u64 at;

	if (!ns)
		return true;
	if (current->flags & PF_KTHREAD)
		return false;
	at = in_syscall(task_pt_regs(current)) ? 0 : local_clock();
	p = READ_ONCE(*slot);
	if (p && p->task == current) {
		p->ns += ns;
		c->charged = at;
		return true;
	}
	p = kmalloc(sizeof(*p), GFP_ATOMIC);
	if (!p)
		return false;
	p->task = current;
	p->ns = ns;
	p->cpu = smp_processor_id();
	init_task_work(&p->cb, tb_pay_run);
	if (task_work_add(current, &p->cb, TWA_RESUME)) {
		kfree(p);
		return false;
	}
	WRITE_ONCE(*slot, p);
	c->charged = at;
	return true;
}
EXPORT_SYMBOL_GPL(hgov_emu_pay_charge);

/**
 * hgov_emu_pay_take - take back what @task has not paid yet from this CPU
 * @task: the task switched out
 *
 * Called by hgov_testbed's sched_switch probe (rq lock held, IRQs off) on
 * @task's CPU. A task that leaves the CPU before it returns to user space
 * would pay on its next return, after it next runs: for a task that blocks
 * that is after its next wake-up, which would then look late. The caller
 * carries what is taken as the CPU's debt instead; the queued callback
 * finds nothing to pay. Returns the guest time taken.
 */
u64 hgov_emu_pay_take(struct task_struct *task)
{
	struct tb_pay *p = READ_ONCE(*this_cpu_ptr(&tb_pay_last));
	u64 ns;

	this_cpu_ptr(&tb_pay_clock)->charged = 0;
	if (!p || p->task != task)
		return 0;
	ns = p->ns;
	p->ns = 0;
	return ns;
}
EXPORT_SYMBOL_GPL(hgov_emu_pay_take);

static int __init tb_pay_init(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		tb_hrtimer_setup(per_cpu_ptr(&tb_pay_end, cpu), tb_pay_end_fn,
				 CLOCK_MONOTONIC, HRTIMER_MODE_ABS_PINNED_HARD);
	return 0;
}
module_init(tb_pay_init);
/* No module_exit: a queued callback may run at any later time. */

MODULE_DESCRIPTION("Emulation waits paid in task context, for the virtual R-Car H3 board's test bed");
MODULE_LICENSE("GPL");
