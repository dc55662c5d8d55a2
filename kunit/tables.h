/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Data shared by the KUnit suites.
 */
#ifndef HGOV_KUNIT_TABLES_H
#define HGOV_KUNIT_TABLES_H

#include <linux/bits.h>
#include <linux/compiler_attributes.h>
#include <linux/cpufreq.h>

/* r8a77951 A57 OPPs; 1600 and 1700 MHz are turbo (boost) OPPs. */
static const struct cpufreq_frequency_table h3_a57[] __maybe_unused = {
	{ .frequency = 500000 },
	{ .frequency = 1000000 },
	{ .frequency = 1500000 },
	{ .flags = CPUFREQ_BOOST_FREQ, .frequency = 1600000 },
	{ .flags = CPUFREQ_BOOST_FREQ, .frequency = 1700000 },
	{ .frequency = CPUFREQ_TABLE_END },
};

/*
 * The energy model's marks (CPUFREQ_INEFFICIENT_FREQ, 5.16+; the value it
 * has there on older kernels, where only these tables carry it).
 */
#ifdef CPUFREQ_INEFFICIENT_FREQ
#define HGOV_INEFF	CPUFREQ_INEFFICIENT_FREQ
#else
#define HGOV_INEFF	BIT(1)
#endif

/*
 * The same tables as the H3 energy model marks them: every A57 OPP up to
 * 1.5 GHz runs at 830 mV and every A53 OPP at 820 mV, so the lower ones
 * cost as much energy per cycle as the top one.
 */
static const struct cpufreq_frequency_table h3_a57_em[] __maybe_unused = {
	{ .flags = HGOV_INEFF, .frequency = 500000 },
	{ .flags = HGOV_INEFF, .frequency = 1000000 },
	{ .frequency = 1500000 },
	{ .flags = CPUFREQ_BOOST_FREQ, .frequency = 1600000 },
	{ .flags = CPUFREQ_BOOST_FREQ, .frequency = 1700000 },
	{ .frequency = CPUFREQ_TABLE_END },
};

static const struct cpufreq_frequency_table h3_a53_em[] __maybe_unused = {
	{ .flags = HGOV_INEFF, .frequency = 800000 },
	{ .flags = HGOV_INEFF, .frequency = 1000000 },
	{ .frequency = 1200000 },
	{ .frequency = CPUFREQ_TABLE_END },
};

#endif /* HGOV_KUNIT_TABLES_H */
