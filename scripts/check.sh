#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# sparse (C=2) and W=1 over every file of the module, its tests and the
# test-bed driver, against the board kernel. Any diagnostic fails.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 0 ] || { echo "usage: $0" >&2; exit 2; }
build=$(bash "$HGOV_TOP/scripts/kernel.sh" normal)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for m in "$HGOV_TOP" "$HGOV_TOP/scripts/testbed"; do
	make -s -C "$build" M="$m" ARCH="$HGOV_ARCH" CROSS_COMPILE="$HGOV_CROSS" \
		C=2 W=1 -j"$HGOV_JOBS" modules 2>&1 | tee -a "$log" ||
		hgov_die "build failed in $m"
done
if grep -qE 'warning:|error:' "$log"; then
	hgov_log "sparse / W=1 reported the diagnostics above"
	exit 1
fi
hgov_log "sparse and W=1: clean"
