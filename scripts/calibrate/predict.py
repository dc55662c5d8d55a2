#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The RK3399 prediction's verdict (scripts/calibrate/rk3399.sh).

    predict.py CONSOLE...

reads the RK lines of the RK3399 boards' boots (4 KiB random reads at queue
depth 1, performance and schedutil alternating) and prints the board's
medians, schedutil/performance with its interval, beside Loehle's RK3399
figures, which no constant of the board was fitted to. Exits 0 if the
prediction is within its bounds, 1 if not, 2 on bad input (also: boots
that ran different boards).

The boot is the unit, as in the calibration (judge.py): the interval
resamples boots, then runs within each.
"""

import os
import random
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from judge import B, board_line, draw_boots  # noqa: E402

# C. Loehle, "[RFC PATCH 0/2] Introduce per-task io utilization boost",
# linux-kernel, 2024-03-04: RK3399, eMMC (CQE), fio 4 KiB random reads,
# psync, queue depth 1, median IOPS.
LOEHLE = {"performance": 4860, "schedutil": 4159}
RATIO_TOL, ABS_TOL = 0.05, 0.25


def read_boot(path):
    """(the board's RKMODEL words, [(performance run, schedutil run)]) of
    one boot, in order."""
    model, runs = [], {"performance": [], "schedutil": []}
    for line in open(path, errors="replace"):
        w = line.split()
        if w and w[0] == "RK":
            kv = dict(x.split("=", 1) for x in w[1:] if "=" in x)
            if kv.get("gov") in runs and "iops" in kv:
                runs[kv["gov"]].append(kv)
        elif w and w[0] == "RKMODEL":
            model = w[1:]
    return model, list(zip(runs["performance"], runs["schedutil"]))


def medians(reps):
    """(performance's median IOPS, schedutil's) of some repetitions."""
    return (statistics.median(float(a["iops"]) for a, _ in reps),
            statistics.median(float(b["iops"]) for _, b in reps))


def verdict(p, s):
    """What is out of bounds for these medians, or ""."""
    want = LOEHLE["schedutil"] / LOEHLE["performance"]
    why = []
    if abs(s / p - want) > RATIO_TOL:
        why.append(f"schedutil/performance {s / p:.3f}, not within {RATIO_TOL} of {want:.3f}")
    if abs(p / LOEHLE["performance"] - 1) > ABS_TOL:
        why.append(f"performance's {p:.0f} IOPS, not within {ABS_TOL:.0%} of "
                   f"{LOEHLE['performance']}")
    return "; ".join(why)


def placement(reps, gov):
    """How many of @gov's runs issued most of their reads from each CPU."""
    cpus = [r[gov == "schedutil"].get("cpu", "?") for r in reps]
    return ", ".join(f"cpu{c} {cpus.count(c)}" for c in sorted(set(cpus)))


def main(argv):
    if not argv:
        print("usage: predict.py CONSOLE...", file=sys.stderr)
        return 2
    try:
        read = [read_boot(p) for p in argv]
    except OSError as e:
        print(f"predict.py: {e}", file=sys.stderr)
        return 2
    models = {" ".join(m) for m, _ in read}
    if len(models) > 1:
        print("predict.py: the boots ran different boards:\n  " + "\n  ".join(sorted(models)),
              file=sys.stderr)
        return 2
    boots = [pairs for _, pairs in read]
    if any(len(b) < 2 for b in boots):
        print("predict.py: fewer than two runs per governor on a boot", file=sys.stderr)
        return 2
    print("board:", board_line(read[0][0]))
    pairs = [r for b in boots for r in b]
    p, s = medians(pairs)
    rng = random.Random(3)
    m = min(len(b) for b in boots)
    draws = [medians(draw_boots(rng, boots, len(boots), m)) for _ in range(B)]

    def interval(f):
        v = sorted(f(*d) for d in draws)
        return v[int(0.025 * B)], v[int(0.975 * B) - 1]

    print(f"4 KiB random reads, queue depth 1, {len(pairs)} runs each on {len(boots)} "
          "boot(s), medians (board) against Loehle's RK3399 (eMMC, CQE; unfitted)")
    print(f"{'':22} {'board':>7} {'95% interval':>13} {'RK3399':>7}  runs")
    for gov, f in (("performance IOPS", lambda a, b: a), ("schedutil IOPS", lambda a, b: b)):
        lo, hi = interval(f)
        key = gov.split()[0]
        runs = " ".join("%.0f" % float(r[key == "schedutil"]["iops"]) for r in pairs)
        print(f"{gov:22} {f(p, s):7.0f} {'%.0f-%.0f' % (lo, hi):>13} {LOEHLE[key]:7d}  {runs}")
    lo, hi = interval(lambda a, b: b / a)
    each = " ".join("%.2f" % (float(b["iops"]) / float(a["iops"])) for a, b in pairs)
    want = LOEHLE["schedutil"] / LOEHLE["performance"]
    print(f"{'schedutil/performance':22} {s / p:7.3f} {'%.3f-%.3f' % (lo, hi):>13} "
          f"{want:7.3f}  {each}")
    print(f"placement (the CPU most reads came from): performance {placement(pairs, 'performance')}; "
          f"schedutil {placement(pairs, 'schedutil')}")
    print(f"bounds: schedutil/performance within {RATIO_TOL} of RK3399's, performance's IOPS "
          f"within {ABS_TOL:.0%} of its")
    print(f"interval: {B} resamples of the {len(boots)} boots, then of the runs within each" +
          ("; with one boot the spread between boots is not in it" if len(boots) < 2 else ""))
    why = verdict(p, s)
    print("prediction: " + (f"OUT OF BOUNDS ({why})" if why else "within its bounds"))
    return 1 if why else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
