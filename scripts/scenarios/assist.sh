#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Schedutil assist (assist=1): schedutil stays the governor and EAS stays
# on, and dd on the virtio disk from an A53 CPU still brings policy0 to
# scaling_max_freq within schedutil's rate_limit_us plus the 300 us
# transition latency (median of warm runs, trace timestamps), through a
# FREQ_QOS_MIN floor; the floor ends assist_hold_ms after the last
# completion and schedutil brings policy0 down again (assist_cpus=big:
# policy4 is not pinned). Caps win; with assist_cpus=all, the default,
# policy4 gets its floor too; while the floor holds no CPU may enter an idle state
# slower than io_idle_latency_us (CPU latency QoS), and the limit goes with
# the requests (io_idle_hold_ms after the last one, not the floor's hold);
# bad parameter values change nothing; hybrid on a policy
# takes the pin over (no floor) and hands it back when it stops; the
# floors follow the driver's policies and go with the module.
. /lib/hgov.sh

P=/sys/module/cpufreq_hybrid/parameters
SYSCTL=/proc/sys/kernel/sched_energy_aware
# EAS as the kernel reports it on 6.8+ (see eas.sh); "" before.
eas() { [ -r "$SYSCTL" ] && cat "$SYSCTL"; }

hgov_shell_on 5
hgov_select schedutil
# schedutil decides only on scheduler events of the policy's CPUs; a
# light task on cpu0 (10 loop iterations every 4 ms) gives it some, as a
# real system's background does, so policy0 comes down after the I/O.
taskset -c 0 hgov-load periodic 4000 10 3600 > /dev/null &
ticker=$!
trap 'kill $ticker 2>/dev/null' EXIT
# With the H3 energy model schedutil skips the A57's 500 and 1000 MHz
# (830 mV like 1500 MHz: the model calls them inefficient) and rests at
# 1500 MHz; with boost on, the floor lifts it to the 1700 MHz turbo OPP.
echo 1 > "$CPUFREQ/boost" || hgov_fail "cannot enable boost"
sleep 0.5
low=$(hgov_cur 0)
[ "$(cat $P/assist)" = 0 ] || hgov_fail "assist is on by default"
[ "$(cat $P/assist_cpus)" = all ] || hgov_fail "assist_cpus is $(cat $P/assist_cpus) by default"
[ "$(cat $P/io_idle_latency_us)" = 100 ] ||
	hgov_fail "io_idle_latency_us is $(cat $P/io_idle_latency_us) by default"
for bad in "assist 2" "assist on" "assist -1" "assist_hold_ms 10001" "assist_hold_ms x" \
	"assist_cpus x" "assist_cpus 99" "assist_cpus 0-3x" "io_idle_latency_us 100001" \
	"io_idle_latency_us -1" "io_idle_hold_ms 10001" "io_idle_hold_ms x" "io_idle_all_cpus 2" \
	"io_idle_all_cpus y"; do
	set -- $bad
	old=$(cat "$P/$1")
	echo "$2" > "$P/$1" 2>/dev/null && hgov_fail "$1 accepted '$2'"
	[ "$(cat "$P/$1")" = "$old" ] || hgov_fail "$1 changed to $(cat "$P/$1") by '$2'"
	dmesg | tail -n 3 | grep -q "$1" || hgov_fail "no log line for $1='$2'"
done
hgov_ok "bad assist, assist_hold_ms, assist_cpus, io_idle_latency_us, io_idle_hold_ms and io_idle_all_cpus values: -EINVAL, a log line, nothing changed"

echo 1 > $P/assist || hgov_fail "cannot enable the assist"
hold_ms=$(cat $P/assist_hold_ms)
rate_us=$(cat "$CPUFREQ/policy0/schedutil/rate_limit_us" 2>/dev/null ||
	cat "$CPUFREQ/schedutil/rate_limit_us")
