# SPDX-License-Identifier: GPL-2.0
# Shared helpers for the cpufreq_hybrid scripts. Source it; do not run it.
#
# Everything heavy (kernel source, kernel build, arm64 userland) lives in
# HGOV_CACHE, outside the repository, keyed on its inputs.

HGOV_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HGOV_CACHE=${HGOV_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cpufreq-hybrid}
HGOV_KVER=${HGOV_KVER:-6.12}
HGOV_ARCH=arm64
HGOV_CROSS=aarch64-linux-gnu-
HGOV_JOBS=${HGOV_JOBS:-$(nproc)}

hgov_log() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }
hgov_die() { hgov_log "error: $*"; exit 1; }

# hgov_need_pkgs PKG... - apt-get install the packages that are missing.
hgov_need_pkgs() {
	local missing=() p st
	# One dpkg-query for all of them first (each call costs about 50 ms):
	# every name found and every instance installed. Otherwise, one by one.
	if st=$(dpkg-query -W -f='${Status}\n' "$@" 2> /dev/null) &&
		! grep -qv '^install ok installed$' <<< "$st"; then
		return 0
	fi
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
			missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	[ "$(id -u)" -eq 0 ] || hgov_die "missing packages (${missing[*]}); run as root or install them"
	hgov_log "installing ${missing[*]}"
	if [ ! -e "$HGOV_CACHE/.apt-updated" ]; then
		apt-get update -q >&2 || hgov_die "apt-get update failed"
		mkdir -p "$HGOV_CACHE" && touch "$HGOV_CACHE/.apt-updated"
	fi
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		"${missing[@]}" >&2 || hgov_die "apt-get install ${missing[*]} failed"
}

# Host tools every board job needs.
hgov_need_host_tools() {
	hgov_need_pkgs gcc-aarch64-linux-gnu \
		binutils-aarch64-linux-gnu qemu-system-arm flex bison bc libssl-dev \
		libelf-dev device-tree-compiler python3 xz-utils cpio make gcc \
		sparse perl kmod libc6-dev-arm64-cross
}

# The kernels the project supports (README, "Requirements"), and the
# Debian suites that serve their linux-source where the machine's own apt
# sources (bookworm: 6.1 and 6.12) do not.
HGOV_KVERS="5.10 6.1 6.12 7.3"
hgov_kver_suites() {
	case $1 in
	5.10) echo "bullseye bullseye-security" ;;
	6.1 | 6.12) ;;
	7.3) echo "trixie-backports" ;;
	*) hgov_die "unsupported kernel $1 (supported: $HGOV_KVERS)" ;;
	esac
}

# hgov_apt_setup SUITES - set hgov_apt_o (apt options) and hgov_apt_dir
# (its state) for a private apt state in the cache that reads SUITES of the
# Debian mirror the machine already uses ("" for the machine's apt sources
# as they are), updating its lists on first use. The machine's apt
# configuration is never changed.
hgov_apt_setup() {
	local suites=$1 a line uri= sec= s
	a=$HGOV_CACHE/apt-$(echo "suites:$suites" | sha256sum | cut -c1-8)
	mkdir -p "$a/lists/partial" "$a/cache/archives/partial" "$a/debs"
	touch "$a/status"
	hgov_apt_dir=$a
	hgov_apt_o=(-o APT::Architecture=amd64 -o APT::Architectures::=amd64
	   -o APT::Architectures::=arm64 -o Dir::State::Lists="$a/lists"
	   -o Dir::Cache="$a/cache" -o Dir::State::status="$a/status"
	   -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
	if [ -n "$suites" ]; then
		# The mirror of the machine's own release, and its security
		# archive for the *-security suites.
		local VERSION_CODENAME=
		. /etc/os-release
		while read -r line; do
			case $line in
			*" $VERSION_CODENAME") uri=${line% *} ;;
			*" $VERSION_CODENAME-security") sec=${line% *} ;;
			esac
		done < <(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' | sort -u)
		[ -n "$uri" ] || hgov_die "no Debian mirror for $VERSION_CODENAME in the apt sources"
		for s in $suites; do
			case $s in
			*-security) [ -n "$sec" ] ||
					hgov_die "no Debian security mirror in the apt sources"
				    echo "deb $sec $s main" ;;
			*) echo "deb $uri $s main" ;;
			esac
		done > "$a/sources.list"
		hgov_apt_o+=(-o Dir::Etc::sourcelist="$a/sources.list" -o Dir::Etc::sourceparts=-)
	fi
	if [ ! -e "$a/.updated" ]; then
		apt-get "${hgov_apt_o[@]}" update -q >&2 ||
			hgov_die "apt-get update${suites:+ ($suites)} failed"
		touch "$a/.updated"
	fi
}

