/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Disk slots of the storage I/O detector (module/disk.c): requests in
 * flight per disk, which disks count (io_disks), the watchdog
 * (io_watchdog_ms), deep queues (io_deep_depth).
 */
#ifndef HGOV_MODULE_DISK_H
#define HGOV_MODULE_DISK_H

#include <linux/blkdev.h>
#include <linux/types.h>

#include "governor/io.h"

struct dentry;

/**
 * struct hgov_io_snapshot - storage I/O on the disks that count
 * @io: requests in flight, time of the last block event (local_clock()),
 *	and whether the watchdog wrote a disk's requests off just now
 * @disk: the disk with the latest event among those with requests in
 *	flight, or "" if none
 */
struct hgov_io_snapshot {
	struct hgov_io_sum	io;
	char			disk[DISK_NAME_LEN];
};

bool hgov_disk_issue(struct gendisk *disk);
void hgov_disk_retire(struct gendisk *disk, bool requeue);
bool hgov_disk_dirty(struct gendisk *disk);
void hgov_io_snapshot(u64 now_ns, struct hgov_io_snapshot *snap);
bool hgov_io_recheck(void);
u64 hgov_io_watchdog_ns(void);
void hgov_disk_debugfs_init(struct dentry *dir);

#endif /* HGOV_MODULE_DISK_H */
