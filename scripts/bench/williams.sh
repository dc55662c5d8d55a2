# SPDX-License-Identifier: GPL-2.0
# The bench's governor order, a Williams design (POSIX sh and awk: the
# board's busybox runs it). Row r of the square for n governors: its
# first row is 0 1 n-1 2 n-2 ..., row r adds r mod n to each entry; for
# odd n, rows n..2n-1 are rows 0..n-1 reversed. Over a complete set of
# rows every governor runs in every position equally often and
# immediately follows every other equally often (first-order carry-over
# balance), which a cyclic rotation gives only for n = 2.

# williams_rows N - the rows of a complete set: N for even N, 2N for odd.
williams_rows() {
	if [ "$1" -le 1 ]; then echo 1; elif [ $(($1 % 2)) -eq 0 ]; then echo "$1"; else echo $((2 * $1)); fi
}

# williams_seq N K - row K mod williams_rows(N): the governors' indices
# 1..N in the order they run, on one line.
williams_seq() {
	awk -v n="$1" -v k="$2" 'BEGIN {
		rows = n <= 1 ? 1 : (n % 2 ? 2 * n : n)
		r = k % rows
		for (j = 0; j < n; j++) {
			a = j == 0 ? 0 : (j % 2 ? (j + 1) / 2 : n - j / 2)
			s[j] = (a + r % n) % n + 1
		}
		for (j = 0; j < n; j++) {
			i = r < n ? j : n - 1 - j
			printf "%s%d", j ? " " : "", s[i]
		}
		print ""
	}'
}

# williams_govs K GOVERNOR... - row K's order of the governors, names on one
# line.
williams_govs() {
	_k=$1
	shift
	_seq=
	for _i in $(williams_seq $# "$_k"); do
		eval "_seq=\"\$_seq\${_seq:+ }\${$_i}\""
	done
	echo "$_seq"
}
