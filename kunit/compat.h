/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KUnit differences between the supported kernels (5.10 to 7.3), for the
 * suites only; the module's own are in module/compat.h. The suites are
 * written with the macros below instead of the newer KUnit ones.
 */
#ifndef HGOV_KUNIT_COMPAT_H
#define HGOV_KUNIT_COMPAT_H

#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/version.h>

#include "module/compat.h"

/*
 * Table-driven cases: HGOV_KUNIT_PARAMS(test, tbl, array, desc_member)
 * after the test function, HGOV_KUNIT_PARAM_CASE(test, tbl) in the case
 * array, hgov_kunit_param(test) for the entry under test.
 *
 * 5.11 brought parameterized cases (KUNIT_CASE_PARAM) and 6.2
 * KUNIT_ARRAY_PARAM_DESC(). On 5.10 one case runs the test on every entry
 * in turn, naming each entry in the log before it runs; the first failed
 * assertion ends the case, and kunit.py counts one result for the table.
 */
#ifdef KUNIT_CASE_PARAM

#ifndef KUNIT_ARRAY_PARAM_DESC
#define KUNIT_ARRAY_PARAM_DESC(name, array, desc_member)			\
	static const void *name##_gen_params(const void *prev, char *desc)	\
	{									\
		typeof(&(array)[0]) next = prev ?				\
			(typeof(next))prev + 1 : (array);			\
		if (next - (array) < ARRAY_SIZE(array)) {			\
			strscpy(desc, next->desc_member,			\
				KUNIT_PARAM_DESC_SIZE);				\
			return next;						\
		}								\
		return NULL;							\
	}
#endif

#define HGOV_KUNIT_PARAMS(test_fn, tbl, array, desc_member) \
	KUNIT_ARRAY_PARAM_DESC(tbl, array, desc_member)
#define HGOV_KUNIT_PARAM_CASE(test_fn, tbl) \
	KUNIT_CASE_PARAM(test_fn, tbl##_gen_params)
#define hgov_kunit_param(test)	((test)->param_value)

#else /* !KUNIT_CASE_PARAM: 5.10 */

#define HGOV_KUNIT_PARAMS(test_fn, tbl, array, desc_member)		\
	static void tbl##_all(struct kunit *test)			\
	{								\
		size_t i;						\
									\
		for (i = 0; i < ARRAY_SIZE(array); i++) {		\
			kunit_info(test, "%s\n", (array)[i].desc_member); \
			test->priv = (void *)&(array)[i];		\
			test_fn(test);					\
		}							\
	}
#define HGOV_KUNIT_PARAM_CASE(test_fn, tbl) \
	{ .run_case = tbl##_all, .name = #test_fn }
#define hgov_kunit_param(test)	((const void *)(test)->priv)

#endif /* KUNIT_CASE_PARAM */

/* KUNIT_ASSERT_NOT_NULL() appeared in 5.17. */
#ifndef KUNIT_ASSERT_NOT_NULL
#define KUNIT_ASSERT_NOT_NULL(test, ptr) \
	KUNIT_ASSERT_PTR_NE(test, (const void *)(ptr), (const void *)NULL)
#define KUNIT_ASSERT_NOT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_ASSERT_PTR_NE_MSG(test, (const void *)(ptr), (const void *)NULL, \
				fmt, ##__VA_ARGS__)
#endif

/*
 * Suites: HGOV_KUNIT_SUITE(suite) at the bottom of each file. Before 6.0
 * kunit_test_suites() defines the module's init function, so it can be
 * used once per module: kunit/suites.c lists every suite there instead.
 */
#ifdef kunit_test_suites_for_module
#define HGOV_KUNIT_SUITE(suite)
#else
#define HGOV_KUNIT_SUITE(suite) kunit_test_suites(&(suite))
#endif

/* Namespaces became string literals in 6.13. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define HGOV_IMPORT_KUNIT_NS() MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING")
#else
#define HGOV_IMPORT_KUNIT_NS() MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING)
#endif

#endif /* HGOV_KUNIT_COMPAT_H */
