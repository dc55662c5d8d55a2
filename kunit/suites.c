// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of cpufreq_hybrid: the test module. Each suite registers
 * itself at the bottom of its file; kernels before 6.0 allow one
 * kunit_test_suites() per module, so there it lists them all here.
 */

#include <kunit/test.h>
#include <linux/module.h>

#include "kunit/compat.h"
#include "kunit/suites.h"

#ifdef kunit_test_suites_for_module
kunit_test_suites(&hgov_freq_suite, &hgov_util_suite, &hgov_io_suite,
		  &hgov_live_suite);
#endif

HGOV_IMPORT_KUNIT_NS();
MODULE_DESCRIPTION("KUnit tests of cpufreq_hybrid");
MODULE_LICENSE("GPL");
