/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Data shared by the KUnit suites.
 */
#ifndef HGOV_KUNIT_TABLES_H
#define HGOV_KUNIT_TABLES_H

#include <linux/cpufreq.h>

/* r8a77951 A57 OPPs; 1600 and 1700 MHz are turbo (boost) OPPs. */
static const struct cpufreq_frequency_table h3_a57[] = {
	{ .frequency = 500000 },
	{ .frequency = 1000000 },
	{ .frequency = 1500000 },
	{ .flags = CPUFREQ_BOOST_FREQ, .frequency = 1600000 },
	{ .flags = CPUFREQ_BOOST_FREQ, .frequency = 1700000 },
	{ .frequency = CPUFREQ_TABLE_END },
};

#endif /* HGOV_KUNIT_TABLES_H */
