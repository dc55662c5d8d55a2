#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Every test: style and static checks, the KUnit suites inside the board
# kernel (read by kunit.py), and the board scenarios in scripts/scenarios.
# Ends with "N passed, N failed"; exits non-zero if anything failed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 0 ] || { echo "usage: $0" >&2; exit 2; }
out=$HGOV_TOP/out/test
rm -rf "$out" && mkdir -p "$out"
passed=0
failed=0
start=$SECONDS

result() {
	if [ "$1" = pass ]; then
		passed=$((passed + 1))
		echo "PASS $2"
	else
		failed=$((failed + 1))
		echo "FAIL $2"
	fi
}

# run_logged NAME CMD... - run CMD with its output in out/test/NAME.log;
# show the log if it fails.
run_logged() {
	local name=$1
	shift
	if "$@" > "$out/$name.log" 2>&1; then
		result pass "$name"
	else
		tail -n 60 "$out/$name.log" | sed "s/^/  $name| /"
		result fail "$name"
	fi
}

hgov_need_host_tools
bash "$HGOV_TOP/scripts/kernel.sh" normal > /dev/null
src=$(hgov_src)

run_logged style bash "$HGOV_TOP/scripts/style.sh"
run_logged check bash "$HGOV_TOP/scripts/check.sh"

# KUnit: one boot, the test module's KTAP report parsed by kunit.py.
bash "$HGOV_TOP/scripts/board.sh" run "$HGOV_TOP/kunit/run.sh" > "$out/kunit.log" 2>&1 || true
parse_ok=true
python3 "$src/tools/testing/kunit/kunit.py" parse --json="$out/kunit.json" \
	< "$out/kunit.log" > "$out/kunit.txt" 2>&1 || parse_ok=false
sed 's/^/  kunit| /' "$out/kunit.txt"
kunit_cases=0
kunit_failed=$failed
while read -r status name; do
	result "$status" "kunit $name"
	kunit_cases=$((kunit_cases + 1))
done < <([ -s "$out/kunit.json" ] && python3 - "$out/kunit.json" <<'PY'
import json, sys

def walk(group, prefix):
    for case in group.get("test_cases", []):
        yield case["status"], prefix + case["name"]
    for sub in group.get("sub_groups", []):
        yield from walk(sub, prefix + sub["name"] + ".")

for status, name in walk(json.load(open(sys.argv[1])), ""):
    print("pass" if status == "PASS" else "fail", name.replace(" ", "_"))
PY
)
[ "$kunit_cases" -gt 0 ] || result fail "kunit: no test executed (see $out/kunit.log)"
if ! $parse_ok && [ "$failed" -eq "$kunit_failed" ]; then
	result fail "kunit: kunit.py parse failed (see $out/kunit.txt)"
fi

for s in "$HGOV_TOP"/scripts/scenarios/*.sh; do
	name=board-$(basename "$s" .sh)
	run_logged "$name" bash "$HGOV_TOP/scripts/board.sh" run "$s"
done

hgov_log "logs in $out; took $((SECONDS - start)) s"
echo "$passed passed, $failed failed" | tee "$out/summary"
[ "$failed" -eq 0 ]