# hgov_apt_debs SUITES PKG[:ARCH][=VERSION]... - download Debian packages
# (and nothing else) into the cache through hgov_apt_setup's private apt
# state; print the directory of the .debs.
hgov_apt_debs() {
	local suites=$1 p
	shift
	hgov_apt_setup "$suites"
	for p in "$@"; do
		hgov_apt_deb_of "$hgov_apt_dir/debs" "$p" >/dev/null && continue
		(cd "$hgov_apt_dir/debs" && apt-get "${hgov_apt_o[@]}" download "$p" >&2) ||
			hgov_die "cannot download $p${suites:+ from $suites}"
	done
	echo "$hgov_apt_dir/debs"
}

# hgov_apt_cache SUITES ARG... - apt-cache ARG... on hgov_apt_setup's
# private apt state.
hgov_apt_cache() {
	local suites=$1
	shift
	hgov_apt_setup "$suites"
	apt-cache "${hgov_apt_o[@]}" "$@"
}

# hgov_apt_deb_of DIR PKG[:ARCH][=VERSION] - print the .deb of PKG in DIR
# (the newest, without a VERSION); fails if there is none.
hgov_apt_deb_of() {
	local spec=${2%%=*} ver=* arch=*
	case $2 in *=*) ver=${2#*=} ;; esac
	case $spec in *:*) arch=${spec#*:} ;; esac
	ls "$1/${spec%%:*}_"$ver"_"$arch.deb 2>/dev/null | sort -V | tail -n 1 | grep .
}

# hgov_src_version - Debian version of linux-source-$HGOV_KVER: installed
# with apt where the machine's sources serve it, else downloaded (the
# newest in its suites, on first use).
hgov_src_version() {
	local suites debs
	suites=$(hgov_kver_suites "$HGOV_KVER")
	if [ -z "$suites" ]; then
		hgov_need_pkgs "linux-source-$HGOV_KVER"
		dpkg-query -W -f='${Version}' "linux-source-$HGOV_KVER"
		return
	fi
	debs=$(hgov_apt_debs "$suites" "linux-source-$HGOV_KVER") || exit 1
	dpkg-deb -f "$(hgov_apt_deb_of "$debs" "linux-source-$HGOV_KVER")" Version
}

# hgov_src - print the unpacked linux-source tree, unpacking it on first use.
hgov_src() {
	local ver dir tarball tmp=
	ver=$(hgov_src_version) || exit 1
	dir=$HGOV_CACHE/src/linux-source-$HGOV_KVER-$ver
	if [ ! -f "$dir/.unpacked" ]; then
		rm -rf "$dir" && mkdir -p "$dir"
		tarball=/usr/src/linux-source-$HGOV_KVER.tar.xz
		if [ -n "$(hgov_kver_suites "$HGOV_KVER")" ]; then
			tmp=$(mktemp -d)
			dpkg-deb -x "$(hgov_apt_deb_of "$(hgov_apt_debs \
				"$(hgov_kver_suites "$HGOV_KVER")" "linux-source-$HGOV_KVER")" \
				"linux-source-$HGOV_KVER=$ver")" "$tmp" ||
				hgov_die "cannot unpack linux-source-$HGOV_KVER $ver"
			tarball=$tmp/usr/src/linux-source-$HGOV_KVER.tar.xz
		fi
		[ -f "$tarball" ] || hgov_die "$tarball missing"
		hgov_log "unpacking linux-source-$HGOV_KVER $ver"
		tar -xJf "$tarball" -C "$dir" --strip-components=1 ||
			hgov_die "cannot unpack $tarball"
		[ -z "$tmp" ] || rm -rf "$tmp"
		touch "$dir/.unpacked"
	fi
	echo "$dir"
}

