#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make bench, on one board boot (scripts/bench/run.sh runs it with BENCH_REGIME,
# BENCH_BOOT, BENCH_REPS, BENCH_RUN0, BENCH_GOVS, BENCH_WORKLOADS and
# BENCH_TB_OPTS set in
# front, and scripts/bench/williams.sh's functions): every workload under
# every governor, each its own measured window, the governor order of run
# k = BENCH_RUN0 + rep - 1 the Williams square's row k mod its rows. Prints
# the raw lines scripts/bench/report.py reads: a DESIGN line per
# repetition (its row and order), a WIN block per window with snapshots
# (SNAP, BUSY, TIS, IDLE) at its start and end, its result (RES: the
# figure, and ops= where the work is counted) and, for the storage
# workloads, the policies' frequencies and the requests in flight (TR).
# The harness's own forks (snapshots, trace reading, settling) run
# outside the windows, on the A53s.
. /lib/hgov.sh

: "${BENCH_REGIME:=6.12}"
: "${BENCH_BOOT:=1}"
: "${BENCH_REPS:=1}"
# Runs of the regime before this boot's: the design goes on from there.
: "${BENCH_RUN0:=0}"
: "${BENCH_GOVS:=performance schedutil hybrid}"
: "${BENCH_WORKLOADS:=bonnie randread copy idle bursts}"
# userspace-max, ondemand-nas, hybrid-pin-all, schedutil+assist-nolat,
# schedutil+assist-a57 and -a53 only where storage is measured and on
# idle-trickle (the pin's hold): without I/O they are performance,
# ondemand, hybrid and the assist. schedutil+assist runs every workload:
# its figures without I/O are the recommended configuration's; so do
# schedutil+assist-hold5, -pcpu, -allcpus and -little.
# The real programs (sqlite3, dpkg, flac) run under performance,
# schedutil, hybrid, schedutil+assist, schedutil+assist-hold5, -pcpu,
# -allcpus and -little only.
PROGS="sqlite-commits dpkg-unpack flac-encode"
# So does bonnie++'s run for the report's held-out figures.
THREE="$PROGS bonnie-held-out"
STORAGE="bonnie randread fsync-writes deep-queue-read copy small-files cpu-beside-io $THREE"
ANY="taskset -c 0-7"
P=/sys/module/cpufreq_hybrid/parameters
# The module's io_idle_latency_us as loaded: every configuration but
# schedutil+assist-nolat runs with it.
IDLE_US=$(cat $P/io_idle_latency_us)
# And its assist_hold_ms: every configuration but schedutil+assist-hold5.
HOLD_MS=$(cat $P/assist_hold_ms)
# The lowest-capacity policy's CPUs (schedutil+assist-little).
LITTLE=$(for p in "$CPUFREQ"/policy*; do
	echo "$(cat "/sys/devices/system/cpu/cpu${p##*policy}/cpu_capacity" 2>/dev/null || echo 0) $(cat "$p/related_cpus")"
done | sort -n | head -n 1 | cut -d' ' -f2- | tr ' ' ',')
OD=$CPUFREQ/ondemand

echo "BOOT regime=$BENCH_REGIME boot=$BENCH_BOOT kernel=$(uname -r)"
# bench_select GOVERNOR - select it on both policies. Every selection
# passes through performance, so a governor's tunables (ondemand's) start
# from their defaults.
bench_select() {
	hgov_select performance
	echo 0 > $P/assist || hgov_fail "cannot disable the assist"
	echo "$IDLE_US" > $P/io_idle_latency_us || hgov_fail "cannot reset io_idle_latency_us"
	echo "$HOLD_MS" > $P/assist_hold_ms || hgov_fail "cannot reset assist_hold_ms"
	echo 0 > $P/io_idle_all_cpus || hgov_fail "cannot reset io_idle_all_cpus"
	echo all > $P/assist_cpus || hgov_fail "cannot reset assist_cpus"
	ANY="taskset -c 0-7"
	case $1 in
	schedutil+assist*)
		case $1 in
		*-nolat)
			# The floors alone: no idle-latency limit.
			echo 0 > $P/io_idle_latency_us ||
				hgov_fail "cannot set io_idle_latency_us" ;;
		*-a57)
			# The storage path's tasks on the A57s: the workloads
			# bound to cpu0-3 (the kernel's threads are not).
			ANY="taskset -c 0-3" ;;
		*-a53)
			# The workloads on the A53s (cpu4-7), where EAS puts
			# them under schedutil: what running them there at
			# the floor costs and saves.
			ANY="taskset -c 4-7" ;;
		*-pcpu)
			# The idle-latency limit only on the CPUs that take
			# part in the I/O (io_idle_all_cpus=0): the default,
			# as schedutil+assist.
			;;
		*-little)
			# The floor on the lowest-capacity policy alone (the
			# A53s, cpu4-7 on an H3): the A57s left to schedutil.
			echo "$LITTLE" > $P/assist_cpus ||
				hgov_fail "cannot set assist_cpus" ;;
		*-allcpus)
			# The idle-latency limit on every CPU (one CPU
			# latency QoS request), the default before 0.
			echo 1 > $P/io_idle_all_cpus ||
				hgov_fail "cannot set io_idle_all_cpus" ;;
		*-hold5)
			# The floor and the idle-latency limit outlast the
			# last block event by 5 ms, not 50.
			echo 5 > $P/assist_hold_ms ||
				hgov_fail "cannot set assist_hold_ms" ;;
		esac
		echo 1 > $P/assist || hgov_fail "cannot enable the assist"
		hgov_select schedutil ;;
	ondemand-nas)
		# Armbian's tuning for NAS boards.
		hgov_select ondemand
		echo 1 > "$OD/io_is_busy" && echo 25 > "$OD/up_threshold" &&
			echo 10 > "$OD/sampling_down_factor" ||
			hgov_fail "cannot tune ondemand" ;;
	hybrid-pin-all)
		# hybrid with both clusters pinned during storage I/O
		# (io_pin_cpus=0-7, not the default big cluster alone): what
		# the A53s' share of the I/O path costs the default.
		hgov_select hybrid
		echo 0-7 > "$(hgov_tunable io_pin_cpus)" ||
			hgov_fail "cannot pin both clusters" ;;
	userspace-max)
		# The top non-boost OPP and no governor work at all.
		hgov_setspeed_top ;;
	*)	hgov_select "$1" ;;
	esac
}

