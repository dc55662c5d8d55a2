#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make bench TARGET=user@host[:port] SCRATCH=/dev/XXX|/some/dir [QUICK=1]:
# the bench's workloads over ssh on a real board with cpufreq_hybrid
# installed, under performance, schedutil, hybrid and (where the module
# has it) schedutil+assist, the governor order of each repetition a row
# of a Williams square (scripts/bench/williams.sh); out/bench.json, out/bench.md and out/bench-remote-timeline.png
# as make bench writes them, the board's raw lines in out/bench/raw.log.
#
#   remote.sh TARGET SCRATCH [--quick]
#
# SCRATCH: an unmounted block device (whole disk or partition, nothing on
# its disk mounted; a new file system is made on it: its contents are
# lost) or a directory on a file system other than the root one. Board
# side: scripts/bench/remote-board.sh, the fio job files of this
# directory where the board has fio, the static arm64 hgov-load otherwise
# (and for the CPU bursts). Bad input (an unreachable host, no module, a
# scratch on the root device or a mounted one, too little space) stops
# it with one error line before anything is written.
#
# Environment: HGOV_BENCH_RUNS (repetitions, default 4; --quick: 1),
# HGOV_BENCH_SECS (a window, default 10 s; --quick: 3), HGOV_BENCH_GOVS,
# HGOV_BENCH_WORKLOADS, HGOV_BENCH_FILE_MB and HGOV_BENCH_COPY_MB (the
# random-read file and the copy, default 256 MiB each; --quick: 32 and
# 48), HGOV_BENCH_SETTLE_S (the longest wait for a quiet board before a
# window, default 5 s), HGOV_BENCH_ENGINE (fio or hgov-load),
# HGOV_BENCH_HWMON (hwmon names whose power or energy inputs are summed;
# default all), HGOV_BENCH_OUT (instead of out/), HGOV_SSH_OPTS (more ssh
# options, e.g. "-i KEY"; they come first, so they win), HGOV_SSH_TIMEOUT
# (ssh's ConnectTimeout, default 10 s).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

usage() { echo "usage: $0 user@host[:port] /dev/XXX|/some/dir [--quick]" >&2; exit 2; }
[ $# -ge 2 ] && [ $# -le 3 ] || usage
target=$1 scratch=$2 quick=
case ${3:-} in
--quick) quick=1 ;;
"") ;;
*) usage ;;
esac

# TARGET: [user@]host[:port].
[[ $target =~ ^(([A-Za-z0-9._-]+)@)?([A-Za-z0-9._-]+)(:([0-9]+))?$ ]] ||
	hgov_die "TARGET=$target: not user@host[:port]"
dest=${BASH_REMATCH[1]}${BASH_REMATCH[3]}
port=${BASH_REMATCH[5]:-22}
[ -n "$scratch" ] ||
	hgov_die "TARGET=$target needs SCRATCH=/dev/XXX (an unmounted device; its contents are lost) or SCRATCH=/some/dir (on a file system other than the root one)"
[[ $scratch =~ ^/[A-Za-z0-9._/+-]*$ ]] ||
	hgov_die "SCRATCH=$scratch: not an absolute path of letters, digits and ._/+-"

if [ -n "$quick" ]; then
	reps=1 secs=3 file_mb=32 copy_mb=48 govs="performance schedutil hybrid"
else
	reps=4 secs=10 file_mb=256 copy_mb=256 govs="performance schedutil hybrid schedutil+assist"
fi
reps=${HGOV_BENCH_RUNS:-$reps}
secs=${HGOV_BENCH_SECS:-$secs}
settle=${HGOV_BENCH_SETTLE_S:-5}
file_mb=${HGOV_BENCH_FILE_MB:-$file_mb}
copy_mb=${HGOV_BENCH_COPY_MB:-$copy_mb}
govs=${HGOV_BENCH_GOVS:-$govs}
wls=${HGOV_BENCH_WORKLOADS:-randread fsync-writes deep-queue-read copy idle bursts}
for v in reps secs file_mb copy_mb; do
	[[ ${!v} =~ ^[1-9][0-9]*$ ]] || hgov_die "$v=${!v}: not a positive number"