max=$(cat "$CPUFREQ/policy0/scaling_max_freq")
min=$(cat "$CPUFREQ/policy0/cpuinfo_min_freq")
eas_before=$(eas)
# Plus two wake-ups from the deepest idle state, as in io-pin.
wake_us=$((2 * $(hgov_wake_us)))
bound_us=$((rate_us + 300 + wake_us))
pins4=$(cat "$HGOV_DEBUGFS/policy4/pins" 2>/dev/null || echo 0)
[ "$(cat "$CPUFREQ/policy0/scaling_min_freq")" = "$min" ] || hgov_fail "a floor without I/O"
[ "$low" -lt "$max" ] || hgov_fail "schedutil rests policy0 at $low, not below $max"
echo "schedutil rests policy0 at $low kHz; scaling_max_freq $max kHz"

# The timing runs with assist_cpus=big: policy0's floor alone, and
# hgov_pin_timing() checks that policy4 is not pinned.
echo big > $P/assist_cpus || hgov_fail "cannot set assist_cpus=big"
hgov_pin_timing "$low" "$max" "$hold_ms"
echo all > $P/assist_cpus || hgov_fail "cannot set assist_cpus=all"
echo "median entry latency: $entry us (bound: schedutil rate_limit_us $rate_us + 300 us transition + $wake_us us of wake-ups = $bound_us us)"
echo "median release after the last completion: $release us (assist_hold_ms $hold_ms)"
# On the debug and rt boards (HGOV_TIMING=0) they are printed, not asserted.
[ "$HGOV_TIMING" = 0 ] || [ "$entry" -le "$bound_us" ] ||
	hgov_fail "entry latency $entry us over $bound_us us"
[ "$HGOV_TIMING" = 0 ] || { [ "$release" -ge $((hold_ms * 1000)) ] &&
	[ "$release" -le $((hold_ms * 1000 + 20000)) ]; } ||
	hgov_fail "release $release us not within assist_hold_ms $hold_ms ms + 20 ms"
[ "$(cat "$HGOV_DEBUGFS/policy4/pins" 2>/dev/null || echo 0)" = "$pins4" ] ||
	hgov_fail "policy4 pinned with assist_cpus=big"
for p in 0 4; do
	[ "$(cat "$CPUFREQ/policy$p/scaling_governor")" = schedutil ] ||
		hgov_fail "policy$p governed by $(cat "$CPUFREQ/policy$p/scaling_governor")"
done
[ "$(eas)" = "$eas_before" ] || hgov_fail "EAS changed from '$eas_before' to '$(eas)'"
hgov_ok "assist (assist_cpus=big): dd pins policy0 at $max under schedutil (EAS '${eas_before:-n/a}'), not policy4, released after assist_hold_ms"

# During I/O: the floor shows as scaling_min_freq, and caps win.
taskset -c 4 dd if=/dev/vda of=/dev/null bs=4k count=1000000 iflag=direct 2>/dev/null &
dd_pid=$!
hgov_wait_khz 0 "$max" 2000 || { kill $dd_pid; hgov_fail "long dd did not pin policy0"; }
[ "$(cat "$CPUFREQ/policy0/scaling_min_freq")" = "$max" ] ||
	{ kill $dd_pid; hgov_fail "scaling_min_freq $(cat "$CPUFREQ/policy0/scaling_min_freq") during I/O"; }
max4=$(cat "$CPUFREQ/policy4/scaling_max_freq")
[ "$(cat "$CPUFREQ/policy4/scaling_min_freq")" = "$max4" ] ||
	{ kill $dd_pid; hgov_fail "policy4's scaling_min_freq $(cat "$CPUFREQ/policy4/scaling_min_freq") during I/O"; }
lat=$(cat "$HGOV_DEBUGFS/idle_latency_us")
[ "$lat" = "$(cat $P/io_idle_latency_us)" ] ||
	{ kill $dd_pid; hgov_fail "idle latency limit '$lat' during I/O"; }
echo 0 > $P/io_idle_latency_us
[ "$(cat "$HGOV_DEBUGFS/idle_latency_us")" = -1 ] ||
	{ kill $dd_pid; hgov_fail "idle latency limit kept with io_idle_latency_us=0"; }
echo 100 > $P/io_idle_latency_us
[ "$(cat "$HGOV_DEBUGFS/idle_latency_us")" = 100 ] ||
	{ kill $dd_pid; hgov_fail "idle latency limit not back with io_idle_latency_us=100"; }
echo 1000000 > "$CPUFREQ/policy0/scaling_max_freq"
hgov_wait_khz 0 1000000 100 ||
	{ kill $dd_pid; hgov_fail "policy0 at $(hgov_cur 0) under scaling_max_freq=1000000"; }
