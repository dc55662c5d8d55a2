# SPDX-License-Identifier: GPL-2.0
# MODCYCLES (default 100) insmod/rmmod cycles of cpufreq_hybrid.ko: half
# quiet, half while both policies are switched among hybrid, schedutil and
# performance (a switch to hybrid autoloads the module, so rmmod and insmod
# race with it).
. /lib/hgov.sh
hgov_all_opps

KO=/lib/modules/$(uname -r)/extra/cpufreq_hybrid.ko
hgov_select schedutil

cycle() {
	tries=0
	until rmmod cpufreq_hybrid 2>/dev/null; do
		tries=$((tries + 1))
		[ $tries -lt 3000 ] || hgov_fail "cycle $1: rmmod refused 3000 times"
		grep -q '^cpufreq_hybrid ' /proc/modules || break
	done
	insmod $KO 2>/dev/null || grep -q '^cpufreq_hybrid ' /proc/modules ||
		hgov_fail "cycle $1: insmod failed and nothing loaded it"
}

n=${MODCYCLES:-100}
half=$((n / 2))
i=1
while [ $i -le $half ]; do
	cycle $i
	i=$((i + 1))
done
hgov_ok "$half quiet insmod/rmmod cycles"

(while :; do
	for g in hybrid schedutil performance; do
		for p in 0 4; do
			echo $g > $CPUFREQ/policy$p/scaling_governor 2>/dev/null
		done
	done
done) &
sw=$!
while [ $i -le "$n" ]; do
	cycle $i
	i=$((i + 1))
done
kill $sw
wait $sw 2>/dev/null
hgov_ok "$((n - half)) insmod/rmmod cycles racing governor switches and autoload"

grep -q '^cpufreq_hybrid ' /proc/modules || insmod $KO || hgov_fail "final insmod failed"
hgov_select hybrid
hgov_pins_under_reads 0 1500000 2000 ||
	hgov_fail "hybrid does not pin after the cycles ($(hgov_cur 0))"
hgov_select schedutil
rmmod cpufreq_hybrid || hgov_fail "the module does not unload at the end"
hgov_ok "after $n cycles hybrid still pins, and the module unloads"
