/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-version differences the pure rules in governor/ see: only how
 * their functions are made visible to the KUnit suites. module/compat.h
 * includes this header and holds every other difference.
 */
#ifndef HGOV_GOVERNOR_COMPAT_H
#define HGOV_GOVERNOR_COMPAT_H

#include <linux/export.h>
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

#endif /* HGOV_GOVERNOR_COMPAT_H */
