#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Frequency emulation: a CPU-bound loop's throughput on one CPU of each
# cluster, at every OPP (the A57 boost OPPs included), against the
# cluster's highest OPP: it must scale with f / f_top within 5 %.
. /lib/hgov.sh

rmmod hgov_testbed 2>/dev/null
modprobe hgov_testbed emulate=1 || hgov_fail "cannot load hgov_testbed emulate=1"
echo 1 > $CPUFREQ/boost || hgov_fail "cannot enable boost"
N=${EMU_N:-200000}

# run CPU - run the loop on CPU, set $ms to the time it took.
run() {
	hgov_now
	s=$now
	taskset -c "$1" sh -c "i=0; while [ \$i -lt $N ]; do i=\$((i + 1)); done"
	hgov_now
	ms=$((now - s))
}

fail=0
for pc in "0 1 5" "4 5 1"; do
	set -- $pc
	p=$1 cpu=$2 home=$3
	# The shell waits on the other cluster; the measured CPU runs the loop alone.
	taskset -p -c "$home" $$ > /dev/null
	echo userspace > $CPUFREQ/policy$p/scaling_governor || hgov_fail "no userspace governor"
	freqs="$(cat $CPUFREQ/policy$p/scaling_available_frequencies) $(cat $CPUFREQ/policy$p/scaling_boost_frequencies 2>/dev/null)"
	top=0
	for f in $freqs; do [ "$f" -gt "$top" ] && top=$f; done
	echo "$top" > $CPUFREQ/policy$p/scaling_setspeed
	run "$cpu"
	ref=$ms
	echo "policy$p: $N iterations at $top kHz: $ref ms"
	for f in $freqs; do
		echo "$f" > $CPUFREQ/policy$p/scaling_setspeed
		[ "$(hgov_cur $p)" = "$f" ] || hgov_fail "policy$p at $(hgov_cur $p), not $f"
		run "$cpu"
		# throughput ratio ref/ms against f/top, in per mille
		got=$((ref * 1000 / ms))
		want=$((f * 1000 / top))
		dev=$(( (got - want) * 1000 / want ))
		echo "policy$p $f kHz: $ms ms, throughput $got/1000 of $top kHz (want $want/1000, off ${dev}/1000)"
		[ ${dev#-} -le 50 ] || fail=1
	done
	echo schedutil > $CPUFREQ/policy$p/scaling_governor
done
[ $fail = 0 ] || hgov_fail "throughput does not follow f / f_top within 5 %"
hgov_ok "a CPU-bound loop's throughput follows f / f_top within 5 % at every OPP of both clusters"
