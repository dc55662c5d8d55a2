#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make bench TARGET=...: the board side, on any Linux board with
# cpufreq_hybrid installed (POSIX sh: dash, bash or busybox). It needs no
# test bed: plain cpufreq sysfs (scaling_governor, stats/time_in_state),
# /proc/stat, hwmon, the energy model in debugfs and the module's own
# parameters. scripts/bench/remote.sh copies this directory to a
# temporary directory on the board and runs, as root:
#
#   remote-board.sh check   what the board has ("HAVE ..." lines), or an
#                           "ERROR: ..." line and exit status 3 for bad
#                           input; changes nothing but loading the module
#   remote-board.sh run     the bench: the raw lines scripts/bench/report.py
#                           reads (those of scripts/bench/board.sh, with
#                           STAT, HWMON and EM lines for energy); every
#                           policy's governor is restored at the end, on
#                           error and on a signal
#   remote-board.sh stop    stop a run, restore, remove this directory
#
# Environment: BENCH_SCRATCH (an unmounted block device, which gets a new
# file system, or a directory on a file system other than the root one),
# BENCH_GOVS, BENCH_WORKLOADS, BENCH_REPS, BENCH_RUN0, BENCH_SECS (a
# window's length), BENCH_FILE_MB (the random-read file), BENCH_COPY_MB,
# BENCH_SETTLE_S (the longest wait for a quiet board before a window),
# BENCH_ENGINE (fio or hgov-load; default fio where the board has it),
# BENCH_HWMON (hwmon names to sum; default every one with a power or
# energy input), BENCH_TARGET (for the report).

D=$(cd "$(dirname "$0")" && pwd)
# williams_rows, williams_seq: the governor order.
. "$D/williams.sh"
CPUFREQ=/sys/devices/system/cpu/cpufreq
PARAMS=/sys/module/cpufreq_hybrid/parameters
EMDIR=/sys/kernel/debug/energy_model
: "${BENCH_GOVS:=performance schedutil hybrid schedutil+assist}"
: "${BENCH_WORKLOADS:=randread fsync-writes deep-queue-read copy idle bursts}"
: "${BENCH_REPS:=1}"
: "${BENCH_RUN0:=0}"
: "${BENCH_SECS:=10}"
: "${BENCH_FILE_MB:=256}"
: "${BENCH_COPY_MB:=256}"
: "${BENCH_TARGET:=?}"
: "${BENCH_SETTLE_S:=5}"
STORAGE="randread fsync-writes deep-queue-read copy"
export PATH="$D:$PATH:/sbin:/usr/sbin:/bin:/usr/bin"

die() { echo "ERROR: $*"; exit 3; }
note() { echo "NOTE $*"; }

policies() { ls -d "$CPUFREQ"/policy[0-9]* 2>/dev/null; }

# The space the workloads need, MiB: the random-read file, the copy's
# source and destination, the fsync'd file (16 MiB) and a margin.
need_mb() { echo $((BENCH_FILE_MB + 2 * BENCH_COPY_MB + 16 + 16)); }

# majmin PATH - MAJOR:MINOR of a device node.
majmin() { stat -L -c '%t %T' "$1" | { read -r a b; echo "$((0x$a)):$((0x$b))"; }; }

# fs_majmin PATH - MAJOR:MINOR of the file system PATH is on (as field 3
# of /proc/self/mountinfo shows it).
fs_majmin() {
	d=$(stat -c %d "$1") || return 1
	echo "$(( (d >> 8) & 0xfff | (d >> 32 & ~0xfff) )):$(( (d & 0xff) | (d >> 12 & ~0xff) ))"
}

