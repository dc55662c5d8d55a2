#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Every test: style and static checks, the docs check (scripts/test/docs.py),
# the build matrix (arm64 and x86_64 against 5.10, 6.1, 6.12 and 7.3),
# packaging, the KUnit suites (read by
# kunit.py) and every board scenario in scripts/scenarios on the 5.10
# and 7.3 boards, the eMMC model's calibration check on 5.10, the remote
# bench against the 7.3 board, then the suites and make stress on the
# 7.3 debug board (the items that find memory errors or change lock
# context, the soak shortened: HGOV_TEST_SOAK_S, default 120 s; make
# stress alone soaks 600 s). Each result names its seconds. Ends with
# "N passed, N failed"; exits non-zero if anything failed.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

[ $# -eq 0 ] || { echo "usage: $0" >&2; exit 2; }
out=$HGOV_TOP/out/test
rm -rf "$out" && mkdir -p "$out"
passed=0
failed=0
start=$SECONDS

result() {
	if [ "$1" = pass ]; then
		passed=$((passed + 1))
		echo "PASS $2"
	else
		failed=$((failed + 1))
		echo "FAIL $2"
	fi
}

# run_job NAME CMD... - run CMD with its output in out/test/NAME.log,
# its exit status and seconds in out/test/NAME.rc, for judge_job.
run_job() {
	local name=$1 rc=0 t0=$SECONDS
	shift
	"$@" > "$out/$name.log" 2>&1 || rc=1
	echo "$rc $((SECONDS - t0))" > "$out/$name.rc"
}

# judge_job NAME - the result of run_job NAME; show the log if it failed.
# A board run also fails on a kernel splat.
judge_job() {
	local name=$1 rc=1 secs=? splats
	[ ! -f "$out/$name.rc" ] || read -r rc secs < "$out/$name.rc"
	rm -f "$out/$name.rc"
	splats=$(hgov_splats "$out/$name.log" || true)
	if [ "$rc" = 0 ] && [ -z "$splats" ]; then
		result pass "$name ($secs s)"
	else
		[ -z "$splats" ] || printf '%s\n' "$splats" | head -n 5 | sed "s/^/  $name| splat: /"
		tail -n 60 "$out/$name.log" | sed "s/^/  $name| /"
		result fail "$name ($secs s)"
	fi
}

# run_logged NAME CMD... - run_job, then judge_job.
run_logged() {
	run_job "$@"
	judge_job "$1"
}

hgov_need_host_tools
# kunit.py parses every board's report, 5.10's too.
src=$(HGOV_KVER=6.12 hgov_src)

# The 7.3 board kernels (normal, then debug), built ahead from the start
# (nice 19, scripts/board/kernel.sh): a board takes one core (QEMU's
# single TCG thread) and the matrix leaves gaps (downloads, unpacking,
# single-threaded checks), so the 7.3 kernels build in them and on the
# other core, and are ready when the 7.3 boards start. Its source is
# unpacked here first, so that the matrix's 7.3 cells and the prefetch
# never unpack it at once. A kernel already cached costs nothing here;
# one that fails to build is built again, and reported, by the run that
# needs it (kernel.sh's lock makes that run wait for a build in progress
# instead of starting its own).
# setsid gives the prefetch a session, and so an autogroup, of its own,
# where nice alone would rank it only among its own processes: the
# autogroup's nice (CONFIG_SCHED_AUTOGROUP) makes it yield to the
# foreground's builds too.
HGOV_KVER=7.3 hgov_src > /dev/null
setsid bash -c 'echo 19 > /proc/self/autogroup 2> /dev/null || true
for f in normal debug; do
	HGOV_KVER=7.3 nice -n 19 bash "$1/scripts/board/kernel.sh" "$f" || true
done' prefetch "$HGOV_TOP" > "$out/prefetch.log" 2>&1 &
prefetch=$!
trap 'kill -- -"$prefetch" 2>/dev/null || true' EXIT

run_logged style bash "$HGOV_TOP/scripts/test/style.sh"
# README's bounds and every README's links, and the check's own cases.
run_logged docs-check python3 "$HGOV_TOP/scripts/test/docs.py" --self-test
run_logged docs python3 "$HGOV_TOP/scripts/test/docs.py"
# make bench's and make demo's reports against synthetic logs (host only).
hgov_need_pkgs python3-matplotlib
run_logged bench-report /usr/bin/python3 "$HGOV_TOP/scripts/bench/test_report.py"
# The build matrix: arm64 and x86_64 against every supported kernel, W=1
# and sparse clean (an arm64 board cell is make check, test-bed included).
# (arm64-7.3, the 7.3 board kernel's cell, runs before that board does,
# so that its kernel can be built ahead, below.)
for arch in arm64 x86_64; do
	for kver in $HGOV_KVERS; do
		[ "$arch-$kver" = arm64-7.3 ] ||
			run_logged "matrix-$arch-$kver" bash "$HGOV_TOP/scripts/test/matrix.sh" "$arch-$kver"
	done
done
# Debian's PREEMPT_RT 7.3 kernel: the module builds against it, W=1 and
# sparse clean (no RT board is booted here, see the debug board below).
run_logged matrix-arm64-7.3-rt bash "$HGOV_TOP/scripts/test/matrix.sh" arm64-7.3-rt
# Installed the ways users install it: DKMS for real, and the exact make
# command lines of Yocto's module.bbclass and Buildroot's kernel-module,
# against the 5.10 board kernel: the BSP's, which the 5.10 board below
# needs anyway (a kernel of its own here would cost CI a build).
for how in dkms yocto buildroot; do
	run_logged "packaging-$how" env HGOV_KVER=5.10 bash "$HGOV_TOP/scripts/packaging/check.sh" "$how"
done

# run_kunit KVER [FLAVOUR] - boot the board kernel of KVER once, load the
# KUnit module, parse its KTAP report with kunit.py and count every case.
run_kunit() {
	local kver=$1 flavour=${2:-normal} tag=$1${2:+-$2}
	local log=$out/kunit-$tag parse_ok=true cases=0 before=$failed
	local status name splats
	HGOV_KVER=$kver HGOV_FLAVOUR=$flavour bash "$HGOV_TOP/scripts/board.sh" \
		run "$HGOV_TOP/kunit/run.sh" > "$log.log" 2>&1 || true
	splats=$(hgov_splats "$log.log" || true)
	if [ -n "$splats" ]; then
		printf '%s\n' "$splats" | head -n 5 | sed "s/^/  kunit-$tag| splat: /"
		result fail "kunit-$tag: kernel splat (see $log.log)"
	fi
	# Before 6.2 a test module prints its suites without the document's
	# header (5.10: without even the suites' own KTAP line); supply it,
	# with the plan taken from our sources.
	if ! grep -qE '^\[[ 0-9.]+\] K?TAP version [0-9]+$' "$log.log"; then
		awk -v n="$(grep -h '^HGOV_KUNIT_SUITE(' "$HGOV_TOP"/kunit/*.c | wc -l)" '
			!done && match($0, /    (KTAP version 1|# Subtest: .*)$/) {
				p = substr($0, 1, RSTART - 1)
				print p "KTAP version 1"
				print p "1.." n
				done = 1
			}
			{ print }' "$log.log" > "$log.tmp" && mv "$log.tmp" "$log.log"
	fi
	python3 "$src/tools/testing/kunit/kunit.py" parse --json="$log.json" \
		< "$log.log" > "$log.txt" 2>&1 || parse_ok=false
	sed "s/^/  kunit-$tag| /" "$log.txt"
	while read -r status name; do
		result "$status" "kunit-$tag $name"
		cases=$((cases + 1))
	done < <([ -s "$log.json" ] && python3 - "$log.json" <<'PY'
import json, sys

def walk(group, prefix):
    for case in group.get("test_cases", []):
        yield case["status"], prefix + case["name"]
    for sub in group.get("sub_groups", []):
        yield from walk(sub, prefix + sub["name"] + ".")

for status, name in walk(json.load(open(sys.argv[1])), ""):
    print("pass" if status == "PASS" else "fail", name.replace(" ", "_"))
PY
)
	[ "$cases" -gt 0 ] || result fail "kunit-$tag: no test executed (see $log.log)"
	if ! $parse_ok && [ "$failed" -eq "$before" ]; then
		result fail "kunit-$tag: kunit.py parse failed (see $log.txt)"
	fi
}

# run_board KVER PREFIX - the KUnit suites, then every scenario on the
# board of KVER, HGOV_BOARD_JOBS boards at once (hgov_parallel; the KUnit
# boot has built the modules, so no board builds into the tree), their
# results, named PREFIX-NAME, once all have ended.
run_board() {
	local kver=$1 prefix=$2 s
	local scenarios=("$HGOV_TOP"/scripts/scenarios/*.sh)
	run_kunit "$kver"
	hgov_parallel run_scenario "${scenarios[@]}" || true
	for s in "${scenarios[@]}"; do
		judge_job "$prefix-$(basename "$s" .sh)"
	done
}

# run_scenario FILE - run_job of one scenario of run_board's board.
run_scenario() {
	run_job "$prefix-$(basename "$1" .sh)" \
		env HGOV_KVER="$kver" bash "$HGOV_TOP/scripts/board.sh" run "$1"
}

# The R-Car BSP's kernel and mainline's. 6.1 and 6.12 are built (matrix)
# but not booted here: between 5.10 and 7.3 they run no compat path one
# of those does not (HGOV_KVER=6.1 or 6.12 boots them by hand; 6.12 is
# the default board of make demo and make bench).
run_board 5.10 board-5.10
# The calibration check: does the 5.10 board lose, under schedutil, what
# the R-Car H3 lost in the report (scripts/testbed/README.md,
# "Calibration against the report")?
run_logged calibrate-5.10 bash "$HGOV_TOP/scripts/calibrate/run.sh"
# The RK3399 prediction: the same model built for a second SoC from that
# SoC's facts and the calibration's constants predicts Loehle's RK3399
# figures, which it was not fitted to (scripts/testbed/README.md, "A
# second SoC: RK3399"); its table is printed here, pass or fail.
run_logged rk3399-5.10 bash "$HGOV_TOP/scripts/calibrate/rk3399.sh"
! grep -q '^prediction: within' "$out/rk3399-5.10.log" ||
	sed -n '/^4 KiB random reads/,/^prediction:/p' "$out/rk3399-5.10.log" | sed 's/^/  rk3399-5.10| /'
run_logged matrix-arm64-7.3 bash "$HGOV_TOP/scripts/test/matrix.sh" arm64-7.3
run_board 7.3 board-7.3
# make bench TARGET=... over ssh against the 7.3 board (Debian's dropbear
# on QEMU's user network, restrict=on): the run and bad input.
run_logged bench-remote env HGOV_BENCH_REMOTE_KVER=7.3 \
	bash "$HGOV_TOP/scripts/bench/test_remote.sh"

# The debug flavour (KASAN, lockdep, PROVE_RCU, kmemleak, PREEMPT, and on
# 7.3 preemptible tracepoint probes and lockdep's PREEMPT_RT lock-nesting
# rules, PROVE_RAW_LOCK_NESTING): the suites again, with no kernel
# complaint allowed. The scenarios' ground (pin, watchdog, hotplug,
# limits, tunables, autoload) is covered there by make stress, harder;
# `HGOV_FLAVOUR=debug scripts/board.sh run FILE` runs one of them on it.
# The PREEMPT_RT board (HGOV_FLAVOUR=rt) is not booted here: its kernel
# is a third 7.3 build, which from an empty cache CI's budget does not
# hold (kunit/README.md, "Time"); lockdep's nesting rules on the debug
# board report what it would, short of running it.
run_kunit 7.3 debug

# run_stress FLAVOUR [ITEM...] - make stress's items (every one if none is
# named) on the 7.3 board of FLAVOUR; one result per item (stress-ITEM on
# debug, stress-rt-ITEM on rt), all of them accounted for. Shorter than
# make stress's: a 120 s soak (600 there) and 40 module cycles (100).
run_stress() {
	local flavour=$1 log=$out/stress.log items reported=0 line
	shift
	[ "$flavour" = debug ] || log=$out/stress-$flavour.log
	items=$#
	[ "$items" -gt 0 ] || items=$(bash "$HGOV_TOP/scripts/stress/run.sh" --list | wc -l)
	while IFS= read -r line; do
		case $line in
		"PASS stress-"*) result pass "${line#PASS }"; reported=$((reported + 1)) ;;
		"FAIL stress-"*) result fail "${line#FAIL }"; reported=$((reported + 1)) ;;
		*" passed, "*" failed") ;;
		*) printf '%s\n' "$line" ;;
		esac
	done < <(HGOV_KVER=7.3 HGOV_FLAVOUR=$flavour HGOV_SOAK_S=${HGOV_TEST_SOAK_S:-120} \
		HGOV_MODCYCLES=${HGOV_TEST_MODCYCLES:-40} \
		bash "$HGOV_TOP/scripts/stress/run.sh" "$@" 2>&1 | tee "$log")
	[ "$reported" = "$items" ] ||
		result fail "stress ($flavour): $reported of $items items reported (see $log)"
}

# On the debug board (KASAN, kmemleak, UBSAN, lockdep), the make stress
# items that find memory errors or change lock context: module cycles (a
# use after free at unload; probes attached and detached), bad input
# (parsers), the soak (leaks; shorter than make stress's), governor
# switches (start and stop of the update_util hook), CPU hotplug during
# I/O, and completions lost, failed or issued from a blocking queue.
# Within CI's budget the rest run in make stress only: the kernel's
# cpufreq selftests (basic reads and writes every file under every
# governor; modtest loads and unloads as modcycles does; sptest1..4 race
# ondemand, conservative and userspace, switching hybrid only away and
# back) and limits (the cap while pinned: the io-limits scenario on 5.10
# and 7.3).
run_stress debug modcycles badinput soak switches hotplug faults

hgov_log "logs in $out; took $((SECONDS - start)) s"
echo "$passed passed, $failed failed" | tee "$out/summary"
[ "$failed" -eq 0 ]
