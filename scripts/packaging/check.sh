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
#              a staging ${D}; every append's name against meta-renesas's
#              recipes by bitbake's rule; the cpufreq-initscripts append's
#              rewrite of the BSP script; the recipe's module options.
#   buildroot  the make command lines of Buildroot's pkg-kernel-module.mk
#              (build and install hooks) against the arm64 board kernel,
#              into a staging TARGET_DIR; the installed boot default on
#              the board.
#
# Each one also checks what it installs besides the module: the boot
# default (/etc/default/cpufreq-hybrid and the script that applies it, on
# a fake sysfs), the man page against the code, the kernel options the
# module needs, the version against the changelog.
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
	[ "$(modinfo -F version "$f")" = "$ver" ] ||
		fail "$f: MODULE_VERSION '$(modinfo -F version "$f")', changelog $ver"
	echo "ok: $f ($arch, $krel, version $ver)"
}

# check_boot_script - scripts/packaging/boot/cpufreq-hybrid-boot (or FILE)
# against a fake sysfs tree, under dash and bash --posix: hybrid, assist
# (module loaded by it, or loaded before), empty, no file, bad values, a
# policy that refuses the governor, no policy at all.
check_boot_script() {
	local boot=${1:-$HGOV_TOP/scripts/packaging/boot/cpufreq-hybrid-boot}
	local t=$work/boot shell rc v
	local cf=$t/root/sys/devices/system/cpu/cpufreq
	local param=$t/root/sys/module/cpufreq_hybrid/parameters/assist
	# tree [LOADED] - policy0 and policy4 under performance; LOADED:
	# the module is loaded already, with assist=0.
	tree() {
		local p
		rm -rf "$t" && mkdir -p "$t/bin"
		for p in 0 4; do
			mkdir -p "$cf/policy$p"
			echo performance > "$cf/policy$p/scaling_governor"
			echo "performance schedutil" > "$cf/policy$p/scaling_available_governors"
		done
		if [ -n "${1:-}" ]; then
			mkdir -p "${param%/*}" && echo 0 > "$param"
		fi
		# modprobe loads the module (its parameters appear) unless it
		# is loaded already, in which case options are ignored.
		cat > "$t/bin/modprobe" <<-EOF
		#!/bin/sh
		echo "\$*" >> "$t/modprobe.log"
		[ "\$1" = cpufreq_hybrid ] || exit 1
		[ -e "$param" ] && exit 0
		mkdir -p "${param%/*}" && echo 0 > "$param"
		[ "\${2:-}" = assist=1 ] && echo 1 > "$param"
		exit 0
		EOF
		chmod +x "$t/bin/modprobe"
		: > "$t/modprobe.log"
	}
	# run VALUE - with HYBRID_GOVERNOR=VALUE ("-": no defaults file).
	run() {
		[ "$1" = - ] || echo "HYBRID_GOVERNOR=$1" > "$t/default"
		rc=0
		env PATH="$t/bin:$PATH" HGOV_DEFAULTS="$t/default" HGOV_SYSFS_ROOT="$t/root" \
			$shell "$boot" > "$t/out" 2>&1 || rc=$?
		sed 's/^/    /' "$t/out"
	}
	govs() { cat "$cf/policy0/scaling_governor" "$cf/policy4/scaling_governor" | tr '\n' ' '; }
	for shell in dash "bash --posix"; do
		echo "boot script under $shell:"
		tree; run hybrid
		[ $rc -eq 0 ] && [ "$(govs)" = "hybrid hybrid " ] &&
			[ "$(cat "$t/modprobe.log")" = cpufreq_hybrid ] &&
			[ "$(grep -c ': policy[04]: hybrid (was performance)$' "$t/out")" -eq 2 ] ||
			fail "boot script, hybrid: rc $rc, governors $(govs)"
		tree; run assist
		[ $rc -eq 0 ] && [ "$(govs)" = "schedutil schedutil " ] &&
			[ "$(cat "$t/modprobe.log")" = "cpufreq_hybrid assist=1" ] &&
			[ "$(cat "$param")" = 1 ] ||
			fail "boot script, assist: rc $rc, governors $(govs), assist $(cat "$param")"
		tree loaded; run assist
		[ $rc -eq 0 ] && [ "$(cat "$param")" = 1 ] ||
			fail "boot script, assist with the module loaded: rc $rc, assist $(cat "$param")"
		for v in "" -; do
			tree; run "$v"
			[ $rc -eq 0 ] && [ "$(govs)" = "performance performance " ] &&
				[ ! -s "$t/modprobe.log" ] ||
				fail "boot script, HYBRID_GOVERNOR '$v': rc $rc, governors $(govs)"
		done
		for v in performance "hybrid assist" Hybrid; do
			tree; run "'$v'"
			[ $rc -eq 2 ] && [ "$(govs)" = "performance performance " ] &&
				[ ! -s "$t/modprobe.log" ] && grep -q "error: HYBRID_GOVERNOR='$v'" "$t/out" ||
				fail "boot script, bad value '$v': rc $rc, governors $(govs)"
		done
		# A policy whose scaling_governor cannot be written.
		tree; rm "$cf/policy4/scaling_governor"; mkdir "$cf/policy4/scaling_governor"
		run hybrid
		[ $rc -eq 1 ] && [ "$(cat "$cf/policy0/scaling_governor")" = hybrid ] &&
			grep -q 'error: policy4: the kernel refused hybrid' "$t/out" ||
			fail "boot script, a refusing policy: rc $rc"
		tree; rm -r "$cf"/policy*; run hybrid
		[ $rc -eq 1 ] && [ ! -s "$t/modprobe.log" ] ||
			fail "boot script, no policy: rc $rc"
	done
	echo "ok: boot script (hybrid, assist, empty, bad values, refusals)"
}