# check_device DEV - an unmounted block device with room for the workloads.
check_device() {
	s=$1
	mm=$(majmin "$s") || die "SCRATCH=$s: cannot stat it"
	sys=$(readlink -f "/sys/dev/block/$mm") && [ -d "$sys" ] ||
		die "SCRATCH=$s: no /sys/dev/block/$mm"
	disk=$sys
	[ -e "$sys/partition" ] && disk=$(dirname "$sys")
	# The whole disk and every partition of it: a mount, a swap area or
	# a holder (dm, md) on any of them rules the device out.
	devs=
	for b in "$disk" "$disk"/*; do
		[ -f "$b/dev" ] || continue
		[ "$b" = "$disk" ] || [ -e "$b/partition" ] || continue
		devs="$devs $(cat "$b/dev")=${b##*/}"
		if [ -n "$(ls "$b/holders" 2>/dev/null)" ]; then
			die "SCRATCH=$s: /dev/${b##*/} is in use by $(ls "$b/holders" | tr '\n' ' ')(device mapper or md)"
		fi
	done
	m=$(awk -v devs="$devs" '
		BEGIN { n = split(devs, d, " ")
			for (i = 1; i <= n; i++) { split(d[i], a, "="); dev[a[1]] = "/dev/" a[2]; name["/dev/" a[2]] = 1 } }
		{ for (i = 7; $i != "-"; i++) ; src = $(i + 2) }
		($3 in dev) || (src in name) { print $5, ($3 in dev) ? dev[$3] : src; exit }' /proc/self/mountinfo)
	if [ -n "$m" ]; then
		[ "${m%% *}" = / ] && die "SCRATCH=$s is on the root device (/ is mounted from $(echo "$m" | cut -d' ' -f2))"
		die "SCRATCH=$s: $(echo "$m" | cut -d' ' -f2) of its disk is mounted at ${m%% *}; the scratch device must be a disk, or a partition of one, with nothing mounted"
	fi
	while read -r f _; do
		case $f in /dev/*) ;; *) continue ;; esac
		[ -b "$f" ] || continue
		case " $devs " in *" $(majmin "$f")="*)
			die "SCRATCH=$s: $f of its disk is a swap area" ;;
		esac
	done < /proc/swaps
	[ "$(cat "$sys/ro" 2>/dev/null)" = 1 ] && die "SCRATCH=$s is read-only"
	mb=$(($(cat "$sys/size") / 2048))
	# The new file system's own metadata and journal: 10 % and 16 MiB.
	[ "$mb" -ge $(( $(need_mb) * 11 / 10 + 16 )) ] ||
		die "SCRATCH=$s: too little space: $mb MiB, the workloads need $(( $(need_mb) * 11 / 10 + 16 )) MiB (file system included)"
	command -v mkfs.ext4 > /dev/null || command -v mke2fs > /dev/null ||
		die "SCRATCH=$s: the board has neither mkfs.ext4 nor mke2fs to make a file system on it"
}

# check_dir DIR - a writable directory off the root file system, on
# storage, with room for the workloads.
check_dir() {
	s=$1
	[ "$(stat -c %d "$s")" = "$(stat -c %d /)" ] &&
		die "SCRATCH=$s is on the root file system: name a directory on another file system, or an unmounted device"
	mm=$(fs_majmin "$s")
	fs=$(awk -v mm="$mm" '$3 == mm { for (i = 7; $i != "-"; i++) ; print $(i + 1); exit }' /proc/self/mountinfo)
	case $fs in
	tmpfs|ramfs|devtmpfs|proc|sysfs|debugfs|tracefs|configfs|securityfs|cgroup|cgroup2)
		die "SCRATCH=$s is on $fs, not on storage" ;;
	esac
	p=$s/.hgov-bench-probe.$$
	(: > "$p") 2>/dev/null && rm -f "$p" || die "SCRATCH=$s is not writable"
	kb=$(df -Pk "$s" | awk 'NR == 2 { print $4 }')
	[ "$((kb / 1024))" -ge "$(need_mb)" ] ||
		die "SCRATCH=$s: too little space: $((kb / 1024)) MiB free, the workloads need $(need_mb) MiB"
}

# check - the preflight; prints HAVE lines.
check() {
	[ "$(id -u)" = 0 ] || die "log in as root on the board: the bench switches governors"
	[ -n "$(policies)" ] || die "no cpufreq policy on the board ($CPUFREQ/policy*)"
	for p in $(policies); do
		[ -r "$p/stats/time_in_state" ] ||
			die "no ${p##*/}/stats/time_in_state: the kernel needs CONFIG_CPU_FREQ_STAT"
	done
	p=$(policies | head -n 1)
	if ! grep -qw hybrid "$p/scaling_available_governors"; then
		modprobe cpufreq_hybrid 2>/dev/null && : > "$D/loaded"
		grep -qw hybrid "$p/scaling_available_governors" ||
			die "no governor hybrid on the board: cpufreq_hybrid is not loaded and modprobe cannot load it"
	fi
	for g in $BENCH_GOVS; do
		case $g in schedutil+assist) continue ;; esac
		grep -qw "$g" "$p/scaling_available_governors" ||
			modprobe "cpufreq_$g" 2>/dev/null
		grep -qw "$g" "$p/scaling_available_governors" ||
			die "no governor $g on the board (${p##*/}/scaling_available_governors: $(cat "$p/scaling_available_governors"))"
	done
	case $BENCH_SCRATCH in
	/*) ;;
	*) die "SCRATCH=$BENCH_SCRATCH: not an absolute path" ;;
	esac
	if [ -b "$BENCH_SCRATCH" ]; then
		check_device "$BENCH_SCRATCH"
		kind=device
	elif [ -d "$BENCH_SCRATCH" ]; then
		check_dir "$BENCH_SCRATCH"
		kind=dir
	elif [ -e "$BENCH_SCRATCH" ]; then
		die "SCRATCH=$BENCH_SCRATCH is neither a block device nor a directory"
	else
		die "SCRATCH=$BENCH_SCRATCH: no such device or directory on the board"
	fi
	fio=0
	command -v fio > /dev/null && fio=1
	assist=0
	[ -w "$PARAMS/assist" ] && assist=1
	echo "HAVE arch=$(uname -m) kernel=$(uname -r) fio=$fio assist=$assist scratch=$kind"
}

# --- State: saved at the start of a run, restored at its end. ---

save_state() {
	: > "$D/saved"
	for p in $(policies); do
		g=$(cat "$p/scaling_governor")
		sp=
		[ "$g" = userspace ] && sp=$(cat "$p/scaling_setspeed")
		echo "gov $p $g $sp" >> "$D/saved"
	done
	[ -r "$PARAMS/assist" ] && echo "assist $(cat "$PARAMS/assist")" >> "$D/saved"
}

restore() {
	trap '' INT TERM HUP PIPE
	[ -n "${TRI:-}" ] && [ -d "$TRI" ] && { echo 0 > "$TRI/tracing_on"; rmdir "$TRI"; } 2>/dev/null
	if [ -f "$D/saved" ]; then
		while read -r what a b c; do
			case $what in
			gov)	echo "$b" > "$a/scaling_governor"
				[ -n "$c" ] && echo "$c" > "$a/scaling_setspeed" ;;
			assist) echo "$a" > "$PARAMS/assist" ;;
			esac
		done < "$D/saved" 2>/dev/null
		rm -f "$D/saved"
	fi
	# A workload a signal cut short may hold its files a moment longer.
	i=0
	while [ -f "$D/mounted" ] && [ $i -lt 10 ]; do
		umount "$D/mnt" 2>/dev/null && rm -f "$D/mounted" && break
		sleep 1
		i=$((i + 1))
	done
	if [ -f "$D/made-work" ]; then
		rm -rf "$(cat "$D/made-work")" && rm -f "$D/made-work"
	fi
	[ -f "$D/debugfs" ] && umount /sys/kernel/debug 2>/dev/null && rm -f "$D/debugfs"
	rm -f "$D/pid"
}

# stop - what the host does on an interrupt: end the run (its own trap
# restores), restore whatever it had not, remove this directory.
stop() {
	if [ -f "$D/pid" ]; then
		kill -TERM "$(cat "$D/pid")" 2>/dev/null
		i=0
		while [ -f "$D/pid" ] && [ $i -lt 30 ]; do sleep 1; i=$((i + 1)); done
	fi
	restore
	[ -f "$D/loaded" ] && rmmod cpufreq_hybrid 2>/dev/null
	cd / || return
	if [ -f "$D/mounted" ]; then
		echo "ERROR: the scratch is still mounted on $D/mnt"
		return 1
	fi
	rm -rf "$D"
}

# --- Measurement. ---

# now_ns: CLOCK_MONOTONIC from hgov-load where it is here, else uptime.
now_ns() {
	if [ -x "$D/hgov-load" ]; then
		"$D/hgov-load" now
	else
		read -r up _ < /proc/uptime
		echo "${up%.*}${up#*.}0000000"
	fi
}

# snap LABEL - a window's start or end: clock, busy and total USER_HZ
# ticks per CPU, time_in_state per policy, hwmon readings.
snap() {
	echo "SNAP $1 $(now_ns)"
	awk -v l="$1" '/^cpu[0-9]/ { print "STAT", l, $1, $2 + $3 + $4 + $7 + $8 + $9, $5 + $6 }' /proc/stat
	for p in $(policies); do
		echo "TIS $1 ${p##*/} $(tr ' \n' ': ' < "$p/stats/time_in_state")"
	done
	for f in $HWMON_ENERGY; do
		echo "HWMON $1 energy ${f#/sys/class/hwmon/} $(cat "$f")"
	done
	if [ -n "$HWMON_POWER" ]; then
		if [ "$1" = begin ]; then
			sampler &
			SAMPLER=$!
		else
			kill "$SAMPLER" 2>/dev/null
			wait "$SAMPLER" 2>/dev/null
			awk '{ s += $1; n++ } END { printf "HWMON end power_mean_uw %.0f %d\n", n ? s / n : 0, n }' "$D/power"
		fi
	fi
}

