#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make check: sparse (C=2) and W=1 over the module, its tests and the
# test-bed driver against the arm64 board kernel of HGOV_KVER (default
# 6.12); any diagnostic fails. The same as that cell of the build matrix.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

[ $# -eq 0 ] || { echo "usage: $0" >&2; exit 2; }
exec bash "$HGOV_TOP/scripts/test/matrix.sh" "arm64-$HGOV_KVER"
