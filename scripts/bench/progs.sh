# SPDX-License-Identifier: GPL-2.0
# Sourced by scripts/bench/run.sh after scripts/lib.sh: the real programs
# from Debian's arm64 archive the bench's `sqlite-commits`, `dpkg-unpack`
# and `flac-encode` workloads run (scripts/bench/board.sh).

# The workloads that run these programs (their names in bench.json).
HGOV_PROGS_WORKLOADS="sqlite-commits dpkg-unpack flac-encode"

# The update dpkg-unpack installs: six real packages (311 files, 22 MB
# installed), none with a preinst, so `dpkg --unpack` runs no script.
HGOV_PROGS_UPDATE="bash dpkg libsqlite3-0 libstdc++6 sqlite3 tar"

# hgov_progs_list WORK - print gen_init_cpio lines that put Debian's arm64
# sqlite3 (the CLI), dpkg (with dpkg-deb, dpkg-split and GNU tar) and flac,
# with the libraries they link, into a board initramfs; with the packages
# the update unpacks (HGOV_PROGS_UPDATE) and 1 MiB of 16-bit stereo PCM the
# encoder's input is made of (written into WORK).
hgov_progs_list() {
	local work=$1 dir debs f
	dir=$(hgov_arm64_userland bench-progs sqlite3 libsqlite3-0 libreadline8 libtinfo6 \
		zlib1g libc6 dpkg tar libacl1 libbz2-1.0 liblzma5 libmd0 libselinux1 \
		libpcre2-8-0 libzstd1 flac libflac12 libogg0) || exit 1
	# shellcheck disable=SC2086 # one argument per package name
	debs=$(hgov_arm64_debs $HGOV_PROGS_UPDATE) || exit 1
	# 1 MiB of PCM, 44.1 kHz, 16-bit stereo (5.9 s): two tones beating and
	# a deterministic noise floor, so that the encoder works as on music
	# (neither silence nor white noise).
	python3 - "$work/pcm" <<-'EOF' || hgov_die "cannot write the PCM chunk"
		import math, struct, sys
		x, out = 12345, bytearray()
		for i in range(262144):
		    x = (1103515245 * x + 12345) & 0x7fffffff
		    n = (x >> 16) % 2048 - 1024
		    t = i / 44100.0
		    l = 9000 * math.sin(2 * math.pi * 440 * t) + 5000 * math.sin(2 * math.pi * 659.3 * t) + n
		    r = 9000 * math.sin(2 * math.pi * 443 * t) + 4000 * math.sin(2 * math.pi * 329.6 * t) + n
		    out += struct.pack("<hh", int(l), int(r))
		open(sys.argv[1], "wb").write(out)
	EOF
	echo "dir /usr 755 0 0"
	echo "dir /usr/bin 755 0 0"
	echo "dir /usr/share 755 0 0"
	echo "dir /usr/share/dpkg 755 0 0"
	echo "dir /usr/share/hgov 755 0 0"
	for f in sqlite3 dpkg dpkg-deb dpkg-split flac; do
		echo "file /usr/bin/$f $dir/usr/bin/$f 755 0 0"
	done
	# GNU tar, which dpkg-deb runs for the control archive (busybox's
	# lacks its options), in /usr/bin ahead of busybox's in /bin.
	echo "file /usr/bin/tar $dir/bin/tar 755 0 0"
	for f in cputable ostable tupletable abitable; do
		echo "file /usr/share/dpkg/$f $dir/usr/share/dpkg/$f 644 0 0"
	done
	echo "dir /usr/share/hgov/update 755 0 0"
	for f in $HGOV_PROGS_UPDATE; do
		echo "file /usr/share/hgov/update/$f.deb" \
			"$(ls "$debs/${f}_"*_arm64.deb | tail -n 1) 644 0 0"
	done
	echo "file /usr/share/hgov/audio.pcm $work/pcm 644 0 0"
	hgov_libs_list "$dir" ld-linux-aarch64.so.1 libc.so.6 libm.so.6 libsqlite3.so.0 \
		libreadline.so.8 libtinfo.so.6 libz.so.1 libmd.so.0 libselinux.so.1 \
		libpcre2-8.so.0 libacl.so.1 liblzma.so.5 libzstd.so.1 libbz2.so.1.0 \
		libFLAC.so.12 libogg.so.0
}