# sampler - the summed power inputs (uW) every 200 ms into $D/power.
sampler() {
	: > "$D/power"
	while :; do
		cat $HWMON_POWER | awk '{ s += $1 } END { print s }' >> "$D/power"
		sleep 0.2
	done
}

# trace_lines - TR lines from this run's trace instance: marks, every
# policy's frequency, requests issued and completed on the scratch disk.
trace_lines() {
	grep -E "tracing_mark_write: wl-|cpu_frequency: state=[0-9]+ cpu_id=($FIRSTS)\$|block_rq_(issue|complete|requeue): $TRDEV " \
		"$TRI/trace" | awk -v dev="$TRDEV" '
		{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) break
		  t = substr($i, 1, length($i) - 1); e = $(i + 1) }
		e == "tracing_mark_write:" { print "TR", t, $(i + 2), 0 }
		e == "cpu_frequency:" { split($(i + 2), s, "="); split($(i + 3), c, "=")
			print "TR", t, "f" c[2], s[2] }
		e == "block_rq_issue:" && $(i + 2) == dev { print "TR", t, "io", 1 }
		e == "block_rq_complete:" && $(i + 2) == dev { print "TR", t, "io", -1 }
		e == "block_rq_requeue:" && $(i + 2) == dev { print "TR", t, "io", -1 }'
}

