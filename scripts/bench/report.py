#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make bench's report: reads the board's raw lines (scripts/bench/board.sh)
and writes OUT/bench.json, OUT/bench.md and OUT/bench-GOVERNOR.png.

Energy uses the R-Car H3 energy model (r8a77951.dtsi): P = C * V^2 * f per
busy CPU, C = dynamic-power-coefficient (A57 854, A53 277), V the OPP's
voltage; the busy time of each CPU at each OPP comes from the test-bed
driver (debugfs hgov_testbed/busy). Idle and static power are not
modelled, as in the kernel's energy model.
"""
import json
import statistics
import sys

# dynamic-power-coefficient and OPP voltages (mV) of r8a77951.dtsi.
EM = {
    "a57": (854, {500000: 830, 1000000: 830, 1500000: 830, 1600000: 900, 1700000: 960}),
    "a53": (277, {800000: 820, 1000000: 820, 1200000: 820}),
}
CLUSTER = {cpu: ("a57" if cpu < 4 else "a53") for cpu in range(8)}

# workload -> (result key, unit, description)
METRICS = {
    "bonnie-seq-output": ("put_block", "KiB/s", "bonnie++ sequential block output"),
    "bonnie-seq-input": ("get_block", "KiB/s", "bonnie++ sequential block input"),
    "randread": ("iops", "IOPS", "4 KiB random read, QD1, O_DIRECT"),
    "copy": ("mb_per_s", "MiB/s", "96 MiB file copy on ext4, fsync"),
    "idle": (None, "none", "10 s idle"),
    "periodic": ("jobs_on_time_per_s", "jobs/s", "0.9 ms job every 16 ms"),
    "bursts": ("miter_per_s", "Miter/s", "30 ms bursts every 200 ms"),
}
IO_WORKLOADS = ("bonnie-seq-output", "bonnie-seq-input", "randread", "copy")


def power_w(cluster, khz):
    cap, volt = EM[cluster]
    return cap * (khz / 1000) * volt[khz] ** 2 / 1e9 / 1000


def parse(path):
    cells, cell, meta = [], None, {}
    for line in open(path, errors="replace"):
        w = line.split()
        if not w:
            continue
        if w[0] in ("EMMC", "MEM"):
            meta[w[0].lower()] = " ".join(w[1:])
        elif w[0] == "CELL":
            cell = dict(kv.split("=", 1) for kv in w[1:])
            cell.update(snap={"begin": {}, "end": {}}, trace=[], res={})
        elif cell is None:
            continue
        elif w[0] == "T":
            cell["snap"][w[1]]["t"] = int(w[2]) / 1e9
        elif w[0] == "TIS":
            cell["snap"][w[1]][w[2]] = {int(a): int(b) for a, b in
                                        (kv.split(":") for kv in w[3:])}
        elif w[0] == "BUSY":
            cell["snap"][w[1]][w[2]] = {int(a): int(b) for a, b in
                                        (kv.split(":") for kv in w[3:])}
        elif w[0] == "RES":
            for kv in w[1:]:
                k, _, v = kv.partition("=")
                cell["res"][k] = v
        elif w[0] == "TROVERRUN":
            cell["overrun"] = int(w[1])
        elif w[0] == "TR" and len(w) == 4:
            cell["trace"].append((float(w[1]), w[2], int(w[3])))
        elif w[0] == "CELLEND":
            cells.append(cell)
            cell = None
    return cells, meta


def num(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def measure(cell):
    """Per-cell figures, common to every workload measured in it."""
    b, e = cell["snap"]["begin"], cell["snap"]["end"]
    wall = e["t"] - b["t"]
    energy, busy = 0.0, {"a57": 0.0, "a53": 0.0}
    for cpu in range(8):
        k = "cpu%d" % cpu
        for khz, ns in e[k].items():
            d = (ns - b[k].get(khz, 0)) / 1e9
            busy[CLUSTER[cpu]] += d
            energy += d * power_w(CLUSTER[cpu], khz)
    tis = {}
    for p in ("policy0", "policy4"):
        tis[p] = {khz: (t - b[p].get(khz, 0)) / 100 for khz, t in e[p].items()}
    max0 = int(cell["max0"])
    total0 = sum(tis["policy0"].values())
    big_max = tis["policy0"].get(max0, 0) / total0 if total0 else 0.0
    # Entry: first request issued to policy0 at its maximum; release: last
    # request completed to policy0 below it. None where it never happens
    # (or the trace lost the request: overrun).
    max0, tr = int(cell["max0"]), cell["trace"]
    first = next((t for t, ev, _ in tr if ev == "io-first"), None)
    last = next((t for t, ev, _ in tr if ev == "io-last"), None)

    def f0_at(when):
        v = int(cell["cur0"])
        for t, ev, val in tr:
            if ev == "f0" and t <= when:
                v = val
        return v

    entry = release = None
    if first is not None and not cell.get("overrun"):
        if f0_at(first) == max0:
            entry = 0.0
        else:
            entry = next(((t - first) * 1000 for t, ev, v in tr
                          if ev == "f0" and t >= first and v == max0), None)
    if last is not None and f0_at(last) == max0:
        release = next(((t - last) * 1000 for t, ev, v in tr
                        if ev == "f0" and t >= last and v < max0), None)
    return {"wall_s": wall, "energy_j": energy, "busy_s": busy, "tis": tis,
            "big_max_residency": big_max, "entry_ms": entry, "release_ms": release}


def throughput(wl, cell):
    r = cell["res"]
    if wl.startswith("bonnie"):
        f = r.get("csv", "").split(",")
        idx = 11 if wl == "bonnie-seq-output" else 17
        return num(f[idx]) if len(f) > idx else None
    if wl == "periodic":
        return (int(r["jobs"]) - int(r["late"])) / float(r["secs"])
    key = METRICS[wl][0]
    return num(r.get(key)) if key else None


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def spread(xs):
    xs = [x for x in xs if x is not None]
    return [min(xs), max(xs)] if xs else None


def ratio(a, b):
    return a / b if a is not None and b else None


def main():
    log, out = sys.argv[1], sys.argv[2]
    cells, meta = parse(log)
    govs = list(dict.fromkeys(c["gov"] for c in cells))
    result = {"meta": dict(meta, governors=govs,
                           reps=max((int(c["rep"]) for c in cells), default=0),
                           energy_model="P = C*V^2*f per busy CPU, r8a77951.dtsi"),
              "workloads": {}}
    for wl, (_, unit, desc) in METRICS.items():
        src = "bonnie" if wl.startswith("bonnie") else wl
        entry = {"description": desc, "governors": {}}
        for g in govs:
            cs = [c for c in cells if c["gov"] == g and c["wl"] == src]
            if not cs:
                continue
            ms = [measure(c) for c in cs]
            tp = [throughput(wl, c) for c in cs]
            res = {
                "throughput": med(tp), "throughput_unit": unit,
                "throughput_runs": tp, "throughput_spread": spread(tp),
                "energy_j": med([m["energy_j"] for m in ms]),
                "energy_j_runs": [round(m["energy_j"], 4) for m in ms],
                "big_max_residency": med([m["big_max_residency"] for m in ms]),
                "busy_s": {k: med([m["busy_s"][k] for m in ms]) for k in ("a57", "a53")},
                "time_in_state_s": {p: {str(khz): med([m["tis"][p].get(khz, 0) for m in ms])
                                        for khz in ms[0]["tis"][p]}
                                    for p in ("policy0", "policy4")},
                "wall_s": med([m["wall_s"] for m in ms]),
            }
            if wl in IO_WORKLOADS:
                res["entry_ms"] = med([m["entry_ms"] for m in ms])
                res["entry_ms_runs"] = [m["entry_ms"] for m in ms]
                res["release_ms"] = med([m["release_ms"] for m in ms])
                res["release_ms_runs"] = [m["release_ms"] for m in ms]
            entry["governors"][g] = res
        for g, res in entry["governors"].items():
            for ref in ("performance", "schedutil"):
                r = entry["governors"].get(ref)
                if r:
                    res["throughput_vs_" + ref] = ratio(res["throughput"], r["throughput"])
                    res["energy_vs_" + ref] = ratio(res["energy_j"], r["energy_j"])
        if entry["governors"]:
            result["workloads"][wl] = entry
    with open(out + "/bench.json", "w") as f:
        json.dump(result, f, indent=1)
    write_md(result, govs, out + "/bench.md")
    plot(cells, govs, out)


def fmt(v, p=2):
    return "–" if v is None else ("%.*f" % (p, v))


def write_md(result, govs, path):
    lines = ["| workload | metric | " + " | ".join(govs) + " |",
             "|---|---|" + "---|" * len(govs)]
    for wl, e in result["workloads"].items():
        g = e["governors"]
        unit = METRICS[wl][1]
        if any(x not in g for x in govs):
            continue
        if unit != "none":
            lines.append("| %s | throughput (%s), median [min–max] | " % (wl, unit) + " | ".join(
                "%s [%s–%s]" % (fmt(g[x]["throughput"], 0), *(fmt(v, 0) for v in g[x]["throughput_spread"] or [None, None]))
                for x in govs) + " |")
            lines.append("| | throughput vs performance / schedutil | " + " | ".join(
                "%s / %s" % (fmt(g[x].get("throughput_vs_performance")), fmt(g[x].get("throughput_vs_schedutil")))
                for x in govs) + " |")
        lines.append("| %s | energy (J), median [min–max] | " % ("" if unit != "none" else wl) + " | ".join(
            "%s [%s–%s]" % (fmt(g[x]["energy_j"], 3), fmt(min(g[x]["energy_j_runs"]), 3), fmt(max(g[x]["energy_j_runs"]), 3))
            for x in govs) + " |")
        lines.append("| | energy vs performance / schedutil | " + " | ".join(
            "%s / %s" % (fmt(g[x].get("energy_vs_performance")), fmt(g[x].get("energy_vs_schedutil")))
            for x in govs) + " |")
        lines.append("| | A57 time at max | " + " | ".join(
            "%.0f %%" % (100 * g[x]["big_max_residency"]) for x in govs) + " |")
        lines.append("| | busy CPU-s A57 / A53 (where it ran) | " + " | ".join(
            "%s / %s" % (fmt(g[x]["busy_s"]["a57"]), fmt(g[x]["busy_s"]["a53"])) for x in govs) + " |")
        if wl in IO_WORKLOADS:
            lines.append("| | entry (µs) / release (ms) | " + " | ".join(
                "%s / %s" % (fmt(None if g[x]["entry_ms"] is None else g[x]["entry_ms"] * 1000, 0),
                             fmt(g[x]["release_ms"], 1)) for x in govs) + " |")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def draw_timeline(ax, trace, t0, t_end, starts):
    """Draw policy0 and policy4 frequency (MHz) on ax and the requests in
    flight on a twin axis, from trace (t, event, value) with events f0, f4
    (kHz) and io (+1 issued, -1 completed or requeued), from t0 to t_end;
    starts: the two policies' kHz at t0. Returns the twin axis."""
    for ev, label, start in (("f0", "A57 (policy0)", starts[0]), ("f4", "A53 (policy4)", starts[1])):
        xs, ys = [0.0], [start / 1000]
        for t, e, v in trace:
            if e != ev:
                continue
            if t < t0:
                ys[-1] = v / 1000
                continue
            xs += [t - t0, t - t0]
            ys += [ys[-1], v / 1000]
        xs.append(t_end - t0)
        ys.append(ys[-1])
        ax.plot(xs, ys, label=label)
    ax.set_ylabel("MHz")
    ax2 = ax.twinx()
    n, xs, ys = 0, [0.0], [0]
    for t, e, v in trace:
        if e == "io" and t >= t0:
            n = max(0, n + v)
            xs.append(t - t0)
            ys.append(n)
    ax2.step(xs, ys, where="post", color="grey", alpha=0.5, label="requests in flight")
    return ax2