HGOV_TB_OPTS=${BENCH_TB_OPTS:-}
hgov_emulate
# What the board is (scripts/testbed/README.md): the emulation mode, each
# cluster's idle states and the share of it an exit costs.
echo "BOARD $(hgov_board_idle) tb_opts='${BENCH_TB_OPTS:-}'"
# bonnie++ looks its -u user up.
mkdir -p /etc
echo root:x:0:0:root:/root:/bin/sh > /etc/passwd
echo root:x:0: > /etc/group
# R-Car's default: the turbo OPPs are off; policy0's maximum is 1.5 GHz.
echo 0 > "$CPUFREQ/boost"
# The calibrated board (scripts/calibrate): its constants, its dirty
# limits and its 512 MiB medium. 512, not the model's default 384: with
# the other workloads' files beside bonnie++'s, a fuller ext4 made 5.10's
# block output a quarter of its speed (32 against 120 MB/s: block
# allocation, not the page cache).
EMMC_OPTS=size_mb=512 hgov_emmc
dev=$(tr ':' ',' < /sys/block/$EMMC_NAME/dev)
taskset -p -c 4-7 $$ > /dev/null
# The files the workloads read, written once.
# With bonnie++'s 256 MiB file they fit the 512 MiB medium.
dd if=/dev/zero of=/mnt/src bs=1M count=48 2>/dev/null
dd if=/dev/zero of=/mnt/rr bs=1M count=32 2>/dev/null
# 1000 files of 4-16 KiB, by one process.
mkdir -p /mnt/small
awk 'BEGIN { for (i = 0; i < 1000; i++) { f = "/mnt/small/f" i
	printf "%" (4096 + (i % 13) * 1024) "s", "" > f; close(f) } }'