trace_on() {
	echo 0 > "$TRI/tracing_on"
	echo > "$TRI/trace"
	for e in power/cpu_frequency block/block_rq_issue block/block_rq_complete \
		 block/block_rq_requeue; do
		echo 1 > "$TRI/events/$e/enable"
	done
	echo 1 > "$TRI/tracing_on"
}

curs() {
	for p in $(policies); do
		printf ' cur%s=%s' "${p##*/policy}" "$(cat "$p/scaling_cur_freq")"
	done
}

# settle - up to BENCH_SETTLE_S s for a quiet board: a 500 ms stretch in
# which all CPUs together were busy at most 2 ticks.
settle() {
	i=0
	prev=$(awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat)
	while [ $i -lt $((BENCH_SETTLE_S * 2)) ]; do
		sleep 0.5
		cur=$(awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat)
		[ $((cur - prev)) -le 2 ] && return 0
		prev=$cur
		i=$((i + 1))
	done
}

# window WORKLOAD CMD... - one measured window, as scripts/bench/board.sh.
window() {
	wl=$1
	shift
	echo "WIN regime=remote boot=1 rep=$rep gov=$g wl=$wl order=$order row=$row max0=$(cat "$(policies | head -n 1)/scaling_max_freq")$(curs)"
	sync
	settle
	timeline=
	[ "$wl" = "$TIMELINE_WL" ] && [ "$rep" = 1 ] && [ -n "$TRI" ] && timeline=1
	[ -z "$timeline" ] || trace_on
	snap begin
	[ -z "$timeline" ] || echo wl-start > "$TRI/trace_marker"
	"$@" || die "$wl failed under $g"
	[ -z "$timeline" ] || echo wl-end > "$TRI/trace_marker"
	sleep 1
	snap end
	if [ -n "$timeline" ]; then
		echo 0 > "$TRI/tracing_on"
		trace_lines
	fi
	echo "WINEND"
}

