#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Install the module the ways users do, for real where this machine allows:
#
#   dkms       build the Debian source package, install cpufreq-hybrid-dkms
#              and watch DKMS build and install the module for every Debian
#              kernel whose headers are installed (linux-headers-amd64 and
#              linux-headers-6.12-amd64 are brought in); then make
#              dkms-install / dkms-remove; purge.
#   yocto      the make command lines of OE-core's module.bbclass
#              (do_compile, do_install) against the arm64 board kernel, into
#              a staging ${D}; and the cpufreq-initscripts append's rewrite.
#   buildroot  the make command lines of Buildroot's pkg-kernel-module.mk
#              (build and install hooks) against the arm64 board kernel,
#              into a staging TARGET_DIR.
#
# usage: check.sh dkms|yocto|buildroot
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

[ $# -eq 1 ] || { echo "usage: $0 dkms|yocto|buildroot" >&2; exit 2; }
ver=$(hgov_version)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { hgov_die "$*"; }

# check_ko FILE ARCH KERNELRELEASE - FILE is our module, for ARCH, with
# KERNELRELEASE's vermagic.
check_ko() {
	local f=$1 arch=$2 krel=$3 vermagic elf=$1
	[ -f "$f" ] || fail "$f missing"
	case $f in
	*.xz) elf=$work/ko.elf; xz -dc "$f" > "$elf" ;;
	*.zst) elf=$work/ko.elf; zstd -qdc "$f" > "$elf" ;;
	esac
	file -L "$elf" | grep -q "ELF 64-bit.*$arch" || fail "$f is not an $arch module: $(file -L "$elf")"
	[ "$(modinfo -F name "$f")" = cpufreq_hybrid ] || fail "$f is not cpufreq_hybrid"
	vermagic=$(modinfo -F vermagic "$f")
	[ "${vermagic%% *}" = "$krel" ] || fail "$f: vermagic '$vermagic', want $krel"
	echo "ok: $f ($arch, $krel)"
}

check_dkms() {
	local k built=0 name=cpufreq-hybrid
	[ "$(id -u)" -eq 0 ] || fail "the DKMS check installs a package: run as root"
	hgov_need_pkgs dkms linux-headers-amd64 linux-headers-6.12-amd64 file kmod xz-utils zstd
	bash "$HGOV_TOP/scripts/packaging/deb.sh" "$work/deb"
	dpkg -P cpufreq-hybrid-dkms > /dev/null 2>&1 || true
	dpkg -i "$work/deb/cpufreq-hybrid-dkms_${ver}_all.deb"
	dkms status -m "$name" -v "$ver"
	# Every Debian kernel with headers got the module from the postinst.
	for k in /lib/modules/*; do
		k=${k##*/}
		[ -e "/lib/modules/$k/build/Makefile" ] || continue
		case $k in *-amd64) ;; *) continue ;; esac
		dkms status -m "$name" -v "$ver" -k "$k" | grep -q ': installed' ||
			fail "DKMS did not install $name/$ver for $k"
		check_ko "$(modinfo -k "$k" -n cpufreq_hybrid)" x86-64 "$k"
		modinfo -k "$k" -n cpufreq_hybrid | grep -q /updates/dkms/ ||
			fail "$k: module not in updates/dkms"
		grep -qE 'warning:|error:' "/var/lib/dkms/$name/$ver/$k/x86_64/log/make.log" &&
			fail "$k: the DKMS build log has diagnostics"
		built=$((built + 1))
	done
	[ "$built" -ge 2 ] || fail "expected builds for Debian's 6.1 and 6.12 kernels, got $built"
	dpkg -P cpufreq-hybrid-dkms
	! dkms status -m "$name" | grep -q . || fail "purge left $name in DKMS"
	! ls /lib/modules/*/updates/dkms/cpufreq_hybrid.ko* 2> /dev/null || fail "purge left modules"

	# make dkms-install: the same for one kernel, from this tree.
	k=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 | sed 's/[ ,].*//; s/^linux-headers-//')
	make -C "$HGOV_TOP" dkms-install KVER="$k"
	check_ko "$(modinfo -k "$k" -n cpufreq_hybrid)" x86-64 "$k"
	make -C "$HGOV_TOP" dkms-remove
	! dkms status -m "$name" | grep -q . || fail "dkms-remove left $name in DKMS"
}

# Our board kernel, as a BSP's kernel build: source tree and output tree.
board_kernel() {
	build=$(bash "$HGOV_TOP/scripts/kernel.sh" normal)
	src=$(hgov_src)
	krel=$(cat "$build/include/config/kernel.release")
}

