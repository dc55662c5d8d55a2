/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Native CPU work for the test bed's modules: a plain loop, counted in
 * instructions rather than waited on the clock, so that under QEMU -icount
 * it costs guest time by what it executes, and the frequency emulation
 * stretches it like any other work.
 */
#ifndef TB_LOOP_H
#define TB_LOOP_H

#include <linux/irqflags.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/sched/clock.h>
#include <linux/time64.h>

static noinline void tb_loop(unsigned long loops)
{
	while (loops--)
		barrier();
}

/* Loops of tb_loop() per native microsecond, from @loops with IRQs off. */
static inline unsigned long tb_loops_per_us(unsigned long loops)
{
	unsigned long flags;
	u64 t0, ns;

	local_irq_save(flags);
	t0 = local_clock();
	tb_loop(loops);
	ns = local_clock() - t0;
	local_irq_restore(flags);
	return max_t(u64, div64_u64((u64)loops * NSEC_PER_USEC, max_t(u64, ns, 1)), 1);
}

#endif /* TB_LOOP_H */
