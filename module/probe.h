/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Storage I/O detector (module/probe.c): the block layer's tracepoints
 * and the per-CPU workers that evaluate the pins.
 */
#ifndef HGOV_MODULE_PROBE_H
#define HGOV_MODULE_PROBE_H

int hgov_io_init(void);
void hgov_io_exit(void);

#endif /* HGOV_MODULE_PROBE_H */