# The recipe files of meta-renesas's meta-rcar-gen3 that our appends are
# for, per branch (renesas-rcar/meta-renesas: dunfell 8202875f,
# kirkstone-dev 11221be7, scarthgap ed600900; there is no plain
# kirkstone branch): meta-rcar-gen3/recipes-kernel/cpufreq-initscripts/
# cpufreq-initscripts.bb, unversioned on every branch, and
# meta-rcar-gen3/recipes-kernel/linux/linux-renesas_5.10.bb.
BSP_RECIPES_dunfell="cpufreq-initscripts.bb linux-renesas_5.10.bb"
BSP_RECIPES_kirkstone="cpufreq-initscripts.bb linux-renesas_5.10.bb"
BSP_RECIPES_scarthgap="cpufreq-initscripts.bb linux-renesas_5.10.bb"

# check_appends LAYER - every .bbappend of LAYER applies to a recipe on
# every branch: its own recipes, and under dynamic-layers/rcar-gen3 the
# BSP's. The rule is bitbake's (lib/bb/cooker.py, 1.46, 2.0 and 2.8 alike):
# collect_bbfiles() keys an append by its basename with .bbappend replaced
# by .bb, and get_file_appends() applies it to recipe file f if
#   (bbappend == f) or ('%' in bbappend and
#                       bbappend.startswith(f[:bbappend.index('%')]))
# An append that applies to nothing stops the parse ("No recipes in
# default available for").
check_appends() {
	local layer=$1 branch own bsp
	own=$(cd "$layer" && find recipes-* -name '*.bb' -printf '%f\n' | sort)
	for branch in dunfell kirkstone scarthgap; do
		bsp=BSP_RECIPES_$branch
		python3 - "$layer" "$branch" "$own" "${!bsp}" <<-'PY' || fail "a bbappend applies to no recipe on $branch"
		import os, sys
		layer, branch, own, bsp = sys.argv[1:5]
		bad = 0
		for top, dirs, files in sorted(os.walk(layer)):
		    for name in sorted(files):
		        if not name.endswith('.bbappend'):
		            continue
		        path = os.path.relpath(os.path.join(top, name), layer)
		        recipes = own.split()
		        if path.startswith('dynamic-layers/rcar-gen3/'):
		            recipes = bsp.split()
		        bbappend = name.replace('.bbappend', '.bb')
		        hits = [f for f in recipes if (bbappend == f) or
		                ('%' in bbappend and bbappend.startswith(f[:bbappend.index('%')]))]
		        if hits:
		            print('ok: %s: %s applies to %s' % (branch, path, ' '.join(hits)))
		        else:
		            print('error: %s: %s applies to none of %s' % (branch, path, ' '.join(recipes)))
		            bad = 1
		sys.exit(bad)
		PY
	done
}