done
[[ $settle =~ ^[0-9]+$ ]] || hgov_die "HGOV_BENCH_SETTLE_S=$settle: not a number of seconds"
for g in $govs; do
	case $g in
	performance|schedutil|hybrid|schedutil+assist|ondemand|conservative|powersave) ;;
	*) hgov_die "HGOV_BENCH_GOVS: no governor $g here (performance schedutil hybrid schedutil+assist ondemand conservative powersave)" ;;
	esac
done
for w in $wls; do
	case $w in
	randread|fsync-writes|deep-queue-read|copy|idle|bursts) ;;
	*) hgov_die "HGOV_BENCH_WORKLOADS: no workload $w here (randread fsync-writes deep-queue-read copy idle bursts)" ;;
	esac
done
case ${HGOV_BENCH_ENGINE:-} in
""|fio|hgov-load) ;;
*) hgov_die "HGOV_BENCH_ENGINE=$HGOV_BENCH_ENGINE: fio or hgov-load" ;;
esac
[[ ${HGOV_BENCH_HWMON:-} =~ ^[A-Za-z0-9_\ -]*$ ]] ||
	hgov_die "HGOV_BENCH_HWMON=$HGOV_BENCH_HWMON: hwmon names, separated by spaces"
command -v ssh > /dev/null || hgov_die "no ssh client on this host (apt-get install openssh-client)"
out=${HGOV_BENCH_OUT:-$HGOV_TOP/out}

work=$(mktemp -d "${TMPDIR:-/tmp}/hgov-remote.XXXXXX")
# ssh takes an option's first value: HGOV_SSH_OPTS's come first. A host
# key not seen before is accepted and remembered (accept-new), a changed
# one refused. BatchMode: no password prompt.
# shellcheck disable=SC2206
ssh_base=(${HGOV_SSH_OPTS:-} -p "$port" -o BatchMode=yes -o StrictHostKeyChecking=accept-new
	-o "ConnectTimeout=${HGOV_SSH_TIMEOUT:-10}" -o ServerAliveInterval=15
	-o ServerAliveCountMax=8)
