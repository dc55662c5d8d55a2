/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-version differences, in one place. Every other file is written
 * against the newest kernel we support (6.12) and includes this header.
 */
#ifndef HGOV_COMPAT_H
#define HGOV_COMPAT_H

#include <linux/module.h>
#include <linux/version.h>

/* <kunit/visibility.h> appeared in 6.2. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
#include <kunit/visibility.h>
#endif

#ifndef VISIBLE_IF_KUNIT
#if IS_ENABLED(CONFIG_KUNIT)
#define VISIBLE_IF_KUNIT
#define EXPORT_SYMBOL_IF_KUNIT(symbol) \
	EXPORT_SYMBOL_NS(symbol, EXPORTED_FOR_KUNIT_TESTING)
#else
#define VISIBLE_IF_KUNIT static
#define EXPORT_SYMBOL_IF_KUNIT(symbol)
#endif
#endif

/* KUNIT_ARRAY_PARAM_DESC() appeared in 6.2. */
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

/* Namespaces became string literals in 6.13. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define HGOV_IMPORT_KUNIT_NS() MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING")
#else
#define HGOV_IMPORT_KUNIT_NS() MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING)
#endif

/* __assign_str() lost its source argument in 6.10. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
#define hgov_assign_str(dst, src) __assign_str(dst)
#else
#define hgov_assign_str(dst, src) __assign_str(dst, src)
#endif

#endif /* HGOV_COMPAT_H */