def legend(ax, ax2, loc):
    h1, l1 = ax.get_legend_handles_labels()
    h2, l2 = ax2.get_legend_handles_labels()
    ax.legend(h1 + h2, l1 + l2, loc=loc, fontsize="small")


def plot(cells, govs, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    for g in govs:
        c = next((c for c in cells if c["gov"] == g and c["wl"] == "copy" and c["rep"] == "1"), None)
        if not c or not c["trace"]:
            continue
        t0 = next((t for t, ev, _ in c["trace"] if ev == "wl-start"), c["trace"][0][0])
        f4 = [v for _, e, v in c["trace"] if e == "f4"]
        start4 = int(c.get("cur4", 0)) or (f4[0] if f4 else 800000)
        fig, ax = plt.subplots(figsize=(9, 4))
        ax2 = draw_timeline(ax, c["trace"], t0, c["trace"][-1][0], (int(c["cur0"]), start4))
        ax.set_xlabel("s since the copy started")
        ax2.set_ylabel("requests in flight")
        ax.set_title("%s: 96 MiB copy on the eMMC model" % g)
        legend(ax, ax2, "upper right")
        fig.tight_layout()
        fig.savefig("%s/bench-%s.png" % (out, g), dpi=80)
        plt.close(fig)


if __name__ == "__main__":
    main()
