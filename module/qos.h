/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Idle-state latency during storage I/O (module/qos.c).
 */
#ifndef HGOV_MODULE_QOS_H
#define HGOV_MODULE_QOS_H

#include <linux/types.h>

struct dentry;

void hgov_qos_busy(void);
void hgov_qos_join(void);
void hgov_qos_pins_changed(void);
void hgov_qos_flush(void);
void hgov_qos_debugfs_init(struct dentry *dir);
int hgov_qos_init(void);
void hgov_qos_exit(void);

#endif /* HGOV_MODULE_QOS_H */
