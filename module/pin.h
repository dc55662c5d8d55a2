/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Storage I/O pins (module/pin.c): the pins the detector kicks, their
 * evaluation by the pin rules, their counters.
 */
#ifndef HGOV_MODULE_PIN_H
#define HGOV_MODULE_PIN_H

#include <linux/list.h>
#include <linux/types.h>

#include "module/disk.h"

/* Default of io_hold_ms: the pin outlasts the last block event by 50 ms. */
#define HGOV_IO_HOLD_MS_DEFAULT	50
#define HGOV_IO_HOLD_MS_MAX	10000

struct dentry;
struct hgov_pin;

/**
 * struct hgov_pin_ops - how the detector reaches the owner of a pin
 * @kick: re-evaluate the pin soon; any context, the block probes' included
 * @eval: evaluate the pin now; process context
 */
struct hgov_pin_ops {
	void (*kick)(struct hgov_pin *pin);
	void (*eval)(struct hgov_pin *pin);
};

/**
 * struct hgov_pin - the storage I/O pin of one policy, whoever applies it:
 *	the hybrid governor (struct hgov_policy) or the schedutil assist
 *	(struct hgov_assist)
 * @ops: the owner's callbacks
 * @node: entry in the detector's list of pins (RCU)
 * @cpu: policy->cpu; names the pin's counters and trace events
 * @eval_any_cpu: @ops->eval may run on the CPU that issued the I/O
 * @want_kick: the detector should kick the pin when a disk goes busy
 *	(hgov_pin_wants_kick()); read locklessly by the probes
 * @kicked: a disk went busy since the last evaluation; set by the
 *	detector, read and cleared at once (xchg()) by the evaluation
 * @pinned: pinned now
 *
 * The owner serializes evaluations, and with them @pinned, with its own
 * lock.
 */
struct hgov_pin {
	const struct hgov_pin_ops	*ops;
	struct list_head		node;
	unsigned int			cpu;
	bool				eval_any_cpu;
	bool				want_kick;
	bool				kicked;
	bool				pinned;
};

bool hgov_pin_update(struct hgov_pin *pin, u64 now_ns,
		     const struct hgov_io_snapshot *snap, bool enabled, bool big,
		     u64 hold_ns, u64 *next_check_ns);
void hgov_pin_recheck(struct hgov_pin *pin, const struct hgov_io_snapshot *snap);
void hgov_pin_stop(struct hgov_pin *pin, u64 now_ns);
void hgov_io_add_pin(struct hgov_pin *pin);
void hgov_io_del_pin(struct hgov_pin *pin);
bool hgov_pins_busy(bool kick_owners);
void hgov_pins_eval(void);
bool hgov_storage_active(void);
int hgov_cpu_big(unsigned int cpu, bool *big);
int hgov_pin_init(void);
void hgov_pin_debugfs_init(struct dentry *dir);
void hgov_pin_exit(void);

#endif /* HGOV_MODULE_PIN_H */