# sqlite-commits' statements; flac-encode's input, only where it runs
# (the other workloads keep the medium as full as before).
SQLITE_TX=200
FLAC_MB=16
awk -v n="$SQLITE_TX" -v q="'" 'BEGIN { for (i = 0; i < n; i++)
	printf "BEGIN; INSERT INTO log (t, msg) VALUES (%d, %s%0100d%s); COMMIT;\n", i, q, i, q }' \
	> /tmp/sqlite.sql
case " $BENCH_WORKLOADS " in
*" flac-encode "*)
	for i in $(seq "$FLAC_MB"); do cat /usr/share/hgov/audio.pcm; done > /mnt/audio.raw ;;
esac
sync
echo "MEM $(grep -E '^(MemTotal|MemFree|Cached)' /proc/meminfo | tr -s ' ' | tr '\n' ' ')"
echo "EMMC fs=$EMMC_FS dirty_bytes=$(cat /proc/sys/vm/dirty_bytes) $(for p in /sys/module/hgov_mmc/parameters/*; do printf '%s=%s ' "${p##*/}" "$(cat "$p")"; done)"
# 1 MiB a CPU holds a window's events (a 3 s QD1 read: about 20000).
echo "${BENCH_TRACE_KB:-1024}" > "$TRACE/buffer_size_kb"

# trace_lines - the TR lines of the trace: marks, both policies'
# frequencies, and every request issued (+1) and completed (-1) on the
# eMMC model. Only what is wanted, by grep: busybox awk on a whole trace
# takes minutes of emulated A53 time.
trace_lines() {
	grep -E "tracing_mark_write: wl-|cpu_frequency: state=[0-9]+ cpu_id=[04]\$|block_rq_(issue|complete|requeue): $dev " \
		"$TRACE/trace" | awk -v dev="$dev" '
		{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) break
		  t = substr($i, 1, length($i) - 1); e = $(i + 1) }
		e == "tracing_mark_write:" { print "TR", t, $(i + 2), 0 }
		e == "cpu_frequency:" { split($(i + 2), s, "="); split($(i + 3), c, "=")
			print "TR", t, "f" c[2], s[2] }
		e == "block_rq_issue:" && $(i + 2) == dev { print "TR", t, "io", 1 }
		e == "block_rq_complete:" && $(i + 2) == dev { print "TR", t, "io", -1 }
		e == "block_rq_requeue:" && $(i + 2) == dev { print "TR", t, "io", -1 }'
}

# window WORKLOAD CMD... - one measured window: settle, snapshot, run CMD
# (it prints the RES line), a 1 s quiet tail (a governor's release is part
# of its cost), snapshot.
window() {
	wl=$1
	shift
	echo "WIN regime=$BENCH_REGIME boot=$BENCH_BOOT rep=$rep gov=$g wl=$wl order=$order row=$row max0=$(cat $CPUFREQ/policy0/scaling_max_freq) cur0=$(hgov_cur 0) cur4=$(hgov_cur 4)"
	sync
	hgov_settle > /dev/null
	timeline=
	case " $STORAGE " in *" $wl "*) [ "$rep" = 1 ] && timeline=1 ;; esac
	if [ -n "$timeline" ]; then
		hgov_trace_on power/cpu_frequency block/block_rq_issue block/block_rq_complete \
			block/block_rq_requeue
	fi
	hgov_snap begin
	# trace_marker refuses writes (EBADF) while tracing is off.
	[ -z "$timeline" ] || hgov_trace_mark wl-start
	"$@"
	[ -z "$timeline" ] || hgov_trace_mark wl-end
	hgov_sleep 1
	hgov_snap end
	if [ -n "$timeline" ]; then
		hgov_trace_off
		trace_lines
	fi
	echo "WINEND"
}

# kv KEY LINE - a value of hgov-load's key=value line.
kv() { hgov_kv "$@"; }

