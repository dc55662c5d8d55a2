#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# With a driver that offers fast switching, hybrid switches from the
# scheduler callback and still follows load on both clusters.
. /lib/hgov.sh

rmmod hgov_testbed || hgov_fail "cannot unload the test-bed driver"
modprobe hgov_testbed fast_switch=1 || hgov_fail "cannot load hgov_testbed fast_switch=1"
hgov_select hybrid
ms=$(hgov_wait_khz 4 800000 3000) || hgov_fail "idle policy4 at $(hgov_cur 4)"

pid=$(hgov_spin 4)
ms=$(hgov_wait_khz 4 1200000 1000) ||
	{ kill "$pid"; hgov_fail "policy4 at $(hgov_cur 4) after 1 s of load"; }
hgov_ok "load on cpu4: policy4 at 1200000 after $ms ms (fast switch)"
kill "$pid"
ms=$(hgov_wait_khz 4 800000 2000) || hgov_fail "policy4 at $(hgov_cur 4) after the load"
hgov_ok "policy4 back to 800000 after $ms ms"
ps | grep -q '\[hybrid:' || hgov_fail "no hybrid worker thread"
