#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""summary.py RAWLOG OUT_TXT: make demo's cost table.

RAWLOG holds the copies' windows in make bench's raw format (the DEMO-E
lines of scripts/demo/board.sh): per governor its MiB/s and the bench's
snapshots at the copy's start and 1 s after its end. The energy is make
bench's, by scripts/bench/report.py's parse() and energy(). Prints the
table and writes it to OUT_TXT.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
from report import energy, num, parse  # noqa: E402

NOTE = """\
"vs": ratios against performance's and schedutil's row.
Energy: make bench's H3 energy model (scripts/bench/report.py: C*V^2*f per busy
CPU, each cluster's static power at its OPPs' voltage, WFI idle) on the board's
busy time, time at each OPP and idle-state time, from the copy's start to 1 s
after its end: an estimate, not a meter. One run each; make bench measures.
Recommended: hybrid where EAS is not in use (the R-Car BSP's 5.10, a DT without
an energy model); schedutil+assist where EAS must stay."""


def ratio(a, b):
    return a / b if a is not None and b else None


def fmt(v, spec):
    return "-" if v is None else format(v, spec)


def rows(wins):
    """(governor, MiB/s, J, mJ per MiB) per window, in the board's order."""
    out = []
    for w in wins:
        joules = energy(w)[0]
        mib = num(w["res"].get("mib"))
        out.append((w["gov"], num(w["res"].get("throughput")), joules,
                    1000 * joules / mib if joules is not None and mib else None))
    return out


def table(rs):
    by = {r[0]: r for r in rs}
    perf, sched = by.get("performance"), by.get("schedutil")
    row = "%-16s %7s %7s %9s %7s %7s %12s"
    lines = [row % ("governor", "MiB/s", "vs perf", "energy J", "mJ/MiB", "vs perf",
                    "vs schedutil")]
    for g, mbs, joules, mjpm in rs:
        lines.append(row % (
            g, fmt(mbs, ".2f"), fmt(ratio(mbs, perf and perf[1]), ".2f"),
            fmt(joules, ".3f"), fmt(mjpm, ".2f"), fmt(ratio(mjpm, perf and perf[3]), ".2f"),
            fmt(ratio(mjpm, sched and sched[3]), ".2f")))
    return "\n".join(lines + ["", NOTE]) + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    wins = parse(sys.argv[1])[0]
    if not wins:
        sys.exit("summary.py: no whole copy window in %s" % sys.argv[1])
    text = table(rows(wins))
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