drop() { sync; echo 3 > /proc/sys/vm/drop_caches; }

# bonnie++'s four phases, each its own window: its progress on stderr is a
# line as it starts ("Using uid:0, gid:0.") and one as each phase ends
# ("Writing intelligently...done", "Rewriting...done", "Reading
# intelligently...done", "start 'em...done..."), and a reader takes a
# snapshot at each. Sequential block output, rewrite and
# input of a 256 MiB file (more than the page cache holds), then seeks.
bonnie() {
	rm -f /tmp/bonnie.fifo /tmp/bonnie.snaps
	mkfifo /tmp/bonnie.fifo
	(n=1; while IFS= read -r l; do
		hgov_snap "p$n" >> /tmp/bonnie.snaps
		echo "BONNIE $l" >> /tmp/bonnie.snaps
		n=$((n + 1))
	done) < /tmp/bonnie.fifo &
	reader=$!
	hgov_settle > /dev/null
	: > /tmp/bonnie.snaps
	csv=$($ANY bonnie++ -d /mnt -s 256 -r 128 -n 0 -f -u root -x 1 2> /tmp/bonnie.fifo | tail -n 1)
	wait "$reader"
	case $csv in
	*,256M,*) ;;
	*)	grep '^BONNIE' /tmp/bonnie.snaps
		df -k /mnt
		hgov_fail "bonnie++ failed under $g" ;;
	esac
	hgov_sleep 1
	n=1
	for wl in bonnie-block-output bonnie-rewrite bonnie-block-input bonnie-seeks; do
		case $wl in
		bonnie-block-output) v=$(echo "$csv" | cut -d, -f12) u=KiB/s ;;
		bonnie-rewrite) v=$(echo "$csv" | cut -d, -f14) u=KiB/s ;;
		bonnie-block-input) v=$(echo "$csv" | cut -d, -f18) u=KiB/s ;;
		bonnie-seeks) v=$(echo "$csv" | cut -d, -f20) u=seeks/s ;;
		esac
		echo "WIN regime=$BENCH_REGIME boot=$BENCH_BOOT rep=$rep gov=$g wl=$wl order=$order row=$row max0=$(cat $CPUFREQ/policy0/scaling_max_freq) cur0=$(hgov_cur 0) cur4=$(hgov_cur 4)"
		sed -n "s/^\([A-Z]*\) p$n /\1 begin /p" /tmp/bonnie.snaps
		sed -n "s/^\([A-Z]*\) p$((n + 1)) /\1 end /p" /tmp/bonnie.snaps
		echo "RES throughput=$v unit=$u"
		echo "WINEND"
		n=$((n + 1))
	done
}

