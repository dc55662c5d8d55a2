#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""demo-plot.py CONSOLE_LOG OUT_PNG: draw make demo's storage phase.

One panel per governor: policy0 (A57) and policy4 (A53) frequency against
the eMMC model's requests in flight during the copy, from the board's
DEMO-CUR (frequencies at the start) and DEMO-TR (trace) lines.
"""
import sys


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


def steps(points, start, t_end):
    xs, ys = [0.0], [start]
    for x, y in points:
        if x < 0:
            ys[-1] = y
            continue
        xs += [x, x]
        ys += [ys[-1], y]
    xs.append(t_end)
    ys.append(ys[-1])
    return xs, ys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    order, runs = parse(sys.argv[1])
    if not order:
        sys.exit("demo-plot.py: no DEMO-CUR line in %s" % sys.argv[1])
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(len(order), 1, figsize=(9, 2.6 * len(order)), squeeze=False)
    for ax, g in zip(axes[:, 0], order):
        tr = runs[g]["tr"]
        t0 = next((t for t, e, _ in tr if e == "copy-start"), tr[0][0] if tr else 0.0)
        t_end = next((t for t, e, _ in tr if e == "copy-end"), tr[-1][0] if tr else 0.0) - t0 + 0.2
        for i, (ev, label) in enumerate((("f0", "A57 (policy0)"), ("f4", "A53 (policy4)"))):
            pts = [(t - t0, v / 1000) for t, e, v in tr if e == ev]
            xs, ys = steps(pts, runs[g]["cur"][i] / 1000, t_end)
            ax.plot(xs, ys, label=label)
        ax.set_ylabel("MHz")
        ax.set_ylim(0, 1800)
        ax2 = ax.twinx()
        n, xs, ys = 0, [0.0], [0]
        for t, e, v in tr:
            if e == "io" and t >= t0:
                n = max(0, n + v)
                xs.append(t - t0)
                ys.append(n)
        ax2.step(xs, ys, where="post", color="grey", alpha=0.5, label="requests in flight")
        ax2.set_ylabel("in flight")
        ax.set_title("%s: 96 MiB copy on the eMMC model" % g, fontsize="medium")
        h1, l1 = ax.get_legend_handles_labels()
        h2, l2 = ax2.get_legend_handles_labels()
        ax.legend(h1 + h2, l1 + l2, loc="lower right", fontsize="small")
    axes[-1, 0].set_xlabel("s since the copy started (board time)")
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=80)


if __name__ == "__main__":
    main()