# hgov_frags FLAVOUR - the board kernel's fragments, in the order they
# apply (a later line for the same option wins): the common one, the
# flavour's, and those of this kernel version and of this version's
# flavour, where they exist.
hgov_frags() {
	local f
	for f in board board-$1 board-$HGOV_KVER board-$HGOV_KVER-$1; do
		[ -f "$HGOV_TOP/kunit/$f.config" ] && echo "$HGOV_TOP/kunit/$f.config"
	done
	return 0
}

# hgov_merged_frag FLAVOUR - the options of the board kernel's fragments,
# merged as merge_config.sh does (a later line for an option wins),
# comments left out.
hgov_merged_frag() {
	awk '
		{ opt = "" }
		/^CONFIG_/ { split($0, kv, "="); opt = kv[1] }
		/^# CONFIG_.* is not set$/ { opt = $2 }
		opt != "" { if (!(opt in val)) order[n++] = opt; val[opt] = $0 }
		END { for (i = 0; i < n; i++) print val[order[i]] }' $(hgov_frags "$1")
}

# hgov_kernel_key FLAVOUR - cache key of a board kernel: the merged
# fragments, source version and compiler version.
hgov_kernel_key() {
	[ -f "$HGOV_TOP/kunit/board-$1.config" ] || hgov_die "no kernel flavour $1"
	{
		hgov_merged_frag "$1"
		hgov_src_version
		"${HGOV_CROSS}gcc" --version | head -n 1
	} | sha256sum | cut -c1-12
}

# hgov_kbuild FLAVOUR - print the build directory of the board kernel.
hgov_kbuild() {
	echo "$HGOV_CACHE/kernel-$HGOV_KVER-$1-$(hgov_kernel_key "$1")"
}

# hgov_arm64_debs PKG... - download Debian's arm64 packages from the
# machine's apt sources into the cache; print the deb directory.
hgov_arm64_debs() {
	local p pkgs=()
	for p in "$@"; do pkgs+=("$p:arm64"); done
	hgov_apt_debs "" "${pkgs[@]}"
}

# The virtual board: QEMU virt with 8 Cortex-A57 vCPUs in two clusters;
# HGOV_BOARD_SOC=rk3399: the virtual RK3399 board, 6 Cortex-A72 vCPUs
# (the DT makes cpu0-3 one cluster, cpu4-5 the other; QEMU's -smp only
# makes equal ones). Timing runs use one TCG thread with -icount (guest
# time follows executed instructions); HGOV_MTTCG=1 runs the vCPUs on
# parallel host threads instead, without -icount: real concurrency for
# make stress.
case ${HGOV_BOARD_SOC:=h3} in
h3) HGOV_QEMU_MACHINE=(-machine virt -cpu cortex-a57 -m 1G
	-smp 8,sockets=1,clusters=2,cores=4,threads=1 -nic none) ;;
rk3399) HGOV_QEMU_MACHINE=(-machine virt -cpu cortex-a72 -m 1G -smp 6 -nic none) ;;
*) hgov_die "HGOV_BOARD_SOC=$HGOV_BOARD_SOC: h3 or rk3399" ;;
esac
if [ "${HGOV_MTTCG:-0}" = 1 ]; then
	HGOV_QEMU_MACHINE+=(-accel tcg,thread=multi)
else
	HGOV_QEMU_MACHINE+=(-accel tcg,thread=single)
	[ "${HGOV_ICOUNT:-1}" = 0 ] || HGOV_QEMU_MACHINE+=(-icount shift=0,sleep=off)