# check_man KO - cpufreq_hybrid(4) renders without a warning, carries the
# changelog's version, and lists exactly KO's module parameters with the
# range and default their descriptions state, and exactly the sysfs
# tunables of module/sysfs.c with the ranges their stores accept.
check_man() {
	local ko=$1 man=$HGOV_TOP/scripts/packaging/cpufreq_hybrid.4 warn
	hgov_need_pkgs groff-base man-db
	warn=$(groff -man -Tutf8 -ww -z "$man" 2>&1) || fail "groff failed on $man"
	[ -z "$warn" ] || fail "groff warns on $man: $warn"
	warn=$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l --warnings "$man" 2>&1 > /dev/null) || fail "man -l failed on $man"
	[ -z "$warn" ] || fail "man -l warns on $man: $warn"
	grep -q "^\.TH CPUFREQ_HYBRID 4 [^ ]* \"cpufreq-hybrid $ver\"" "$man" ||
		fail "$man: .TH does not name version $ver"
	modinfo -F parm "$ko" > "$work/parms"
	python3 - "$man" "$work/parms" "$HGOV_TOP" <<-'PY' || fail "$man disagrees with the code"
	import re, sys, glob
	man, parms, top = sys.argv[1:4]
	src = open(man).read()
	for a, b in (('\\-', '-'), ('\\(dq', '"'), ('\\(aq', "'"), ('\\~', ' '), ('\\&', '')):
	    src = src.replace(a, b)
	def section(title):
	    body = src.split('.SH ' + title + '\n', 1)[1].split('\n.SH ', 1)[0]
	    entries = {}
	    for m in re.finditer(r'^\.TP\n\.B (\S+)\n(.*)$', body, re.M):
	        entries[m.group(1)] = m.group(2)
	    return entries
	bad = 0
	def check(what, want, have):
	    global bad
	    if set(want) != set(have):
	        print('error: %s: code has %s, man page %s' % (what, sorted(want), sorted(have)))
	        bad = 1
	    for name in sorted(set(want) & set(have)):
	        if not have[name].startswith(want[name]):
	            print('error: %s %s: man page says "%s", code "%s"' % (what, name, have[name], want[name]))
	            bad = 1
	        else:
	            print('ok: %s %s: %s' % (what, name, want[name]))
	want = {}
	for line in open(parms):
	    name, desc = line.rstrip('\n').split(':', 1)
	    m = re.search(r'\((\d+\.\.\d+), default (\S+)\)$', desc)
	    d = re.search(r'\(default: ("[^"]*")\)$', desc)
	    want[name] = ('Range %s, default %s.' % m.groups()) if m else ('Default: %s.' % d.group(1))
	check('module parameter', want, section('MODULE PARAMETERS'))
	# Tunables: the attributes of module/sysfs.c, the range each store
	# parses (macros resolved from the headers), the defaults
	# hgov_init() gives them.
	defs = {}
	for h in glob.glob(top + '/module/*.h') + glob.glob(top + '/governor/*.h'):
	    for m in re.finditer(r'^#define\s+(\w+)\s+(\d+)U?\b', open(h).read(), re.M):
	        defs[m.group(1)] = m.group(2)
	sysfs = open(top + '/module/sysfs.c').read()
	init = open(top + '/module/governor.c').read()
	want = {}
	for name in re.findall(r'__ATTR_RW\((\w+)\)', sysfs):
	    m = re.search(r'hgov_parse_uint\("%s", buf, (\w+), (\w+),' % name, sysfs)
	    d = re.search(r'tunables->%s = (\w+);' % name, init)
	    if m and d:
	        lo, hi = (defs.get(x, x) for x in m.groups())
	        want[name] = 'Range %s..%s, default %s.' % (lo, hi, defs.get(d.group(1), d.group(1)))
	    elif m:
	        want[name] = 'Range %s..%s, default' % tuple(defs.get(x, x) for x in m.groups())
	    elif re.search(r'tunables->%s_auto = true;' % name.replace('_cpus', ''), init):
	        want[name] = 'Values auto or a CPU list, default auto.'
	    else:
	        want[name] = '?'
	check('sysfs tunable', want, section('SYSFS TUNABLES'))
	sys.exit(bad)
	PY
	echo "ok: cpufreq_hybrid(4) renders cleanly and matches the code"
}

