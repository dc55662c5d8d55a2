# SPDX-License-Identifier: GPL-2.0
# bash /stress/reject.sh FILE BAD... - write each BAD (and then a string
# longer than a page) into FILE: each write fails with EINVAL and changes
# nothing, and the kernel logs exactly one line per refused write, naming
# the file and quoting the value, in order. bash rather than busybox: it
# reports a failed write's errno. Nothing here forks per write, which
# keeps it quick on the debug board.
f=$1
shift
name=${f##*/}
read -r before < "$f"
dmesg -c > /dev/null
for bad in "$@"; do
	if printf '%s\n' "$bad" 2> /tmp/err > "$f"; then
		echo "FAIL: $f accepted \"$bad\""
		exit 1
	fi
	read -r err < /tmp/err
	[[ $err == *"Invalid argument"* ]] || { echo "FAIL: \"$bad\" into $f: $err, not EINVAL"; exit 1; }
	read -r now < "$f"
	[ "$now" = "$before" ] || { echo "FAIL: \"$bad\" changed $f to $now"; exit 1; }
done
dmesg -c | grep "cpufreq_hybrid: $name: " > /tmp/log
mapfile -t log < /tmp/log
if [ ${#log[@]} != $# ]; then
	echo "FAIL: $# bad writes into $f, ${#log[@]} log lines:"
	printf '  %s\n' "${log[@]}"
	exit 1
fi
i=0
for bad in "$@"; do
	# The log quotes the value up to its first newline, 32 bytes at most.
	quoted="'${bad:0:32}'"
	[[ ${log[i]} == *"cpufreq_hybrid: $name: $quoted"* ]] ||
		{ echo "FAIL: \"$bad\" into $f logged: ${log[i]}"; exit 1; }
	i=$((i + 1))
done
# Longer than a page: written in pieces, every piece refused.
long=$(printf 'x%.0s' {1..5000})
printf '%s' "$long" 2> /dev/null > "$f" && { echo "FAIL: $f accepted 5000 bytes"; exit 1; }
read -r now < "$f"
[ "$now" = "$before" ] || { echo "FAIL: 5000 bytes changed $f to $now"; exit 1; }
dmesg -c > /dev/null
exit 0