# The short commands share one connection (ssh's connection sharing)...
ssh_opts=("${ssh_base[@]}" -o ControlMaster=auto -o "ControlPath=$work/cm" -o ControlPersist=600)
rsh() { ssh "${ssh_opts[@]}" "$dest" "$@"; }
# ...the run has its own, so that if this side dies the board side's
# output pipe breaks and it stops and restores by itself.
rsh_run() { ssh "${ssh_base[@]}" -o ControlMaster=no -o ControlPath=none "$dest" "$@"; }
rdir=
cleanup() {
	trap '' INT TERM
	if [ -n "$rdir" ]; then
		rsh "sh $rdir/remote-board.sh stop" > /dev/null 2>&1 ||
			hgov_log "warning: could not clean up $rdir on $target (governors restored by the board side's own trap)"
	fi
	ssh "${ssh_opts[@]}" -O exit "$dest" > /dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

start=$SECONDS
if ! rsh true < /dev/null > /dev/null 2> "$work/ssh.err"; then
	hgov_die "cannot reach $target over ssh: $(grep -v '^Warning: Permanently added' "$work/ssh.err" | tail -n 1)"
fi
rdir=$(rsh 'mktemp -d /tmp/hgov-bench.XXXXXX' < /dev/null) && [[ $rdir =~ ^/tmp/hgov-bench\.[A-Za-z0-9]+$ ]] ||
	{ rdir=; hgov_die "cannot make a temporary directory on $target"; }
tar -C "$HGOV_TOP/scripts/bench" -cf - remote-board.sh williams.sh randread.fio \
	fsync-writes.fio deep-queue-read.fio | rsh "tar -C $rdir -xf -" ||
	hgov_die "cannot copy the board side to $target:$rdir"

# envs - the board side's environment, as a shell prefix.
envs() {
	echo "BENCH_SCRATCH='$scratch' BENCH_GOVS='$govs' BENCH_WORKLOADS='$wls'" \
		"BENCH_REPS=$reps BENCH_SECS=$secs BENCH_FILE_MB=$file_mb BENCH_COPY_MB=$copy_mb" \
		"BENCH_SETTLE_S=$settle" \
		"BENCH_TARGET='$target' BENCH_ENGINE='${HGOV_BENCH_ENGINE:-}'" \
		"BENCH_HWMON='${HGOV_BENCH_HWMON:-}'"
}
rc=0
rsh "cd $rdir && $(envs) sh ./remote-board.sh check" < /dev/null > "$work/check" 2>&1 || rc=$?
err=$(sed -n 's/^ERROR: //p' "$work/check" | head -n 1)
[ -z "$err" ] || hgov_die "$target: $err"
have=$(grep '^HAVE ' "$work/check" || true)
[ "$rc" = 0 ] && [ -n "$have" ] ||
	hgov_die "$target: the board side's check failed: $(tail -n 1 "$work/check")"
hgov_log "$target: ${have#HAVE }"
arch=$(sed -n 's/.* arch=\([^ ]*\).*/\1/p' <<< "$have")
fio=$(sed -n 's/.* fio=\([01]\).*/\1/p' <<< "$have")
if [ "$(sed -n 's/.* assist=\([01]\).*/\1/p' <<< "$have")" = 0 ] && [[ " $govs " = *" schedutil+assist "* ]]; then
	hgov_log "$target: cpufreq_hybrid has no assist parameter: schedutil+assist left out"
	govs=$(tr ' ' '\n' <<< "$govs" | grep -vx 'schedutil+assist' | tr '\n' ' ')
fi
[ "${HGOV_BENCH_ENGINE:-}" != fio ] || [ "$fio" = 1 ] || hgov_die "$target: HGOV_BENCH_ENGINE=fio but the board has no fio"
if [ "$arch" = aarch64 ]; then
	hgov_need_pkgs gcc-aarch64-linux-gnu libc6-dev-arm64-cross
	load=$(hgov_load_bin)
	rsh "cat > $rdir/hgov-load && chmod 755 $rdir/hgov-load" < "$load" ||
		hgov_die "cannot copy hgov-load to $target"
elif [ "$fio" = 0 ] || [ "${HGOV_BENCH_ENGINE:-}" = hgov-load ]; then
	hgov_die "$target: no fio on the board, and hgov-load is built for arm64 only (the board is $arch)"
fi
hgov_need_pkgs python3-matplotlib

[ "$(sed -n 's/.* scratch=\([a-z]*\).*/\1/p' <<< "$have")" != device ] ||
	hgov_log "$target: a new file system on $scratch: what it held is lost"
hgov_log "$target: running (about $(( $(wc -w <<< "$govs") * $(wc -w <<< "$wls") * reps * (secs + 4) / 60 + 1 )) min)"
rc=0
rsh_run "cd $rdir && $(envs) sh ./remote-board.sh run" < /dev/null 2>&1 | tee "$work/raw.log" |
	awk '/^(WIN|NOTE) / { print "board: " $0; fflush() }' >&2 || true
rc=${PIPESTATUS[0]}
if [ "$rc" != 0 ] || ! grep -q '^ok: bench done' "$work/raw.log"; then
	grep -v '^\(TR\|STAT\|TIS\|SNAP\|HWMON\) ' "$work/raw.log" | tail -n 15 >&2
	err=$(sed -n 's/^ERROR: //p' "$work/raw.log" | head -n 1)
	hgov_die "$target: ${err:-the bench stopped (ssh exit status $rc)}; nothing written"
fi
mkdir -p "$work/out"
/usr/bin/python3 "$HGOV_TOP/scripts/bench/report.py" "$work/raw.log" "$work/out" ||
	hgov_die "the report failed; nothing written"
# Only now is out/ touched: the new report replaces the old one whole.
mkdir -p "$out"
rm -rf "$out/bench" "$out"/bench-*-timeline.png
mkdir -p "$out/bench"
cp "$work/raw.log" "$out/bench/raw.log"
cp "$work/out"/bench.json "$work/out"/bench.md "$out/"
cp "$work/out"/bench-*-timeline.png "$out/" 2>/dev/null || true
cat "$out/bench.md"
hgov_log "$(cd "$out" && ls bench.json bench.md bench-*-timeline.png 2>/dev/null | tr '\n' ' ')written in $out; took $((SECONDS - start)) s"
