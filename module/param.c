// SPDX-License-Identifier: GPL-2.0
/*
 * Parsing of the values written to sysfs tunables and module parameters,
 * shared by every file of the module and calling none of them.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>

#include "module/param.h"

/**
 * hgov_parse_uint() - parse a tunable's value
 * @name: tunable, for the log
 * @buf: what was written
 * @min: lowest valid value
 * @max: highest valid value
 * @val: set to the value
 *
 * Return: 0, or -EINVAL with one log line if @buf is not a decimal integer
 * in [@min, @max].
 */
int hgov_parse_uint(const char *name, const char *buf, unsigned int min,
		    unsigned int max, unsigned int *val)
{
	if (!kstrtouint(buf, 10, val) && *val >= min && *val <= max)
		return 0;
	pr_warn("%s: '%.*s' is not an integer in %u..%u\n", name,
		HGOV_ECHO_LEN(buf), buf, min, max);
	return -EINVAL;
}