# fio_run JOB - a job file of this directory, its JSON on one FIO line.
fio_run() {
	FILE=$1 RUNTIME=$BENCH_SECS fio --output-format=json --output="$D/fio.json" "$D/$2.fio" \
		> "$D/fio.err" 2>&1 || { tail -n 3 "$D/fio.err"; return 1; }
	echo "FIO $(tr -d '\n\t' < "$D/fio.json" | sed 's/^[^{]*//')"
}

kv() { printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
us2ms() { awk -v v="$1" 'BEGIN { print v / 1000 }'; }

wl_randread() {
	if [ "$ENGINE" = fio ]; then
		fio_run "$W/rr" randread
	else
		r=$(hgov-load randread "$W/rr" "$BENCH_SECS") || return 1
		echo "RES throughput=$(kv iops "$r") unit=IOPS p50_ms=$(us2ms "$(kv lat_us_p50 "$r")") p99_ms=$(us2ms "$(kv lat_us_p99 "$r")")"
	fi
}
wl_fsync() {
	if [ "$ENGINE" = fio ]; then
		fio_run "$W/db" fsync-writes
	else
		r=$(hgov-load fsyncw "$W/db" "$BENCH_SECS") || return 1
		echo "RES throughput=$(kv ops_per_s "$r") unit=ops/s p50_ms=$(kv lat_ms_p50 "$r") p99_ms=$(kv lat_ms_p99 "$r")"
	fi
}
wl_deep() {
	if [ "$ENGINE" = fio ]; then
		fio_run "$W/rr" deep-queue-read
	else
		r=$(hgov-load deepread "$DEEPDEV" 32 "$BENCH_SECS") || return 1
		echo "RES throughput=$(kv iops "$r") unit=IOPS"
	fi
}
wl_copy() {
	# cp with its fsync, on either engine: dd in 1 MiB blocks.
	t0=$(now_ns)
	dd if="$W/src" of="$W/dst" bs=1M conv=fsync 2> /dev/null || return 1
	t1=$(now_ns)
	echo "RES throughput=$(awk -v a="$t0" -v b="$t1" -v mb="$BENCH_COPY_MB" 'BEGIN { print mb * 1e9 / (b - a) }') unit=MiB/s"
}
wl_idle() { sleep "$BENCH_SECS"; echo "RES unit=none"; }
wl_bursts() {
	r=$(hgov-load bursts 10000000 200 "$BENCH_SECS") || return 1
	echo "RES throughput=$(kv miter_per_s "$r") unit=Miter/s busy_s=$(kv busy_s "$r")"
}

drop() { sync; echo 3 > /proc/sys/vm/drop_caches; }

run_workload() {
	case $1 in
	randread) window randread wl_randread ;;
	fsync-writes) rm -f "$W/db"; window fsync-writes wl_fsync; rm -f "$W/db" ;;
	deep-queue-read) window deep-queue-read wl_deep ;;
	copy) rm -f "$W/dst"; drop; window copy wl_copy; rm -f "$W/dst" ;;
	idle) window idle wl_idle ;;
	bursts) window bursts wl_bursts ;;
	*) die "no workload $1" ;;
	esac
}

select_gov() {
	for p in $(policies); do
		echo performance > "$p/scaling_governor" || die "cannot select performance on ${p##*/}"
	done
	[ -w "$PARAMS/assist" ] && { echo 0 > "$PARAMS/assist" || die "cannot disable the assist"; }
	case $1 in
	schedutil+assist)
		echo 1 > "$PARAMS/assist" || die "cannot enable the assist"
		set -- schedutil ;;
	esac
	for p in $(policies); do
		echo "$1" > "$p/scaling_governor" || die "cannot select $1 on ${p##*/}"
	done
}

# em_lines - per performance domain of the energy model: its CPUs and
# its states' frequency (kHz) and power (uW; mW before 5.19).
em_lines() {
	mw=0
	[ "$(uname -r | awk -F. '{ print $1 * 100 + $2 }')" -lt 519 ] && mw=1
	for pd in "$EMDIR"/cpu*; do
		[ -d "$pd" ] || continue
		line="EM ${pd##*/} cpus=$(cat "$pd/cpus" 2>/dev/null | tr -d ' ')"
		for ps in "$pd"/ps:* "$pd"/cs:*; do
			[ -f "$ps/power" ] || continue
			pw=$(cat "$ps/power")
			[ $mw = 1 ] && pw=$((pw * 1000))
			line="$line $(cat "$ps/frequency"):$pw"
		done
		echo "$line"
	done
}

