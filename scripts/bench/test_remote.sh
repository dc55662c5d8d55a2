#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# bench-remote (make test): make bench TARGET=... against the virtual board
# as against a real one. The board (6.12, the default) runs Debian's arm64
# dropbear on QEMU's user network with restrict=on (it reaches nothing
# outside), its port 22 forwarded from 127.0.0.1 only, root's key made
# here with ssh-keygen. Then:
#   the bench: make bench TARGET=root@127.0.0.1:PORT SCRATCH=/dev/vda
#     QUICK=1, 2 s windows, the four governors, six workloads (kept in
#     out/test/bench-remote/); bench.json
#     must hold every governor and workload with sane values, energy from
#     the energy model (the board has no hwmon), a timeline; the board's
#     governors must be back, nothing of the bench left on it;
#   bad input, each one error line, a non-zero exit, nothing written: no
#     SCRATCH, a malformed TARGET, a closed port, SCRATCH=/ (the root
#     file system), a mounted device, too little space (a directory and a
#     device), the module missing.
# The board runs without -icount (HGOV_ICOUNT=0): with -icount
# sleep=off its clock jumps to its next timer whenever it idles, so while
# it waits for the host's next packet its time runs far ahead of the
# host's and its TCP retransmission timers and the stop timeout fire
# early; the remote bench measures on the board's own clock whatever it is.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

hgov_need_host_tools
hgov_need_pkgs openssh-client python3-matplotlib
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

fails=0
fail() { hgov_log "FAIL: $*"; fails=$((fails + 1)); }

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
if HGOV_BENCH_GOVS="performance schedutil hybrid schedutil+assist" HGOV_BENCH_SECS=2 \
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
    want = ["performance", "schedutil", "hybrid"] + (["schedutil+assist"] if wl in storage else [])
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
# Bursts keep a CPU busy: more energy a second than idle does.
for g in ("performance", "schedutil", "hybrid"):
    b, i = reg["workloads"]["bursts"]["governors"][g], reg["workloads"]["idle"]["governors"][g]
    if not b["power_mw"] > i["power_mw"]:
        bad.append("%s: bursts at %r mW, idle at %r mW" % (g, b["power_mw"], i["power_mw"]))
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
govs_after=$(on_board 'cat /sys/devices/system/cpu/cpufreq/policy*/scaling_governor' | tr '\n' ' ')
[ "$govs_after" = "$govs_before" ] ||
	fail "governors not restored: $govs_after, before: $govs_before"
left=$(on_board 'ls -d /tmp/hgov-bench.* 2>/dev/null; grep -w /dev/vda /proc/mounts' || true)
[ -z "$left" ] || fail "the bench left on the board: $left"

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