# bonnie_held_out: the report's figures the board was not calibrated to,
# from two bonnie++ runs, each phase of interest its own window, found by
# its progress line (as in bonnie() above): the per-character phases (no
# -f) of a 2 MiB file, then the file phases (-s 0 -n 16: 16384 empty files
# in one directory, the report's count; bonnie++ refuses them beside a
# file small enough for -r to be 1 MiB). bonnie++ 2.00a's per-character
# phases make one write() or read() call a byte (1.03e's, the report's,
# went through stdio's putc and getc): at about 190 and 700 KiB/s on the
# board (bonnie++'s figures, any governor), 2 MiB keeps them to about 11
# and 3 s of window (6 MiB made a governor's run 4 minutes on the host,
# a single-threaded TCG emulating 6 million system calls); the file fits
# the page cache, as the phases' 96-97 %CP in the report say they do not
# wait for the eMMC. The block phases and seeks of the first run are not
# reported (the 256 MiB run measures them); the file phases' windows are
# under a second each.
HELD_OUT_MB=2
# held_out_run TAG BONNIE-ARGS... - one bonnie++ run, its progress lines'
# snapshots in /tmp/bonnie-TAG.snaps, its CSV line in $csv.
held_out_run() {
	tag=$1
	shift
	rm -f /tmp/bonnie.fifo "/tmp/bonnie-$tag.snaps"
	mkfifo /tmp/bonnie.fifo
	(n=1; while IFS= read -r l; do
		hgov_snap "p$n" >> "/tmp/bonnie-$tag.snaps"
		echo "BONNIE p$n $l" >> "/tmp/bonnie-$tag.snaps"
		n=$((n + 1))
	done) < /tmp/bonnie.fifo &
	reader=$!
	hgov_settle > /dev/null
	: > "/tmp/bonnie-$tag.snaps"
	csv=$($ANY bonnie++ -d /mnt "$@" -u root -x 1 2> /tmp/bonnie.fifo | tail -n 1)
	wait "$reader"
	echo "BONNIECSV $tag $csv"
	case $csv in
	1.98,2.00a,*)
		echo "$csv" > "/tmp/bonnie-$tag.csv" ;;
	*)	grep '^BONNIE' "/tmp/bonnie-$tag.snaps"
		df -k /mnt
		hgov_fail "bonnie++ $* failed under $g" ;;
	esac
}
held_out_phase() {
	# $1: the run's tag; $2: the key; $3: the start of its progress
	# line; $4 $5: the CSV fields of its rate and its %CP; $6: the unit.
	f=/tmp/bonnie-$1
	e=$(sed -n "s/^BONNIE p\([0-9]*\) $3.*/\1/p" "$f.snaps" | head -n 1)
	[ -n "$e" ] || hgov_fail "bonnie++ printed no line for $2 under $g"
	echo "WIN regime=$BENCH_REGIME boot=$BENCH_BOOT rep=$rep gov=$g wl=$2 order=$order row=$row max0=$(cat "$CPUFREQ/policy0/scaling_max_freq") cur0=$(hgov_cur 0) cur4=$(hgov_cur 4)"
	sed -n "s/^\([A-Z]*\) p$((e - 1)) /\1 begin /p" "$f.snaps"
	sed -n "s/^\([A-Z]*\) p$e /\1 end /p" "$f.snaps"
	echo "RES throughput=$(cut -d, -f"$4" "$f.csv") unit=$6 cpu_pct=$(cut -d, -f"$5" "$f.csv")"
	echo "WINEND"
}
bonnie_held_out() {
	held_out_run chars -s $HELD_OUT_MB -r $((HELD_OUT_MB / 2)) -n 0
	held_out_run files -s 0 -n 16
	hgov_sleep 1
	held_out_phase chars bonnie-perchar-output "Writing a byte" 10 11 KiB/s
	held_out_phase chars bonnie-perchar-input "Reading a byte" 16 17 KiB/s
	held_out_phase files bonnie-seq-create "Create files in sequential" 27 28 files/s
	held_out_phase files bonnie-seq-delete "Delete files in sequential" 31 32 files/s
	held_out_phase files bonnie-rand-create "Create files in random" 33 34 files/s
	held_out_phase files bonnie-rand-delete "Delete files in random" 37 38 files/s
}

