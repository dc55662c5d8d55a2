#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rate_limit_us lives where have_governor_per_policy() says (globally for
# cpufreq-dt-like drivers, per policy otherwise), defaults to 450 us on
# the H3 latency, and rejects bad input with EINVAL without changing.
. /lib/hgov.sh

# check_rate_limit FILE - the tunable at FILE validates its input.
check_rate_limit() {
	[ "$(cat "$1")" = 450 ] || hgov_fail "$1 is $(cat "$1"), not 450"
	for bad in -1 abc "" " " 1000001 4294967296 99999999999999999999 12x 0x10; do
		if echo "$bad" > "$1" 2>/dev/null; then
			hgov_fail "$1 accepted '$bad'"
		fi
		[ "$(cat "$1")" = 450 ] || hgov_fail "'$bad' changed $1 to $(cat "$1")"
	done
	dmesg | grep -q "rate_limit_us: 'abc' is not an integer" ||
		hgov_fail "no log line for a rejected write"
	echo 2000 > "$1" || hgov_fail "$1 refused 2000"
	[ "$(cat "$1")" = 2000 ] || hgov_fail "$1 did not take 2000"
	echo 0 > "$1" || hgov_fail "$1 refused 0"
	echo 1000000 > "$1" || hgov_fail "$1 refused 1000000"
	echo 450 > "$1"
	[ "$(stat -c %a "$1")" = 644 ] || hgov_fail "$1 mode is $(stat -c %a "$1")"
	hgov_ok "$1: default 450, bad input rejected, 0..1000000 accepted"
}

# check_rejects FILE BAD... - every BAD write fails and leaves FILE alone.
check_rejects() {
	f=$1
	shift
	before=$(cat "$f")
	for bad in "$@"; do
		lines=$(dmesg | grep -c "cpufreq_hybrid: ${f##*/}: ")
		echo "$bad" > "$f" 2>/dev/null && hgov_fail "$f accepted '$bad'"
		[ "$(cat "$f")" = "$before" ] || hgov_fail "'$bad' changed $f to $(cat "$f")"
		[ "$(dmesg | grep -c "cpufreq_hybrid: ${f##*/}: ")" = $((lines + 1)) ] ||
			hgov_fail "'$bad' into $f: not exactly one log line"
	done
	hgov_ok "$f rejects bad input with one log line each, keeps '$before'"
}

hgov_select hybrid
G=$CPUFREQ/hybrid
[ "$(cat $G/io_pin_enable)" = 1 ] || hgov_fail "io_pin_enable default $(cat $G/io_pin_enable)"
[ "$(cat $G/io_hold_ms)" = 50 ] || hgov_fail "io_hold_ms default $(cat $G/io_hold_ms)"
[ "$(cat $G/io_pin_cpus)" = auto ] || hgov_fail "io_pin_cpus default $(cat $G/io_pin_cpus)"
check_rejects $G/io_pin_enable 2 -1 yes "" " " 01x
check_rejects $G/io_hold_ms -1 10001 abc "" 4294967296 1.5
check_rejects $G/io_pin_cpus "" " " 0-99 abc 3-1 -1 "auto x"
echo 4-7 > $G/io_pin_cpus && [ "$(cat $G/io_pin_cpus)" = 4-7 ] || hgov_fail "io_pin_cpus refused 4-7"
echo auto > $G/io_pin_cpus
P=/sys/module/cpufreq_hybrid/parameters
[ "$(cat $P/io_watchdog_ms)" = 2000 ] || hgov_fail "io_watchdog_ms default $(cat $P/io_watchdog_ms)"
check_rejects $P/io_watchdog_ms 99 600001 -5 x ""
check_rejects $P/io_disks "" " " "vd\$" "a**b*" "vd!a" \
	"$(printf 'x%.0s' $(seq 300))"
echo "mmcblk* vd*" > $P/io_disks && [ "$(cat $P/io_disks)" = "mmcblk* vd*" ] ||
	hgov_fail "io_disks refused 'mmcblk* vd*'"
echo '!loop* !ram* !zram* !nullb* *' > $P/io_disks
for f in $G/* $P/*; do
	[ "$(stat -c %a "$f")" = 644 ] || hgov_fail "$f mode $(stat -c %a "$f")"
done
[ -e "$CPUFREQ/policy0/hybrid" ] && hgov_fail "per-policy tunables with a cpufreq-dt-like driver"
check_rate_limit "$CPUFREQ/hybrid/rate_limit_us"
hgov_select schedutil
[ -e "$CPUFREQ/hybrid" ] && hgov_fail "global tunables left behind"

rmmod hgov_testbed || hgov_fail "cannot unload the test-bed driver"
modprobe hgov_testbed per_policy=1 || hgov_fail "cannot load hgov_testbed per_policy=1"
hgov_select hybrid
[ -e "$CPUFREQ/hybrid" ] && hgov_fail "global tunables with a per-policy driver"
check_rate_limit "$CPUFREQ/policy0/hybrid/rate_limit_us"
echo 3000 > "$CPUFREQ/policy0/hybrid/rate_limit_us"
[ "$(cat "$CPUFREQ/policy4/hybrid/rate_limit_us")" = 450 ] ||
	hgov_fail "policy4's tunable followed policy0's"
hgov_ok "per-policy tunables are independent"
