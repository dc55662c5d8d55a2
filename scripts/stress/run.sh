#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make stress: abuse cpufreq_hybrid on the debug board (KASAN, lockdep,
# PROVE_RCU, kmemleak, DEBUG_OBJECTS, PREEMPT) with the vCPUs on parallel
# host threads (HGOV_MTTCG=1), one board boot per item. The board is 7.3's
# (HGOV_KVER overrides): the newest kernel, where tracepoint probes may be
# preempted and lockdep checks lock nesting by PREEMPT_RT's rules.
# HGOV_FLAVOUR=rt runs the items on the 7.3 PREEMPT_RT board instead
# (lockdep, no KASAN or kmemleak: the soak skips its leak scan there).
#
#   selftest-*  the kernel's tools/testing/selftests/cpufreq/main.sh from
#               the board kernel's linux-source, run by Debian's arm64 bash:
#               basic, modtest -g cpufreq_hybrid, sptest1..sptest4
#   switches    1000 governor switches (hybrid, schedutil, performance,
#               ondemand) on both policies under storage I/O and CPU load
#   modcycles   100 insmod/rmmod cycles (HGOV_MODCYCLES), half of them while
#               policies switch
#   hotplug     every CPU that can go offline, offline and online during I/O
#   limits      scaling_max/min_freq and boost changes while pinned
#   faults      lost completions (fail_io_timeout) and failed submissions
#               (fail_make_request)
#   badinput    every tunable and parameter fed bad input, concurrently too
#   soak        10 minutes of mixed I/O and CPU load, kmemleak scan, counters
#
# usage: scripts/stress/run.sh [ITEM...]   (default: all; --list names them).
# HGOV_SOAK_S (default 600), HGOV_CHURN_S (default 45) and HGOV_MODCYCLES
# (default 100) shorten or lengthen the soak, the selftests' background
# races and the module cycles. An item fails on its own
# verdict or on any WARN, BUG, KASAN, UBSAN, lockdep, RCU, hung-task,
# soft-lockup, workqueue-lockup or kmemleak report on the console, which is
# printed. Ends with "N passed, N failed".
set -euo pipefail
export HGOV_KVER=${HGOV_KVER:-7.3}
. "$(dirname "$0")/../lib.sh"

SELFTESTS=(basic modtest sptest1 sptest2 sptest3 sptest4)
ITEMS=(switches modcycles hotplug limits faults badinput soak)
all=()
for t in "${SELFTESTS[@]}"; do all+=("selftest-$t"); done
all+=("${ITEMS[@]}")
if [ "${1:-}" = --list ]; then
	printf '%s\n' "${all[@]}"
	exit 0
fi
items=("$@")
[ ${#items[@]} -gt 0 ] || items=("${all[@]}")
for item in "${items[@]}"; do
	case " ${all[*]} " in *" $item "*) ;; *) hgov_die "unknown item $item (items: ${all[*]})" ;; esac
done
for v in HGOV_SOAK_S HGOV_CHURN_S HGOV_MODCYCLES; do
	case ${!v:-1} in
	'' | *[!0-9]* | 0*) hgov_die "$v=${!v}: not a positive whole number" ;;
	esac
done
[ "${HGOV_MODCYCLES:-100}" -ge 2 ] || hgov_die "HGOV_MODCYCLES=$HGOV_MODCYCLES: at least 2"
# Results and logs of the rt board carry its name: stress-rt-ITEM.
flavour=${HGOV_FLAVOUR:-debug}
case $flavour in
debug) tag= ;;
rt) tag=rt- ;;
*) hgov_die "make stress runs on the debug or the rt board, not $flavour (HGOV_FLAVOUR)" ;;
esac

out=$HGOV_TOP/out/stress${tag:+-rt}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The initramfs extras: bash, the stress
# scripts, and the selftests of the board kernel's own source tree.
hgov_need_host_tools
hgov_need_pkgs patch
src=$(hgov_src)
build=$(bash "$HGOV_TOP/scripts/board/kernel.sh" "$flavour")
hgov_build_modules "$build"
st=$work/selftests
mkdir -p "$st"
cp -r "$src/tools/testing/selftests/cpufreq" "$src/tools/testing/selftests/kselftest" "$st/"
# modtest derives the governor from the module file name but knows only
# the in-tree governors: teach it the naming rule (see the patch).
patch -s -d "$st" -p4 < "$HGOV_TOP/scripts/stress/selftests-find-gov-name.patch" ||
	hgov_die "the selftests patch does not apply"
cp "$HGOV_TOP/cpufreq_hybrid.ko" "$st/cpufreq/cpufreq_hybrid"
{
	hgov_bash_list
	echo "dir /stress 755 0 0"
	for f in "$HGOV_TOP"/scripts/stress/*.sh; do
		echo "file /stress/${f##*/} $f 644 0 0"
	done
	echo "dir /selftests 755 0 0"
	(cd "$work" && find selftests -mindepth 1 -type d) | sed 's|.*|dir /& 755 0 0|'
	(cd "$work" && find selftests -type f) | sed "s|.*|file /& $work/& 755 0 0|"
} > "$work/extra.list"


passed=0
failed=0
for item in "${items[@]}"; do
	printf 'CHURN_S=%s\nSOAK_S=%s\nMODCYCLES=%s\n' "${HGOV_CHURN_S:-45}" "${HGOV_SOAK_S:-600}" \
		"${HGOV_MODCYCLES:-100}" > "$work/run.sh"
	if [ "${item#selftest-}" != "$item" ]; then
		printf 'set -- %s\n. /stress/selftest.sh\n' "${item#selftest-}" >> "$work/run.sh"
	else
		printf '. /stress/%s.sh\n' "$item" >> "$work/run.sh"
	fi
	log=$out/$item.log
	start=$SECONDS
	ok=true
	# Every item runs on parallel vCPU threads. After the I/O an item
	# asserts that the pin is released (hgov_wait_released), not that
	# policy0 falls: the kernel's own threads keep it up on these boards.
	HGOV_FLAVOUR=$flavour HGOV_MTTCG=1 HGOV_BOARD_EXTRA=$work/extra.list \
		HGOV_BOARD_TIMEOUT=${HGOV_STRESS_TIMEOUT:-1500} \
		bash "$HGOV_TOP/scripts/board.sh" run "$work/run.sh" > "$log" 2>&1 || ok=false
	if hgov_splats "$log" > "$work/splats" 2>> "$log" || [ -s "$work/splats" ]; then
		ok=false
		head -n 60 "$work/splats" | sed "s/^/  $item| kernel: /"
	fi
	grep '^hgov: ' "$log" | sed "s/^/  $item| /" || true
	if $ok; then
		passed=$((passed + 1))
		grep '^ok: ' "$log" | sed "s/^/  $item| /" || true
		echo "PASS stress-$tag$item ($((SECONDS - start)) s)"
	else
		failed=$((failed + 1))
		tail -n 40 "$log" | sed "s/^/  $item| /"
		echo "FAIL stress-$tag$item ($((SECONDS - start)) s; log: $log)"
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
