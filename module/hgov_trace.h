/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace events of the hybrid governor: one per decision, with its reason.
 * Frequency residency is in cpufreq_stats (policyN/stats/time_in_state).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM hybrid

#if !defined(HGOV_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define HGOV_TRACE_H

#include <linux/tracepoint.h>

#include "module/compat.h"

/*
 * hybrid_pin - a policy is pinned at policy->max, or released, because of
 * storage I/O (@reason: io, hold, released, watchdog, disabled, not-big),
 * @disk being the disk with the latest request in flight.
 */
TRACE_EVENT(hybrid_pin,
	TP_PROTO(unsigned int cpu, bool pin, const char *reason,
		 const char *disk, unsigned int inflight),
	TP_ARGS(cpu, pin, reason, disk, inflight),
	TP_STRUCT__entry(
		__field(unsigned int, cpu)
		__field(bool, pin)
		__string(reason, reason)
		__string(disk, disk)
		__field(unsigned int, inflight)
	),
	TP_fast_assign(
		__entry->cpu = cpu;
		__entry->pin = pin;
		hgov_assign_str(reason, reason);
		hgov_assign_str(disk, disk);
		__entry->inflight = inflight;
	),
	TP_printk("policy=%u pin=%d reason=%s disk=%s inflight=%u",
		  __entry->cpu, __entry->pin, __get_str(reason),
		  __get_str(disk), __entry->inflight)
);

/*
 * hybrid_freq - a frequency decision: @util of the busiest CPU asked for
 * @target_khz, resolved within the limits to @khz; @pinned if storage I/O
 * pinned the policy at policy->max instead.
 */
TRACE_EVENT(hybrid_freq,
	TP_PROTO(unsigned int cpu, unsigned long util, unsigned int target_khz,
		 unsigned int khz, bool pinned),
	TP_ARGS(cpu, util, target_khz, khz, pinned),
	TP_STRUCT__entry(
		__field(unsigned int, cpu)
		__field(unsigned long, util)
		__field(unsigned int, target_khz)
		__field(unsigned int, khz)
		__field(bool, pinned)
	),
	TP_fast_assign(
		__entry->cpu = cpu;
		__entry->util = util;
		__entry->target_khz = target_khz;
		__entry->khz = khz;
		__entry->pinned = pinned;
	),
	TP_printk("policy=%u util=%lu target=%u khz=%u reason=%s",
		  __entry->cpu, __entry->util, __entry->target_khz,
		  __entry->khz, __entry->pinned ? "pin" : "util")
);

#endif /* HGOV_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE hgov_trace
#include <trace/define_trace.h>