fi

# hgov_board_dtb - print a DTB of the board with R-Car H3 capacities
# (capacity-dmips-mhz: A57 1024 on cpu0-3, A53 535 on cpu4-7), the
# clusters directly under cpu-map, as r8a77951.dtsi has them (QEMU puts
# them in a socket0 node, which 5.10 does not parse: it is left with no
# topology at all; 6.1 and later read both layouts the same), and the
# H3's idle states unless HGOV_BOARD_IDLE_STATES=0 (the normal board
# kernels have cpuidle, the debug and rt ones none, where the states
# change nothing): r8a77951.dtsi's CPU_SLEEP_0 (A57) and CPU_SLEEP_1 (A53)
# with their entry, exit and minimum-residency times. Two
# differences: arm,psci-suspend-param is 0 (standby), not the H3's
# 0x10000 (power-down), since QEMU's PSCI cannot power a core down and
# Linux turns a power-down state that returns into an error
# (cpu_suspend()); and no local-timer-stop (QEMU's timer node is
# always-on), so no CPU is kept out of its state to hold the hrtimer
# broadcast, as the one with the next timer is on the H3. The test bed
# makes the exits cost their latency in guest time (hgov_testbed
# idle_latency). HGOV_BOARD_SOC=rk3399: rk3399.dtsi's instead, A53 485
# on cpu0-3 and A72 1024 on cpu4-5, cpu-map cluster0 cpu0-3 and cluster1
# cpu4-5, and its CPU_SLEEP (120/250/900 us) and CLUSTER_SLEEP
# (400/500/2000 us) on every CPU, with the same two differences.
hgov_board_dtb() {
	local key dtb idle=${HGOV_BOARD_IDLE_STATES:-1} states
	[ "$idle" = 0 ] || [ "$idle" = 1 ] ||
		hgov_die "HGOV_BOARD_IDLE_STATES=$idle: 0 or 1"
	if [ "$HGOV_BOARD_SOC" = rk3399 ]; then
		states="CPU_SLEEP cpu-sleep 120 250 900 CLUSTER_SLEEP cluster-sleep 400 500 2000"
	else
		states="CPU_SLEEP_0 cpu-sleep-0 400 500 4000 CPU_SLEEP_1 cpu-sleep-1 700 700 5000"
	fi
	key=$({ echo "${HGOV_QEMU_MACHINE[*]}"; echo cpu-map-clusters
		[ "$idle" = 0 ] || echo h3-idle-states-2
		qemu-system-aarch64 --version; } |
		sha256sum | cut -c1-12)
	dtb=$HGOV_CACHE/board-$key.dtb
	if [ ! -f "$dtb" ]; then
		# Written under a name of this process's, then renamed: runs
		# from other clones sharing the cache may build it at once.
		local tmp=$dtb.$$.tmp
		mkdir -p "$HGOV_CACHE"
		qemu-system-aarch64 "${HGOV_QEMU_MACHINE[@]}" \
			-machine "dumpdtb=$tmp" -nographic >/dev/null 2>&1 ||
			hgov_die "qemu could not dump the virt DTB"
		# capacity-dmips-mhz of cpu0-3, then of the rest: H3's big
		# cluster first, RK3399's little one.
		local cpu ncpu=8 little=4 first=1024 rest=535 map=""
		[ "$HGOV_BOARD_SOC" != rk3399 ] || { ncpu=6; first=485; rest=1024; }
		for ((cpu = 0; cpu < ncpu; cpu++)); do
			fdtput -t i "$tmp" "/cpus/cpu@$cpu" capacity-dmips-mhz \
				"$([ $cpu -lt $little ] && echo $first || echo $rest)" ||
				hgov_die "fdtput failed on cpu@$cpu"
			map+=" $(fdtget -t x "$tmp" "/cpus/cpu@$cpu" phandle)" ||
				hgov_die "fdtget failed on cpu@$cpu"
		done
		dtc -q -I dtb -O dts "$tmp" | awk -v idle="$idle" -v states="$states" \
			-v map="$map" -v little=$little -v soc="$HGOV_BOARD_SOC" '
			BEGIN { ns = split(states, st, " "); np = split(map, ph, " ") }
			mapskip { if (/\{/) mdepth++; if (/\};/) { if (!mdepth) mapskip = 0; else mdepth-- }; next }
			/^[ \t]*socket0 \{/ { skip = 1; depth = 0; next }
			skip && /\{/ { depth++ }
			skip && /^[ \t]*\};/ { if (!depth) { skip = 0; next }; depth-- }
			/^\t\tcpu-map \{$/ {
				if (idle) {
					print "\t\tidle-states {"
					print "\t\t\tentry-method = \"psci\";"
					for (i = 1; i <= ns; i += 5) {
						print "\t\t\t" st[i] ": " st[i + 1] " {"
						print "\t\t\t\tcompatible = \"arm,idle-state\";"
						print "\t\t\t\tarm,psci-suspend-param = <0x0>;"
						print "\t\t\t\tentry-latency-us = <" st[i + 2] ">;"
						print "\t\t\t\texit-latency-us = <" st[i + 3] ">;"
						print "\t\t\t\tmin-residency-us = <" st[i + 4] ">;"
						print "\t\t\t};"
					}
					print "\t\t};"
				}
				if (soc != "rk3399") { print; next }
				# QEMU made equal clusters: the RK3399 has 4 + 2.
				print "\t\tcpu-map {"
				for (c = 0; c < 2; c++) {
					print "\t\t\tcluster" c " {"
					for (n = (c ? little : 0); n < (c ? np : little); n++)
						print "\t\t\t\tcore" (n - (c ? little : 0)) " {\n\t\t\t\t\tcpu = <0x" ph[n + 1] ">;\n\t\t\t\t};"
					print "\t\t\t};"
				}
				print "\t\t};"
				mapskip = 1; mdepth = 0; next
			}
			idle && match($0, /^\t\tcpu@[0-7] \{$/) {
				print
				n = substr($0, RSTART + 6, 1)
				if (soc == "rk3399")
					print "\t\t\tcpu-idle-states = <&" st[1] " &" st[6] ">;"
				else
					print "\t\t\tcpu-idle-states = <&" st[n < 4 ? 1 : 6] ">;"
				next
			}
			{ print }' | dtc -q -I dts -O dtb -o "$tmp.dtb" - ||
			hgov_die "dtc could not rewrite the cpu-map and idle states"
		rm -f "$tmp" && mv "$tmp.dtb" "$dtb"
	fi
	echo "$dtb"
}

# hgov_busybox - print the path of Debian's arm64 static busybox.
hgov_busybox() {
	local debs dir=$HGOV_CACHE/busybox-arm64
	if [ ! -x "$dir/bin/busybox" ]; then
		# Unpacked beside it, then renamed (another run sharing the
		# cache may be unpacking it too: the first rename wins).
		local tmp=$dir.$$.tmp
		debs=$(hgov_arm64_debs busybox-static)
		rm -rf "$tmp" && mkdir -p "$tmp"
		dpkg-deb -x "$debs"/busybox-static_*_arm64.deb "$tmp" ||
			hgov_die "cannot unpack busybox-static:arm64"
		[ -x "$dir/bin/busybox" ] || rm -rf "$dir"
		mv -T "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp"
	fi
	echo "$dir/bin/busybox"
}

# hgov_load_bin - print the path of hgov-load (scripts/emu/hgov-load.c), a
# static arm64 program, built on first use and keyed on its source.
hgov_load_bin() {
	local src=$HGOV_TOP/scripts/emu/hgov-load.c bin
	bin=$HGOV_CACHE/hgov-load-$(cat "$src" | sha256sum | cut -c1-12)
	if [ ! -x "$bin" ]; then
		mkdir -p "$HGOV_CACHE"
		# Built under a name of this process's, then renamed (as the DTB).
		"${HGOV_CROSS}gcc" -static -O2 -Wall -Wextra -Werror -o "$bin.$$.tmp" "$src" >&2 ||
			hgov_die "cannot build hgov-load"
		mv "$bin.$$.tmp" "$bin"
	fi
	echo "$bin"
}

# hgov_build_modules BUILD - build our modules and the test-bed driver
# against the board kernel in BUILD.
hgov_build_modules() {
	local m stamp
	mkdir -p "$HGOV_TOP/out"
	for m in "$HGOV_TOP" "$HGOV_TOP/scripts/testbed"; do
		# Kbuild takes about 2 s to find nothing to do, and make test
		# boots some 70 boards: a stamp of what the .ko files were last
		# built from and of the .ko files themselves skips it. Any other
		# build into the tree (the matrix, packaging) changes the .ko
		# files, and so the stamp.
		stamp=$HGOV_TOP/out/.modules-top.stamp
		[ "$m" = "$HGOV_TOP" ] || stamp=$HGOV_TOP/out/.modules-testbed.stamp
		if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(hgov_modules_key "$1" "$m")" ]; then
			continue
		fi
		rm -f "$stamp"
		make -s -C "$1" M="$m" ARCH="$HGOV_ARCH" CROSS_COMPILE="$HGOV_CROSS" \
			-j"$HGOV_JOBS" modules >&2 || hgov_die "module build failed in $m"
		hgov_modules_key "$1" "$m" > "$stamp"
	done
}

# HGOV_BOARD_JOBS: how many boards run at once where a script boots
# several (make test's scenarios, the calibration's and RK3399's boots);
# default the host's CPUs. A timing board is one TCG thread with -icount,
# whose guest time follows its own instructions, not the host: boards
# side by side give the figures one alone does.
HGOV_BOARD_JOBS=${HGOV_BOARD_JOBS:-$(nproc)}
[[ $HGOV_BOARD_JOBS =~ ^[1-9][0-9]*$ ]] ||
	hgov_die "HGOV_BOARD_JOBS=$HGOV_BOARD_JOBS: not a number of boards, 1 or more"

# hgov_board_prepare [FLAVOUR] - build what board.sh boots (the board
# kernel of HGOV_KVER and FLAVOUR, default normal; the modules in the
# tree) ahead, so that boards started at once find it built: two module
# builds into the one tree would race.
hgov_board_prepare() {
	local build
	build=$(bash "$HGOV_TOP/scripts/board/kernel.sh" "${1:-normal}") ||
		hgov_die "the board kernel did not build"
	hgov_build_modules "$build"
}

# hgov_parallel CMD ARG... - CMD ARG for each ARG in the background,
# HGOV_BOARD_JOBS at a time, the next starting as one ends (only these:
# a caller's other background jobs are not waited for); fails if any
# failed, after all have ended.
hgov_parallel() {
	local cmd=$1 rc=0 a p
	local -A pids=()
	shift
	for a; do
		if [ ${#pids[@]} -ge "$HGOV_BOARD_JOBS" ]; then
			wait -n -p p "${!pids[@]}" || rc=1
			unset "pids[$p]"
		fi
		"$cmd" "$a" &
		pids[$!]=1
	done
	for p in "${!pids[@]}"; do
		wait "$p" || rc=1
	done
	return "$rc"
}

# hgov_modules_key KBUILD DIR - what DIR's modules built against KBUILD
# come from (the kernel build, the toolchain, every source file) and
# what they are (their .ko files).
hgov_modules_key() {
	{
		echo "$1 $HGOV_ARCH $HGOV_CROSS"
		stat -c '%s %Y' "$1/Module.symvers"
		(cd "$2" && find . -path ./scripts -prune -o -path ./out -prune -o -type f \
			\( -name '*.[ch]' -o -name Kbuild -o -name Makefile \) -print0 |
			sort -z | xargs -0 -r sha1sum)
		(cd "$2" && find . -maxdepth 1 -name '*.ko' -print0 | sort -z | xargs -0 -r sha1sum)
	} | sha1sum | cut -d' ' -f1
}

# hgov_arm64_userland NAME PKG... - unpack Debian's arm64 PKGs into one
# cached tree, $HGOV_CACHE/NAME-arm64, on first use or when the list of
# PKGs changed (kept in .done); print its path. One unpacker at a time:
# runs from other clones sharing the cache wait for it, then find it done.
hgov_arm64_userland() {
	local dir=$HGOV_CACHE/$1-arm64 debs p
	shift
	mkdir -p "$HGOV_CACHE"
	(
		flock 9
		if [ "$(cat "$dir/.done" 2>/dev/null)" != "$*" ]; then
			debs=$(hgov_arm64_debs "$@") || exit 1
			rm -rf "$dir" && mkdir -p "$dir" || exit 1
			for p in "$@"; do
				dpkg-deb -x "$(ls "$debs/${p}_"*_arm64.deb | tail -n 1)" "$dir" ||
					hgov_die "cannot unpack $p:arm64"
			done
			echo "$*" > "$dir/.done"
		fi
	) 9> "$HGOV_CACHE/.userland.lock" || exit 1
	echo "$dir"
}

# hgov_libs_list DIR LIB... - print gen_init_cpio lines that put the shared
# libraries LIB of the arm64 tree DIR, and the dynamic loader's link, into
# /lib/aarch64-linux-gnu of a board initramfs.
hgov_libs_list() {
	local dir=$1 f p
	shift
	echo "dir /lib/aarch64-linux-gnu 755 0 0"
	for f in "$@"; do
		p=$(readlink -f "$(ls "$dir"/lib/aarch64-linux-gnu/$f \
			"$dir"/usr/lib/aarch64-linux-gnu/$f 2>/dev/null | head -n 1)")
		[ -f "$p" ] || hgov_die "no $f in the arm64 userland"
		echo "file /lib/aarch64-linux-gnu/$f $p 755 0 0"
	done
	echo "slink /lib/ld-linux-aarch64.so.1 aarch64-linux-gnu/ld-linux-aarch64.so.1 777 0 0"
}

# hgov_bash_list - print gen_init_cpio lines that put Debian's arm64 bash,
# with the libraries it links, into a board initramfs as /bin/bash.
hgov_bash_list() {
	local dir
	dir=$(hgov_arm64_userland bash bash libc6 libtinfo6) || exit 1
	echo "file /bin/bash $dir/bin/bash 755 0 0"
	hgov_libs_list "$dir" ld-linux-aarch64.so.1 libc.so.6 libtinfo.so.6
}

# hgov_rt_tests_list - print gen_init_cpio lines that put Debian's arm64
# cyclictest (rt-tests), with the libraries it links (librt, libnuma),
# into a board initramfs: every board has it (wake-latency scenario).
hgov_rt_tests_list() {
	local dir
	dir=$(hgov_arm64_userland rt-tests rt-tests libc6 libnuma1) || exit 1
	echo "dir /usr 755 0 0"
	echo "dir /usr/bin 755 0 0"
	echo "file /usr/bin/cyclictest $dir/usr/bin/cyclictest 755 0 0"
	hgov_libs_list "$dir" ld-linux-aarch64.so.1 libc.so.6 librt.so.1 libpthread.so.0 \
		libnuma.so.1
}

# hgov_storage_list - print gen_init_cpio lines that put Debian's arm64
# bonnie++ and mke2fs (ext4 with its journal on the eMMC model), with the
# libraries they link, into a board initramfs.
hgov_storage_list() {
	local dir
	dir=$(hgov_arm64_userland storage bonnie++ e2fsprogs libc6 libstdc++6 libgcc-s1 \
		libext2fs2 libcom-err2 libblkid1 libuuid1) || exit 1
	echo "dir /usr 755 0 0"
	echo "dir /usr/sbin 755 0 0"
	echo "dir /etc 755 0 0"
	echo "file /usr/sbin/bonnie++ $dir/usr/sbin/bonnie++ 755 0 0"
	echo "file /usr/sbin/mkfs.ext4 $dir/sbin/mke2fs 755 0 0"
	echo "file /etc/mke2fs.conf $dir/etc/mke2fs.conf 644 0 0"
	hgov_libs_list "$dir" ld-linux-aarch64.so.1 libc.so.6 libm.so.6 libstdc++.so.6 \
		libgcc_s.so.1 libext2fs.so.2 libe2p.so.2 libcom_err.so.2 libblkid.so.1 libuuid.so.1
}

# hgov_version - the release version, from the Debian changelog (the one
# place it is written down).
hgov_version() {
	sed -n '1s/^[^(]*(\([^)]*\)).*/\1/p' "$HGOV_TOP/scripts/packaging/debian/changelog"
}

# hgov_copy_sources DEST - the files a module build needs (no build
# products), as DKMS and the distribution packages ship them.
hgov_copy_sources() {
	mkdir -p "$1"
	tar -C "$HGOV_TOP" --exclude='*.o' --exclude='*.ko' --exclude='*.cmd' \
		--exclude='*.mod' --exclude='*.mod.c' --exclude=modules.order \
		--exclude=Module.symvers --exclude='*.a' \
		-cf - Kbuild Makefile module governor kunit | tar -C "$1" -xf -
}

# Kernel complaints that fail a board run whatever its script said.
HGOV_SPLATS='WARNING:|BUG:|Oops|Unable to handle|KASAN|UBSAN|kmemleak: [0-9]+ new suspected|possible circular locking|inconsistent lock state|possible recursive locking|lock held when returning|sleeping function called|suspicious RCU usage|blocked for more than|soft lockup|hard LOCKUP|rcu_.*detected stall|workqueue lockup|ODEBUG|list_add corruption|list_del corruption'

# hgov_splats LOG - print the kernel complaints in a board log, with the
# lines that follow them. One upstream bug of Debian's 6.12 kernel is left
# out, and said so: the deadline server's bandwidth accounting warns
# (sub_running_bw: "dl_rq->running_bw > old") when a busy CPU goes offline
# (dl_server_stop from sched_cpu_dying, in the CPU stopper); it involves
# no code of ours and is fixed upstream by the deadline bandwidth
# accounting rework for hotplug.
hgov_splats() {
	awk '
		/-+\[ cut here \]-+/ { inblk = 1; blk = $0 "\n"; next }
		inblk {
			blk = blk $0 "\n"
			if ($0 ~ /---\[ end trace/) {
				if (blk ~ /dl_rq->running_bw > old/ && blk ~ /dl_server_stop/ &&
				    blk ~ /sched_cpu_dying/)
					known++
				else
					printf "%s", blk
				inblk = 0
			}
			next
		}
		{ print }
		END {
			if (inblk) printf "%s", blk
			if (known) printf "hgov: %d known upstream deadline-server hotplug warning(s) left out\n", known > "/dev/stderr"
		}' "$1" | grep -E -A 12 "$HGOV_SPLATS"
}

# hgov_dropbear_list - print gen_init_cpio lines that put Debian's arm64
# dropbear (dropbear-bin: the server and dropbearkey; no scp, no sftp),
# with the libraries it links, into a board initramfs (bench-remote).
hgov_dropbear_list() {
	local dir
	dir=$(hgov_arm64_userland dropbear dropbear-bin libc6 libcrypt1 libtomcrypt1 \
		libtommath1 libgmp10 zlib1g) || exit 1
	echo "dir /usr 755 0 0"
	echo "dir /usr/sbin 755 0 0"
	echo "dir /usr/bin 755 0 0"
	echo "file /usr/sbin/dropbear $dir/usr/sbin/dropbear 755 0 0"
	echo "file /usr/bin/dropbearkey $dir/usr/bin/dropbearkey 755 0 0"
	hgov_libs_list "$dir" ld-linux-aarch64.so.1 libc.so.6 libcrypt.so.1 libtomcrypt.so.1 \
		libtommath.so.1 libgmp.so.10 libz.so.1
}
