#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make dkms-install / make dkms-remove: register this tree with DKMS as
# cpufreq-hybrid/VERSION in /usr/src, then build and install
# cpufreq_hybrid.ko for KERNELRELEASE (default: the running kernel).
# make dkms-install KVER=... passes KERNELRELEASE.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

usage() { echo "usage: $0 install|remove [KERNELRELEASE]" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage
action=$1
kver=${2:-$(uname -r)}
[ "$(id -u)" -eq 0 ] || hgov_die "DKMS installs into /usr/src and /lib/modules: run as root"
command -v dkms > /dev/null || hgov_need_pkgs dkms
ver=$(hgov_version)
[ -n "$ver" ] || hgov_die "no version in scripts/packaging/debian/changelog"
name=cpufreq-hybrid
# DKMS runs its own make: keep ours (make dkms-install) out of it.
unset MAKEFLAGS MFLAGS MAKELEVEL
dest=/usr/src/$name-$ver

remove() {
	if dkms status -m "$name" -v "$ver" 2>/dev/null | grep -q .; then
		dkms remove -m "$name" -v "$ver" --all
	fi
	rm -rf "$dest"
}

case $action in
install)
	remove
	hgov_copy_sources "$dest"
	sed "s/#MODULE_VERSION#/$ver/" "$HGOV_TOP/scripts/packaging/dkms.conf" > "$dest/dkms.conf"
	dkms add -m "$name" -v "$ver"
	[ -d "/lib/modules/$kver/build" ] ||
		hgov_die "no headers for kernel $kver (/lib/modules/$kver/build); install them, or pass another KERNELRELEASE"
	dkms install -m "$name" -v "$ver" -k "$kver"
	;;
remove)
	remove
	;;
*)
	usage
	;;
esac
