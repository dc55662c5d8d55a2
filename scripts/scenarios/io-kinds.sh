#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What storage I/O pins. Requests that move no data through the CPU do
# not: the kernel polling an empty CD-ROM drive for a media change (SCSI
# passthrough, every 100 ms here; desktops poll every 2 s), a discard
# (blkdiscard, as fstrim), a cache flush (fdatasync of the block device). A
# buffered writer does, from its first dirtied page: its copy into the
# page cache is the CPU-bound part of the write, long before writeback
# sends a request (none during the write here: the flusher is held off).
. /lib/hgov.sh
hgov_all_opps
hgov_shell_on 4-7
hgov_select hybrid
D=$HGOV_DEBUGFS

# no_pin WHAT CMD... - run CMD; block requests are issued but policy0 is
# never pinned and none of them counts.
no_pin() {
	what=$1
	shift
	hgov_wait_khz 0 500000 3000 || hgov_fail "policy0 at $(hgov_cur 0) before $what"
	pins=$(cat "$D/policy0/pins")
	issued=$(cat "$D/requests_issued")
	hgov_trace_on block/block_rq_issue
	"$@" || hgov_fail "$what failed"
	hgov_trace_off
	n=$(hgov_trace_lines "block_rq_issue:" | wc -l)
	[ "$n" -gt 0 ] || hgov_fail "$what issued no request"
	[ "$(cat "$D/policy0/pins")" = "$pins" ] || hgov_fail "$what pinned policy0"
	[ "$(cat "$D/requests_issued")" = "$issued" ] || hgov_fail "$what counted as storage I/O"
	hgov_ok "$what: $n requests, no pin"
}

poll() {
	echo 100 > /sys/block/sr0/events_poll_msecs || return 1
	hgov_sleep 2
	echo 0 > /sys/block/sr0/events_poll_msecs
}
[ -b /dev/sr0 ] || hgov_fail "no /dev/sr0"
no_pin "media-change polling of sr0" poll
no_pin "blkdiscard of 64 MiB" taskset -c 4 blkdiscard -o 0 -l 67108864 /dev/vda
no_pin "fdatasync of /dev/vda (cache flush)" taskset -c 4 sync -d /dev/vda

# A buffered writer: a file on ext2 whose blocks and metadata are already
# allocated and cached, overwritten in place, with writeback held off
# until the write is over.
mke2fs -q -b 4096 /dev/vda > /dev/null || hgov_fail "mke2fs failed"
mkdir -p /mnt
mount -t ext4 /dev/vda /mnt || hgov_fail "cannot mount /dev/vda"
taskset -c 4 dd if=/dev/zero of=/mnt/f bs=64k count=128 conv=fsync 2>/dev/null || hgov_fail "dd failed"
echo 0 > /proc/sys/vm/dirty_writeback_centisecs
echo 90 > /proc/sys/vm/dirty_ratio
echo 80 > /proc/sys/vm/dirty_background_ratio
hgov_wait_khz 0 500000 3000 || hgov_fail "policy0 at $(hgov_cur 0) before the buffered write"
hgov_trace_on block/block_rq_issue hybrid/hybrid_pin
hgov_trace_mark write-start
taskset -c 4 dd if=/dev/zero of=/mnt/f bs=64k count=128 conv=notrunc 2>/dev/null || hgov_fail "dd failed"
hgov_trace_mark write-end
hgov_sleep 0.2
hgov_trace_off
dev=$(tr ':' ',' < /sys/block/vda/dev)
during=$(hgov_trace_lines "write-start|write-end|block_rq_issue: $dev |hybrid_pin: policy=0 " |
	awk '/write-start/ { on = 1; next } /write-end/ { on = 0 } on')
echo "$during" | grep -q "block_rq_issue" && hgov_fail "requests during the buffered write: the test did not hold writeback off"
echo "$during" | grep -q "hybrid_pin: policy=0 pin=1" || hgov_fail "the buffered writer did not pin policy0"
hgov_trace_lines "hybrid_pin: policy=0 pin=0" | grep -q . || hgov_fail "the pin was not released after the write"
hgov_ok "a buffered writer pins policy0 while it dirties pages, without a request in flight"
sync
umount /mnt
