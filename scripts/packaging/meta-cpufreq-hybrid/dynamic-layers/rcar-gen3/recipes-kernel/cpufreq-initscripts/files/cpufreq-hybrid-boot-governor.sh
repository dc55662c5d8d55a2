#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# cpufreq-hybrid-boot-governor.sh DESTDIR [GOVERNOR]
# In the installed boot scripts and units under DESTDIR, make every line
# that writes "performance" into a scaling_governor write GOVERNOR
# (default hybrid) instead. Fails when no such line exists, so that a
# changed BSP script is noticed at build time.
set -eu
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 DESTDIR [GOVERNOR]" >&2; exit 2; }
dest=$1
gov=${2:-hybrid}
case $gov in
*[!a-z0-9_]* | "") echo "$0: bad governor name '$gov'" >&2; exit 2 ;;
esac
files=$(grep -rlE 'performance.*scaling_governor|scaling_governor.*performance' "$dest" || true)
[ -n "$files" ] || { echo "$0: no script under $dest selects performance" >&2; exit 1; }
for f in $files; do
	sed -i -E "/scaling_governor/s/\bperformance\b/$gov/g" "$f"
	echo "$0: $f now selects $gov"
done
