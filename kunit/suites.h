/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The suites of cpufreq_hybrid_test.ko, one per decision area, each defined
 * at the bottom of its file (HGOV_KUNIT_SUITE()).
 */
#ifndef HGOV_KUNIT_SUITES_H
#define HGOV_KUNIT_SUITES_H

#include <kunit/test.h>

extern struct kunit_suite hgov_freq_suite;
extern struct kunit_suite hgov_util_suite;
extern struct kunit_suite hgov_io_suite;
extern struct kunit_suite hgov_live_suite;

#endif /* HGOV_KUNIT_SUITES_H */
