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
 * struct hgov_blk_event - a block event, as its probe gathered it
 * @kind: what happened
 * @disk: the disk; its name is read on the disk's first event
 * @dev: disk_devt(@disk)
 * @seq: hgov_disk_seq(@disk)
 * @now_ns: local_clock() at the event
 */
struct hgov_blk_event {
	enum hgov_io_event_kind	kind;
	struct gendisk		*disk;
	dev_t			dev;
	u64			seq;
	u64			now_ns;
};

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

bool hgov_disk_event(const struct hgov_blk_event *ev);
bool hgov_disk_flush(const struct hgov_blk_event *ev);
void hgov_io_snapshot(u64 now_ns, struct hgov_io_snapshot *snap);
void hgov_io_requests(u64 now_ns, struct hgov_io_sum *sum);
bool hgov_io_recheck(const struct hgov_io_snapshot *snap);
u64 hgov_io_watchdog_ns(void);
void hgov_disk_debugfs_init(struct dentry *dir);

#endif /* HGOV_MODULE_DISK_H */