# check_deb_boot NAME KERNELRELEASE - what the installed cpufreq-hybrid-dkms
# ships besides the sources: the boot script (tested on a fake sysfs),
# /etc/default/cpufreq-hybrid (empty: a no-op) and the modprobe.d example
# (all comments) as conffiles, cpufreq-hybrid.service enabled and valid,
# the man page; and DKMS's BUILD_EXCLUSIVE_CONFIG skipping a kernel whose
# .config lacks CONFIG_TRACEPOINTS.
check_deb_boot() {
	local name=$1 k=$2 f hdr rc=0
	for f in /usr/lib/cpufreq-hybrid/cpufreq-hybrid-boot /lib/systemd/system/cpufreq-hybrid.service \
		/etc/default/cpufreq-hybrid /etc/modprobe.d/cpufreq-hybrid.conf \
		/usr/share/man/man4/cpufreq_hybrid.4.gz; do
		dpkg -S "$f" > /dev/null 2>&1 || fail "cpufreq-hybrid-dkms does not ship $f"
		echo "  $f"
	done
	for f in /etc/default/cpufreq-hybrid /etc/modprobe.d/cpufreq-hybrid.conf; do
		dpkg-query --control-show cpufreq-hybrid-dkms conffiles | grep -q "^ *$f\$" ||
			fail "$f is not a conffile"
	done
	grep -qx 'HYBRID_GOVERNOR=' /etc/default/cpufreq-hybrid ||
		fail "/etc/default/cpufreq-hybrid does not default to nothing"
	! grep -v '^#' /etc/modprobe.d/cpufreq-hybrid.conf | grep -q . ||
		fail "/etc/modprobe.d/cpufreq-hybrid.conf sets something"
	[ -L /etc/systemd/system/multi-user.target.wants/cpufreq-hybrid.service ] ||
		fail "cpufreq-hybrid.service is not enabled"
	if command -v systemd-analyze > /dev/null; then
		systemd-analyze verify /lib/systemd/system/cpufreq-hybrid.service ||
			fail "systemd-analyze verify rejects cpufreq-hybrid.service"
	fi
	dpkg-query -W -f='${Depends}\n' cpufreq-hybrid-dkms | grep -q 'dkms (>= 3.0.3-4~)' ||
		fail "the package does not depend on a dkms with BUILD_EXCLUSIVE_CONFIG"
	echo "ok: the package ships the boot default, enabled and a no-op"
	check_boot_script /usr/lib/cpufreq-hybrid/cpufreq-hybrid-boot

	# A kernel without tracepoints: DKMS skips it (exit 77) rather than
	# build a module that cannot load. KERNELRELEASE's headers with
	# CONFIG_TRACEPOINTS taken out of .config, as a kernel of its own
	# (KERNELRELEASE itself keeps its module).
	hdr=$work/headers-notrace
	cp -as "$(readlink -f "/lib/modules/$k/build")" "$hdr"
	rm "$hdr/.config"
	sed '/^CONFIG_TRACEPOINTS=/d' "/lib/modules/$k/build/.config" > "$hdr/.config"
	dkms build -m "$name" -v "$ver" -k 0.0.0-notrace --kernelsourcedir "$hdr" > "$work/dkms.out" 2>&1 || rc=$?
	sed 's/^/    /' "$work/dkms.out"
	[ "$rc" -eq 77 ] || fail "DKMS built for a kernel without CONFIG_TRACEPOINTS (exit $rc)"
	echo "ok: BUILD_EXCLUSIVE_CONFIG: DKMS skips a kernel without CONFIG_TRACEPOINTS"
}

