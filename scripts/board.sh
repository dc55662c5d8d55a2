#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The virtual R-Car H3 board: QEMU virt, 8 vCPUs in two clusters
# (cpu0-3 "A57", cpu4-7 "A53"), a virtio-blk disk (/dev/vda), an empty
# CD-ROM drive on virtio-scsi (/dev/sr0), a busybox
# initramfs with the test-bed cpufreq driver and cpufreq_hybrid loaded.
#
#   board.sh run FILE   run busybox-sh script FILE as root on the board,
#                       stream its output, exit with its exit status
#   board.sh shell      interactive console on the same board
#
# Environment: HGOV_BOARD_TIMEOUT (s, default 900), HGOV_CACHE, HGOV_KVER
# (5.10, 6.1, 6.12 or 7.3; default 6.12), HGOV_FLAVOUR (normal; debug:
# lockdep, KASAN, PREEMPT...; rt, on 7.3 only: PREEMPT_RT with lockdep),
# HGOV_ICOUNT, HGOV_MTTCG (see lib.sh), HGOV_BOARD_EXTRA (a gen_init_cpio
# list of more files for the initramfs, e.g. bash and the selftests;
# cyclictest is always there),
# HGOV_BOARD_APPEND (more kernel parameters, e.g. mem=640M),
# HGOV_BOARD_IDLE_STATES (1, the default: the H3's idle states in the DT;
# 0: none, idle is WFI only; scripts/testbed/README.md, "Idle states"),
# HGOV_BOARD_SOC (h3, the default; rk3399: the virtual RK3399 board, 4 A53
# and 2 A72 with rk3399.dtsi's capacities and idle states, the test-bed
# driver loaded with soc=rk3399 from the kernel command line, which
# modprobe reads),
# HGOV_BOARD_SSH_PORT (a virtio NIC on QEMU's user network with
# restrict=on, so the board reaches nothing outside, and its port 22
# forwarded from 127.0.0.1:PORT on the host: eth0 is 10.0.2.15/24).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $0 run FILE | shell" >&2; exit 2; }

[ $# -ge 1 ] || usage
mode=$1
case $mode in
run) [ $# -eq 2 ] || usage; script=$2
     [ -f "$script" ] || hgov_die "no such script: $script" ;;
shell) [ $# -eq 1 ] || usage; script=/dev/null ;;
*) usage ;;
esac

build=$(bash "$HGOV_TOP/scripts/board/kernel.sh" "${HGOV_FLAVOUR:-normal}")
hgov_build_modules "$build"
dtb=$(hgov_board_dtb)
busybox=$(hgov_busybox)
load=$(hgov_load_bin)
kver=$(cat "$build/include/config/kernel.release")

work=$(mktemp -d "${TMPDIR:-/tmp}/hgov-board.XXXXXX")
trap 'rm -rf "$work"' EXIT

moddir=/lib/modules/$kver/extra
{
	echo "dir /dev 755 0 0"
	echo "nod /dev/console 600 0 0 c 5 1"
	echo "dir /bin 755 0 0"
	echo "dir /lib 755 0 0"
	echo "dir /lib/modules 755 0 0"
	echo "dir /lib/modules/$kver 755 0 0"
	echo "dir $moddir 755 0 0"
	echo "file /bin/busybox $busybox 755 0 0"
	echo "slink /bin/sh busybox 777 0 0"
	echo "file /bin/hgov-load $load 755 0 0"
	echo "file /init $HGOV_TOP/scripts/board/init.sh 755 0 0"
	echo "file /run.sh $(realpath "$script") 755 0 0"
	echo "file /lib/hgov.sh $HGOV_TOP/scripts/board/lib.sh 644 0 0"
	for ko in "$HGOV_TOP"/*.ko "$HGOV_TOP"/scripts/testbed/*.ko \
		  "$build"/drivers/block/null_blk/null_blk.ko "$build"/drivers/block/brd.ko \
		  "$build"/fs/configfs/configfs.ko; do
		[ -f "$ko" ] && echo "file $moddir/${ko##*/} $ko 644 0 0"
	done
	hgov_rt_tests_list
	[ -z "${HGOV_BOARD_EXTRA:-}" ] || cat "$HGOV_BOARD_EXTRA"
} | awk '!seen[$1 " " $2]++' \
	> "$work/initramfs.list"
"$build/usr/gen_init_cpio" "$work/initramfs.list" > "$work/initramfs.cpio" ||
	hgov_die "gen_init_cpio failed"
truncate -s 256M "$work/disk.img"
net=()
if [ -n "${HGOV_BOARD_SSH_PORT:-}" ]; then
	[[ $HGOV_BOARD_SSH_PORT =~ ^[1-9][0-9]*$ ]] && [ "$HGOV_BOARD_SSH_PORT" -lt 65536 ] ||
		hgov_die "HGOV_BOARD_SSH_PORT=$HGOV_BOARD_SSH_PORT: not a TCP port"
	net=(-netdev "user,id=n0,restrict=on,hostfwd=tcp:127.0.0.1:$HGOV_BOARD_SSH_PORT-:22"
	     -device virtio-net-device,netdev=n0)
fi

soc=
[ "$HGOV_BOARD_SOC" = h3 ] || soc=" hgov_testbed.soc=$HGOV_BOARD_SOC"
qemu=(qemu-system-aarch64 "${HGOV_QEMU_MACHINE[@]}" -nographic -no-reboot
	-kernel "$build/arch/arm64/boot/Image" -initrd "$work/initramfs.cpio"
	-dtb "$dtb"
	-drive "file=$work/disk.img,if=none,id=d0,format=raw,discard=unmap"
	-device virtio-blk-device,drive=d0
	-device virtio-scsi-device,id=scsi0
	-drive "if=none,id=cd0,media=cdrom"
	-device scsi-cd,drive=cd0,bus=scsi0.0 "${net[@]}"
	-append "console=ttyAMA0 loglevel=5 rdinit=/init hgov.mode=$mode hgov.flavour=${HGOV_FLAVOUR:-normal}$soc${HGOV_BOARD_APPEND:+ $HGOV_BOARD_APPEND}")

if [ "$mode" = shell ]; then
	exec "${qemu[@]}"
fi

# loglevel=5 keeps warnings and splats on the console but hides the empty
# KTAP document of the built-in KUnit executor (KERN_INFO).
timeout "${HGOV_BOARD_TIMEOUT:-900}" "${qemu[@]}" </dev/null 2>&1 |
	sed -u 's/\r//g' | tee "$work/console.log" | sed -u '/^\(\[ *[0-9.]*\] \)\?HGOV-EXIT=/d' || true
rc=$(sed -n 's/^\(\[ *[0-9.]*\] \)\?HGOV-EXIT=\([0-9]*\)$/\2/p' "$work/console.log" | tail -n 1)
if [ -z "$rc" ]; then
	hgov_log "the board stopped before $script finished (crash or timeout)"
	exit 125
fi
exit "$rc"
