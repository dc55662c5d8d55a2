#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# checkpatch --strict over every C file of the module, its tests, the
# test-bed driver and the board's load generator. Any finding fails.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

[ $# -eq 0 ] || { echo "usage: $0" >&2; exit 2; }
hgov_need_pkgs "linux-source-$HGOV_KVER" perl
src=$(hgov_src)
cd "$HGOV_TOP"
mapfile -t files < <(git ls-files -co --exclude-standard -- \
	'module/*.[ch]' 'governor/*.[ch]' 'kunit/*.[ch]' 'scripts/testbed/*.[ch]' \
	'scripts/emu/*.[ch]')
[ ${#files[@]} -gt 0 ] || hgov_die "no C files found"
# The compat headers are where version checks, copies of newer kernels'
# macros and casts for older APIs belong: checkpatch's rules against those
# are off for them alone.
compat_ignore=LINUX_VERSION_CODE,CONSTANT_COMPARISON,EXPORT_SYMBOL,MACRO_ARG_UNUSED
compat_ignore+=,MACRO_ARG_REUSE,MACRO_ARG_PRECEDENCE,CONST_STRUCT
checkpatch() {
	perl "$src/scripts/checkpatch.pl" --strict --no-tree --terse --show-types \
		--quiet "$@"
}
rc=0
for f in "${files[@]}"; do
	if [ "${f##*/}" = compat.h ]; then
		checkpatch --ignore "$compat_ignore" -f "$f" || rc=1
	elif [ "${f#scripts/emu/}" != "$f" ]; then
		# Userspace programs for the board: libc's types, not the kernel's.
		checkpatch --ignore PREFER_KERNEL_TYPES -f "$f" || rc=1
	elif [ "$f" = module/hgov_trace.h ]; then
		# TRACE_EVENT()'s own layout, as in include/trace/events/.
		checkpatch --ignore OPEN_ENDED_LINE,PARENTHESIS_ALIGNMENT -f "$f" || rc=1
	else
		checkpatch -f "$f" || rc=1
	fi
done
if [ $rc -ne 0 ]; then
	hgov_log "checkpatch --strict reported the findings above"
	exit 1
fi
hgov_log "checkpatch --strict: clean (${#files[@]} files)"