check_dkms() {
	local k kb='' built=0 name=cpufreq-hybrid
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
		kb=$k
	done
	[ "$built" -ge 2 ] || fail "expected builds for Debian's 6.1 and 6.12 kernels, got $built"
	check_deb_boot "$name" "$kb"
	check_man "$(modinfo -k "$kb" -n cpufreq_hybrid)"
	dpkg -P cpufreq-hybrid-dkms
	[ ! -e /etc/systemd/system/multi-user.target.wants/cpufreq-hybrid.service ] &&
		[ ! -e /etc/default/cpufreq-hybrid ] && [ ! -e /etc/modprobe.d/cpufreq-hybrid.conf ] ||
		fail "purge left the unit enabled or a conffile behind"
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
# Sets $moddir, where that kernel's modules_install puts an external
# module: extra/ on 5.10, updates/ on 7.3 (INSTALL_MOD_DIR's default
# in scripts/Makefile.modinst); neither recipe overrides it.
board_kernel() {
	build=$(bash "$HGOV_TOP/scripts/board/kernel.sh" normal)
	src=$(hgov_src)
	krel=$(cat "$build/include/config/kernel.release")
	moddir=$(sed -n 's/^INSTALL_MOD_DIR ?= *//p' "$src/scripts/Makefile.modinst")
	[ -n "$moddir" ] || fail "no INSTALL_MOD_DIR default in $src/scripts/Makefile.modinst"
}

# The recipe files of meta-renesas's meta-rcar-gen3 that our appends are
# for, per branch (renesas-rcar/meta-renesas: dunfell 8202875f,
# kirkstone-dev 11221be7, scarthgap ed600900; there is no plain
# kirkstone branch): meta-rcar-gen3/recipes-kernel/cpufreq-initscripts/
# cpufreq-initscripts.bb, unversioned on every branch, and
# meta-rcar-gen3/recipes-kernel/linux/linux-renesas_5.10.bb.
declare -A BSP_RECIPES=(
	[dunfell]="cpufreq-initscripts.bb linux-renesas_5.10.bb"
	[kirkstone]="cpufreq-initscripts.bb linux-renesas_5.10.bb"
	[scarthgap]="cpufreq-initscripts.bb linux-renesas_5.10.bb"
)

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
	local layer=$1 branch own
	own=$(cd "$layer" && find recipes-* -name '*.bb' -printf '%f\n' | sort)
	for branch in dunfell kirkstone scarthgap; do
		python3 - "$layer" "$branch" "$own" "${BSP_RECIPES[$branch]}" <<-'PY' || fail "a bbappend applies to no recipe on $branch"
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

# check_layer_readme LAYER - yocto-check-layer's test_readme (oe-core
# scripts/lib/checklayer/cases/common.py, kirkstone and later; dunfell
# only wants it non-empty), with its own expressions.
check_layer_readme() {
	python3 - "$1" <<-'PY' || fail "$1: no README that yocto-check-layer accepts"
	import glob, os, re, sys
	readme_files = glob.glob(os.path.join(sys.argv[1], '[Rr][Ee][Aa][Dd][Mm][Ee]*'))
	assert len(readme_files) > 0, "Layer doesn't contain a README file."
	data = open(sorted(readme_files)[0]).read()
	assert data, 'Layer contains a README file but it is empty.'
	# A README that references another README skips the rest: ours must not.
	assert not re.search('README', data, re.IGNORECASE), 'README names another README'
	assert 'maintainer' in data.lower()
	assert 'patch' in data.lower()
	assert re.compile(r"[^@]+@[^@]+").match(data)
	print('ok: layer README (test_readme)')
	PY
}

# check_recipe_vars LAYER - the recipe's inline Python, evaluated as
# bitbake would for each CPUFREQ_HYBRID_GOVERNOR: module_conf (what
# kernel-module-split writes to ${modprobedir}/cpufreq_hybrid.conf, the
# module being in KERNEL_MODULE_PROBECONF and KERNEL_MODULE_AUTOLOAD), and
# the anonymous function's refusal of a bad value.
check_recipe_vars() {
	python3 - "$1"/recipes-kernel/cpufreq-hybrid/*.bb <<-'PY' || fail "the recipe's module options are wrong"
	import re, sys, textwrap
	src = open(sys.argv[1]).read()
	assign = dict(re.findall(r'^(\w+) \??= "(.*)"$', src, re.M))
	for var in ('KERNEL_MODULE_PROBECONF', 'KERNEL_MODULE_AUTOLOAD'):
	    assert re.search(r'^%s \+= "cpufreq_hybrid"$' % var, src, re.M), var
	class Fatal(Exception):
	    pass
	class D:
	    def __init__(self, env):
	        self.env = env
	    def getVar(self, name):
	        if name in self.env:
	            return self.env[name]
	        return re.sub(r'\$\{@(.*)\}$', lambda m: str(eval(m.group(1), {'d': self})), assign[name])
	class BB:
	    @staticmethod
	    def fatal(msg):
	        raise Fatal(msg)
	anon = textwrap.dedent(re.search(r'^python __anonymous\(\) \{\n(.*?)^\}', src, re.M | re.S).group(1))
	cases = [
	    ({'CPUFREQ_HYBRID_GOVERNOR': 'hybrid', 'CPUFREQ_HYBRID_MODULE_OPTIONS': ''}, ''),
	    ({'CPUFREQ_HYBRID_GOVERNOR': 'assist', 'CPUFREQ_HYBRID_MODULE_OPTIONS': ''},
	     'options cpufreq_hybrid assist=1'),
	    ({'CPUFREQ_HYBRID_GOVERNOR': 'hybrid', 'CPUFREQ_HYBRID_MODULE_OPTIONS': 'io_disks=mmcblk*'},
	     'options cpufreq_hybrid io_disks=mmcblk*'),
	    ({'CPUFREQ_HYBRID_GOVERNOR': 'assist', 'CPUFREQ_HYBRID_MODULE_OPTIONS': 'io_disks=mmcblk*'},
	     'options cpufreq_hybrid assist=1 io_disks=mmcblk*'),
	]
	for env, want in cases:
	    d = D(env)
	    exec(anon, {'d': d, 'bb': BB})
	    have = d.getVar('module_conf_cpufreq_hybrid')
	    assert have == want, (env, have, want)
	    print('ok: recipe, %s: module_conf_cpufreq_hybrid = "%s"' % (env, have))
	for bad in ('performance', '', 'hybrid '):
	    try:
	        exec(anon, {'d': D({'CPUFREQ_HYBRID_GOVERNOR': bad}), 'bb': BB})
	    except Fatal as e:
	        print('ok: recipe refuses "%s": %s' % (bad, e))
	    else:
	        raise SystemExit('the recipe accepts CPUFREQ_HYBRID_GOVERNOR = "%s"' % bad)
	PY
}

# check_kconfig FRAGMENT - the kernel options FRAGMENT (the Yocto .cfg or
# the Buildroot fixups) turns on are those of the other packaging, and on
# top of arm64's defconfig (no tracers, so no tracepoints) they give the
# kernel every option DKMS's BUILD_EXCLUSIVE_CONFIG requires: on 5.10 (the
# Renesas BSP's kernel) and on 7.3 (mainline's), the kernels make test
# boots.
check_kconfig() {
	local frag=$1 opt need cfg br k ksrc kc
	cfg=$HGOV_TOP/scripts/packaging/meta-cpufreq-hybrid/dynamic-layers/rcar-gen3/recipes-kernel/linux/files/cpufreq-hybrid.cfg
	br=$HGOV_TOP/scripts/packaging/buildroot/package/cpufreq-hybrid/cpufreq-hybrid.mk
	[ "$(sed -n 's/^\(CONFIG_[A-Z0-9_]*\)=y$/\1/p' "$cfg" | sort)" = \
		"$(sed -n 's/.*KCONFIG_ENABLE_OPT,\(CONFIG_[A-Z0-9_]*\)).*/\1/p' "$br" | sort)" ] ||
		fail "the Yocto fragment and the Buildroot fixups enable different options"
	need=$(sed -n 's/^BUILD_EXCLUSIVE_CONFIG="\(.*\)"$/\1/p' "$HGOV_TOP/scripts/packaging/dkms.conf")
	[ -n "$need" ] || fail "dkms.conf has no BUILD_EXCLUSIVE_CONFIG"
	for k in 5.10 7.3; do
		ksrc=$(HGOV_KVER=$k hgov_src)
		kc=$work/kconfig-$k
		mkdir -p "$kc"
		make -s -C "$ksrc" O="$kc" ARCH=arm64 CROSS_COMPILE="$HGOV_CROSS" defconfig > /dev/null ||
			fail "$k: defconfig failed"
		for opt in $need; do
			grep -q "^$opt=[ym]$" "$kc/.config" || echo "  $k: arm64 defconfig lacks $opt"
		done
		# The fragment's options replace defconfig's, as merge_config.sh
		# and kernel-yocto's do.
		for opt in $(sed -n 's/^\(CONFIG_[A-Z0-9_]*\)=y$/\1/p' "$frag"); do
			sed -i "/^$opt=/d; /^# $opt is not set$/d" "$kc/.config"
			echo "$opt=y" >> "$kc/.config"
		done
		make -s -C "$ksrc" O="$kc" ARCH=arm64 CROSS_COMPILE="$HGOV_CROSS" olddefconfig > /dev/null ||
			fail "$k: olddefconfig failed"
		for opt in $need; do
			grep -q "^$opt=[ym]$" "$kc/.config" ||
				fail "$k: arm64 defconfig + ${frag##*/}: $opt is not set"
		done
		echo "ok: $k: arm64 defconfig + ${frag##*/}: $need"
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
	[ "$(md5sum < "$HGOV_TOP/COPYING" | cut -d' ' -f1)" = \
		"$(sed -n 's/^LIC_FILES_CHKSUM = "file:\/\/COPYING;md5=\([0-9a-f]*\)"$/\1/p' "$layer"/recipes-kernel/cpufreq-hybrid/*.bb)" ] ||
		fail "LIC_FILES_CHKSUM does not match COPYING"
	check_layer_readme "$layer"
	check_recipe_vars "$layer"
	check_kconfig "$layer/dynamic-layers/rcar-gen3/recipes-kernel/linux/files/cpufreq-hybrid.cfg"

	S=$work/git B=$work/git D=$work/image
	hgov_copy_sources "$S"
	# The recipe's git checkout is the whole tree; do_install:append
	# reads the man page from it.
	mkdir -p "$S/scripts/packaging"
	cp "$HGOV_TOP/COPYING" "$S/"
	cp "$HGOV_TOP/scripts/packaging/cpufreq_hybrid.4" "$S/scripts/packaging/"
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
	# do_install:append: the man page, to ${mandir} (${PN}-doc).
	install -D -m 0644 "$S/scripts/packaging/cpufreq_hybrid.4" "$D/usr/share/man/man4/cpufreq_hybrid.4"
	[ -f "$B/Module.symvers" ] || fail "no Module.symvers in \${B} (module.bbclass warns)"
	check_ko "$D/lib/modules/$krel/$moddir/cpufreq_hybrid.ko" aarch64 "$krel"
	find "$D" -type f | sed "s|^$D|  \${D}|"

	check_man "$D/lib/modules/$krel/$moddir/cpufreq_hybrid.ko"

	# The cpufreq-initscripts append on meta-renesas's own script
	# (files/set_default_governor.sh, the same on dunfell, kirkstone-dev
	# and scarthgap), installed as the recipe installs it: performance
	# becomes hybrid, or schedutil for assist; the rest stays; a tree with
	# nothing to rewrite fails.
	local fix=$layer/dynamic-layers/rcar-gen3/recipes-kernel/cpufreq-initscripts/files/cpufreq-hybrid-boot-governor.sh
	local g want
	for g in hybrid assist; do
		want=$g
		[ $g = assist ] && want=schedutil
		rm -rf "$work/bsp" && mkdir -p "$work/bsp/etc/init.d"
		cat > "$work/bsp/etc/init.d/set_default_governor.sh" <<-'SH'
		#!/bin/sh
		DIR="/sys/devices/system/cpu/cpufreq/"
		COUNT="`ls $DIR |  grep policy  | wc -l`"
		var=`ls $DIR | grep policy`
		vars=( $var )
		while [ $COUNT -gt 0 ]; do
		echo performance > /sys/devices/system/cpu/cpufreq/${vars[$COUNT - 1]}/scaling_governor
		let COUNT=COUNT-1
		done
		true
		SH
		cp "$work/bsp/etc/init.d/set_default_governor.sh" "$work/bsp.orig"
		# do_install:append's command line, as the append expands it.
		sh "$fix" "$work/bsp" "$(python3 - "$layer" "$g" <<-'PY'
		import re, sys
		layer, gov = sys.argv[1:3]
		class D:
		    def getVar(self, name):
		        return {'CPUFREQ_HYBRID_GOVERNOR': gov}[name]
		d = D()
		src = open(layer + '/dynamic-layers/rcar-gen3/recipes-kernel/cpufreq-initscripts/cpufreq-initscripts.bbappend').read()
		print(eval(re.search(r'\$\{@(.*)\}\n\}', src).group(1)))
		PY
		)"
		diff "$work/bsp.orig" "$work/bsp/etc/init.d/set_default_governor.sh" > "$work/bsp.diff" || true
		[ "$(grep -c '^[<>]' "$work/bsp.diff")" -eq 2 ] &&
			grep -q "^> echo $want > /sys/devices/system/cpu/cpufreq/\${vars\[\$COUNT - 1\]}/scaling_governor$" "$work/bsp.diff" ||
			fail "CPUFREQ_HYBRID_GOVERNOR=$g: the append did not make the BSP script select $want: $(cat "$work/bsp.diff")"
	done
	mkdir -p "$work/none/etc"
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
	check_buildroot_mk "$mk" "$work/build/cpufreq-hybrid-$ver"
	# The local site method copies the site, the whole tree, into the
	# package build dir: the module's sources, and what the install hooks
	# and make legal-info read.
	d=$work/build/cpufreq-hybrid-$ver
	hgov_copy_sources "$d"
	mkdir -p "$d/scripts"
	cp -a "$HGOV_TOP/scripts/packaging" "$d/scripts/"
	cp "$HGOV_TOP/COPYING" "$d/"
	for f in $(sed -n 's/^CPUFREQ_HYBRID_LICENSE_FILES = //p' "$mk"); do
		[ -f "$d/$f" ] || fail "$mk: license file $f is not in the source"
	done
	[ -n "${f:-}" ] || fail "$mk: no CPUFREQ_HYBRID_LICENSE_FILES"
	echo "ok: CPUFREQ_HYBRID_LICENSE_FILES ($f)"
	check_kconfig "$work/br-fixups.cfg"
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
	check_ko "$target/lib/modules/$krel/$moddir/cpufreq_hybrid.ko" aarch64 "$krel"
	# Buildroot runs depmod over the target in target-finalize.
	/sbin/depmod -b "$target" "$krel"
	grep -q "^$moddir/cpufreq_hybrid.ko:" "$target/lib/modules/$krel/modules.dep" ||
		fail "depmod does not list the module"
	echo "ok: modules.dep lists $moddir/cpufreq_hybrid.ko"
	check_man "$target/lib/modules/$krel/$moddir/cpufreq_hybrid.ko"

	# The install hooks, for a SysV (BusyBox init) and a systemd image.
	br_make "$mk" "$d" "$target" '"hybrid"' install-sysv install-systemd ||
		fail "the install hooks failed"
	for f in usr/lib/cpufreq-hybrid/cpufreq-hybrid-boot etc/init.d/S12cpufreq-hybrid \
		usr/lib/systemd/system/cpufreq-hybrid.service usr/share/man/man4/cpufreq_hybrid.4 \
		etc/default/cpufreq-hybrid; do
		[ -f "$target/$f" ] || fail "the install hooks did not install /$f"
		echo "  /$f"
	done
	[ -x "$target/etc/init.d/S12cpufreq-hybrid" ] && sh -n "$target/etc/init.d/S12cpufreq-hybrid" ||
		fail "S12cpufreq-hybrid is not an executable sh script"
	grep -qx 'HYBRID_GOVERNOR=hybrid' "$target/etc/default/cpufreq-hybrid" ||
		fail "BR2_PACKAGE_CPUFREQ_HYBRID_BOOT_GOVERNOR=hybrid did not reach /etc/default/cpufreq-hybrid"
	check_boot_script "$target/usr/lib/cpufreq-hybrid/cpufreq-hybrid-boot"

	# The installed S12cpufreq-hybrid and boot script on the virtual board
	# (busybox sh, the real module and sysfs): about 30 s.
	cat > "$work/boot-extra.list" <<-EOF
	dir /usr 755 0 0
	dir /usr/lib 755 0 0
	dir /usr/lib/cpufreq-hybrid 755 0 0
	file /usr/lib/cpufreq-hybrid/cpufreq-hybrid-boot $target/usr/lib/cpufreq-hybrid/cpufreq-hybrid-boot 755 0 0
	dir /etc 755 0 0
	dir /etc/init.d 755 0 0
	file /etc/init.d/S12cpufreq-hybrid $target/etc/init.d/S12cpufreq-hybrid 755 0 0
	EOF
	HGOV_BOARD_EXTRA=$work/boot-extra.list bash "$HGOV_TOP/scripts/board.sh" run \
		"$HGOV_TOP/scripts/packaging/boot/board-boot.sh" > "$work/board.log" 2>&1 ||
		{ cat "$work/board.log"; fail "the boot default failed on the board"; }
	grep '^ok: ' "$work/board.log"
	! hgov_splats "$work/board.log" || fail "kernel complaints on the board (above)"
	echo "ok: the boot default on the board"
}

