#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The pin obeys limits and filters: a lower scaling_max_freq during I/O
# applies at once and lifting it restores the pin; loop and ram disks do
# not pin; io_pin_enable=0 does not pin; without I/O every decision is a
# utilization decision.
. /lib/hgov.sh
hgov_all_opps

hgov_select hybrid
M=$CPUFREQ/policy0/scaling_max_freq
D=$HGOV_DEBUGFS

taskset -c 4 dd if=/dev/vda of=/dev/null bs=4k count=1000000 iflag=direct 2>/dev/null &
dd_pid=$!
hgov_wait_khz 0 1500000 2000 || { kill $dd_pid; hgov_fail "dd did not pin policy0 ($(hgov_cur 0))"; }
echo 1000000 > "$M"
hgov_wait_khz 0 1000000 50 ||
	{ kill $dd_pid; hgov_fail "policy0 at $(hgov_cur 0) right after scaling_max_freq=1000000"; }
sleep 0.2
[ "$(hgov_cur 0)" = 1000000 ] || { kill $dd_pid; hgov_fail "policy0 left the cap: $(hgov_cur 0)"; }
echo 1500000 > "$M"
hgov_wait_khz 0 1500000 50 ||
	{ kill $dd_pid; hgov_fail "policy0 at $(hgov_cur 0) right after lifting the cap"; }
kill $dd_pid
wait $dd_pid 2>/dev/null
hgov_ok "scaling_max_freq during I/O: followed at once, pin back when lifted"

hgov_wait_khz 0 500000 3000 || hgov_fail "policy0 at $(hgov_cur 0) after dd"
pins=$(cat "$D/policy0/pins")
# Memory-backed I/O is CPU work (the loop driver's worker may run on an
# A57 and raise policy0 by utilization, as under schedutil): what must
# not happen is a pin, counted or traced.
hgov_trace_on hybrid/hybrid_freq hybrid/hybrid_pin
dd if=/dev/zero of=/tmp/img bs=1M count=8 2>/dev/null
losetup /dev/loop0 /tmp/img || hgov_fail "losetup failed"
taskset -c 4 dd if=/dev/loop0 of=/dev/null bs=4k iflag=direct 2>/dev/null || hgov_fail "dd on loop0 failed"
modprobe brd rd_nr=1 rd_size=8192 || hgov_fail "no brd"
taskset -c 4 dd if=/dev/ram0 of=/dev/null bs=4k count=2048 iflag=direct 2>/dev/null ||
	hgov_fail "dd on ram0 failed"
hgov_trace_off
[ "$(cat "$D/policy0/pins")" = "$pins" ] || hgov_fail "I/O on loop/ram disks pinned policy0"
hgov_trace_lines "hybrid_pin: policy=0 pin=1" | grep -q . && hgov_fail "I/O on loop/ram disks pinned policy0 (trace)"
hgov_trace_lines "hybrid_freq: policy=0" | grep -q "reason=pin" && hgov_fail "pin decisions during memory-backed I/O"
hgov_ok "loop over tmpfs and brd do not pin"

T=$(hgov_tunable io_pin_enable)
echo 0 > "$T"
taskset -c 4 dd if=/dev/vda of=/dev/null bs=4k count=500 iflag=direct 2>/dev/null
[ "$(cat "$D/policy0/pins")" = "$pins" ] || hgov_fail "pinned with io_pin_enable=0"
echo 1 > "$T"
sleep 0.1
[ "$(cat "$D/policy0/pins")" = "$pins" ] || hgov_fail "re-enabling pinned for I/O done while disabled"
hgov_ok "io_pin_enable=0: no pin, not even once re-enabled"

hgov_trace_on hybrid/hybrid_freq hybrid/hybrid_pin
hgov_spin 0
hgov_wait_khz 0 1500000 3000 || { kill $spin_pid; hgov_fail "no utilization ramp"; }
kill $spin_pid
hgov_wait_khz 0 500000 3000 || hgov_fail "policy0 at $(hgov_cur 0) after the load"
hgov_trace_off
hgov_trace_lines "hybrid_pin:" | grep -q . && hgov_fail "pinned without storage I/O"
hgov_trace_lines "hybrid_freq: policy=0" | grep -q "reason=pin" && hgov_fail "pin decisions without I/O"
hgov_trace_lines "hybrid_freq: policy=0" | grep -q "reason=util" || hgov_fail "no utilization decisions"
hgov_ok "no I/O: only utilization decisions"
