#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The main job: boot the virtual R-Car H3 board and show both clusters'
# frequency following a CPU load under hybrid.
set -euo pipefail
[ $# -eq 0 ] || { echo "usage: $0" >&2; exit 2; }
exec bash "$(dirname "$0")/board.sh" run "$(dirname "$0")/demo-board.sh"