echo "$max" > "$CPUFREQ/policy0/scaling_max_freq"
hgov_wait_khz 0 "$max" 100 || { kill $dd_pid; hgov_fail "floor not back after lifting the cap"; }
kill $dd_pid
wait $dd_pid 2>/dev/null
hgov_wait_khz 0 "$low" 3000 || hgov_fail "policy0 at $(hgov_cur 0) after the long dd"
[ "$(cat "$CPUFREQ/policy0/scaling_min_freq")" = "$min" ] || hgov_fail "floor left after I/O"
[ "$(cat "$HGOV_DEBUGFS/idle_latency_us")" = -1 ] || hgov_fail "idle latency limit left after I/O"
hgov_ok "assist_cpus=all: floor = scaling_min_freq on both policies during I/O; scaling_max_freq caps it; idle latency limited during I/O only"

# The idle-latency limit follows the requests, not the floor: with a long
# hold the floor outlasts a short dd, the limit ends io_idle_hold_ms after
# its last completion, and the next dd's first request brings it back
# while the floor still holds.
[ "$(cat $P/io_idle_hold_ms)" = 5 ] || hgov_fail "io_idle_hold_ms is $(cat $P/io_idle_hold_ms) by default"
# lat_is VALUE N - wait up to N times 10 ms for the limit to read VALUE.
lat_is() {
	n=0
	until [ "$(cat "$HGOV_DEBUGFS/idle_latency_us")" = "$1" ]; do
		n=$((n + 1))
		[ $n -le "$2" ] || return 1
		hgov_sleep 0.01
	done
	return 0
}
echo 10000 > $P/assist_hold_ms || hgov_fail "cannot set assist_hold_ms=10000"
taskset -c 4 dd if=/dev/vda of=/dev/null bs=4k count=200 iflag=direct 2>/dev/null
lat_is -1 100 || hgov_fail "idle latency limit $(cat "$HGOV_DEBUGFS/idle_latency_us") 1 s after the last request"
[ "$(cat "$CPUFREQ/policy0/scaling_min_freq")" = "$max" ] || hgov_fail "floor released within 1 s with assist_hold_ms=10000"
taskset -c 4 dd if=/dev/vda of=/dev/null bs=4k count=1000000 iflag=direct 2>/dev/null &
dd_pid=$!
lat_is 100 100 || { kill $dd_pid; hgov_fail "idle latency limit not back for a request under a held floor"; }
kill $dd_pid
wait $dd_pid 2>/dev/null
lat_is -1 100 || hgov_fail "idle latency limit kept after the second dd"
[ "$(cat "$CPUFREQ/policy0/scaling_min_freq")" = "$max" ] || hgov_fail "floor released within 1 s with assist_hold_ms=10000"
echo "$hold_ms" > $P/assist_hold_ms
hgov_wait_khz 0 "$low" 15000 || hgov_fail "policy0 at $(hgov_cur 0) after the held floor"
hgov_ok "the idle latency limit holds io_idle_hold_ms after the last request, not the floor's hold, and comes back with the next request"