# br_make MK SRC TARGET VALUE GOAL... - run the package's make variables
# for GOALs with Buildroot's helpers stubbed: BR2_PACKAGE_CPUFREQ_HYBRID
# on, its boot governor VALUE (as .config quotes it), the build dir SRC.
# GOALs: install-sysv, install-systemd (the target install hook with the
# init's), fixups (CPUFREQ_HYBRID_LINUX_CONFIG_FIXUPS, one option a line).
br_make() {
	local mk=$1 dir=$2 target=$3 value=$4
	shift 4
	cat > "$work/br-stub.mk" <<-'EOF'
	.RECIPEPREFIX = >
	BR_BUILDING = y
	BR2_PACKAGE_CPUFREQ_HYBRID = y
	INSTALL = install
	qstrip = $(strip $(subst ",,$(1)))
	KCONFIG_ENABLE_OPT = echo $(1)=y
	kernel-module :=
	generic-package :=
	include $(MK)
	.PHONY: install-sysv install-systemd fixups
	install-sysv: $(SRC)/.stamp_sysv
	install-systemd: $(SRC)/.stamp_systemd
	$(SRC)/.stamp_sysv:
	>$(foreach h,$(CPUFREQ_HYBRID_POST_INSTALL_TARGET_HOOKS),$($(h)))
	>$(CPUFREQ_HYBRID_INSTALL_INIT_SYSV)
	$(SRC)/.stamp_systemd:
	>$(foreach h,$(CPUFREQ_HYBRID_POST_INSTALL_TARGET_HOOKS),$($(h)))
	>$(CPUFREQ_HYBRID_INSTALL_INIT_SYSTEMD)
	fixups:
	>@$(CPUFREQ_HYBRID_LINUX_CONFIG_FIXUPS)
	EOF
	make -s -f "$work/br-stub.mk" MK="$mk" SRC="$dir" TARGET_DIR="$target" \
		BR2_EXTERNAL_CPUFREQ_HYBRID_PATH="${mk%/package/*}" \
		BR2_PACKAGE_CPUFREQ_HYBRID_BOOT_GOVERNOR="$value" "$@"
}

# check_buildroot_mk MK SRC - the .mk's fixups as a fragment
# ($work/br-fixups.cfg), and its refusal of a bad boot governor.
check_buildroot_mk() {
	local mk=$1 v out
	mkdir -p "$2"
	br_make "$mk" "$2" /nonexistent '""' fixups > "$work/br-fixups.cfg" ||
		fail "$mk: the kernel fixups do not evaluate"
	for v in '"performance"' '"hybrid assist"'; do
		if out=$(br_make "$mk" "$2" /nonexistent "$v" fixups 2>&1); then
			fail "$mk accepts BR2_PACKAGE_CPUFREQ_HYBRID_BOOT_GOVERNOR=$v"
		fi
		echo "$out" | grep -q 'use hybrid, assist, or leave it empty' ||
			fail "$mk: no clear error for BR2_PACKAGE_CPUFREQ_HYBRID_BOOT_GOVERNOR=$v: $out"
		echo "ok: Buildroot refuses BR2_PACKAGE_CPUFREQ_HYBRID_BOOT_GOVERNOR=$v"
	done
}

case $1 in
dkms) check_dkms ;;
yocto) check_yocto ;;
buildroot) check_buildroot ;;
*) echo "usage: $0 dkms|yocto|buildroot" >&2; exit 2 ;;
esac
echo "$1: ok"