# The workloads: each prints its RES line.
us2ms() { awk -v v="$1" 'BEGIN { print v / 1000 }'; }
wl_randread() {
	# QD1 4 KiB random reads through ext4, O_DIRECT.
	r=$($ANY hgov-load randread /mnt/rr 3)
	echo "RES throughput=$(kv iops "$r") unit=IOPS ops=$(kv ios "$r") p50_ms=$(us2ms "$(kv lat_us_p50 "$r")") p99_ms=$(us2ms "$(kv lat_us_p99 "$r")")"
}
wl_fsync() {
	# 4 KiB writes, each committed (fdatasync) on journaled ext4.
	r=$($ANY hgov-load fsyncw /mnt/db 3)
	echo "RES throughput=$(kv ops_per_s "$r") unit=ops/s ops=$(kv ops "$r") p50_ms=$(kv lat_ms_p50 "$r") p99_ms=$(kv lat_ms_p99 "$r")"
}
wl_deep() {
	# 4 KiB random reads kept 32 deep (Linux AIO) on the raw disk.
	r=$($ANY hgov-load deepread "$EMMC" 32 3)
	echo "RES throughput=$(kv iops "$r") unit=IOPS ops=$(kv ios "$r")"
}
wl_copy() {
	r=$($ANY hgov-load copy /mnt/src /mnt/dst)
	echo "RES throughput=$(kv mb_per_s "$r") unit=MiB/s"
}
wl_small() {
	# 1000 files of 4-16 KiB read cold.
	t0=$(hgov-load now)
	$ANY cat /mnt/small/* > /dev/null
	t1=$(hgov-load now)
	echo "RES throughput=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print 1000 * 1e9 / (b - a) }') unit=files/s"
}
wl_cpu_io() {
	# A CPU-bound job beside a reader: the reader's MiB/s.
	$ANY hgov-load spin 400000000 > /dev/null &
	spin=$!
	r=$($ANY hgov-load seqread /mnt/src)
	wait "$spin"
	echo "RES throughput=$(kv mb_per_s "$r") unit=MiB/s"
}
# Real programs from Debian's arm64 archive (scripts/bench/progs.sh).
# elapsed T0 - seconds since T0 (hgov-load now, ns).
elapsed() { awk -v a="$1" -v b="$(hgov-load now)" 'BEGIN { printf "%.4f", (b - a) / 1e9 }'; }
wl_sqlite() {
	# sqlite3's CLI: SQLITE_TX transactions of one small INSERT, each
	# committed (rollback journal, synchronous=FULL: sqlite3's defaults).
	t0=$(hgov-load now)
	$ANY sqlite3 /mnt/app.db < /tmp/sqlite.sql || hgov_fail "sqlite3 failed under $g"
	s=$(elapsed "$t0")
	echo "RES throughput=$(awk -v s="$s" -v n=$SQLITE_TX 'BEGIN { print n / s }') unit=tx/s seconds=$s"
}
wl_dpkg() {
	# dpkg --unpack of six real packages (bash, dpkg, libsqlite3-0,
	# libstdc++6, sqlite3, tar: 311 files, 22 MB; no preinst) into an empty
	# root: dpkg writes and fsyncs every file, then renames it into place,
	# as in an update.
	# Not busybox's dpkg and dpkg-deb applets: its taskset runs applets
	# before PATH, and dpkg finds dpkg-deb by PATH.
	t0=$(hgov-load now)
	PATH=/usr/bin:$PATH $ANY /usr/bin/dpkg --root=/mnt/root --force-bad-path \
		--force-depends --unpack /usr/share/hgov/update/*.deb \
		> /dev/null 2> /tmp/dpkg.err ||
		{ cat /tmp/dpkg.err; hgov_fail "dpkg failed under $g"; }
	s=$(elapsed "$t0")
	echo "RES throughput=$(awk -v s="$s" 'BEGIN { print 60 / s }') unit=updates/min seconds=$s"
}
wl_flac() {
	# flac -5 (its default) of FLAC_MB MiB of CD-quality PCM read from
	# the eMMC, the result written there and synced: a recorder's or a
	# media library's transcode.
	t0=$(hgov-load now)
	$ANY flac -s -f --force-raw-format --endian=little --sign=signed --channels=2 \
		--bps=16 --sample-rate=44100 -o /mnt/audio.flac /mnt/audio.raw ||
		hgov_fail "flac failed under $g"
	$ANY sync /mnt/audio.flac
	s=$(elapsed "$t0")
	echo "RES throughput=$(awk -v s="$s" -v m=$FLAC_MB 'BEGIN { print m / s }') unit=MiB/s seconds=$s"
}
wl_idle() { sleep 4; echo "RES unit=none"; }
wl_trickle() {
	# One small committed write a second: the pin's hold costs energy here.
	$ANY hgov-load trickle /mnt/log 4 > /dev/null
	echo "RES unit=none"
}
wl_periodic() {
	# ~0.9 ms of work (A57 at 1.7 GHz) every 16 ms: jobs on time a second.
	r=$($ANY hgov-load periodic 16000 300000 3)
	echo "RES throughput=$(awk -v j="$(kv jobs "$r")" -v l="$(kv late "$r")" 'BEGIN { print (j - l) / 3 }') unit=jobs/s ops=$(awk -v j="$(kv jobs "$r")" -v l="$(kv late "$r")" 'BEGIN { print j - l }')"
}
wl_bursts() {
	# ~30 ms of work (A57 at 1.7 GHz) every 200 ms: the rate while
	# bursting; the work is fixed (15 bursts of 10 Miter).
	r=$($ANY hgov-load bursts 10000000 200 3)
	echo "RES throughput=$(kv miter_per_s "$r") unit=Miter/s busy_s=$(kv busy_s "$r") ops=$(awk -v j="$(kv jobs "$r")" 'BEGIN { print j * 10 }')"
}

# run_workload NAME - its window(s) under the selected governor.
run_workload() {
	case $1 in
	bonnie) bonnie ;;
	bonnie-held-out) bonnie_held_out ;;
	randread) window randread wl_randread ;;
	fsync-writes) rm -f /mnt/db; window fsync-writes wl_fsync; rm -f /mnt/db ;;
	deep-queue-read) window deep-queue-read wl_deep ;;
	copy) rm -f /mnt/dst; drop; window copy wl_copy; rm -f /mnt/dst ;;
	small-files) drop; window small-files wl_small ;;
	cpu-beside-io) drop; window cpu-beside-io wl_cpu_io ;;
	sqlite-commits)
		rm -f /mnt/app.db /mnt/app.db-journal
		sqlite3 /mnt/app.db 'CREATE TABLE log (id INTEGER PRIMARY KEY, t INTEGER, msg TEXT);' ||
			hgov_fail "sqlite3 cannot create its database"
		window sqlite-commits wl_sqlite
		rm -f /mnt/app.db /mnt/app.db-journal ;;
	dpkg-unpack)
		rm -rf /mnt/root
		mkdir -p /mnt/root/var/lib/dpkg/info /mnt/root/var/lib/dpkg/updates
		: > /mnt/root/var/lib/dpkg/status
		: > /mnt/root/var/lib/dpkg/available
		drop
		window dpkg-unpack wl_dpkg
		rm -rf /mnt/root ;;
	flac-encode) rm -f /mnt/audio.flac; drop; window flac-encode wl_flac; rm -f /mnt/audio.flac ;;
	idle) window idle wl_idle ;;
	idle-trickle) window idle-trickle wl_trickle ;;
	periodic) window periodic wl_periodic ;;
	bursts) window bursts wl_bursts ;;
	*) hgov_fail "no workload $1" ;;
	esac
}

set -- $BENCH_GOVS
ngov=$#
rep=1
while [ "$rep" -le "$BENCH_REPS" ]; do
	k=$((BENCH_RUN0 + rep - 1))
	row=$((k % $(williams_rows "$ngov")))
	govseq=$(williams_govs "$k" $BENCH_GOVS)
	echo "DESIGN regime=$BENCH_REGIME boot=$BENCH_BOOT rep=$rep run=$k row=$row rows=$(williams_rows "$ngov") seq='$govseq'"
	order=0
	for g in $govseq; do
		order=$((order + 1))
		bench_select "$g"
		for w in $BENCH_WORKLOADS; do
			case " $THREE " in
			*" $w "*)
				case $g in
				performance|schedutil|hybrid|schedutil+assist|schedutil+assist-hold5|schedutil+assist-pcpu|schedutil+assist-allcpus|schedutil+assist-little) ;;
				*) continue ;;
				esac ;;
			esac
			case $g in
			userspace-max|ondemand-nas|hybrid-pin-all|schedutil+assist-nolat|schedutil+assist-a57|schedutil+assist-a53)
				case " $STORAGE idle-trickle " in *" $w "*) ;; *) continue ;; esac ;;
			esac
			run_workload "$w"
		done
	done
	rep=$((rep + 1))
done
bench_select schedutil
hgov_ok "bench done"
