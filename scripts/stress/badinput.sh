# SPDX-License-Identifier: GPL-2.0
# Every tunable and module parameter fed bad input: negative, overflow,
# garbage, empty, whitespace, a string longer than a page, and writers
# racing each other. Each bad write fails with EINVAL, logs one line and
# changes nothing; racing writers leave one of the good values; no file is
# writable by a user other than root.
. /lib/hgov.sh

hgov_select hybrid
G=$CPUFREQ/hybrid
P=/sys/module/cpufreq_hybrid/parameters
n=0

# reject FILE BAD... - each BAD fails with EINVAL, one log line, no change.
# One bash per file does the writes: it reports a failed write's errno,
# and starting it once keeps this quick on the debug board.
reject() {
	f=$1
	shift
	bash -c '
		f=$1; shift
		before=$(< "$f")
		name=${f##*/}
		dmesg -c > /dev/null
		for bad in "$@"; do
			if printf "%s\n" "$bad" 2> /tmp/err > "$f"; then
				echo "FAIL: $f accepted \"$bad\""; exit 1
			fi
			grep -q "Invalid argument" /tmp/err ||
				{ echo "FAIL: \"$bad\" into $f: $(< /tmp/err), not EINVAL"; exit 1; }
			[ "$(< "$f")" = "$before" ] ||
				{ echo "FAIL: \"$bad\" changed $f to $(< "$f")"; exit 1; }
			lines=$(dmesg -c | grep -c "cpufreq_hybrid: $name: ")
			[ "$lines" = 1 ] ||
				{ echo "FAIL: \"$bad\" into $f: $lines log lines, not 1"; exit 1; }
		done
		# Longer than a page: written in pieces, every piece refused.
		long=$(printf "x%.0s" {1..5000})
		printf "%s" "$long" 2> /dev/null > "$f" && { echo "FAIL: $f accepted 5000 bytes"; exit 1; }
		[ "$(< "$f")" = "$before" ] || { echo "FAIL: 5000 bytes changed $f"; exit 1; }
		dmesg -c > /dev/null
	' - "$f" "$@" || exit 1
	n=$((n + $# + 1))
}

NUM="-1 abc 12x 0x10 1.5 + - 4294967296 18446744073709551616 99999999999999999999999"
SPACE=" |	|  1 2"
reject $G/rate_limit_us $NUM "" " " "1000001" "1 2"
reject $G/io_pin_enable $NUM "" " " 2 yes on "1 1"
reject $G/io_hold_ms $NUM "" " " 10001 "5 0"
reject $G/io_pin_cpus "" " " -1 abc 0-99 3-1 8 "auto x" "0-"
reject $P/io_watchdog_ms $NUM "" " " 99 600001
reject $P/io_disks "" " " "vd\$" "a**b*" "vd!a" "!" "$(printf 'x%.0s' $(seq 300))"
hgov_ok "$n bad writes refused with EINVAL and one log line each, nothing changed"

# race FILE GOOD1 GOOD2 BAD - four writers, 200 writes each; the file ends
# at one of the good values.
race() {
	f=$1
	for v in "$2" "$3" "$4" "$2"; do
		(i=0; while [ $i -lt 200 ]; do echo "$v" > "$f" 2> /dev/null; i=$((i + 1)); done) &
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
race $P/io_disks "vd*" "!nullb* *" "a**"
hgov_ok "racing writers always leave a good value"

echo 450 > $G/rate_limit_us
echo 50 > $G/io_hold_ms
echo 1 > $G/io_pin_enable
echo auto > $G/io_pin_cpus
echo 2000 > $P/io_watchdog_ms
echo '!loop* !ram* !zram* !nullb* *' > $P/io_disks
dd if=/dev/vda of=/dev/null bs=4k count=20000 iflag=direct 2>/dev/null &
dd_pid=$!
hgov_wait_khz 0 1500000 2000 || hgov_fail "no pin after the abuse ($(hgov_cur 0))"
wait $dd_pid
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