run() {
	echo $$ > "$D/pid"
	trap restore EXIT
	trap 'exit 130' INT TERM HUP PIPE
	save_state
	ENGINE=${BENCH_ENGINE:-}
	if [ -z "$ENGINE" ]; then
		ENGINE=hgov-load
		command -v fio > /dev/null && ENGINE=fio
	fi
	[ "$ENGINE" = fio ] && ! command -v fio > /dev/null && die "BENCH_ENGINE=fio but the board has no fio"
	[ "$ENGINE" = hgov-load ] && [ ! -x "$D/hgov-load" ] && die "no fio on the board and no hgov-load copied"
	# The scratch: a new file system on a device, a subdirectory of a
	# directory; both go at the end.
	if [ -b "$BENCH_SCRATCH" ]; then
		mkdir -p "$D/mnt"
		if command -v mkfs.ext4 > /dev/null; then
			mkfs.ext4 -q -F "$BENCH_SCRATCH" > /dev/null 2>&1 || die "mkfs.ext4 $BENCH_SCRATCH failed"
			fs=ext4
		else
			mke2fs -q "$BENCH_SCRATCH" > /dev/null 2>&1 || die "mke2fs $BENCH_SCRATCH failed"
			fs=ext2
		fi
		mount -t $fs "$BENCH_SCRATCH" "$D/mnt" || die "cannot mount $BENCH_SCRATCH"
		: > "$D/mounted"
		W=$D/mnt
		DEEPDEV=$BENCH_SCRATCH
	else
		W=$(mktemp -d "$BENCH_SCRATCH/hgov-bench.XXXXXX") || die "cannot make a directory in $BENCH_SCRATCH"
		echo "$W" > "$D/made-work"
		fs=$(awk -v mm="$(fs_majmin "$W")" '$3 == mm { for (i = 7; $i != "-"; i++) ; print $(i + 1); exit }' /proc/self/mountinfo)
		DEEPDEV=
		d=$(grep -s '^DEVNAME=' "/sys/dev/block/$(fs_majmin "$W")/uevent" | cut -d= -f2)
		[ -n "$d" ] && [ -b "/dev/$d" ] && DEEPDEV=/dev/$d
	fi
	# The disk whose requests the timeline counts (a partition's are
	# traced under its disk).
	sys=$(readlink -f "/sys/dev/block/$(fs_majmin "$W")" 2>/dev/null)
	[ -n "$sys" ] && [ -e "$sys/partition" ] && sys=$(dirname "$sys")
	TRDEV=
	[ -n "$sys" ] && [ -f "$sys/dev" ] && TRDEV=$(tr ':' ',' < "$sys/dev")
	WLS=
	for w in $BENCH_WORKLOADS; do
		case $w in
		deep-queue-read)
			if [ "$ENGINE" = hgov-load ] && [ -z "$DEEPDEV" ]; then
				note "deep-queue-read left out: hgov-load reads a block device and $BENCH_SCRATCH has none"
				continue
			fi ;;
		bursts)
			if [ ! -x "$D/hgov-load" ]; then
				note "bursts left out: they need hgov-load (arm64 only)"
				continue
			fi ;;
		esac
		WLS="$WLS $w"
	done
	# Energy: hwmon where the board has a power or energy input, else the
	# kernel's energy model.
	HWMON_ENERGY=
	HWMON_POWER=
	for h in /sys/class/hwmon/hwmon*; do
		[ -d "$h" ] || continue
		n=$(cat "$h/name" 2>/dev/null)
		if [ -n "${BENCH_HWMON:-}" ]; then
			case " $BENCH_HWMON " in *" $n "*) ;; *) continue ;; esac
		fi
		for f in "$h"/energy*_input "$h"/device/energy*_input; do
			[ -r "$f" ] && HWMON_ENERGY="$HWMON_ENERGY $f"
		done
		for f in "$h"/power*_input "$h"/device/power*_input; do
			[ -r "$f" ] && HWMON_POWER="$HWMON_POWER $f"
		done
	done
	# Counters where there are any; power is sampled only without them.
	[ -n "$HWMON_ENERGY" ] && HWMON_POWER=
	if ! grep -q ' /sys/kernel/debug debugfs ' /proc/mounts; then
		mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null && : > "$D/debugfs"
	fi
	if [ -n "$HWMON_ENERGY$HWMON_POWER" ]; then
		src=hwmon
	elif [ -d "$EMDIR" ] && [ -n "$(ls "$EMDIR")" ]; then
		src=energy_model
	else
		src=none
		note "no hwmon power or energy input and no energy model in debugfs: energy not measured"
	fi
	# This run's own trace instance: no other tracing is touched.
	TRI=
	for t in /sys/kernel/tracing /sys/kernel/debug/tracing; do
		[ -d "$t/instances" ] || continue
		TRI=$t/instances/hgov-bench-$$
		mkdir "$TRI" 2>/dev/null && [ -f "$TRI/events/power/cpu_frequency/enable" ] && break
		rmdir "$TRI" 2>/dev/null
		TRI=
	done
	[ -n "$TRI" ] && [ -n "$TRDEV" ] || { TRI=; note "no trace instance or no scratch disk: no timeline"; }
	# The timeline's workload, traced in the first repetition only (the
	# trace is read on the board): the copy, else the first storage one.
	TIMELINE_WL=
	for w in $WLS; do
		case " $STORAGE " in *" $w "*) [ -z "$TIMELINE_WL" ] && TIMELINE_WL=$w ;; esac
		[ "$w" = copy ] && TIMELINE_WL=copy
	done
	FIRSTS=$(for p in $(policies); do printf '%s|' "${p##*/policy}"; done)
	FIRSTS=${FIRSTS%|}

	echo "BOOT regime=remote boot=1 kernel=$(uname -r)"
	echo "REMOTE target=$BENCH_TARGET scratch=$BENCH_SCRATCH fs=$fs engine=$ENGINE energy_source=$src secs=$BENCH_SECS file_mb=$BENCH_FILE_MB copy_mb=$BENCH_COPY_MB machine=$(uname -m)"
	[ -n "$HWMON_ENERGY$HWMON_POWER" ] &&
		echo "HWMONS$(for f in $HWMON_ENERGY $HWMON_POWER; do h=${f#/sys/class/hwmon/}; printf ' %s:%s' "$(cat "/sys/class/hwmon/${h%%/*}/name")" "$h"; done)"
	for p in $(policies); do
		echo "POLICY ${p##*/} cpus=$(cat "$p/related_cpus" | tr ' ' ',') driver=$(cat "$p/scaling_driver")"
	done
	[ "$src" = energy_model ] && em_lines
	echo "MEM $(grep -E '^(MemTotal|MemFree|Cached)' /proc/meminfo | tr -s ' ' | tr '\n' ' ')"
	note "governors: $BENCH_GOVS; workloads:$WLS"

	# The files the workloads read, written once.
	dd if=/dev/urandom of="$W/rr" bs=1M count="$BENCH_FILE_MB" 2> /dev/null &&
		dd if=/dev/urandom of="$W/src" bs=1M count="$BENCH_COPY_MB" 2> /dev/null &&
		sync || die "cannot write the workloads' files in $W"

	set -- $BENCH_GOVS
	ngov=$#
	rep=1
	while [ "$rep" -le "$BENCH_REPS" ]; do
		k=$((BENCH_RUN0 + rep - 1))
		row=$((k % $(williams_rows "$ngov")))
		govseq=$(williams_govs "$k" $BENCH_GOVS)
		echo "DESIGN regime=remote boot=1 rep=$rep run=$k row=$row rows=$(williams_rows "$ngov") seq='$govseq'"
		order=0
		for g in $govseq; do
			order=$((order + 1))
			select_gov "$g"
			for w in $WLS; do
				run_workload "$w"
			done
		done
		rep=$((rep + 1))
	done
	echo "ok: bench done"
}

case ${1:-} in
check) check ;;
run) run ;;
stop) stop ;;
*) echo "usage: $0 check | run | stop" >&2; exit 2 ;;
esac
