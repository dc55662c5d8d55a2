/* SPDX-License-Identifier: GPL-2.0 */
/* hgov_emu_pay.c: emulation waits paid in task context (emu_mode=task). */
#ifndef HGOV_EMU_PAY_H
#define HGOV_EMU_PAY_H

#include <linux/types.h>

struct task_struct;

bool hgov_emu_pay_charge(u64 ns);
u64 hgov_emu_pay_halted(void);
u64 hgov_emu_pay_take(struct task_struct *task);

#endif
