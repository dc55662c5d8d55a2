# SPDX-License-Identifier: GPL-2.0
# The kernel's cpufreq selftest "main.sh -t $1" (set by stress.sh), run by
# bash from /selftests/cpufreq. hybrid governs every policy before it
# starts (modtest instead needs the module unloaded: it loads it itself).
. /lib/hgov.sh

t=$1
cd /selftests/cpufreq || hgov_fail "no selftests in the initramfs"
if [ "$t" = modtest ]; then
	hgov_select schedutil
	rmmod cpufreq_hybrid || hgov_fail "cannot unload cpufreq_hybrid before modtest"
	set -- -t modtest -g cpufreq_hybrid
else
	hgov_select hybrid
	set -- -t "$t"
fi
# churn - true while the test's bash loops or their writers still run.
churn() {
	for pid in /proc/[0-9]*; do
		read -r comm < $pid/comm 2>/dev/null || continue
		case $comm in bash|tee|seq) return 0 ;; esac
	done
	return 1
}

# sudo as a bash function: the test runs as root, and sptest3 forks it
# 16000 times. main.sh's output goes through a pipe that its background
# races keep open, so it returns only once they are done.
bash -c 'sudo() { "$@"; }; export -f sudo; exec bash ./main.sh "$@"' main.sh "$@" \
	> /tmp/selftest.out 2>&1 &
ms=$!
# sptest3 (16000 governor writes) and sptest4 (35000 CPU hotplugs) race
# for as long as that takes: hours on this emulated debug board. Like the
# kselftest runner, which gives main.sh 45 s, bound them: after CHURN_S
# seconds stop the races, bring every CPU back, and check that the system
# is still sound.
case $t in sptest3|sptest4) bound=${CHURN_S:-45} ;; *) bound=100000 ;; esac
hgov_now
t0=$now
cut=false
while kill -0 $ms 2>/dev/null; do
	hgov_now
	if [ $((now - t0)) -ge ${bound}000 ]; then
		cut=true
		break
	fi
	sleep 1
done
if $cut; then
	while churn; do
		for pid in /proc/[0-9]*; do
			read -r comm < $pid/comm 2>/dev/null || continue
			case $comm in bash|tee|seq) kill -9 ${pid#/proc/} 2>/dev/null ;; esac
		done
		sleep 1
	done
	wait $ms 2>/dev/null
	cat /tmp/selftest.out | head -n 200
	grep -iE 'fail|error|invalid' /tmp/selftest.out | grep -v 'write error' &&
		hgov_fail "main.sh $* reported a failure before it was stopped"
	hgov_ok "main.sh $*: raced for ${CHURN_S:-45} s without a failure, then stopped"
else
	wait $ms
	rc=$?
	cat /tmp/selftest.out
	[ $rc = 0 ] || hgov_fail "main.sh $* exited $rc"
	grep -q '^ok 1 Completed successfully' /tmp/selftest.out ||
		hgov_fail "main.sh $* did not complete"
	grep -q '^# Totals: pass:1 fail:0' /tmp/selftest.out || hgov_fail "main.sh $* totals"
fi
for c in /sys/devices/system/cpu/cpu[0-9]*; do
	[ -w $c/online ] && [ "$(cat $c/online)" = 0 ] && echo 1 > $c/online
done
[ "$(cat /sys/devices/system/cpu/online)" = 0-7 ] ||
	hgov_fail "CPUs $(cat /sys/devices/system/cpu/online) online after the test"
if [ "$t" = modtest ]; then
	n=$(grep -c 'Pass: unable to remove cpufreq_hybrid while it is being used' /tmp/selftest.out)
	[ "$n" = 2 ] || hgov_fail "modtest: rmmod refused while governing on $n policies, not 2"
	grep -E 'failed|WARN:' /tmp/selftest.out && hgov_fail "modtest reported a failure"
	grep -q '^Switch from schedutil to hybrid' /tmp/selftest.out ||
		hgov_fail "modtest never switched to hybrid"
fi
for p in $CPUFREQ/policy*; do
	read -r cur < $p/scaling_cur_freq
	read -r lo < $p/scaling_min_freq
	read -r hi < $p/scaling_max_freq
	[ "$cur" -ge "$lo" ] && [ "$cur" -le "$hi" ] ||
		hgov_fail "${p##*/} at $cur outside [$lo, $hi] after the test"
done
# hybrid still governs and pins after whatever the test did.
grep -q '^cpufreq_hybrid ' /proc/modules || modprobe cpufreq_hybrid ||
	hgov_fail "cannot load cpufreq_hybrid after the test"
hgov_select hybrid
hgov_pins_under_reads 0 "$(cat $CPUFREQ/policy0/scaling_max_freq)" 3000 ||
	hgov_fail "hybrid does not pin after the test ($(hgov_cur 0))"
hgov_select schedutil
rmmod cpufreq_hybrid || hgov_fail "cpufreq_hybrid does not unload after the test"
hgov_ok "selftest $t passed; hybrid pins and unloads afterwards"
