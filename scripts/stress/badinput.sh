# SPDX-License-Identifier: GPL-2.0
# Every tunable and module parameter fed bad input: negative, overflow,
# garbage, empty, whitespace, a string longer than a page, and writers
# racing each other. Each bad write fails with EINVAL, logs one line and
# changes nothing; racing writers leave one of the good values; no file is
# writable by a user other than root.
. /lib/hgov.sh
hgov_all_opps

hgov_select hybrid
G=$CPUFREQ/hybrid
P=/sys/module/cpufreq_hybrid/parameters
n=0

# reject FILE BAD... - see /stress/reject.sh.
reject() {
	bash /stress/reject.sh "$@" || exit 1
	n=$((n + $# + 1))
}

NUM="-1 abc 12x 0x10 1.5 + - 4294967296 18446744073709551616 99999999999999999999999"
TAB=$(printf '\t')
reject $G/rate_limit_us $NUM "" " " "$TAB" "1000001" "1 2"
reject $G/io_pin_enable $NUM "" " " "$TAB" 2 yes on "1 1"
reject $G/io_hold_ms $NUM "" " " "$TAB" 10001 "5 0"
reject $G/io_pin_cpus "" " " "$TAB" -1 abc 0-99 3-1 8 "auto x" "0-"
reject $P/io_watchdog_ms $NUM "" " " "$TAB" 99 600001
reject $P/assist $NUM "" " " "$TAB" 2 yes on "1 1"
reject $P/assist_hold_ms $NUM "" " " "$TAB" 10001 "5 0"
reject $P/assist_cpus "" " " "$TAB" -1 abc 0-99 3-1 8 "all x" "0-" "big 0"
reject $P/io_idle_latency_us $NUM "" " " "$TAB" 100001 "5 0"
reject $P/io_idle_hold_ms $NUM "" " " "$TAB" 10001 "5 0"
reject $P/io_idle_all_cpus $NUM "" " " "$TAB" 2 "1 0"
reject $P/io_disks "" " " "$TAB" "vd\$" "a**b*" "vd!a" "!" "$(printf 'x%.0s' $(seq 300))"
hgov_ok "$n bad writes refused with EINVAL and one log line each, nothing changed"

# race FILE GOOD1 GOOD2 BAD - four writers, 50 writes each; the file ends
# at one of the good values.
race() {
	f=$1
	for v in "$2" "$3" "$4" "$2"; do
		(i=0; while [ $i -lt 50 ]; do echo "$v" > "$f" 2> /dev/null; i=$((i + 1)); done) &
	done
	wait
	v=$(cat "$f")
	[ "$v" = "$2" ] || [ "$v" = "$3" ] || hgov_fail "racing writers left $f at '$v'"
}
race $G/rate_limit_us 100 2000 -5
race $G/io_hold_ms 10 100 abc
race $G/io_pin_enable 0 1 7
race $G/io_pin_cpus 0-3 auto 0-99
race $P/io_watchdog_ms 500 3000 5
race $P/io_disks "vd*" "!nullb* *" "a***"
race $P/assist 0 1 7
race $P/assist_hold_ms 10 100 abc
race $P/assist_cpus 0-3 all 0-99
race $P/io_idle_latency_us 10 100 abc
race $P/io_idle_hold_ms 0 5 abc
race $P/io_idle_all_cpus 0 1 abc
hgov_ok "racing writers always leave a good value"

echo 450 > $G/rate_limit_us
echo 50 > $G/io_hold_ms
echo 1 > $G/io_pin_enable
echo auto > $G/io_pin_cpus
echo 2000 > $P/io_watchdog_ms
echo '!loop* !ram* !zram* !nullb* *' > $P/io_disks
echo 0 > $P/assist
echo 50 > $P/assist_hold_ms
echo all > $P/assist_cpus
echo 100 > $P/io_idle_latency_us
echo 5 > $P/io_idle_hold_ms
echo 0 > $P/io_idle_all_cpus
hgov_pins_under_reads 0 1500000 2000 || hgov_fail "no pin after the abuse ($(hgov_cur 0))"
hgov_ok "defaults restored, the pin still works"

mkdir -p /etc
echo 'root:x:0:0:root:/root:/bin/sh' > /etc/passwd
echo 'nobody:x:65534:65534:nobody:/:/bin/sh' >> /etc/passwd
echo 'root:x:0:' > /etc/group
echo 'nogroup:x:65534:' >> /etc/group
[ "$(su nobody -s /bin/sh -c 'id -u')" = 65534 ] || hgov_fail "cannot run as nobody"
for f in $G/* $P/*; do
	before=$(cat "$f")
	su nobody -s /bin/sh -c "echo 1 > $f" 2> /dev/null && hgov_fail "nobody wrote $f"
	[ "$(cat "$f")" = "$before" ] || hgov_fail "nobody changed $f"
done
hgov_ok "no tunable or parameter is writable by nobody"
hgov_select schedutil
rmmod cpufreq_hybrid || hgov_fail "rmmod failed"