# Which CPUs the limit holds: with io_idle_all_cpus=0 (the default) the
# CPU that issues the requests and the one that takes the disk's
# interrupt (it runs no block probe: the completion reaches the issuer by
# IPI), and neither enters a deep state while they are in flight; with
# io_idle_all_cpus=1 one request for every CPU.
[ "$(cat $P/io_idle_all_cpus)" = 0 ] || hgov_fail "io_idle_all_cpus is $(cat $P/io_idle_all_cpus) by default"
# deep N - cpuN's entries into its sleep states (cpuidle state1 on).
deep() {
	cat /sys/devices/system/cpu/cpu$1/cpuidle/state[1-9]/usage 2>/dev/null |
		awk '{ n += $1 } END { print n + 0 }'
}
# cpus_have LIST - wait up to 1 s for idle_latency_cpus to hold every CPU of LIST.
cpus_have() {
	n=0
	while :; do
		have=",$(cat "$HGOV_DEBUGFS/idle_latency_cpus" | sed 's/\([0-9]*\)-\([0-9]*\)/\1,\2/g'),"
		miss=
		for c in $1; do
			case $have in *",$c,"*) ;; *) miss=$c ;; esac
		done
		[ -z "$miss" ] && return 0
		n=$((n + 1))
		[ $n -le 100 ] || return 1
		hgov_sleep 0.01
	done
}
# The CPU that took most of the virtio disks' interrupts.
irqs_before=$(grep virtio /proc/interrupts)
taskset -c 4 dd if=/dev/vda of=/dev/null bs=4k count=1000000 iflag=direct 2>/dev/null &
dd_pid=$!
lat_is 100 100 || { kill $dd_pid; hgov_fail "no idle latency limit during a long dd"; }
hgov_sleep 0.2
irq_cpu=$({ echo "$irqs_before" | sed 's/^/0 /'; grep virtio /proc/interrupts | sed 's/^/1 /'; } |
	awk -v ncpu="$(grep -c '^processor' /proc/cpuinfo)" '
	{ for (i = 0; i < ncpu; i++) d[$2, i] += ($1 ? $(i + 3) : -$(i + 3)) }
	END { for (k in d) if (d[k] > best) { best = d[k]; split(k, p, SUBSEP); cpu = p[2] } print cpu }')
cpus_have "4 $irq_cpu" ||
	{ kill $dd_pid; hgov_fail "idle_latency_cpus '$(cat "$HGOV_DEBUGFS/idle_latency_cpus")' lacks cpu4 (dd) or cpu$irq_cpu (the disk's interrupt)"; }
d4=$(deep 4)
dirq=$(deep "$irq_cpu")
hgov_sleep 0.5
[ "$(deep 4)" = "$d4" ] && [ "$(deep "$irq_cpu")" = "$dirq" ] ||
	{ kill $dd_pid; hgov_fail "a deep idle state entered by cpu4 ($d4 -> $(deep 4)) or cpu$irq_cpu ($dirq -> $(deep "$irq_cpu")) under the limit"; }
echo 1 > $P/io_idle_all_cpus || { kill $dd_pid; hgov_fail "cannot set io_idle_all_cpus=1"; }
[ -z "$(cat "$HGOV_DEBUGFS/idle_latency_cpus")" ] && [ "$(cat "$HGOV_DEBUGFS/idle_latency_us")" = 100 ] ||
	{ kill $dd_pid; hgov_fail "io_idle_all_cpus=1: idle_latency_cpus '$(cat "$HGOV_DEBUGFS/idle_latency_cpus")', idle_latency_us $(cat "$HGOV_DEBUGFS/idle_latency_us")"; }
echo 0 > $P/io_idle_all_cpus || { kill $dd_pid; hgov_fail "cannot set io_idle_all_cpus=0"; }
cpus_have "4 $irq_cpu" ||
	{ kill $dd_pid; hgov_fail "idle_latency_cpus '$(cat "$HGOV_DEBUGFS/idle_latency_cpus")' not back with io_idle_all_cpus=0"; }
kill $dd_pid
wait $dd_pid 2>/dev/null
lat_is -1 100 || hgov_fail "idle latency limit kept after the dd"
[ -z "$(cat "$HGOV_DEBUGFS/idle_latency_cpus")" ] || hgov_fail "idle_latency_cpus '$(cat "$HGOV_DEBUGFS/idle_latency_cpus")' after the dd"
hgov_ok "io_idle_all_cpus=0: the idle latency limit holds the CPU that issues (cpu4) and the one that takes the disk's interrupt (cpu$irq_cpu), which enter no deep state; 1 holds every CPU"


# hybrid takes a policy over: its own pin, no floor; the assist resumes
# when hybrid stops. The dd above leaves the floor on for assist_hold_ms:
# a policy still at its top would pass for hybrid's pin, so wait for it to
# go first.
n=0
until [ "$(cat "$CPUFREQ/policy0/scaling_min_freq")" = "$min" ]; do
	n=$((n + 1))
	[ $n -le 200 ] || hgov_fail "assist floor $(cat "$CPUFREQ/policy0/scaling_min_freq") 2 s after the dd"
	hgov_sleep 0.01
done
echo hybrid > "$CPUFREQ/policy0/scaling_governor" || hgov_fail "cannot select hybrid on policy0"
pins=$(cat "$HGOV_DEBUGFS/policy0/pins")
taskset -c 4 dd if=/dev/vda of=/dev/null bs=4k count=1000000 iflag=direct 2>/dev/null &
dd_pid=$!
n=0
until [ "$(cat "$HGOV_DEBUGFS/policy0/pins")" -gt "$pins" ]; do
	n=$((n + 1))
	[ $n -le 200 ] || { kill $dd_pid; hgov_fail "hybrid's pin not counted within 2 s of the dd"; }
	hgov_sleep 0.01
done
hgov_wait_khz 0 "$max" 2000 || { kill $dd_pid; hgov_fail "hybrid did not pin policy0 with the assist on"; }
floor=$(cat "$CPUFREQ/policy0/scaling_min_freq")
kill $dd_pid
wait $dd_pid 2>/dev/null
[ "$floor" = "$min" ] || hgov_fail "assist floor $floor under hybrid"
# hybrid skips the inefficient OPPs as schedutil does: it rests where
# schedutil rests.
hgov_wait_khz 0 "$low" 3000 || hgov_fail "policy0 at $(hgov_cur 0) after dd under hybrid, not $low"
echo schedutil > "$CPUFREQ/policy0/scaling_governor"
taskset -c 4 dd if=/dev/vda of=/dev/null bs=4k count=1000000 iflag=direct 2>/dev/null &
dd_pid=$!
hgov_wait_khz 0 "$max" 2000 || { kill $dd_pid; hgov_fail "assist did not resume after hybrid"; }
[ "$(cat "$CPUFREQ/policy0/scaling_min_freq")" = "$max" ] ||
	{ kill $dd_pid; hgov_fail "no floor after hybrid stopped"; }
kill $dd_pid
wait $dd_pid 2>/dev/null
hgov_ok "hybrid selected with the assist on: hybrid pins, no floor; the assist resumes after it"

# assist=0: no floor.
hgov_wait_khz 0 "$low" 3000 || hgov_fail "policy0 at $(hgov_cur 0)"
echo 0 > $P/assist
pins=$(cat "$HGOV_DEBUGFS/policy0/pins")
taskset -c 4 dd if=/dev/vda of=/dev/null bs=4k count=500 iflag=direct 2>/dev/null
[ "$(cat "$HGOV_DEBUGFS/policy0/pins")" = "$pins" ] || hgov_fail "pinned with assist=0"
hgov_ok "assist=0: no floor"

# The floors follow the driver's policies (a reload frees and recreates
# them) and go with the module.
# The ticker holds hgov_testbed's self_util open.
kill $ticker
wait $ticker 2>/dev/null
rmmod cpufreq_hybrid || hgov_fail "cannot unload cpufreq_hybrid"
modprobe cpufreq_hybrid assist=1 || hgov_fail "cannot load cpufreq_hybrid assist=1"
rmmod hgov_testbed && modprobe hgov_testbed || hgov_fail "cannot reload hgov_testbed"
echo 1 > "$CPUFREQ/boost" || hgov_fail "cannot enable boost after the reload"
taskset -c 0 hgov-load periodic 4000 10 3600 > /dev/null &
ticker=$!
max=$(cat "$CPUFREQ/policy0/scaling_max_freq")
hgov_wait_khz 0 "$low" 3000 || hgov_fail "policy0 at $(hgov_cur 0) after the reload"
taskset -c 4 dd if=/dev/vda of=/dev/null bs=4k count=1000000 iflag=direct 2>/dev/null &
dd_pid=$!
hgov_wait_khz 0 "$max" 2000 || { kill $dd_pid; hgov_fail "no floor on the new policies"; }
[ "$(cat "$CPUFREQ/policy0/scaling_min_freq")" = "$max" ] ||
	{ kill $dd_pid; hgov_fail "no floor on the new policies"; }
kill $dd_pid
wait $dd_pid 2>/dev/null
rmmod cpufreq_hybrid || hgov_fail "cannot unload cpufreq_hybrid with the assist on"
[ "$(cat "$CPUFREQ/policy0/scaling_min_freq")" = "$min" ] || hgov_fail "a floor outlived the module"
modprobe cpufreq_hybrid || hgov_fail "cannot reload cpufreq_hybrid"
hgov_ok "assist=1 at load, across a driver reload, and gone with the module"
