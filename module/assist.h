/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Schedutil assist: the storage I/O pin as a frequency-QoS floor, for
 * policies that hybrid does not govern.
 */
#ifndef HGOV_MODULE_ASSIST_H
#define HGOV_MODULE_ASSIST_H

#include <linux/types.h>

struct cpufreq_policy;

void hgov_assist_standby(struct cpufreq_policy *policy, bool standby);
int hgov_assist_init(void);
void hgov_assist_exit(void);

#endif /* HGOV_MODULE_ASSIST_H */
