#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Frequency emulation (hgov_testbed emulate=1): a CPU-bound loop's
# throughput follows f / f_max within 5 % at every OPP of both clusters
# (A57 turbo OPPs included), and an A53 at its top against an A57 at its
# top is 535/1024 * 1200/1700 (capacity-dmips-mhz times frequency), within
# 5 %. Times are the board's clock, hgov-load's CLOCK_MONOTONIC; each is
# the fastest of three runs (anything else on the CPU only adds time).
. /lib/hgov.sh

# spin CPU - print the fastest of three ITERS-loop times on CPU, in ns.
spin() {
	best=
	for _ in 1 2 3; do
		t=$(hgov_kv ns "$(taskset -c "$1" hgov-load spin $ITERS)")
		[ -n "$best" ] && [ "$best" -le "$t" ] || best=$t
	done
	echo "$best"
}

hgov_emulate
ITERS=20000000
fail=0
a57_top_ns=0
for pc in "0 1 5" "4 5 1"; do
	set -- $pc
	p=$1 cpu=$2 home=$3
	# The shell waits on the other cluster; the measured CPU runs the loop alone.
	taskset -p -c "$home" $$ > /dev/null
	opps=$(hgov_opps "$p")
	top=${opps% }
	top=${top##* }
	hgov_setspeed "$p" "$top"
	ref=$(spin "$cpu")
	echo "policy$p cpu$cpu: $ITERS iterations at $top kHz in $((ref / 1000)) us"
	for f in $opps; do
		[ "$f" = "$top" ] && continue
		hgov_setspeed "$p" "$f"
		ns=$(spin "$cpu")
		# throughput against the top OPP, and what f / f_max says, per mille
		got=$((ref * 1000 / ns))
		want=$((f * 1000 / top))
		dev=$(( (got - want) * 1000 / want ))
		echo "policy$p $f kHz: $((ns / 1000)) us, throughput $got/1000 of $top kHz (f/f_max $want/1000, off $dev/1000)"
		[ ${dev#-} -le 50 ] || fail=1
	done
	if [ "$p" = 0 ]; then
		a57_top_ns=$ref
	else
		got=$((a57_top_ns * 1000 / ref))
		want=$((535 * 1200 * 1000 / (1024 * 1700)))
		dev=$(( (got - want) * 1000 / want ))
		echo "A53 at $top kHz: $got/1000 of an A57 at its top (want $want/1000, off $dev/1000)"
		[ ${dev#-} -le 50 ] || fail=1
	fi
	echo schedutil > "$CPUFREQ/policy$p/scaling_governor"
done
[ $fail = 0 ] || hgov_fail "throughput does not follow the emulated speed within 5 %"
hgov_ok "a CPU-bound loop's throughput follows f / f_max within 5 % at every OPP of both clusters"