check_yocto() {
	local S B D KERNEL_CC KERNEL_LD KERNEL_AR KERNEL_OBJCOPY KERNEL_STRIP pv
	local layer=$HGOV_TOP/scripts/packaging/meta-cpufreq-hybrid
	hgov_need_pkgs file kmod python3
	check_appends "$layer"
	board_kernel
	# The recipe's version and license checksum match the tree.
	pv=$(sed -n 's/^PV = "\([^+]*\)+.*/\1/p' "$layer"/recipes-kernel/cpufreq-hybrid/*.bb)
	[ "$pv" = "$ver" ] || fail "recipe PV $pv, changelog $ver"
	[ "$(head -n 1 "$HGOV_TOP/module/main.c" | md5sum | cut -d' ' -f1)" = \
		"$(sed -n 's/.*;md5=\([0-9a-f]*\)".*/\1/p' "$layer"/recipes-kernel/cpufreq-hybrid/*.bb)" ] ||
		fail "LIC_FILES_CHKSUM does not match module/main.c"

	S=$work/git B=$work/git D=$work/image
	hgov_copy_sources "$S"
	# module-base.bbclass and kernel-arch.bbclass exports, for aarch64.
	export ARCH=arm64 CROSS_COMPILE=$HGOV_CROSS OS=linux KBUILD_OUTPUT=$build
	export KERNEL_VERSION=$krel
	KERNEL_CC="${HGOV_CROSS}gcc -fuse-ld=bfd -fmacro-prefix-map=$S=/usr/src/debug/cpufreq-hybrid/$ver -fdebug-prefix-map=$S=/usr/src/debug/cpufreq-hybrid/$ver -fdebug-prefix-map=$src=/usr/src/kernel -fdebug-prefix-map=$build=/usr/src/kernel"
	KERNEL_LD="${HGOV_CROSS}ld.bfd"
	KERNEL_AR="${HGOV_CROSS}ar"
	KERNEL_OBJCOPY="${HGOV_CROSS}objcopy"
	KERNEL_STRIP="${HGOV_CROSS}strip"
	(
		cd "$B"
		unset CFLAGS CPPFLAGS CXXFLAGS LDFLAGS
		# do_compile: oe_runmake = make ${PARALLEL_MAKE} ${EXTRA_OEMAKE}
		make -j"$HGOV_JOBS" KERNEL_SRC="$src" \
			KERNEL_PATH="$src" KERNEL_VERSION="$KERNEL_VERSION" \
			CC="$KERNEL_CC" LD="$KERNEL_LD" AR="$KERNEL_AR" \
			OBJCOPY="$KERNEL_OBJCOPY" STRIP="$KERNEL_STRIP" \
			O="$build" KBUILD_EXTRA_SYMBOLS=""
		# do_install
		make -j"$HGOV_JOBS" KERNEL_SRC="$src" \
			DEPMOD=echo MODLIB="$D/lib/modules/$KERNEL_VERSION" \
			INSTALL_FW_PATH="$D/lib/firmware" \
			CC="$KERNEL_CC" LD="$KERNEL_LD" OBJCOPY="$KERNEL_OBJCOPY" \
			STRIP="$KERNEL_STRIP" O="$build" KBUILD_EXTRA_SYMBOLS="" \
			modules_install
	) || fail "the module.bbclass make commands failed"
	[ -f "$B/Module.symvers" ] || fail "no Module.symvers in \${B} (module.bbclass warns)"
	check_ko "$D/lib/modules/$krel/updates/cpufreq_hybrid.ko" aarch64 "$krel"
	find "$D" -type f | sed "s|^$D|  \${D}|"

	# The cpufreq-initscripts append: a BSP-style script that selects
	# performance now selects hybrid; a tree with nothing to rewrite fails.
	local fix=$layer/dynamic-layers/rcar-gen3/recipes-kernel/cpufreq-initscripts/files/cpufreq-hybrid-boot-governor.sh
	mkdir -p "$work/bsp/etc/init.d" "$work/none/etc"
	cat > "$work/bsp/etc/init.d/cpufreq" <<-'SH'
	#!/bin/sh
	echo "performance" > /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor
	echo performance mode selected
	SH
	sh "$fix" "$work/bsp"
	grep -q '^echo "hybrid" > /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor$' \
		"$work/bsp/etc/init.d/cpufreq" || fail "the append did not select hybrid"
	grep -q '^echo performance mode selected$' "$work/bsp/etc/init.d/cpufreq" ||
		fail "the append rewrote a line that selects no governor"
	if sh "$fix" "$work/none" 2> /dev/null; then
		fail "the append accepted a tree with no governor selection"
	fi
	echo "ok: cpufreq-initscripts append"
}

check_buildroot() {
	local d target=$work/target mk
	local ext=$HGOV_TOP/scripts/packaging/buildroot
	hgov_need_pkgs file kmod
	board_kernel
	mk=$ext/package/cpufreq-hybrid/cpufreq-hybrid.mk
	[ "$(sed -n 's/^CPUFREQ_HYBRID_VERSION = //p' "$mk")" = "$ver" ] ||
		fail "$mk: version differs from the changelog ($ver)"
	grep -q '^\$(eval \$(kernel-module))$' "$mk" || fail "$mk does not use kernel-module"
	# The local site method copies the site into the package build dir.
	d=$work/build/cpufreq-hybrid-$ver
	hgov_copy_sources "$d"
	mkdir -p "$target"
	# The linux package installs the kernel's own modules first.
	make -s -C "$build" ARCH=arm64 CROSS_COMPILE="$HGOV_CROSS" \
		INSTALL_MOD_PATH="$target" DEPMOD=/sbin/depmod modules_install ||
		fail "installing the kernel's modules failed"
	# $(LINUX_MAKE_ENV) $(MAKE) -C $(LINUX_DIR) $(LINUX_MAKE_FLAGS)
	#	$(PKG_MODULE_MAKE_OPTS) PWD=$(@D)/. M=$(@D)/. modules[_install]
	local flags=(HOSTCC="gcc -O2" ARCH=arm64 INSTALL_MOD_PATH="$target"
		CROSS_COMPILE="$HGOV_CROSS" WERROR=0 REGENERATE_PARSERS=1
		DEPMOD=/sbin/depmod)
	env BR_BINARIES_DIR="$work/images" make -j"$HGOV_JOBS" -C "$build" \
		"${flags[@]}" PWD="$d/." M="$d/." modules ||
		fail "the kernel-module build command failed"
	env BR_BINARIES_DIR="$work/images" make -j"$HGOV_JOBS" -C "$build" \
		"${flags[@]}" PWD="$d/." M="$d/." modules_install ||
		fail "the kernel-module install command failed"
	check_ko "$target/lib/modules/$krel/updates/cpufreq_hybrid.ko" aarch64 "$krel"
	# Buildroot runs depmod over the target in target-finalize.
	/sbin/depmod -b "$target" "$krel"
	grep -q '^updates/cpufreq_hybrid.ko:' "$target/lib/modules/$krel/modules.dep" ||
		fail "depmod does not list the module"
	echo "ok: modules.dep lists updates/cpufreq_hybrid.ko"
}

case $1 in
dkms) check_dkms ;;
yocto) check_yocto ;;
buildroot) check_buildroot ;;
*) echo "usage: $0 dkms|yocto|buildroot" >&2; exit 2 ;;
esac
echo "$1: ok"
