/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Storage I/O detector: requests in flight per disk, from the block layer's
 * tracepoints.
 */
#ifndef HGOV_MODULE_IO_H
#define HGOV_MODULE_IO_H

#include <linux/blkdev.h>
#include <linux/types.h>

struct hgov_policy;

/**
 * struct hgov_io_snapshot - storage I/O on the disks that count
 * @inflight: requests in flight
 * @last_event_ns: time of the last block event (local_clock())
 * @stale: a disk's requests were written off by the watchdog just now
 * @disk: the disk with the latest event among those with requests in
 *	flight, or "" if none
 */
struct hgov_io_snapshot {
	u32	inflight;
	u64	last_event_ns;
	bool	stale;
	char	disk[DISK_NAME_LEN];
};

void hgov_io_snapshot(u64 now_ns, struct hgov_io_snapshot *snap);
u64 hgov_io_watchdog_ns(void);
bool hgov_io_recheck(void);
void hgov_io_account_pin(unsigned int cpu, bool pin, u64 now_ns);
void hgov_io_add_policy(struct hgov_policy *hp);
void hgov_io_del_policy(struct hgov_policy *hp);
int hgov_io_init(void);
void hgov_io_exit(void);

#endif /* HGOV_MODULE_IO_H */
