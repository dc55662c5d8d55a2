#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""plot.py CONSOLE_LOG OUT_PNG: draw make demo's storage phase.

One panel per governor: policy0 (A57) and policy4 (A53) frequency against
the eMMC model's requests in flight during the copy, from the board's
DEMO-CUR (frequencies at the start) and DEMO-TR (trace) lines.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
from report import draw_timeline, legend  # noqa: E402


def parse(path):
    runs = {}
    order = []
    for line in open(path, errors="replace"):
        f = line.split()
        if len(f) == 4 and f[0] == "DEMO-CUR":
            order.append(f[1])
            runs[f[1]] = {"cur": (int(f[2]), int(f[3])), "tr": []}
        elif len(f) == 5 and f[0] == "DEMO-TR" and f[1] in runs:
            runs[f[1]]["tr"].append((float(f[2]), f[3], int(f[4])))
    return order, runs


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    order, runs = parse(sys.argv[1])
    if not order:
        sys.exit("plot.py: no DEMO-CUR line in %s" % sys.argv[1])
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(len(order), 1, figsize=(9, 2.6 * len(order)), squeeze=False)
    for ax, g in zip(axes[:, 0], order):
        tr = runs[g]["tr"]
        t0 = next((t for t, e, _ in tr if e == "copy-start"), tr[0][0] if tr else 0.0)
        t_end = next((t for t, e, _ in tr if e == "copy-end"), tr[-1][0] if tr else 0.0) + 0.2
        ax2 = draw_timeline(ax, tr, t0, t_end, runs[g]["cur"])
        ax.set_ylim(0, 1800)
        ax2.set_ylabel("in flight")
        ax.set_title("%s: 96 MiB copy on the eMMC model" % g, fontsize="medium")
        legend(ax, ax2, "lower right")
    axes[-1, 0].set_xlabel("s since the copy started (board time)")
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=80)


if __name__ == "__main__":
    main()
