#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Board side of "make demo", on the board with frequency emulation (a
# lower OPP costs time) and the eMMC model. First both clusters' frequency
# under hybrid while a CPU-bound load moves between them; then the storage
# story: a 96 MiB file copy on the eMMC model under performance, schedutil,
# hybrid and schedutil+assist, with each one's throughput and where both
# clusters ran. The trace of each copy goes out as "DEMO-TR" lines for
# scripts/demo/plot.py; the bench's window lines (WIN, hgov_snap's
# snapshots, RES, WINEND) as "DEMO-E" lines for scripts/demo/summary.py.
. /lib/hgov.sh
P=/sys/module/cpufreq_hybrid/parameters

# demo_select GOVERNOR - select it on both policies, the assist off but for
# schedutil+assist (scripts/bench/board.sh's bench_select).
demo_select() {
	hgov_select performance
	echo 0 > "$P/assist" || hgov_fail "cannot disable the assist"
	case $1 in
	schedutil+assist)
		echo 1 > "$P/assist" || hgov_fail "cannot enable the assist"
		hgov_select schedutil ;;
	*)	hgov_select "$1" ;;
	esac
}

# bar KHZ - set $bar to one '#' per 100 MHz.
bar() {
	n=$(($1 / 100000))
	bar=
	while [ "$n" -gt 0 ]; do
		bar="$bar#"
		n=$((n - 1))
	done
}

# phase NAME SECONDS - print both policies about every 250 ms for SECONDS
# of board time.
phase() {
	hgov_now
	end=$((now + $2 * 1000))
	while [ "$now" -lt "$end" ]; do
		read -r f0 < "$CPUFREQ/policy0/scaling_cur_freq"
		read -r f4 < "$CPUFREQ/policy4/scaling_cur_freq"
		bar "$f0"
		b0=$bar
		bar "$f4"
		printf '%7d  %-22s %8d %-17s %8d %s\n' "$now" "$1" "$f0" "$b0" "$f4" "$bar"
		hgov_sleep 0.25
		hgov_now
	done
}

# residency POLICY - "KHZ:TICKS ..." of POLICY's time_in_state.
residency() { tr ' \n' ': ' < "$CPUFREQ/policy$1/stats/time_in_state"; }

# busy - "A57_MS A53_MS": CPU time not idle so far, per cluster (test bed).
busy() {
	awk '{ s = 0; for (i = 2; i <= NF; i++) { split($i, a, ":"); s += a[2] }
	       if ($1 ~ /^cpu[0-3]$/) big += s; else little += s }
	     END { printf "%d %d\n", big / 1e6, little / 1e6 }' /sys/kernel/debug/hgov_testbed/busy
}

# mix BEFORE AFTER - the share of time at each OPP between two residency
# readings, e.g. "500:12% 1000:3% 1500:85%".
mix() {
	echo "$1 $2" | awk '{
		for (i = 1; i <= NF; i++) {
			split($i, a, ":")
			if (a[1] == "") continue
			# The first reading of an OPP comes from BEFORE.
			if (seen[a[1]]++) d[a[1]] += a[2]; else { d[a[1]] = -a[2]; k[++n] = a[1] }
		}
		for (j = 1; j <= n; j++) t += d[k[j]]
		for (j = 1; j <= n; j++)
			printf "%s%d:%d%%", (j > 1 ? " " : ""), k[j] / 1000, (t ? 100 * d[k[j]] / t + 0.5 : 0)
	}'
}

hgov_emulate
echo 0 > "$CPUFREQ/boost"
echo "R-Car H3 virtual board, Linux $(uname -r): policy0 = cpu0-3 (A57: 500/1000/1500 MHz),"
echo "policy4 = cpu4-7 (A53: 800/1000/1200 MHz); a lower OPP costs execution time."
echo
echo "1. hybrid follows a CPU load like schedutil"
hgov_select hybrid
hgov_shell_on 4-7
printf '%7s  %-22s %8s %-17s %8s %s\n' t/ms phase "A57 kHz" "" "A53 kHz" ""
phase "idle" 1
hgov_spin 0
big=$spin_pid
phase "busy loop on cpu0" 2
hgov_shell_on 1-3
hgov_spin 5
little=$spin_pid
phase "+ busy loop on cpu5" 2
kill "$big"
phase "cpu5 only" 2
kill "$little"
hgov_shell_on 4-7
phase "idle again" 1

echo
echo "2. storage: a 96 MiB file copy on the eMMC model (ext4, page cache dropped first)"
hgov_emmc
dd if=/dev/zero of=/mnt/src bs=1M count=96 2>/dev/null
sync
dev=$(tr ':' ',' < "/sys/block/$EMMC_NAME/dev")
echo 4096 > "$TRACE/buffer_size_kb"
printf '%-16s %7s %14s   %-22s %s\n' governor "MiB/s" "busy ms A57/A53" "A57 time at MHz" "A53 time at MHz"
for g in performance schedutil hybrid schedutil+assist; do
	demo_select "$g"
	rm -f /mnt/dst
	sync
	echo 3 > /proc/sys/vm/drop_caches
	hgov_settle
	r0=$(residency 0)
	r4=$(residency 4)
	b0=$(busy)
	echo "DEMO-CUR $g $(hgov_cur 0) $(hgov_cur 4)"
	hgov_trace_on power/cpu_frequency block/block_rq_issue block/block_rq_complete \
		block/block_rq_requeue
	# The bench's window: its snapshots around the copy and a 1 s quiet
	# tail (a governor's release is part of its cost).
	echo "DEMO-E WIN regime=demo gov=$g wl=copy"
	hgov_snap begin | sed 's/^/DEMO-E /'
	hgov_trace_mark copy-start
	res=$(taskset -c 0-7 hgov-load copy /mnt/src /mnt/dst)
	hgov_trace_mark copy-end
	hgov_sleep 1
	hgov_snap end | sed 's/^/DEMO-E /'
	hgov_trace_off
	mbs=$(hgov_kv mb_per_s "$res")
	echo "DEMO-E RES throughput=$mbs unit=MiB/s mib=96"
	echo "DEMO-E WINEND"
	m0=$(mix "$r0" "$(residency 0)" | sed 's/ 1600:0% 1700:0%//')
	m4=$(mix "$r4" "$(residency 4)")
	set -- $b0 $(busy)
	printf '%-16s %7s %14s   %-22s %s\n' "$g" "$mbs" "$(($3 - $1))/$(($4 - $2))" "$m0" "$m4"
	awk -v dev="$dev" -v g="$g" '
		{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) break
		  t = substr($i, 1, length($i) - 1); e = $(i + 1) }
		e == "tracing_mark_write:" { print "DEMO-TR", g, t, $(i + 2), 0 }
		e == "cpu_frequency:" && ($(i + 3) == "cpu_id=0" || $(i + 3) == "cpu_id=4") {
			split($(i + 2), s, "="); split($(i + 3), c, "="); print "DEMO-TR", g, t, "f" c[2], s[2] }
		e == "block_rq_issue:" && $(i + 2) == dev { print "DEMO-TR", g, t, "io", 1 }
		# A requeued request (the model over its bandwidth) is issued again.
		(e == "block_rq_complete:" || e == "block_rq_requeue:") && $(i + 2) == dev {
			print "DEMO-TR", g, t, "io", -1 }
	' "$TRACE/trace"
done
demo_select schedutil
echo
echo "hybrid pins the A57s at their highest allowed OPP from the first request to"
echo "io_hold_ms after the last one; the A53s follow their own load. schedutil+assist"
echo "lifts both clusters' floors to their maximum during I/O and keeps schedutil (and"
echo "EAS)."
