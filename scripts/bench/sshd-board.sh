#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# bench-remote's board (scripts/bench/test_remote.sh runs it with AUTH_KEY,
# the host's public key, set in front): eth0 on QEMU's user network
# (10.0.2.15/24, the host's side 10.0.2.2), Debian's dropbear on port 22
# for root with that key only, then a wait until the host creates
# /tmp/hgov.stop over ssh, for at most SSHD_WAIT_S seconds.
. /lib/hgov.sh

: "${SSHD_WAIT_S:=1200}"
[ -n "${AUTH_KEY:-}" ] || hgov_fail "no AUTH_KEY"
mkdir -p /etc/dropbear /root/.ssh /dev/pts /var/run /var/log
mount -t devpts devpts /dev/pts 2>/dev/null
# dropbear looks root up in /etc/passwd and accepts only a shell listed
# in /etc/shells; authorized_keys must be writable by root alone.
echo root:x:0:0:root:/root:/bin/sh > /etc/passwd
echo root:x:0: > /etc/group
echo /bin/sh > /etc/shells
chmod 700 /root /root/.ssh
echo "$AUTH_KEY" > /root/.ssh/authorized_keys
chmod 600 /root/.ssh/authorized_keys
ip link set lo up && ip link set eth0 up && ip addr add 10.0.2.15/24 dev eth0 &&
	ip route add default via 10.0.2.2 || hgov_fail "cannot bring eth0 up"
dropbearkey -t ed25519 -f /etc/dropbear/dropbear_ed25519_host_key > /dev/null 2>&1 ||
	hgov_fail "dropbearkey failed"
# -s: no passwords; -E: log to stderr (the console).
dropbear -r /etc/dropbear/dropbear_ed25519_host_key -p 22 -s -E -P /var/run/dropbear.pid ||
	hgov_fail "dropbear did not start"
hgov_ok "sshd up"
i=0
while [ ! -e /tmp/hgov.stop ]; do
	[ $i -lt "$SSHD_WAIT_S" ] || hgov_fail "no stop from the host in $SSHD_WAIT_S s"
	sleep 1
	i=$((i + 1))
done
kill "$(cat /var/run/dropbear.pid)" 2>/dev/null
hgov_ok "sshd stopped"
