/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Parsing of tunable and module parameter values (module/param.c).
 */
#ifndef HGOV_MODULE_PARAM_H
#define HGOV_MODULE_PARAM_H

#include <linux/minmax.h>
#include <linux/string.h>

/* Echo at most the first line, 32 characters, of a rejected write. */
#define HGOV_ECHO_LEN(buf)	((int)min_t(size_t, strcspn(buf, "\n"), 32))

int hgov_parse_uint(const char *name, const char *buf, unsigned int min,
		    unsigned int max, unsigned int *val);

#endif /* HGOV_MODULE_PARAM_H */
