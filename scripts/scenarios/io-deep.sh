#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A deep queue does not pin. 4 KiB random reads kept 32 deep (Linux AIO,
# as fio --ioengine=libaio --iodepth=32) on a disk with 64 tags keep the
# device busy whatever the CPU's speed: policy0 is pinned for a small part
# of the run (the deep phase's first 50 ms and the release), not for the
# run. The same reads at queue depth 1 pin it nearly throughout, and so
# does the deep queue with io_deep_depth=0 (the rule off). Bad
# io_deep_depth values change nothing. The disk is null_blk completing
# from a timer after 100 us, on the guest clock: the virtio disk completes
# in QEMU's main loop, and under -icount a host I/O wait there looks like
# a gap in the refills that ends a deep phase, at the host's whim.
. /lib/hgov.sh
hgov_all_opps
hgov_shell_on 4-7
hgov_select hybrid
P=/sys/module/cpufreq_hybrid/parameters
modprobe null_blk nr_devices=1 queue_mode=2 irqmode=2 completion_nsec=100000 \
	hw_queue_depth=64 || hgov_fail "no null_blk"
echo 'nullb* !*' > $P/io_disks || hgov_fail "cannot count nullb0"
D=$HGOV_DEBUGFS

[ "$(cat $P/io_deep_depth)" = 16 ] || hgov_fail "io_deep_depth is $(cat $P/io_deep_depth), not 16"
for bad in -1 65537 x 1.5 ""; do
	echo "$bad" > $P/io_deep_depth 2>/dev/null && hgov_fail "io_deep_depth accepted '$bad'"
	[ "$(cat $P/io_deep_depth)" = 16 ] || hgov_fail "'$bad' changed io_deep_depth"
	dmesg | tail -n 2 | grep -q io_deep_depth || hgov_fail "no log line for io_deep_depth='$bad'"
done
hgov_ok "bad io_deep_depth values: -EINVAL, a log line, nothing changed"

# pinned WHAT CMD... - run CMD from cpu4 for 2 s; set $pct to the share of
# its run that policy0 was pinned, in %.
pinned() {
	what=$1
	shift
	hgov_wait_khz 0 500000 3000 || hgov_fail "policy0 at $(hgov_cur 0) before $what"
	us0=$(cat "$D/policy0/pinned_us")
	hgov_now
	t0=$now
	r=$(taskset -c 4 hgov-load "$@") || hgov_fail "$what failed"
	hgov_now
	us1=$(cat "$D/policy0/pinned_us")
	pct=$(( (us1 - us0) / 10 / (now - t0) ))
	echo "$what: $r; policy0 pinned $(( (us1 - us0) / 1000 )) ms of $((now - t0)) ms ($pct %)"
}

pinned "QD1 random reads" randread /dev/nullb0 2
[ "$pct" -ge 80 ] || hgov_fail "queue depth 1 pinned policy0 only $pct % of the run"
pinned "QD32 random reads" deepread /dev/nullb0 32 2
[ "$pct" -le 25 ] || hgov_fail "queue depth 32 pinned policy0 for $pct % of the run"
qd32=$pct
echo 0 > $P/io_deep_depth || hgov_fail "cannot turn the rule off"
pinned "QD32 random reads, io_deep_depth=0" deepread /dev/nullb0 32 2
[ "$pct" -ge 80 ] || hgov_fail "with the rule off, queue depth 32 pinned policy0 only $pct %"
echo 16 > $P/io_deep_depth
hgov_ok "a queue 32 deep does not pin ($qd32 % of the run); depth 1 and the rule off do"
