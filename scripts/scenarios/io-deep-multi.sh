#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A deep queue fed from several CPUs does not pin either. Four processes,
# one bound to each of cpus 4-7, each keep 8 random 4 KiB reads in flight
# with Linux AIO (fio --numjobs=4 --iodepth=8 --cpus_allowed=4-7
# --cpus_allowed_policy=split): 32 deep together on a disk with 64 tags.
# Every CPU stamps the disk's deep phase with its own clock reading, and a
# stamp read before another CPU's later one must neither restart the
# phase nor move it back: policy0 is pinned for the phase's first 50 ms
# and the release, not for the run. While the queue is left out, the
# evaluation that says so must not kick itself again and again: the
# governor's threads (hybrid:N, hybrid_io/N) stay nearly idle. The same
# four issuers at queue depth 1 each still pin. The disk is null_blk
# completing from a timer after 100 us, as in io-deep.sh.
. /lib/hgov.sh
hgov_all_opps
hgov_shell_on 4-7
hgov_select hybrid
P=/sys/module/cpufreq_hybrid/parameters
modprobe null_blk nr_devices=1 queue_mode=2 irqmode=2 completion_nsec=100000 \
	hw_queue_depth=64 || hgov_fail "no null_blk"
echo 'nullb* !*' > $P/io_disks || hgov_fail "cannot count nullb0"
[ "$(cat $P/io_deep_depth)" = 16 ] || hgov_fail "io_deep_depth is $(cat $P/io_deep_depth), not 16"
D=$HGOV_DEBUGFS

# gov_ticks - set $ticks to the CPU time of the governor's threads (user
# and system, in clock ticks of /proc), with shell builtins only.
gov_ticks() {
	ticks=0
	for s in /proc/[0-9]*/stat; do
		read -r line < "$s" 2>/dev/null || continue
		case $line in
		*"(hybrid:"*|*"(hybrid_io/"*) ;;
		*) continue ;;
		esac
		# shellcheck disable=SC2086
		set -- $line
		shift 13
		ticks=$((ticks + $1 + $2))
	done
}

# pinned WHAT DEPTH - four issuers, DEPTH deep each, on cpus 4-7 for 3 s
# (they start together 400 ms after the command); set $pct to the share of
# the command's run that policy0 was pinned, in %, and
# $gov to the governor threads' CPU time over it, in ms.
pinned() {
	hgov_wait_khz 0 500000 3000 || hgov_fail "policy0 at $(hgov_cur 0) before $1"
	gov_ticks
	t0_ticks=$ticks
	us0=$(cat "$D/policy0/pinned_us")
	hgov_now
	t0=$now
	r=$(hgov-load deepjobs /dev/nullb0 "$2" 3 4,5,6,7) || hgov_fail "$1 failed"
	hgov_now
	us1=$(cat "$D/policy0/pinned_us")
	gov_ticks
	gov=$(( (ticks - t0_ticks) * 10 ))
	pct=$(( (us1 - us0) / 10 / (now - t0) ))
	echo "$1: $r; policy0 pinned $(( (us1 - us0) / 1000 )) ms of $((now - t0)) ms ($pct %); governor threads $gov ms of CPU"
}

pinned "4 x QD8 random reads" 8
[ "$pct" -le 25 ] || hgov_fail "four issuers 32 deep together pinned policy0 for $pct % of the run"
# A recheck that counted the deep queue kicked the evaluation over and
# over: 110 ms of CPU on the 6.12 board; none without.
[ "$HGOV_TIMING" = 0 ] || [ "$gov" -le 50 ] ||
	hgov_fail "the governor's threads took $gov ms of CPU while the deep queue was left out"
deep=$pct
deep_gov=$gov
pinned "4 x QD1 random reads" 1
[ "$pct" -ge 60 ] || hgov_fail "four issuers at queue depth 1 pinned policy0 only $pct % of the run"
hgov_ok "four issuers 32 deep do not pin ($deep % of the run, governor threads $deep_gov ms of CPU); at depth 1 they do ($pct %)"
