#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make bench, on the board (scripts/bench.sh runs it with BENCH_REPS and
# BENCH_GOVS set in front): every workload under every governor, governors
# interleaved within each repetition. Prints raw lines for
# scripts/bench/report.py: CELL, then snapshots (T, TIS, BUSY) before and
# after, the workload's RES line and, for I/O workloads, the policy0
# frequency trace (TR).
. /lib/hgov.sh

: "${BENCH_REPS:=5}"
: "${BENCH_GOVS:=performance schedutil ondemand hybrid schedutil+assist}"
: "${BENCH_WORKLOADS:=idle periodic bursts bonnie randread copy}"
# Workloads may run on any CPU: the board has the H3 energy model, so under
# schedutil the scheduler places them the way EAS does on the board, and
# where they ran (busy time per cluster) is part of the result. The shell
# stays on the A53s; its children get every CPU back.
ANY="taskset -c 0-7"
P=/sys/module/cpufreq_hybrid/parameters

# bench_select GOVERNOR - select it; "schedutil+assist" is schedutil with
# cpufreq_hybrid's assist=1 (the storage I/O pin as a frequency floor).
bench_select() {
	case $1 in
	*+assist)
		echo 1 > $P/assist || hgov_fail "cannot enable the assist"
		hgov_select "${1%+assist}" ;;
	*)
		echo 0 > $P/assist || hgov_fail "cannot disable the assist"
		hgov_select "$1" ;;
	esac
}
hgov_emulate
# bonnie++ looks its -u user up.
mkdir -p /etc
echo root:x:0:0:root:/root:/bin/sh > /etc/passwd
echo root:x:0: > /etc/group
# R-Car's default: the turbo OPPs are off; policy0's maximum is 1.5 GHz.
echo 0 > "$CPUFREQ/boost"

hgov_emmc
dd if=/dev/zero of=/mnt/src bs=1M count=96 2>/dev/null
sync
echo "MEM $(grep -E '^(MemTotal|MemFree|Cached)' /proc/meminfo | tr -s ' ' | tr '\n' ' ')"
echo "EMMC fs=$EMMC_FS $(for p in /sys/module/hgov_mmc/parameters/*; do printf "%s=%s " "${p##*/}" "$(cat "$p")"; done)"

echo 4096 > "$TRACE/buffer_size_kb"

snap() {
	echo "T $1 $(hgov-load now)"
	for p in 0 4; do
		echo "TIS $1 policy$p $(tr ' \n' ': ' < "$CPUFREQ/policy$p/stats/time_in_state")"
	done
	sed "s/^/BUSY $1 /" /sys/kernel/debug/hgov_testbed/busy
}

# workload NAME - run it, print its RES line.
workload() {
	case $1 in
	bonnie)
		# Sequential block output, rewrite and input of a 256 MiB file
		# (more than the page cache can hold), no per-char or file tests.
		r=$($ANY bonnie++ -d /mnt -s 256 -r 128 -n 0 -f -u root -q -x 1 2>/dev/null | tail -n 1)
		echo "RES csv=$r" ;;
	randread)
		echo "RES $($ANY hgov-load randread $EMMC 4)" ;;
	copy)
		rm -f /mnt/dst
		sync
		echo 3 > /proc/sys/vm/drop_caches
		echo "RES $($ANY hgov-load copy /mnt/src /mnt/dst)"
		rm -f /mnt/dst ;;
	idle)
		sleep 10
		echo "RES none=0" ;;
	periodic)
		# A light fixed-rate load: ~0.9 ms of work (A57 at 1.7 GHz) every 16 ms.
		echo "RES secs=6 $($ANY hgov-load periodic 16000 300000 6)" ;;
	bursts)
		# CPU-bound bursts: ~30 ms of work (A57 at 1.7 GHz) every 200 ms.
		echo "RES $($ANY hgov-load bursts 10000000 200 6)" ;;
	esac
}

dev=$(tr ':' ',' < /sys/block/$EMMC_NAME/dev)
taskset -p -c 4-7 $$ > /dev/null
sync
rep=1
while [ "$rep" -le "$BENCH_REPS" ]; do
	for g in $BENCH_GOVS; do
		bench_select "$g"
		# Settle: the last governor's writeback and reclaim are over
		# before the first (idle) cell.
		sync
		sleep 5
		for w in $BENCH_WORKLOADS; do
			echo "CELL rep=$rep gov=$g wl=$w max0=$(cat $CPUFREQ/policy0/scaling_max_freq) cur0=$(hgov_cur 0) cur4=$(hgov_cur 4)"
			case $w in
			bonnie|randread|copy)
				hgov_trace_on power/cpu_frequency block/block_rq_issue block/block_rq_complete \
					block/block_rq_requeue ;;
			*)	hgov_trace_on power/cpu_frequency ;;
			esac
			snap begin
			hgov_trace_mark wl-start
			workload "$w"
			sync
			hgov_trace_mark wl-end
			# Every cell ends with the same 1 s quiet tail: a governor's
			# release (the pin's hold) is part of its cost.
			sleep 1
			snap end
			hgov_trace_off
			# Only the lines wanted, by grep: busybox awk on the whole
			# trace of a bonnie++ run takes minutes of emulated A53 time.
			{
				grep -E "tracing_mark_write: wl-|cpu_frequency: state=[0-9]+ cpu_id=[04]\$" "$TRACE/trace"
				if [ "$rep$w" = 1copy ]; then
					grep -E "block_rq_(issue|complete|requeue): $dev " "$TRACE/trace"
				else
					grep -m 1 "block_rq_issue: $dev " "$TRACE/trace"
					grep "block_rq_complete: $dev " "$TRACE/trace" | tail -n 1
				fi
			} > /tmp/trace
			# "TR seconds event value": marks, policy0/policy4 frequency,
			# the first request issued and the last one completed on the
			# eMMC model; every issue (+1) and completion (-1) for the
			# timeline, on the first copy.
			awk -v dev="$dev" -v all="$([ "$rep$w" = 1copy ] && echo 1)" '
				{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) break
				  t = substr($i, 1, length($i) - 1); e = $(i + 1) }
				e == "tracing_mark_write:" && $(i + 2) ~ /^wl-/ { print "TR", t, $(i + 2), 0 }
				e == "cpu_frequency:" && ($(i + 3) == "cpu_id=0" || $(i + 3) == "cpu_id=4") {
					split($(i + 2), s, "="); split($(i + 3), c, "=")
					print "TR", t, "f" c[2], s[2] }
				e == "block_rq_issue:" && $(i + 2) == dev {
					if (first == "") { first = t; print "TR", t, "io-first", 0 }
					if (all) print "TR", t, "io", 1 }
				e == "block_rq_complete:" && $(i + 2) == dev {
					last = t
					if (all) print "TR", t, "io", -1 }
				# Requeued (the model over its bandwidth): issued again later.
				e == "block_rq_requeue:" && $(i + 2) == dev && all { print "TR", t, "io", -1 }
				END { if (last != "") print "TR", last, "io-last", 0 }
			' < /tmp/trace
			echo "TROVERRUN $(cat "$TRACE"/per_cpu/cpu*/stats | awk '/^overrun:/ { n += $2 } END { print n + 0 }')"
			echo "CELLEND"
		done
	done
	rep=$((rep + 1))
done
bench_select schedutil
hgov_ok "bench done"
