#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# checkpatch --strict over every C file of the module, its tests and the
# test-bed driver. Any finding fails.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 0 ] || { echo "usage: $0" >&2; exit 2; }
hgov_need_pkgs "linux-source-$HGOV_KVER" perl
src=$(hgov_src)
cd "$HGOV_TOP"
mapfile -t files < <(git ls-files -co --exclude-standard -- \
	'module/*.[ch]' 'governor/*.[ch]' 'kunit/*.[ch]' 'scripts/testbed/*.[ch]')
[ ${#files[@]} -gt 0 ] || hgov_die "no C files found"
if ! perl "$src/scripts/checkpatch.pl" --strict --no-tree --terse --show-types \
	--quiet -f "${files[@]}"; then
	hgov_log "checkpatch --strict reported the findings above"
	exit 1
fi
hgov_log "checkpatch --strict: clean (${#files[@]} files)"
