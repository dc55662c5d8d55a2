#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build the Debian source package cpufreq-hybrid and its binary package
# cpufreq-hybrid-dkms into out/packaging (or DIR).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

[ $# -le 1 ] || { echo "usage: $0 [DIR]" >&2; exit 2; }
out=$(mkdir -p "${1:-$HGOV_TOP/out/packaging}" && cd "${1:-$HGOV_TOP/out/packaging}" && pwd)
hgov_need_pkgs dpkg-dev debhelper dh-dkms fakeroot
ver=$(hgov_version)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tree=$work/cpufreq-hybrid-$ver
hgov_copy_sources "$tree"
cp "$HGOV_TOP/README.md" "$HGOV_TOP/COPYING" "$tree/"
mkdir -p "$tree/scripts/packaging"
cp -a "$HGOV_TOP/scripts/packaging/dkms.conf" "$HGOV_TOP/scripts/packaging/cpufreq_hybrid.4" \
	"$HGOV_TOP/scripts/packaging/boot" "$tree/scripts/packaging/"
cp -a "$HGOV_TOP/scripts/packaging/debian" "$tree/debian"
(cd "$tree" && dpkg-buildpackage -us -uc) >&2 || hgov_die "dpkg-buildpackage failed"
rm -f "$out"/cpufreq-hybrid*
cp "$work"/cpufreq-hybrid*_"$ver"* "$out"/
ls "$out"/cpufreq-hybrid-dkms_"$ver"_all.deb
