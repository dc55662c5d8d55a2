#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# bench-remote (make test): make bench TARGET=... against the virtual board
# as against a real one. The board (6.12, the default) runs Debian's arm64
# dropbear on QEMU's user network with restrict=on (it reaches nothing
# outside), its port 22 forwarded from 127.0.0.1 only, root's key made
# here with ssh-keygen. First the fio job files, on this host. Then:
#   the bench: make bench TARGET=root@127.0.0.1:PORT SCRATCH=/dev/vda
#     QUICK=1, 1 s windows, the four governors, six workloads (kept in
#     out/test/bench-remote/); bench.json
#     must hold every governor and workload with sane values, energy from
#     the energy model (the board has no hwmon), a timeline; the board's
#     governors must be back, nothing of the bench left on it; then with
#     a directory on a mounted file system as the scratch;
#   bad input, each one error line, a non-zero exit, nothing written: no
#     SCRATCH, a malformed TARGET, a closed port, SCRATCH=/ (the root
#     file system), a mounted device, too little space (a directory and a
#     device), the module missing; and a run stopped (SIGTERM) midway.
# The board runs without -icount (HGOV_ICOUNT=0): with -icount
# sleep=off its clock jumps to its next timer whenever it idles, so while
# it waits for the host's next packet its time runs far ahead of the
# host's (measured: an idle board's uptime went from 77 s to past 300 s
# in 20 s of host time, and sshd-board.sh's stop timeout fired), and so
# would TCP's timers; the remote bench measures on the board's own clock,
# whatever it is.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

