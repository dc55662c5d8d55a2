# SPDX-License-Identifier: GPL-2.0
# Helpers for scripts that run on the virtual board (busybox sh); board
# scripts source it as /lib/hgov.sh.

CPUFREQ=/sys/devices/system/cpu/cpufreq

hgov_fail() { echo "FAIL: $*"; exit 1; }
hgov_ok() { echo "ok: $*"; }

# hgov_ms - milliseconds since boot.
hgov_ms() { awk '{ printf "%d\n", $1 * 1000 }' /proc/uptime; }

# hgov_cur POLICY - current frequency of policyPOLICY in kHz.
hgov_cur() { cat "$CPUFREQ/policy$1/scaling_cur_freq"; }

# hgov_select GOVERNOR - select GOVERNOR on every policy.
hgov_select() {
	for p in "$CPUFREQ"/policy*; do
		echo "$1" > "$p/scaling_governor" || hgov_fail "cannot select $1 on ${p##*/}"
	done
}

# hgov_wait_khz POLICY KHZ MS - wait up to MS ms for policyPOLICY to run at
# KHZ; print the time it took. Fails (status 1) on timeout.
hgov_wait_khz() {
	t0=$(hgov_ms)
	while :; do
		now=$(hgov_ms)
		if [ "$(hgov_cur "$1")" = "$2" ]; then
			echo $((now - t0))
			return 0
		fi
		[ $((now - t0)) -ge "$3" ] && return 1
		sleep 0.02
	done
}

# hgov_spin CPU - start a CPU-bound loop pinned to CPU; print its pid.
hgov_spin() {
	taskset -c "$1" sh -c 'while :; do :; done' >/dev/null 2>&1 &
	echo $!
}
