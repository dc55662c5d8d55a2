#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make bench: governors side by side on the virtual board with frequency
# emulation, the H3 energy model and the eMMC model, in two regimes: the
# 5.10 board (the R-Car BSP's kernel: EAS on, no inefficient-OPP skipping,
# the report's regime) and the 6.12 board (inefficient OPPs skipped).
# Each regime runs every workload under performance, schedutil, hybrid and
# schedutil+assist, HGOV_BENCH_RUNS times (default: one a boot) over
# HGOV_BENCH_BOOTS boots (default 4), the governor order of each run a row
# of a Williams square (scripts/bench/williams.sh); the boot is the
# report's unit. About 65 minutes on 2 cores. bonnie-held-out (bonnie++'s
# per-character and file phases, the report's held-out figures) runs only
# when named in HGOV_BENCH_WORKLOADS.
# --quick: one boot and one run of five workloads under four governors,
# for development (about 10 minutes). HGOV_BENCH_REGIMES, HGOV_BENCH_GOVS
# (e.g. adding ondemand ondemand-nas hybrid-pin-all userspace-max) and
# HGOV_BENCH_WORKLOADS change it; HGOV_BENCH_TB_OPTS, the test-bed
# driver's options (idle_exit_pct=0 or 100: the idle model's range; each
# boot's BOARD line says what it ran). Writes out/bench.json, out/bench.md and
# out/bench-REGIME-timeline.png; each boot's console, the raw lines and
# every window's figures (runs.csv) are in out/bench/. Without --quick it
# also writes the result tables of README.md and scripts/bench/README.md
# again (scripts/bench/tables.py): commit them with the run's text.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/progs.sh"

quick=
case ${1:-} in
--quick) quick=1 ;;
"") ;;
*) echo "usage: $0 [--quick]" >&2; exit 2 ;;
esac
tb_opts=${HGOV_BENCH_TB_OPTS:-}
for o in $tb_opts; do
	[[ $o =~ ^[a-z_]+=[a-z0-9]+$ ]] ||
		hgov_die "HGOV_BENCH_TB_OPTS: '$o' is not an hgov_testbed option (name=value)"
done
hgov_need_host_tools
hgov_need_pkgs python3-matplotlib
out=$HGOV_TOP/out
rm -rf "$out/bench" && mkdir -p "$out/bench"
work=$(mktemp -d "${TMPDIR:-/tmp}/hgov-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
hgov_storage_list > "$work/extra.list"

ALL_WL="bonnie randread fsync-writes deep-queue-read copy small-files cpu-beside-io"
# The real programs (scripts/bench/progs.sh): performance, schedutil,
# hybrid and schedutil+assist only (scripts/bench/board.sh).
ALL_WL="$ALL_WL $HGOV_PROGS_WORKLOADS idle idle-trickle periodic bursts"
govs="performance schedutil hybrid schedutil+assist"
if [ -n "$quick" ]; then
	boots=1 runs=1
	wls="bonnie randread copy idle bursts"
else
	boots=${HGOV_BENCH_BOOTS:-4}
	runs=${HGOV_BENCH_RUNS:-$boots}
	wls=$ALL_WL
fi
govs=${HGOV_BENCH_GOVS:-$govs}
wls=${HGOV_BENCH_WORKLOADS:-$wls}
ngov=$(wc -w <<< "$govs")
rows=$(. "$HGOV_TOP/scripts/bench/williams.sh" && williams_rows "$ngov")
[ $((runs % rows)) -eq 0 ] ||
	hgov_log "note: $runs run(s) are not a multiple of the Williams square's $rows rows for $ngov governors: the order is not balanced over the runs"

start=$SECONDS
done_boots=0
for regime in ${HGOV_BENCH_REGIMES:-5.10 6.12}; do
	rwls=$wls
	# The real programs' files (15 MB in RAM) only on boots that run them.
	extra=$work/extra.list
	for w in $HGOV_PROGS_WORKLOADS; do
		case " $rwls " in *" $w "*) ;; *) continue ;; esac
		if [ ! -f "$work/extra-progs.list" ]; then
			{ cat "$work/extra.list" && hgov_progs_list "$work"; } > "$work/progs.tmp"
			mv "$work/progs.tmp" "$work/extra-progs.list"
		fi
		extra=$work/extra-progs.list
		break
	done
	run0=0
	for boot in $(seq 1 "$boots"); do
		# The runs spread over the boots, the first ones taking the rest.
		reps=$(( runs / boots + (boot <= runs % boots) ))
		log=$out/bench/$regime-boot$boot.log
		{
			echo "BENCH_REGIME=$regime BENCH_BOOT=$boot BENCH_REPS=$reps BENCH_RUN0=$run0${HGOV_BENCH_TRACE_KB:+ BENCH_TRACE_KB=$HGOV_BENCH_TRACE_KB}"
			echo "BENCH_GOVS='$govs' BENCH_WORKLOADS='$rwls' BENCH_TB_OPTS='$tb_opts'"
			cat "$HGOV_TOP/scripts/bench/williams.sh" "$HGOV_TOP/scripts/bench/board.sh"
		} > "$work/bench.sh"
		hgov_log "regime $regime, boot $boot of $boots: $reps repetition(s)"
		# mem=768M: with the eMMC model's 512 MiB in RAM, the page cache
		# cannot hold bonnie++'s 256 MiB file, as on a real board with a
		# file of twice its RAM.
		HGOV_KVER=$regime HGOV_BOARD_EXTRA=$extra HGOV_BOARD_APPEND=mem=768M \
		HGOV_BOARD_TIMEOUT=${HGOV_BENCH_TIMEOUT:-3600} \
			bash "$HGOV_TOP/scripts/board.sh" run "$work/bench.sh" > "$log" 2>&1 || true
		# A boot that did not finish keeps its whole windows; the report
		# counts the runs it got.
		if grep -q '^ok: bench done' "$log"; then
			done_boots=$((done_boots + 1))
		else
			tail -n 30 "$log" >&2
			hgov_log "WARNING: regime $regime, boot $boot did not finish (see $log)"
		fi
		run0=$((run0 + reps))
	done
done
[ "$done_boots" -gt 0 ] || hgov_die "no boot of the bench finished (see $out/bench/)"
cat "$out"/bench/*-boot*.log > "$out/bench/raw.log"
# Debian's python3, which python3-matplotlib is for.
/usr/bin/python3 "$HGOV_TOP/scripts/bench/report.py" "$out/bench/raw.log" "$out" ||
	hgov_die "the report failed"
# A full run writes README's and the bench README's tables again
# (scripts/bench/tables.py keeps those whose data the run lacks).
[ -n "$quick" ] || /usr/bin/python3 "$HGOV_TOP/scripts/bench/tables.py" "$out/bench.json" ||
	hgov_die "the README tables failed"
cat "$out/bench.md"
hgov_log "out/bench.json, out/bench.md, out/bench-*-timeline.png written; took $((SECONDS - start)) s"