hgov_need_host_tools
hgov_need_pkgs openssh-client python3-matplotlib fio
start=$SECONDS
work=$(mktemp -d "${TMPDIR:-/tmp}/hgov-bench-remote.XXXXXX")
board=
cleanup() {
	if [ -n "$board" ] && kill -0 "$board" 2>/dev/null; then
		ssh "${ssh_opts[@]}" root@127.0.0.1 'touch /tmp/hgov.stop' > /dev/null 2>&1 ||
			kill -TERM -- "-$board" 2>/dev/null
		wait "$board" 2>/dev/null || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT

ssh-keygen -q -t ed25519 -N '' -C bench-remote -f "$work/key" ||
	hgov_die "ssh-keygen failed"
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
port=$(free_port)
export HGOV_SSH_OPTS="-i $work/key -o UserKnownHostsFile=$work/known_hosts -o StrictHostKeyChecking=no -o LogLevel=ERROR"
# shellcheck disable=SC2206
ssh_opts=(-p "$port" -o BatchMode=yes -o ConnectTimeout=10 $HGOV_SSH_OPTS)
on_board() { ssh "${ssh_opts[@]}" root@127.0.0.1 "$@" < /dev/null; }

fails=0
fail() { hgov_log "FAIL: $*"; fails=$((fails + 1)); }

# The fio job files, run here (the virtual board has no fio: Debian's
# pulls in librbd and glusterfs) for 1 s each on a file of this host's
# disk, and their JSON read as report.py reads a board's.
dd if=/dev/urandom of="$work/rr" bs=1M count=16 2> /dev/null
for job in randread fsync-writes deep-queue-read; do
	f=$work/rr
	[ "$job" = fsync-writes ] && f=$work/db
	if ! FILE=$f RUNTIME=1 fio --output-format=json --output="$work/$job.json" \
		"$HGOV_TOP/scripts/bench/$job.fio" > "$work/fio.err" 2>&1; then
		fail "fio $job.fio: $(tail -n 2 "$work/fio.err")"
		continue
	fi
	python3 - "$HGOV_TOP/scripts/bench" "$job" "$work/$job.json" <<'PY' || fail "fio $job.fio's JSON"
import sys
sys.path.insert(0, sys.argv[1])
import report
res = report.fio_res(sys.argv[2], open(sys.argv[3]).read())
assert res.get("throughput", 0) > 0, res
if sys.argv[2] != "deep-queue-read":
    assert 0 < res["p50_ms"] <= res["p99_ms"], res
print("fio %s.fio: %s" % (sys.argv[2], " ".join("%s=%s" % kv for kv in sorted(res.items()))))
PY
done

{ echo "AUTH_KEY='$(cat "$work/key.pub")'"; cat "$HGOV_TOP/scripts/bench/sshd-board.sh"; } \
	> "$work/sshd.sh"
# dropbear, and mkfs.ext4 for the scratch device's file system.
{ hgov_dropbear_list; hgov_storage_list; } | awk '!seen[$0]++' > "$work/extra.list"
hgov_log "booting the board, ssh on 127.0.0.1:$port"
HGOV_KVER=${HGOV_BENCH_REMOTE_KVER:-6.12} HGOV_ICOUNT=0 HGOV_BOARD_SSH_PORT=$port \
HGOV_BOARD_EXTRA=$work/extra.list HGOV_BOARD_TIMEOUT=1500 \
	setsid bash "$HGOV_TOP/scripts/board.sh" run "$work/sshd.sh" > "$work/board.log" 2>&1 &
board=$!
# The board kernel may still be building (the cache's lock): up to 20 min.
t=0
until grep -q '^ok: sshd up' "$work/board.log"; do
	kill -0 "$board" 2>/dev/null || { cat "$work/board.log"; hgov_die "the board stopped before sshd came up"; }
	[ $t -lt 1200 ] || { tail -n 30 "$work/board.log"; hgov_die "no sshd on the board after 1200 s"; }
	sleep 2
	t=$((t + 2))
done
booted=$SECONDS
on_board true || { tail -n 30 "$work/board.log"; hgov_die "ssh to the board failed"; }
hgov_log "board up, ssh works ($((booted - start)) s)"

# bench OUT ARG... - make bench into OUT with ARGs; its stderr in OUT.err.
bench() {
	local o=$1
	shift
	HGOV_BENCH_OUT=$o make --no-print-directory -C "$HGOV_TOP" bench "$@" > "$o.log" 2> "$o.err"
}

# bad NAME PATTERN ARG... - make bench with ARGs must fail, its last
# error line matching PATTERN, and write nothing.
bad() {
	local name=$1 pat=$2 o=$work/out-$1
	shift 2
	if bench "$o" "$@"; then
		fail "$name: make bench succeeded"
	elif [ -e "$o" ]; then
		fail "$name: wrote $(ls "$o")"
	elif ! grep 'error: ' "$o.err" | tail -n 1 | grep -qE "$pat"; then
		fail "$name: not the error expected (/$pat/): $(tail -n 3 "$o.err")"
	else
		hgov_log "ok: $name: $(grep 'error: ' "$o.err" | tail -n 1)"
	fi
}

tgt=root@127.0.0.1:$port
govs_before=$(on_board 'cat /sys/devices/system/cpu/cpufreq/policy*/scaling_governor' | tr '\n' ' ')

# The bench itself.
t0=$SECONDS
# 1 s windows, at most 1 s of settling: the TCG board is never quiet for
# long on a loaded host, and every window counts here.
export HGOV_BENCH_SETTLE_S=1
if HGOV_BENCH_GOVS="performance schedutil hybrid schedutil+assist" HGOV_BENCH_SECS=1 \
	HGOV_BENCH_FILE_MB=16 HGOV_BENCH_COPY_MB=16 \
	bench "$work/out" TARGET="$tgt" SCRATCH=/dev/vda QUICK=1; then
	hgov_log "ok: the bench ran in $((SECONDS - t0)) s"
	# Kept for a look: out/test/bench-remote/.
	rm -rf "$HGOV_TOP/out/test/bench-remote" && mkdir -p "$HGOV_TOP/out/test" &&
		cp -r "$work/out" "$HGOV_TOP/out/test/bench-remote"
	python3 - "$work/out" <<'PY' || fail "bench.json"
import json, os, sys
out = sys.argv[1]
j = json.load(open(os.path.join(out, "bench.json")))
m = j["meta"]
bad = []
if m.get("target", "").split(":")[0] != "root@127.0.0.1":
    bad.append("target %r" % m.get("target"))
if m.get("energy_source") != "energy_model":
    bad.append("energy_source %r, not energy_model (the board has no hwmon)" % m.get("energy_source"))
reg = j["regimes"].get("remote")
if not reg:
    sys.exit("no regime remote: %s" % list(j["regimes"]))
storage = ["randread", "fsync-writes", "deep-queue-read", "copy"]
for wl in storage + ["idle", "bursts"]:
    govs = reg["workloads"].get(wl, {}).get("governors", {})
    want = ["performance", "schedutil", "hybrid", "schedutil+assist"]
    for g in want:
        r = govs.get(g)
        if not r:
            bad.append("%s: no %s" % (wl, g))
            continue
        if wl != "idle" and not (r["throughput"] or 0) > 0:
            bad.append("%s %s: throughput %r" % (wl, g, r["throughput"]))
        if not (r["energy_j"] or 0) > 0 and wl != "idle":
            bad.append("%s %s: energy %r" % (wl, g, r["energy_j"]))
        if r["energy_j"] is None or r["energy_j"] < 0:
            bad.append("%s %s: energy %r" % (wl, g, r["energy_j"]))
        if not 1 <= r["wall_s"] <= 60:
            bad.append("%s %s: window of %r s" % (wl, g, r["wall_s"]))
        if wl == "randread" and not (0 < r.get("p50_ms", 0) <= r.get("p99_ms", 0)):
            bad.append("randread %s: p50 %r, p99 %r" % (g, r.get("p50_ms"), r.get("p99_ms")))
# Bursts keep a CPU busy for busy_s (hgov-load's own clock): the energy
# model charges at least that time at its cheapest state. Not "more than
# idle": a burst on an A53 (0.15-0.22 W) costs about what the window's
# own snapshots cost on an A57 in idle's window; half the bound leaves
# room for /proc/stat's tick sampling.
em_min = min(v for pd in m["remote"]["energy_model_uw"].values() for v in pd["uw"].values()) / 1e6
for g in ("performance", "schedutil", "hybrid"):
    for r in reg["workloads"]["bursts"]["governors"][g]["runs"]:
        floor = 0.5 * (r.get("busy_s") or 0) * em_min
        if not r.get("busy_s") or not r["energy_j"] >= floor:
            bad.append("bursts %s: %r J for %r s busy, under %.3f J" % (
                g, r["energy_j"], r.get("busy_s"), floor))
md = open(os.path.join(out, "bench.md")).read()
if "Energy source: **energy_model**" not in md:
    bad.append("bench.md does not say the energy source")
if not os.path.exists(os.path.join(out, "bench-remote-timeline.png")):
    bad.append("no bench-remote-timeline.png")
if not os.path.exists(os.path.join(out, "bench", "raw.log")):
    bad.append("no bench/raw.log")
if bad:
    sys.exit("bench.json: " + "; ".join(bad))
print("bench.json: every governor and workload; energy from the energy model; "
      "e.g. randread hybrid %.0f IOPS, copy hybrid %.1f MiB/s" % (
          reg["workloads"]["randread"]["governors"]["hybrid"]["throughput"],
          reg["workloads"]["copy"]["governors"]["hybrid"]["throughput"]))
PY
else
	tail -n 30 "$work/out.err" >&2
	fail "make bench TARGET=$tgt SCRATCH=/dev/vda failed"
fi
# board_clean WHEN - the board as before the bench: governors, no
# directory, /dev/vda unmounted.
board_clean() {
	local govs left
	govs=$(on_board 'cat /sys/devices/system/cpu/cpufreq/policy*/scaling_governor' | tr '\n' ' ')
	[ "$govs" = "$govs_before" ] ||
		fail "$1: governors not restored: $govs, before: $govs_before"
	left=$(on_board 'ls -d /tmp/hgov-bench.* 2>/dev/null; grep -w /dev/vda /proc/mounts' || true)
	[ -z "$left" ] || fail "$1: the bench left on the board: $left"
}
board_clean "after the bench"

# A directory scratch on a file system other than the root one (ext4 on
# /dev/vda): two workloads, two governors; the directory left as found.
on_board 'mkfs.ext4 -q -F /dev/vda > /dev/null && mkdir -p /mnt/vda && mount /dev/vda /mnt/vda' ||
	fail "cannot mount /dev/vda on /mnt/vda"
if HGOV_BENCH_GOVS="performance hybrid" HGOV_BENCH_WORKLOADS="randread deep-queue-read" \
	HGOV_BENCH_SECS=1 HGOV_BENCH_FILE_MB=16 HGOV_BENCH_COPY_MB=16 \
	bench "$work/out-dir" TARGET="$tgt" SCRATCH=/mnt/vda QUICK=1; then
	python3 - "$work/out-dir/bench.json" <<'PY' || fail "directory scratch: bench.json"
import json, sys
j = json.load(open(sys.argv[1]))
w = j["regimes"]["remote"]["workloads"]
for wl in ("randread", "deep-queue-read"):
    for g in ("performance", "hybrid"):
        assert w[wl]["governors"][g]["throughput"] > 0, (wl, g)
assert j["meta"]["remote"]["scratch"] == "/mnt/vda" and j["meta"]["remote"]["fs"] == "ext4"
PY
	left=$(on_board 'ls -A /mnt/vda')
	[ "$left" = lost+found ] || fail "directory scratch: left in /mnt/vda: $left"
	hgov_log "ok: directory scratch /mnt/vda"
else
	tail -n 10 "$work/out-dir.err" >&2
	fail "make bench SCRATCH=/mnt/vda failed"
fi
on_board 'umount /mnt/vda' || fail "cannot unmount /mnt/vda"

# Stopped in the middle of the windows, SIGTERM to its whole process
# group (as a CI timeout does; a terminal's Ctrl-C is SIGINT, which a
# background job here ignores): a non-zero exit, nothing written, the
# board restored.
o=$work/out-interrupt
HGOV_BENCH_OUT=$o HGOV_BENCH_SECS=2 HGOV_BENCH_FILE_MB=16 HGOV_BENCH_COPY_MB=16 \
	setsid make --no-print-directory -C "$HGOV_TOP" bench \
	TARGET="$tgt" SCRATCH=/dev/vda QUICK=1 > "$o.log" 2> "$o.err" &
pid=$!
t=0
until [ "$(grep -c '^board: WIN' "$o.err")" -ge 2 ] || [ $t -ge 120 ]; do
	sleep 1
	t=$((t + 1))
done
kill -TERM -- "-$pid"
rc=0
wait "$pid" || rc=$?
if [ "$rc" = 0 ] || [ -e "$o" ]; then
	fail "interrupt: exit $rc, $(ls "$o" 2>/dev/null | wc -l) file(s) written"
else
	board_clean "after an interrupt"
	hgov_log "ok: interrupt: exit $rc, nothing written, the board restored"
fi

# Bad input.
bad no-scratch 'needs SCRATCH' TARGET="$tgt"
bad bad-target 'not user@host' TARGET='root@host:22:33' SCRATCH=/dev/vda
closed=$(free_port)
bad unreachable "cannot reach root@127.0.0.1:$closed over ssh: .*refused" TARGET="root@127.0.0.1:$closed" \
	SCRATCH=/dev/vda
bad root 'SCRATCH=/ is on the root file system' TARGET="$tgt" SCRATCH=/
# A 16 MiB RAM disk with a file system: mounted, then too small.
on_board 'modprobe brd rd_nr=1 rd_size=16384 && mke2fs -q /dev/ram0 > /dev/null &&
	mkdir -p /mnt/small && mount /dev/ram0 /mnt/small' || fail "cannot set up /dev/ram0"
bad mounted 'SCRATCH=/dev/ram0: /dev/ram0 of its disk is mounted at /mnt/small' \
	TARGET="$tgt" SCRATCH=/dev/ram0
bad small-dir 'SCRATCH=/mnt/small: too little space: [0-9]+ MiB free' TARGET="$tgt" SCRATCH=/mnt/small
on_board 'umount /mnt/small' || fail "cannot unmount /mnt/small"
bad small-device 'SCRATCH=/dev/ram0: too little space: 16 MiB' TARGET="$tgt" SCRATCH=/dev/ram0
# No module: unloaded, and its file out of modprobe's reach.
on_board 'rmmod cpufreq_hybrid && mv /lib/modules/$(uname -r)/extra/cpufreq_hybrid.ko /root/' ||
	fail "cannot take cpufreq_hybrid away"
bad no-module 'no governor hybrid on the board: cpufreq_hybrid is not loaded and modprobe cannot load it' \
	TARGET="$tgt" SCRATCH=/dev/vda
on_board 'mv /root/cpufreq_hybrid.ko /lib/modules/$(uname -r)/extra/ && modprobe cpufreq_hybrid' ||
	fail "cannot put cpufreq_hybrid back"

on_board 'touch /tmp/hgov.stop' || fail "cannot stop the board"
rc=0
wait "$board" || rc=$?
board=
grep -q '^ok: sshd stopped' "$work/board.log" && [ "$rc" = 0 ] ||
	{ tail -n 20 "$work/board.log"; fail "the board did not stop cleanly (exit $rc)"; }
hgov_splats "$work/board.log" && fail "kernel splat on the board"
hgov_log "took $((SECONDS - start)) s (boot $((booted - start)) s)"
[ "$fails" = 0 ] || hgov_die "$fails check(s) failed"
echo "ok: bench-remote"
