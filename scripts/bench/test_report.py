#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""test_report.py: report.py on a synthetic raw log (no board needed).

python3 scripts/bench/test_report.py [--keep]

Writes a raw log as scripts/bench/board.sh prints it (2 regimes x 4 boots x
1 repetition, every governor in the order of scripts/bench/williams.sh,
bonnie phases without TR, copy with TR lines, randread with p50/p99, idle
with unit=none, kernel log lines in between, a window the board never
ended), runs report.py on it and checks bench.json's schema, that intervals
bracket their means, that a governor's ratio to itself is 1, that a planted
20 % throughput gain (hybrid on copy) is claimed and a planted 0 % one
(schedutil+assist, performance's own values shuffled) is not, runs.csv and
the targets; then the statistics by hand (the t interval, pairing against a
per-boot offset), energy per unit of work, the Williams rows of williams.sh
run by sh, the targets' rule at its bound, a one-boot one-repetition log
(no intervals), a make bench TARGET=... log (fio's JSON, energy from the
kernel's energy model and from hwmon), demo/plot.py against a synthetic
console log, and the calibration check's verdict (scripts/calibrate/
judge.py: when a first stage decides alone, when a second one runs, what
both decide, boots as the unit), the RK3399 prediction's
(scripts/calibrate/predict.py: inside both bounds or not, one board), and the README tables of scripts/bench/tables.py (written
where the run has their data, kept where not, hashed as scripts/test/
docs.py checks). --keep keeps the directory.
"""
import csv
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPORT = os.path.join(HERE, "report.py")
WILLIAMS = os.path.join(HERE, "williams.sh")
DEMO_PLOT = os.path.join(os.path.dirname(HERE), "demo", "plot.py")
CAL_JUDGE = os.path.join(os.path.dirname(HERE), "calibrate", "judge.py")
sys.path.insert(0, HERE)
import report  # noqa: E402  (the energy model, called directly)
sys.path.insert(0, os.path.dirname(CAL_JUDGE))
import judge as judge_mod  # noqa: E402  (its held-out phases)

GOVS = ["performance", "schedutil", "ondemand", "ondemand-nas", "hybrid",
        "schedutil+assist", "userspace-max"]
STORAGE_ONLY = ("ondemand-nas", "userspace-max")
# workload -> (unit, base throughput, wall s, busy fraction per CPU)
WLS = {
    "bonnie-block-output": ("KiB/s", 40000.0, 12.0, 0.35),
    "bonnie-rewrite": ("KiB/s", 20000.0, 18.0, 0.30),
    "randread": ("IOPS", 2500.0, 10.0, 0.20),
    "copy": ("MiB/s", 30.0, 8.0, 0.40),
    "dpkg-unpack": ("updates/min", 12.0, 6.0, 0.30),
    "idle": ("none", None, 11.0, 0.01),
}
STORAGE = ("bonnie-block-output", "bonnie-rewrite", "randread", "copy", "dpkg-unpack")
# Throughput factor against performance; hybrid's copy: the planted +20 %.
FACTOR = {"performance": 1.0, "schedutil": 0.92, "ondemand": 0.85, "ondemand-nas": 0.97,
          "hybrid": 1.0, "schedutil+assist": 1.0, "userspace-max": 1.0}
# Share of the time at each A57 OPP (500 MHz, 1 GHz, 1.5 GHz).
SHARE = {"performance": (0, 0, 1), "userspace-max": (0, 0, 1), "schedutil": (.5, .3, .2),
         "ondemand": (.4, .3, .3), "ondemand-nas": (.2, .2, .6), "hybrid": (.5, .1, .4),
         "schedutil+assist": (.45, .25, .3)}
A57 = (500000, 1000000, 1500000)
A53 = (800000, 1000000, 1200000)


# bonnie++'s held-out phases (scripts/bench/board.sh's bonnie-held-out):
# schedutil's sequential delete planted at the report's 0.916, its random
# create at 0.92 (the report: 1.106, outside the board's interval).
HELD = {
    "bonnie-perchar-output": ("KiB/s", 190.0, 17.0, 0.15),
    "bonnie-perchar-input": ("KiB/s", 700.0, 5.0, 0.15),
    "bonnie-seq-create": ("files/s", 22000.0, 0.8, 0.20),
    "bonnie-seq-delete": ("files/s", 20000.0, 0.8, 0.20),
    "bonnie-rand-create": ("files/s", 22000.0, 0.8, 0.20),
    "bonnie-rand-delete": ("files/s", 18000.0, 0.9, 0.20),
}
PLANTED = {("hybrid", "copy"): 1.2, ("schedutil", "bonnie-seq-delete"): 25869 / 28239}


def factor(g, wl):
    return PLANTED.get((g, wl), FACTOR[g])


class Board:
    """One boot's cumulative counters and clock."""

    def __init__(self, rng):
        self.rng = rng
        self.t = 5_000_000_000
        self.busy = {c: {k: rng.randrange(10**8) for k in (A57 if c < 4 else A53)}
                     for c in range(8)}
        self.tis = {0: {k: rng.randrange(1000) for k in A57},
                    4: {k: rng.randrange(1000) for k in A53}}

    def snap(self, label):
        out = ["SNAP %s %d" % (label, self.t)]
        for c in range(8):
            out.append("BUSY %s cpu%d " % (label, c) +
                       " ".join("%d:%d" % kv for kv in self.busy[c].items()))
        for p in (0, 4):
            out.append("TIS %s policy%d " % (label, p) +
                       " ".join("%d:%d" % kv for kv in self.tis[p].items()) + " ")
        return out

    def advance(self, wall, share, busy_frac):
        self.t += int(wall * 1e9)
        for p, opps, sh in ((0, A57, share), (4, A53, (.3, .3, .4))):
            for k, s in zip(opps, sh):
                self.tis[p][k] += int(round(wall * s * 100))
            for c in range(p, p + 4):
                bf = busy_frac * (1 + 0.05 * self.rng.random())
                for k, s in zip(opps, sh):
                    self.busy[c][k] += int(wall * s * bf * 1e9)


def trace(rng, t_start, wall, share):
    """TR lines: marks, f0/f4 changes, requests issued and completed."""
    lines = ["TR %.6f wl-start 0" % t_start]
    t, f0 = t_start, None
    for _ in range(30):
        t += wall / 40
        nf0 = A57[2] if rng.random() < share[2] else A57[0]
        if nf0 != f0:
            lines.append("TR %.6f f0 %d" % (t, nf0))
            f0 = nf0
        if rng.random() < 0.3:
            lines.append("TR %.6f f4 %d" % (t, rng.choice(A53)))
        for i in range(rng.randrange(1, 5)):
            lines.append("TR %.6f io 1" % (t + i * 0.001))
        for i in range(rng.randrange(1, 5)):
            lines.append("TR %.6f io -1" % (t + 0.01 + i * 0.001))
    lines.append("TR %.6f wl-end 0" % (t_start + wall - 1))
    lines.append("TR %.6f f0 %d" % (t_start + wall - 0.5, A57[0]))
    return lines


def williams(n):
    """Every row of a complete set of williams.sh's rows for n governors, as
    lists of indices 1..n, from sh itself (dash here, busybox on the board)."""
    p = subprocess.run(["sh", "-c", '. "$0"; r=$(williams_rows "$1"); k=0; '
                        'while [ $k -lt "$r" ]; do williams_seq "$1" $k; k=$((k + 1)); done',
                        WILLIAMS, str(n)], capture_output=True, text=True)
    assert p.returncode == 0 and not p.stderr, p.stderr
    return [[int(x) for x in line.split()] for line in p.stdout.splitlines()]


def make_log(path, regimes=("5.10", "6.12"), boots=4, reps=1, govs=GOVS, wls=WLS, seed=1,
             truncated=True, boot_sd=0.0, noise_sd=0.015, factors=None, ops=False):
    """boot_sd: a per-boot throughput offset every governor shares; factors:
    {governor: throughput factor} instead of FACTOR; ops: RES ops= on
    randread (the I/Os a 3 s window did)."""
    rng = random.Random(seed)
    rows = williams(len(govs))
    # Performance's noise per (regime, workload, boot, rep); schedutil+assist
    # gets the same values in another order: a planted 0 % difference.
    noise = {(r, w, b, k): rng.gauss(0, noise_sd) for r in regimes for w in wls
             for b in range(1, boots + 1) for k in range(1, reps + 1)}
    offset = {(r, b): 1 + rng.gauss(0, boot_sd) for r in regimes for b in range(1, boots + 1)}
    L = []
    for reg in regimes:
        for boot in range(1, boots + 1):
            bd = Board(rng)
            L += ["[    0.000000] Booting Linux on physical CPU 0x0",
                  "BOOT regime=%s boot=%d kernel=%s.%d-hgov" % (reg, boot, reg, 100 + boot),
                  "MEM MemTotal: 655360 kB MemFree: 300000 kB Cached: 1000 kB",
                  "EMMC fs=ext4 dirty_bytes=0 read_mbps=90 write_mbps=40 ",
                  "BOARD emu_mode=task idle_states=cpu0:cpu-sleep-0/900 idle_exit_pct=13 "
                  "tb_opts=''"]
            for rep in range(1, reps + 1):
                k = (boot - 1) * reps + rep - 1
                seq = [govs[i - 1] for i in rows[k % len(rows)]]
                L.append("DESIGN regime=%s boot=%d rep=%d run=%d row=%d rows=%d seq='%s'"
                         % (reg, boot, rep, k, k % len(rows), len(rows), " ".join(seq)))
                for order, g in enumerate(seq, 1):
                    for wl, (unit, base, wall, bf) in wls.items():
                        if g in STORAGE_ONLY and wl not in STORAGE:
                            continue
                        L.append("WIN regime=%s boot=%d rep=%d gov=%s wl=%s order=%d row=%d "
                                 "max0=1500000 cur0=%d cur4=800000"
                                 % (reg, boot, rep, g, wl, order, k % len(rows),
                                    1500000 if SHARE[g][2] == 1 else 500000))
                        t0 = bd.t / 1e9
                        L += bd.snap("begin")
                        if rng.random() < 0.3:
                            L.append("[   %8.6f] random: kernel noise line" % t0)
                        bd.advance(wall, SHARE[g], bf)
                        L += bd.snap("end")
                        if base is None:
                            L.append("RES unit=none")
                        else:
                            key = (reg, wl, boot, rep)
                            if g == "schedutil+assist":
                                key = (reg, wl, boots + 1 - boot, reps + 1 - rep)
                            n = noise[key] if g in ("performance", "schedutil+assist") \
                                else rng.gauss(0, noise_sd)
                            f = factors[g] if factors else factor(g, wl)
                            v = base * f * (1 + n) * offset[(reg, boot)]
                            extra = ""
                            if wl == "randread":
                                extra = " p50_ms=%.3f p99_ms=%.3f iodepth=1" % (
                                    0.4 / f, 2.0 / f * (1 + n))
                                if ops:
                                    extra += " ops=%d" % round(v * 3)
                            if wl == "dpkg-unpack":
                                # The real programs: the update's seconds beside it.
                                extra = " seconds=%.4f" % (60 / v)
                            if wl in HELD:
                                extra = " cpu_pct=%d" % (99 if "perchar" in wl else 60 + boot)
                            L.append("RES throughput=%.2f unit=%s%s" % (v, unit, extra))
                        if wl == "copy" and rep == 1:
                            L += trace(rng, t0, wall, SHARE[g])
                        L.append("WINEND")
            if truncated and boot == boots:
                # The board died in a window: dropped.
                L += ["WIN regime=%s boot=%d rep=%d gov=hybrid wl=copy order=1 max0=1500000 "
                      "cur0=500000 cur4=800000" % (reg, boot, reps + 1)]
                L += bd.snap("begin")
                L.append("[  999.000000] Kernel panic - not syncing")
    with open(path, "w") as f:
        f.write("\n".join(L) + "\n")


def run_report(log, out):
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")
    p = subprocess.run([sys.executable, REPORT, log, out], capture_output=True, text=True,
                       env=env)
    assert p.returncode == 0, p.stderr
    return p


def brackets(ci, v, what):
    assert ci is not None and len(ci) == 2, (what, ci)
    eps = 1e-9 * max(1.0, abs(v))
    assert ci[0] - eps <= v <= ci[1] + eps, (what, ci, v)


def check_full(d):
    log, out = os.path.join(d, "raw.log"), os.path.join(d, "out")
    make_log(log)
    p = run_report(log, out)
    assert "dropped a window" in p.stderr, p.stderr
    j = json.load(open(os.path.join(out, "bench.json")))
    assert set(j) == {"meta", "regimes"}, j.keys()
    for k in ("governors", "workloads", "regimes", "energy_model", "bootstrap", "date",
              "emmc", "mem", "interval_method", "design", "energy_per_op", "recommended",
              "targets", "targets_rule", "storage_workloads"):
        assert k in j["meta"], k
    assert "Student t" in j["meta"]["interval_method"], j["meta"]["interval_method"]
    assert "percentile bootstrap of the median" not in j["meta"]["bootstrap"]
    assert j["meta"]["recommended"] == "schedutil+assist"
    assert j["meta"]["governors"] == GOVS, j["meta"]["governors"]
    want_reg = {"repetitions": 4, "boots": 4, "unit": "boot", "units": 4}
    assert j["meta"]["regimes"] == {"5.10": want_reg, "6.12": want_reg}, j["meta"]["regimes"]
    assert j["meta"]["energy_model"]["sources"] and j["meta"]["energy_model"]["assumptions"]
    assert list(j["regimes"]) == ["5.10", "6.12"], list(j["regimes"])
    for reg, rd in j["regimes"].items():
        assert set(rd) == {"meta", "workloads", "targets"}, rd.keys()
        # 7 governors: 14 rows, 4 of them run; the DESIGN lines' sequences.
        dz = rd["meta"]["design"]
        assert dz == j["meta"]["design"][reg], dz
        assert (dz["kind"], dz["rows"], dz["rows_run"], dz["unit"], dz["units"],
                dz["complete"]) == ("williams", 14, [0, 1, 2, 3], "boot", 4, False), dz
        assert dz["sequences"][0] == [GOVS[i - 1] for i in williams(7)[0]], dz["sequences"]
        assert rd["meta"]["emmc"].startswith("fs=ext4"), rd["meta"]["emmc"]
        assert "idle_exit_pct=13" in rd["meta"]["board"], rd["meta"].get("board")
        assert rd["meta"]["mem"].startswith("MemTotal"), rd["meta"]["mem"]
        assert len(rd["meta"]["windows_dropped"]) == 1
        assert set(rd["workloads"]) == set(WLS), rd["workloads"].keys()
        for wl, e in rd["workloads"].items():
            for k in ("description", "smallest_detectable", "governors"):
                assert k in e, (wl, k)
            # Only bonnie++'s held-out phases get the report beside them.
            assert "held_out" not in e, wl
            sd = e["smallest_detectable"]
            assert sd and sd["metric"] == ("energy_j" if wl == "idle" else "throughput"), sd
            assert 0 < sd["relative"] < 0.2, (wl, sd)
            want = [g for g in GOVS if wl in STORAGE or g not in STORAGE_ONLY]
            assert list(e["governors"]) == want, (wl, list(e["governors"]))
            for g, r in e["governors"].items():
                for k in ("throughput", "throughput_unit", "throughput_ci", "energy_j",
                          "energy_dyn_j", "power_mw", "runs", "vs", "energy_j_ci",
                          "energy_per_op_j", "energy_per_op_j_ci", "energy_per_op_unit",
                          "units"):
                    assert k in r, (reg, wl, g, k)
                assert ("p99_ms" in r) == (wl == "randread"), (wl, g)
                assert ("seconds" in r) == (wl == "dpkg-unpack"), (wl, g)
                if wl == "dpkg-unpack":
                    # seconds: 60 / updates/min, per run and in the median.
                    assert abs(r["seconds"] - 60 / r["throughput"]) < 2e-3 * r["seconds"], r
                    assert all(abs(run["seconds"] * run["throughput"] - 60) < 0.1
                               for run in r["runs"]), r["runs"]
                assert len(r["runs"]) == 4 and r["units"] == 4, (reg, wl, g, len(r["runs"]))
                for run in r["runs"]:
                    for k in ("rep", "boot", "order", "row", "throughput", "energy_j",
                              "energy_dyn_j", "power_mw", "wall_s", "p50_ms", "p99_ms", "ops",
                              "energy_per_op_j", "energy_per_op_unit"):
                        assert k in run, k
                    assert run["row"] == run["boot"] - 1, run
                    assert 0 < run["energy_dyn_j"] < run["energy_j"], run
                    assert abs(run["power_mw"] - run["energy_j"] / run["wall_s"] * 1000) < 1e-3
                    if wl == "randread":
                        assert run["iodepth"] == 1.0, run
                assert r["energy_dyn_j"] < r["energy_j"]
                brackets(r["energy_j_ci"], r["energy_j"], (reg, wl, g, "energy"))
                if wl == "idle":
                    assert r["throughput"] is None and r["throughput_ci"] is None
                    assert r["throughput_unit"] == "none"
                    assert r["energy_per_op_j"] is None and r["energy_per_op_unit"] is None
                else:
                    assert r["throughput_unit"] == WLS[wl][0]
                    brackets(r["throughput_ci"], r["throughput"], (reg, wl, g, "throughput"))
                    brackets(r["energy_per_op_j_ci"], r["energy_per_op_j"], (reg, wl, g, "epo"))
                    assert r["energy_per_op_unit"] == EPO_UNIT[wl], (wl, r["energy_per_op_unit"])
                    # The central value is the mean over units (one run each).
                    tp = [run["throughput"] for run in r["runs"]]
                    assert abs(r["throughput"] - sum(tp) / 4) < 1e-6 * r["throughput"], r
                assert set(r["vs"]) == {"performance", "schedutil"}, r["vs"].keys()
                for ref, v in r["vs"].items():
                    want = {"throughput", "energy_j", "energy_per_op_j", "energy_j_bsp_em",
                            "energy_per_op_j_bsp_em"}
                    if wl == "randread":
                        want.add("p99_ms")
                    assert set(v) == want, (wl, v.keys())
                    for m in want:
                        x = v[m]
                        if wl == "idle" and m in ("throughput", "energy_per_op_j",
                                                  "energy_per_op_j_bsp_em"):
                            assert x is None
                            continue
                        assert set(x) == {"ratio", "ci", "n", "sd_log"} and x["n"] == 4, x
                        brackets(x["ci"], x["ratio"], (reg, wl, g, ref, m))
                        if g == ref:
                            assert x["ratio"] == 1 and x["ci"] == [1, 1], (g, ref, x)
        copy = rd["workloads"]["copy"]["governors"]
        hy = copy["hybrid"]["vs"]["performance"]["throughput"]
        assert 1.1 < hy["ratio"] < 1.3 and hy["ci"][0] > 1, hy
        sa = copy["schedutil+assist"]["vs"]["performance"]["throughput"]
        assert abs(sa["ratio"] - 1) < 1e-9 and sa["ci"][0] <= 1 <= sa["ci"][1], sa
        texts = [c["text"] for c in rd["meta"]["claims"]]
        assert any(t.startswith("hybrid beats performance on copy (regime %s): ratio " % reg)
                   and t.endswith("(throughput)") for t in texts), texts
        assert any(t.startswith("hybrid beats schedutil on copy (regime %s)" % reg)
                   and t.endswith("(throughput)") for t in texts), texts
        assert not any(t.startswith("schedutil+assist beats performance")
                       and t.endswith("(throughput)") for t in texts), texts
        for c in rd["meta"]["claims"]:
            lo, hi = c["ci"]
            if c["kind"] == "superiority":
                assert (lo > 1) if c["metric"] == "throughput" else (hi < 1), c
            else:
                assert c["kind"] == "non-inferiority" and \
                    report.target_met(c["side"], c["margin"], c["ci"]), c
        check_targets_json(rd, reg)
        png = os.path.join(out, "bench-%s-timeline.png" % reg)
        assert os.path.getsize(png) > 10000, png
    md = open(os.path.join(out, "bench.md")).read()
    for s in ("## Regime 5.10", "## Regime 6.12", "### Smallest detectable difference",
              "Definition:", "### Claims", "hybrid beats performance on copy (regime 5.10)",
              "### Targets (regime 5.10)", "| storage-throughput | copy | schedutil+assist |",
              "Unit: the boot (4). Design: williams, 7 governors, 14 rows"):
        assert s in md, s
    # runs.csv: every window once, in run order, the JSON's figures.
    rows = list(csv.DictReader(open(os.path.join(out, "bench", "runs.csv"))))
    n = sum(len(r["runs"]) for rd in j["regimes"].values() for e in rd["workloads"].values()
            for r in e["governors"].values())
    assert len(rows) == n == 2 * 4 * (5 * 7 + 1 * 5), (len(rows), n)
    assert list(rows[0]) == list(report.CSV_FIELDS), list(rows[0])
    assert [(x["boot"], x["order"]) for x in rows[:2]] == [("1", "1"), ("1", "1")], rows[:2]
    hy = [x for x in rows if x["regime"] == "5.10" and x["governor"] == "hybrid"
          and x["workload"] == "copy"]
    jr = j["regimes"]["5.10"]["workloads"]["copy"]["governors"]["hybrid"]["runs"]
    assert [float(x["energy_per_op_j"]) for x in hy] == [r["energy_per_op_j"] for r in jr], hy
    assert {x["unit"] for x in hy} == {"MiB/s"} and hy[0]["energy_per_op_unit"] == "J/MiB"
    # Reproducible: the same log gives the same bench.json.
    out2 = os.path.join(d, "out2")
    run_report(log, out2)
    assert open(os.path.join(out, "bench.json")).read() == \
        open(os.path.join(out2, "bench.json")).read()
    return j


EPO_UNIT = {"bonnie-block-output": "J/KiB", "bonnie-rewrite": "J/KiB", "randread": "J/IO",
            "copy": "J/MiB", "dpkg-unpack": "J/update"}


def check_targets_json(rd, reg):
    """Every target the regime's workloads allow, its figure the paired
    ratio in the workload's vs, met by the rule."""
    tg = rd["targets"]
    ids = {}
    for t in tg:
        ids.setdefault(t["id"], []).append(t["workload"])
        v = rd["workloads"][t["workload"]]["governors"][t["governor"]]["vs"][t["reference"]]
        assert (t["figure"], t["ci"]) == (v[t["metric"]]["ratio"], v[t["metric"]]["ci"]), t
        assert t["met"] == report.target_met(t["side"], t["bound"], t["ci"]), t
        assert t["status"] == ("met" if t["met"] else "not met"), t
        missed = report.target_missed(t["side"], t["bound"], t["ci"])
        assert t["outcome"] == ("met" if t["met"] else "missed" if missed
                                else "undecided"), t
        assert (t["units_to_decide"] is None) == (t["outcome"] != "undecided" or
                                                  report.units_to_decide(
                                                      v[t["metric"]], t["bound"]) is None), t
    storage = [w for w in WLS if w != "idle"]
    assert ids == {"storage-throughput": storage, "storage-energy-per-op": storage,
                   "storage-throughput-hybrid": storage, "no-storage-energy": ["idle"],
                   "randread-p99": ["randread"]}, ids
    assert rd["meta"]["targets_summary"] == {
        "met": sum(t["met"] for t in tg), "total": len(tg),
        "missed": sum(t["outcome"] == "missed" for t in tg),
        "undecided": sum(t["outcome"] == "undecided" for t in tg)}
    # Planted: schedutil+assist's p99 is performance's (not below it); its
    # throughput performance's exactly, shuffled: within 0.99 only where the
    # interval is narrow enough.
    rr = next(t for t in tg if t["id"] == "randread-p99")
    assert not rr["met"] and rr["ci"][1] >= 1, rr


def runs_of(values, metric="throughput", boots=None):
    """Run records, one per value, boots 1.. (or boots), one repetition each."""
    boots = boots or list(range(1, len(values) + 1))
    return [{"boot": b, "rep": 1, metric: v} for b, v in zip(boots, values)]


def check_t_interval():
    """The t interval by hand. Ratios exp(0.01, 0.03, 0.02, 0.04): log mean
    0.025, sd sqrt(5e-4 / 3) = 0.0129099, t(0.975, 3) = 3.1824, half-width
    3.1824 * 0.0129099 / 2 = 0.0205423: [exp(0.0044577), exp(0.0455423)] =
    [1.004468, 1.046595] about exp(0.025) = 1.025315. Values 10, 12, 11, 13:
    mean 11.5, sd 1.29099, half-width 2.05423. One unit: no interval."""
    ref = runs_of([100.0, 90.0, 120.0, 80.0])
    gov = runs_of([100.0 * math.exp(0.01), 90.0 * math.exp(0.03), 120.0 * math.exp(0.02),
                   80.0 * math.exp(0.04)])
    r = report.paired_ratio(gov, ref, "throughput", "boot")
    cases = (("ratio", r["ratio"], 1.025315), ("lo", r["ci"][0], 1.004468),
             ("hi", r["ci"][1], 1.046595))
    for name, got, want in cases:
        assert abs(got - want) < 2e-6, (name, got, want)
    assert r["n"] == 4, r
    m, ci = report.mean_ci(runs_of([10.0, 12.0, 11.0, 13.0]), "throughput", "boot")
    assert m == 11.5 and abs(ci[0] - 9.44577) < 1e-5 and abs(ci[1] - 13.55423) < 1e-5, ci
    assert abs(r["sd_log"] - 0.0129099) < 1e-6, r
    one = report.paired_ratio(runs_of([2.0]), runs_of([1.0]), "throughput", "boot")
    assert one == {"ratio": 2.0, "ci": None, "n": 1, "sd_log": None}, one
    # t(0.975, df): the table, then the expansion (31: 2.0395, 120: 1.9799).
    for df, want, tol in ((1, 12.7062, 0), (3, 3.1824, 0), (30, 2.0423, 0),
                          (31, 2.0395, 5e-4), (120, 1.9799, 5e-4), (10 ** 6, 1.96, 1e-3)):
        assert abs(report.t975(df) - want) <= tol, (df, report.t975(df), want)
    # Units: two repetitions of a boot are one unit (their mean); a
    # reference missing in a unit leaves that unit out of the pairs.
    a = [{"boot": 1, "rep": 1, "x": 1.0}, {"boot": 1, "rep": 2, "x": 3.0},
         {"boot": 2, "rep": 1, "x": 4.0}, {"boot": 3, "rep": 1, "x": 9.0}]
    b = [{"boot": 1, "rep": 1, "x": 1.0}, {"boot": 2, "rep": 1, "x": 2.0}]
    assert report.unit_values(a, "x", "boot") == {1: 2.0, 2: 4.0, 3: 9.0}
    assert report.unit_values(a, "x", "repetition")[(1, 2)] == 3.0
    r = report.paired_ratio(a, b, "x", "boot")
    assert r["n"] == 2 and abs(r["ratio"] - 2.0) < 1e-12 and r["ci"] == [2.0, 2.0], r


def check_pairing(d):
    """A per-boot offset (sd 10 %) both governors share cancels in the
    paired ratio: its interval is narrow where each governor's own (and so
    any unpaired comparison) is wide; the targets read it."""
    log, out = os.path.join(d, "paired.log"), os.path.join(d, "paired")
    govs = ["performance", "schedutil", "hybrid", "schedutil+assist"]
    make_log(log, regimes=("5.10",), govs=govs, wls={"copy": WLS["copy"], "idle": WLS["idle"]},
             truncated=False, boot_sd=0.10, noise_sd=0.001,
             factors={"performance": 1.0, "schedutil": 0.9, "hybrid": 0.97,
                      "schedutil+assist": 1.0})
    wins, rmeta, gmeta, dropped = report.parse(log)
    j = json.loads(json.dumps(report.aggregate(wins, rmeta, gmeta, dropped, "now")))
    rd = j["regimes"]["5.10"]
    g = rd["workloads"]["copy"]["governors"]
    for name in govs:
        lo, hi = g[name]["throughput_ci"]
        assert (hi - lo) / 2 / g[name]["throughput"] > 0.05, (name, g[name]["throughput_ci"])
    for name, want in (("schedutil", 0.9), ("hybrid", 0.97), ("schedutil+assist", 1.0)):
        v = g[name]["vs"]["performance"]["throughput"]
        assert abs(v["ratio"] - want) < 0.005 and (v["ci"][1] - v["ci"][0]) / 2 < 0.01, (name, v)
    # 4 governors, 4 boots: one complete square, balanced.
    dz = rd["meta"]["design"]
    assert dz["complete"] and dz["carryover_balanced"] and dz["position_balanced"], dz
    tg = {(t["id"], t["workload"]): t for t in rd["targets"]}
    assert tg[("storage-throughput", "copy")]["met"], tg[("storage-throughput", "copy")]
    assert not tg[("storage-throughput-hybrid", "copy")]["met"]
    assert tg[("storage-throughput-hybrid", "copy")]["status"] == "not met"
    assert any(c["kind"] == "non-inferiority" and c["winner"] == "schedutil+assist"
               and c["workload"] == "copy" and c["margin"] == 0.99 and
               "no worse than 0.99 x performance on copy" in c["text"]
               for c in rd["meta"]["claims"]), rd["meta"]["claims"]


def check_energy_per_op(d):
    """ops and energy_per_op_j of a window: RES ops= where the board counted
    the work, the fixed work (copy 48 MiB, dpkg's one update, bonnie++'s
    256 MiB, 150 Miter of bursts), a fixed-time window's rate x 3 s, RES
    seconds=, else the wall time less the 1 s tail (bonnie++'s: no tail)."""
    bd = Board(random.Random(3))
    L = ["BOOT regime=5.10 boot=1 kernel=5.10.0"]
    cases = (  # workload, RES, ops, unit
        ("randread", "throughput=2000 unit=IOPS ops=6012", 6012, "J/IO"),
        ("randread", "throughput=2000 unit=IOPS", 6000, "J/IO"),
        ("periodic", "throughput=60 unit=jobs/s", 180, "J/job"),
        ("copy", "throughput=20 unit=MiB/s", 48, "J/MiB"),
        ("dpkg-unpack", "throughput=12 unit=updates/min seconds=5", 1, "J/update"),
        ("bonnie-block-output", "throughput=40000 unit=KiB/s", 262144, "J/KiB"),
        ("bonnie-seeks", "throughput=100 unit=seeks/s", 100 * 6.0, "J/seek"),
        ("bursts", "throughput=330 unit=Miter/s busy_s=0.45", 150, "J/Miter"),
        ("cpu-beside-io", "throughput=30 unit=MiB/s", 48, "J/MiB"),
        ("some-new-wl", "throughput=30 unit=tx/s seconds=2.5", 75, "J/tx"),
        ("other-new-wl", "throughput=30 unit=files/s", 30 * 5.0, "J/file"),
        ("idle", "unit=none", None, None),
    )
    for i, (wl, res, _, _) in enumerate(cases):
        L.append("WIN regime=5.10 boot=1 rep=1 gov=hybrid wl=%s order=1" % wl)
        L += bd.snap("begin")
        bd.advance(6.0, SHARE["hybrid"], 0.3)
        L += bd.snap("end")
        L += ["RES " + res, "WINEND"]
    log = os.path.join(d, "epo.log")
    with open(log, "w") as f:
        f.write("\n".join(L) + "\n")
    wins = report.parse(log)[0]
    assert len(wins) == len(cases)
    for w, (wl, res, ops, unit) in zip(wins, cases):
        r = report.run_record(w)
        assert r["ops"] == ops and r["energy_per_op_unit"] == unit, (wl, r["ops"], ops, unit)
        if ops is None:
            assert r["energy_per_op_j"] is None, r
        else:
            assert abs(r["energy_per_op_j"] - r["energy_j"] / ops) < 1e-6 * r["energy_per_op_j"]


def check_williams():
    """williams.sh, run by sh: every row a permutation; over a complete set
    (n rows for even n, 2n for odd) every governor in every position and
    immediately before every other equally often; row k is row k mod rows."""
    for n in (2, 3, 4, 5, 8):
        rows = williams(n)
        assert len(rows) == (n if n % 2 == 0 else 2 * n), (n, len(rows))
        adj, pos = {}, {}
        for row in rows:
            assert sorted(row) == list(range(1, n + 1)), (n, row)
            for a, b in zip(row, row[1:]):
                adj[(a, b)] = adj.get((a, b), 0) + 1
            for i, g in enumerate(row):
                pos[(g, i)] = pos.get((g, i), 0) + 1
        assert len(adj) == n * (n - 1) and len(set(adj.values())) == 1, (n, adj)
        assert len(pos) == n * n and set(pos.values()) == {len(rows) // n}, (n, pos)
        p = subprocess.run(["sh", "-c", '. "$0"; williams_seq "$1" "$2"', WILLIAMS, str(n),
                            str(len(rows) + 1)], capture_output=True, text=True)
        assert [int(x) for x in p.stdout.split()] == rows[1], (n, p.stdout)
    # report.py's check of a design as run, from WIN lines alone: the
    # cyclic rotation it replaced (4 governors, 4 runs: a before b in 3 of
    # 4, b before a in none) is position-balanced only; williams.sh's rows
    # are both.
    g = ["a", "b", "c", "d"]
    for seqs, carry in (([g[k:] + g[:k] for k in range(4)], False),
                        ([[g[i - 1] for i in row] for row in williams(4)], True)):
        rw = [{"boot": str(k + 1), "rep": "1", "gov": x, "order": str(i + 1)}
              for k, q in enumerate(seqs) for i, x in enumerate(q)]
        dz = report.design(rw, {}, "boot", 4)
        assert dz["sequences"] == seqs and dz["kind"] == "recorded", dz
        assert dz["position_balanced"] and dz["carryover_balanced"] is carry, dz


def check_target_rule():
    """A target is met only where the whole interval is on its side of the
    bound: at the bound counts for >= and <=, not for <; no interval: not met."""
    cases = (  # side, bound, ci, met, missed, name
        (">=", 0.99, [0.99, 1.10], True, False, "lower end at the bound"),
        (">=", 0.99, [0.9899, 1.10], False, False, "lower end just below: undecided"),
        (">=", 0.98, [1.01, 1.02], True, False, "all above"),
        (">=", 0.99, [0.90, 0.9899], False, True, "all below: missed"),
        (">=", 0.99, [0.90, 0.99], False, False, "upper end at the bound: undecided"),
        ("<=", 1.00, [0.90, 1.00], True, False, "upper end at the bound"),
        ("<=", 1.00, [0.90, 1.0001], False, False, "upper end just above: undecided"),
        ("<=", 1.02, [1.00, 1.019], True, False, "within the margin"),
        ("<=", 1.00, [1.07, 1.18], False, True, "all above: missed"),
        ("<", 1.00, [0.80, 1.00], False, False, "strictly below: at the bound is not"),
        ("<", 1.00, [0.80, 0.999], True, False, "strictly below"),
        ("<", 1.00, [1.00, 1.20], False, True, "at the bound and above: missed"),
        (">=", 0.99, None, False, False, "no interval"),
    )
    for side, bound, ci, met, missed, name in cases:
        assert report.target_met(side, bound, ci) is met, name
        assert report.target_missed(side, bound, ci) is missed, name
    # Units to decide: t(0.975, n-1) * sd / sqrt(n) < |log(ratio / bound)|.
    # Gap 0.02, sd 0.03: n 11 gives 2.2281 * 0.03 / 3.3166 = 0.02015, n 12
    # 2.2010 * 0.03 / 3.4641 = 0.01906: 12. Either side of the bound alike.
    cases = (  # ratio, sd_log, bound, want, name
        (math.exp(0.02), 0.03, 1.00, 12, "above the bound"),
        (math.exp(-0.02), 0.03, 1.00, 12, "below it, the same"),
        (0.99 * math.exp(0.02), 0.03, 0.99, 12, "the bound's own scale"),
        (1.05, 0.0, 1.00, 2, "no spread: two units"),
        (1.00, 0.03, 1.00, None, "at the bound: never"),
        (1.001, 1.0, 1.00, None, "beyond the cap"),
        (1.05, None, 1.00, None, "one unit: no spread"),
    )
    for ratio, sd, bound, want, name in cases:
        got = report.units_to_decide({"ratio": ratio, "sd_log": sd}, bound)
        assert got == want, (name, got, want)


def check_quick(d):
    """--quick: one boot, one repetition, three governors: no intervals."""
    log, out = os.path.join(d, "quick.log"), os.path.join(d, "quick")
    make_log(log, regimes=("6.12",), boots=1, reps=1, govs=["performance", "schedutil", "hybrid"],
             truncated=False)
    run_report(log, out)
    j = json.load(open(os.path.join(out, "bench.json")))
    r = j["regimes"]["6.12"]["workloads"]["copy"]["governors"]["hybrid"]
    assert r["throughput_ci"] is None and r["vs"]["performance"]["throughput"]["ci"] is None, r
    assert j["regimes"]["6.12"]["workloads"]["copy"]["smallest_detectable"] is None
    assert j["regimes"]["6.12"]["meta"]["claims"] == []
    assert os.path.exists(os.path.join(out, "bench-6.12-timeline.png"))


def check_held_out(d):
    """bonnie++'s held-out phases: parsed, %CP kept, the report's figure
    beside the board's ratio and whether the interval holds it."""
    log, md_path = os.path.join(d, "held.log"), os.path.join(d, "held.md")
    make_log(log, regimes=("5.10",), govs=["performance", "schedutil", "hybrid"], wls=HELD,
             truncated=False)
    # In this process, without the timeline (matplotlib): make test's
    # time stays what it was.
    sys.path.insert(0, HERE)
    import report
    wins, rmeta, gmeta, dropped = report.parse(log)
    j = json.loads(json.dumps(report.aggregate(wins, rmeta, gmeta, dropped, "now")))
    report.write_md(j, md_path)
    wl = j["regimes"]["5.10"]["workloads"]
    assert list(wl) == list(HELD), list(wl)
    for k, e in wl.items():
        h = e["held_out"]
        assert h["source"].startswith("R-Car wiki") and "1.03e" in h["source"], h
        r, p = h["report"]["schedutil"], h["report"]["performance"]
        assert abs(h["report_schedutil_vs_performance"] - r / p) < 1e-6, h
        b = h["board_schedutil_vs_performance"]
        assert b == e["governors"]["schedutil"]["vs"]["performance"]["throughput"], (b, e)
        assert h["within_interval"] == (b["ci"][0] <= r / p <= b["ci"][1]), h
        for g, gr in e["governors"].items():
            assert gr["throughput_unit"] == HELD[k][0], gr
            assert gr["cpu_pct"] == (99 if "perchar" in k else 62.5), (k, g, gr["cpu_pct"])
    assert wl["bonnie-seq-delete"]["held_out"]["within_interval"] is True, wl["bonnie-seq-delete"]
    assert wl["bonnie-rand-create"]["held_out"]["within_interval"] is False
    assert (wl["bonnie-perchar-output"]["held_out"]["report"] ==
            {"schedutil": 53238, "schedutil_cpu_pct": 97,
             "performance": 53640, "performance_cpu_pct": 97})
    md = open(md_path).read()
    assert "### bonnie++: the report's held-out figures (regime 5.10)" in md, md
    assert "held-out, not fitted" in md
    sec = md.split("held-out figures", 1)[1].split("### Smallest", 1)[0]
    rows = [x for x in sec.splitlines() if x.startswith("| bonnie-")]
    assert len(rows) == 6, rows
    assert rows[0].startswith("| bonnie-perchar-output | 0.993 |") and \
        "| 97 / 97 | 99 / 99 / 99 |" in rows[0], rows[0]
    assert any(x.startswith("| bonnie-rand-create | 1.106 |") and x.endswith("| **no** |")
               for x in rows), rows
    assert any(x.startswith("| bonnie-seq-delete | 0.916 |") and x.endswith("| yes |")
               for x in rows), rows


def remote_log(path, src):
    """A make bench TARGET=... log (scripts/bench/remote-board.sh): two
    policies of two CPUs, fio's JSON for the storage workloads, energy
    from the energy model or hwmon counters; every window the same."""
    fio_rr = {"jobs": [{"jobname": "randread", "error": 0, "read": {
        "iops": 1234.5, "clat_ns": {"percentile": {"50.000000": 200000, "99.000000": 1500000}}}}]}
    fio_fs = {"jobs": [{"jobname": "fsync-writes", "error": 0, "write": {"iops": 80.0},
                        "sync": {"lat_ns": {"percentile": {"50.000000": 9000000,
                                                           "99.000000": 30000000}}}}]}
    L = ["BOOT regime=remote boot=1 kernel=6.6.0-test",
         "REMOTE target=root@board:2222 scratch=/dev/sda fs=ext4 engine=fio "
         "energy_source=%s secs=10 file_mb=256 copy_mb=256 machine=aarch64" % src,
         "POLICY policy0 cpus=0,1 driver=cpufreq-dt", "POLICY policy2 cpus=2,3 driver=cpufreq-dt",
         "EM cpu0 cpus=0-1 500000:100000 1000000:400000",
         "EM cpu2 cpus=2-3 1000000:200000",
         "NOTE governors: performance hybrid"]
    if src == "hwmon":
        L.append("HWMONS ina226:hwmon0/energy1_input")
    t = 1000
    for rep in (1, 2):
        for g in ("performance", "hybrid"):
            for wl, fio in (("randread", fio_rr), ("fsync-writes", fio_fs)):
                L.append("WIN regime=remote boot=1 rep=%d gov=%s wl=%s order=1 max0=1000000 "
                         "cur0=500000 cur2=1000000" % (rep, g, wl))
                for lab, k in (("begin", 0), ("end", 1)):
                    L.append("SNAP %s %d" % (lab, (t + 2 * k) * 10 ** 9))
                    L.append("STAT %s cpu0 %d %d" % (lab, 1000 + 50 * k, 5000 + 150 * k))
                    L.append("STAT %s cpu1 %d %d" % (lab, 1000, 5000 + 200 * k))
                    L.append("STAT %s cpu2 %d %d" % (lab, 1000 + 100 * k, 5000 + 100 * k))
                    L.append("STAT %s cpu3 %d %d" % (lab, 1000, 5000 + 200 * k))
                    L.append("TIS %s policy0 500000:%d 1000000:%d" % (lab, 300 + 100 * k, 700 + 100 * k))
                    L.append("TIS %s policy2 1000000:%d" % (lab, 900 + 200 * k))
                    L.append("HWMON %s energy hwmon0/energy1_input %d" % (lab, 10 ** 9 + 3 * 10 ** 6 * k))
                    if lab == "begin":
                        L.append("FIO " + json.dumps(fio))
                L.append("WINEND")
                t += 10
    L.append("ok: bench done")
    with open(path, "w") as f:
        f.write("\n".join(L) + "\n")


def check_remote(d):
    """make bench TARGET=...: fio's JSON read, energy from the energy model
    (busy time x the model's power weighted by residency) or hwmon."""
    for src, want in (("energy_model", 0.5 * 0.25 + 1.0 * 0.2), ("hwmon", 3.0)):
        log, out = os.path.join(d, "remote-%s.log" % src), os.path.join(d, "remote-" + src)
        remote_log(log, src)
        run_report(log, out)
        j = json.load(open(os.path.join(out, "bench.json")))
        m = j["meta"]
        assert m["target"] == "root@board:2222" and m["energy_source"] == src, m
        assert m["remote"]["policies"] == {"policy0": [0, 1], "policy2": [2, 3]}, m["remote"]
        wl = j["regimes"]["remote"]["workloads"]
        rr, fs = wl["randread"]["governors"]["hybrid"], wl["fsync-writes"]["governors"]["hybrid"]
        assert (rr["throughput"], rr["throughput_unit"], rr["p50_ms"], rr["p99_ms"]) == \
            (1234.5, "IOPS", 0.2, 1.5), rr
        assert (fs["throughput"], fs["throughput_unit"], fs["p99_ms"]) == (80.0, "ops/s", 30.0), fs
        assert abs(rr["energy_j"] - want) < 1e-9 and rr["wall_s"] == 2, (src, rr["energy_j"])
        # One boot: the repetition is the unit; 10 s windows of 1234.5 IOPS.
        assert j["regimes"]["remote"]["meta"]["unit"] == "repetition"
        assert rr["energy_per_op_unit"] == "J/IO" and \
            abs(rr["energy_per_op_j"] - want / 12345) < 1e-6 * rr["energy_per_op_j"], rr
        assert rr["vs"]["performance"]["energy_j"]["ratio"] == 1
        md = open(os.path.join(out, "bench.md")).read()
        assert "Energy source: **%s**" % src in md and "Board root@board:2222" in md, md[:600]


def check_sleep():
    """A CPU's time in a sleep state (IDLE lines) costs nothing; its time in
    WFI costs the WFI idle cost; without IDLE lines every idle CPU is in WFI."""
    b = {"t": 0, "policy0": {500000: 0}, "policy4": {800000: 0}}
    e = {"t": 2 * 10**9, "policy0": {500000: 200}, "policy4": {800000: 200}}
    for c in range(8):
        b["cpu%d" % c] = {(500000 if c < 4 else 800000): 0}
        e["cpu%d" % c] = {(500000 if c < 4 else 800000): 5 * 10**8}
    win = {"snap": {"begin": b, "end": e}, "env": {}}
    _, dyn, stat, wfi_only, wall = report.energy(win)
    assert wall == 2
    # The second energy model: the older BSP's coefficients scale the
    # dynamic term alone, cluster by cluster (each CPU busy 0.5 s).
    _, dyn_bsp, stat_bsp, wfi_bsp, _ = report.energy(win, report.EM_BSP_CAP)
    want_dyn = 4 * 0.5 * (report.power_w("a57", 500000) + report.power_w("a53", 800000))
    want_bsp = 4 * 0.5 * (report.power_w("a57", 500000) * 460 / 854 +
                          report.power_w("a53", 800000) * 120 / 277)
    assert abs(dyn - want_dyn) < 1e-12 and abs(dyn_bsp - want_bsp) < 1e-12, (dyn, dyn_bsp)
    assert (stat_bsp, wfi_bsp) == (stat, wfi_only)
    want = 4 * 1.5 * (report.idle_w("a57", 830) + report.idle_w("a53", 820))
    assert abs(wfi_only - want) < 1e-12, (wfi_only, want)
    # cpu0 sleeps 1.0 s of its 1.5 idle s, cpu4 all 1.5 s (two states).
    b["idle"] = {"cpu0": {1: 7 * 10**6}, "cpu4": {1: 0, 2: 10**6}}
    e["idle"] = {"cpu0": {1: 8 * 10**6}, "cpu4": {1: 10**6, 2: 15 * 10**5}}
    _, _, _, idle, _ = report.energy(win)
    saved = 1.0 * report.idle_w("a57", 830) + 1.5 * report.idle_w("a53", 820)
    assert abs(idle - (want - saved)) < 1e-12, (idle, want - saved)
    assert report.sleep_overruns(win) == (8, 0)
    # A sleep counted whole in the window it ended in: 1.9 s of cpu0's
    # 1.5 idle s; the idle term clamps its WFI at 0, the count shows it.
    e["idle"]["cpu0"][1] = 89 * 10**5
    assert report.sleep_overruns(win) == (8, 1)
    assert report.energy(win)[3] < idle


def cal_log(path, n, shift=None, perf_scale=1.0, seed=1, model="done_ns=19000", held=None):
    """A calibration boot's console: n repetitions whose schedutil/performance
    ratios are the report's plus shift[key], with 0.2 % jitter; and two
    held-out rounds whose ratios are held[key] (the report's where held
    has none), if held is given."""
    rng = random.Random(seed)
    h3 = {"output": (146354, 134449), "rewrite": (75991, 65647),
          "input": (181281, 158838), "seeks": (6231, 5232)}
    shift = shift or {}
    with open(path, "w") as f:
        f.write("CALMODEL %s\n[    1.0] a kernel line\n" % model)
        for rep in range(1, n + 1):
            perf = {k: p * perf_scale * rng.uniform(0.998, 1.002) for k, (p, _) in h3.items()}
            sched = {k: perf[k] * (s / p + shift.get(k, 0)) * rng.uniform(0.998, 1.002)
                     for k, (p, s) in h3.items()}
            for g, v in (("performance", perf), ("schedutil", sched)):
                f.write("CAL rep=%d gov=%s %s\n" % (rep, g, " ".join(
                    "%s=%d %s_cp=40" % (k, v[k], k) for k in h3)))
        for rep in range(1, 3 if held is not None else 1):
            for g in ("performance", "schedutil"):
                kv = []
                for _, key, wl in judge_mod.HELD:
                    (s_h3, _), (p_h3, _) = report.HELD_OUT[wl]
                    v = p_h3 * rng.uniform(0.998, 1.002)
                    if g == "schedutil":
                        v *= held.get(key, s_h3 / p_h3)
                    kv.append("%s=%d %s_cp=90" % (key, v, key))
                f.write("CALHELD rep=%d gov=%s %s\n" % (rep, g, " ".join(kv)))
            # A round bonnie++ timed none of: it counts for nothing.
            f.write("CALHELD rep=%d gov=performance failed\n" % rep)


def check_calibrate_judge(d):
    """scripts/calibrate/judge.py: a first stage (two boots) decides alone
    only with room; the medians of both stages decide after a second; the
    interval resamples boots; boots of different boards are refused."""
    cases = [
        # (what, shift, performance's scale, --final, exit code)
        ("every ratio the report's", {}, 1.0, False, 0),
        ("every ratio 0.03 inside its bound", {"output": 0.01, "seeks": -0.01}, 1.0, False, 0),
        ("block output 0.002 inside: a second stage", {"output": 0.038}, 1.0, False, 3),
        ("seeks beyond: a second stage, not a failure", {"seeks": -0.05}, 1.0, False, 3),
        ("both stages, block output 0.004 inside", {"output": 0.036}, 1.0, True, 0),
        ("both stages, block output beyond", {"output": 0.045}, 1.0, True, 1),
        ("both stages, rewrite beyond", {"rewrite": -0.05}, 1.0, True, 1),
        ("performance's K/s 25 % low", {}, 0.75, True, 1),
    ]

    def judge(logs, final):
        return subprocess.run([sys.executable, CAL_JUDGE] + (["--final"] if final else []) + logs,
                              capture_output=True, text=True)

    for what, shift, scale, final, want in cases:
        logs = []
        for boot in range(1, 5 if final else 3):
            logs.append(os.path.join(d, "cal-%d.log" % boot))
            cal_log(logs[-1], 8, shift, scale, seed=boot)
        r = judge(logs, final)
        assert r.returncode == want, "judge.py, %s: exit %d, not %d\n%s%s" % (
            what, r.returncode, want, r.stdout, r.stderr)
        if want == 3:
            assert "second stage of 2 boot(s)" in r.stdout, what
        else:
            assert ("32 runs each on 4 boot(s)" if final else "16 runs each on 2 boot(s)") in r.stdout, what
            assert "pass rate of this check as make test runs it (2 boot(s) of 8 runs" in r.stdout, what
    # Boots that disagree (seeks 0.03 apart) with tight runs within each:
    # the interval spans them, as runs taken as independent would not.
    logs = [os.path.join(d, "cal-%d.log" % b) for b in (1, 2)]
    cal_log(logs[0], 8, {"seeks": 0.015}, seed=1)
    cal_log(logs[1], 8, {"seeks": -0.015}, seed=2)
    r = judge(logs, False)
    row = [ln for ln in r.stdout.splitlines() if ln.startswith("random seeks")]
    assert row, r.stdout + r.stderr
    lo, hi = (float(x) for x in row[0].split()[7].split("-"))
    assert lo < 0.840 - 0.01 and hi > 0.840 + 0.01, "the seeks interval ignores the boots: " + row[0]
    # Boots of different boards are not judged together.
    cal_log(logs[1], 8, seed=2, model="done_ns=19000 idle_exit_pct=13")
    r = judge(logs, False)
    assert r.returncode == 2 and "different boards" in r.stderr, "judge.py, two boards: %r" % (r,)
    # The held-out phases: printed beside the report's, not judged; the
    # report's ratio inside the board's interval or not.
    for b in (1, 2):
        cal_log(logs[b - 1], 8, seed=b, held={"rand_delete": 0.889})
    r = judge(logs, False)
    assert r.returncode == 0, r.stdout + r.stderr
    rows = {ln[:26].strip(): ln.split() for ln in r.stdout.splitlines()
            if ln[:26].strip() in ("random delete", "sequential delete")}
    assert rows["random delete"][-1] == "no" and rows["sequential delete"][-1] == "yes", r.stdout
    assert abs(float(rows["random delete"][6]) - 0.889) < 0.005, rows
    cal_log(logs[0], 8, seed=1)
    r = judge(logs[:1], False)
    assert "(no held-out runs on these boots)" in r.stdout, r.stdout
    r = judge([os.path.join(d, "no-such.log")], False)
    assert r.returncode == 2 and "no-such.log" in r.stderr, "judge.py on a missing log: %r" % (r,)
    r = judge(logs[:1] * 3, True)
    assert r.returncode == 2 and "usage" in r.stderr, "judge.py --final, odd boots: %r" % (r,)


def rk_log(path, n, perf, ratio, model="soc=rk3399 lat_us=75"):
    """An RK3399 boot's console: n repetitions at perf IOPS under
    performance and perf * ratio under schedutil, 0.2 % jitter."""
    rng = random.Random(n * 1000 + int(perf))
    with open(path, "w") as f:
        f.write("RKMODEL %s\n[    1.0] a kernel line\n" % model)
        for rep in range(1, n + 1):
            for g, v in (("performance", perf), ("schedutil", perf * ratio)):
                f.write("RK rep=%d gov=%s ios=1 iops=%.1f lat_us_p50=1.0 lat_us_p99=1.0 cpu=%d\n"
                        % (rep, g, v * rng.uniform(0.998, 1.002), 0 if g == "performance" else 1))


def check_rk3399_predict(d):
    """scripts/calibrate/predict.py: the prediction against Loehle's RK3399
    figures passes inside both bounds and fails outside either; boots of
    different boards, and a boot without runs, are refused."""
    cases = [
        # (what, performance's IOPS, schedutil/performance, exit code)
        ("Loehle's own figures", 4860, 4159 / 4860, 0),
        ("ratio 0.04 low, IOPS 20 % low", 3900, 0.816, 0),
        ("ratio 0.06 low", 4860, 0.796, 1),
        ("ratio 0.06 high", 4860, 0.916, 1),
        ("IOPS 30 % low (the H3's lat_us=200)", 3400, 0.856, 1),
        ("IOPS 30 % high", 6320, 0.856, 1),
    ]
    pred = os.path.join(os.path.dirname(CAL_JUDGE), "predict.py")
    logs = [os.path.join(d, "rk-%d.log" % b) for b in (1, 2)]
    for what, perf, ratio, want in cases:
        for b, log in enumerate(logs):
            rk_log(log, 4 + b, perf, ratio)
        r = subprocess.run([sys.executable, pred] + logs, capture_output=True, text=True)
        assert r.returncode == want, "predict.py, %s: exit %d, not %d\n%s%s" % (
            what, r.returncode, want, r.stdout, r.stderr)
        row = [ln for ln in r.stdout.splitlines() if ln.startswith("schedutil/performance")]
        assert row and abs(float(row[0].split()[1]) - ratio) < 0.005, (what, r.stdout)
        assert "performance cpu0 9; schedutil cpu1 9" in r.stdout, (what, r.stdout)
    rk_log(logs[1], 4, 4860, 0.856, model="soc=rk3399 lat_us=200")
    r = subprocess.run([sys.executable, pred] + logs, capture_output=True, text=True)
    assert r.returncode == 2 and "different boards" in r.stderr, "predict.py, two boards: %r" % (r,)
    rk_log(logs[1], 1, 4860, 0.856)
    r = subprocess.run([sys.executable, pred] + logs, capture_output=True, text=True)
    assert r.returncode == 2 and "fewer than two runs" in r.stderr, "predict.py, one run: %r" % (r,)


def check_tables(j, d):
    """tables.py: a table the run has data for is written, with the hash
    docs.py checks; one it lacks data for is kept; a hand edit is caught."""
    sys.path.insert(0, os.path.join(os.path.dirname(HERE), "test"))
    import docs
    import tables
    path = os.path.join(d, "README.md")
    old = ["<!-- bench-table %s: generated by scripts/bench/tables.py from out/bench.json, "
           "do not edit (sha256 %s) -->" % (n, docs.content_hash(["old"]))
           for n in ("results", "regime-5.10", "regime-6.12")]
    text = ["prose"] + sum([[b, "old", "<!-- /bench-table %s -->" % n]
                            for b, n in zip(old, ("results", "regime-5.10", "regime-6.12"))],
                           [])
    with open(path, "w") as f:
        f.write("\n".join(text))
    tables.rewrite(path, j)
    lines = open(path).read().split("\n")
    errors = []
    docs.check_generated("README.md", lines, errors)
    assert not errors, errors
    assert lines[:2] == ["prose", old[0]] and lines[2] == "old", lines[:3]
    rows = [r.split(" | ") for r in lines if r.startswith("| copy ")]
    assert len(rows) == 2 and all(1.17 < float(r[3].split()[0]) < 1.23 for r in rows), rows
    # README's workloads, all of them copies of the planted copy: hybrid's
    # throughput above performance's on every one.
    rd = j["regimes"]["5.10"]["workloads"]
    for w in tables.README_STORAGE:
        rd[w] = rd["copy"]
    body = tables.readme_results(j)
    assert len(body) == 2 + len(tables.README_WLS) + 4, body
    assert body[2 + len(tables.README_WLS) - 1].startswith("| idle"), body
    assert "every interval on the same side of 1" in body[-3], body[-3]
    choose = tables.readme_choose(j)
    assert "above on %d" % len(tables.README_STORAGE) in choose[2], choose[2]
    n = len(tables.README_STORAGE)
    assert "energy per unit of work ÷ performance's, %d storage workloads: below on %d" % (
        n, n) in choose[2], choose[2]
    # An energy claim stands only where both energy models make it: with
    # the older BSP's coefficients holding 1, hybrid's energy below
    # performance's is no longer told, and the results table says where.
    hv = rd["copy"]["governors"]["hybrid"]["vs"]["performance"]
    hv["energy_per_op_j_bsp_em"] = dict(hv["energy_per_op_j"], ratio=1.0, ci=[0.98, 1.02])
    choose = tables.readme_choose(j)
    assert ("energy per unit of work ÷ performance's, %d storage workloads: "
            "not distinguishable from on %d" % (n, n)) in choose[2], choose[2]
    body = tables.readme_results(j)
    assert "bonnie++ block input, hybrid ÷ performance's: 1.00 [0.98–1.02]" in body[-3], body[-3]
    lines[lines.index("old")] = "edited"
    docs.check_generated("README.md", lines, errors)
    assert errors and "edited by hand" in errors[0], errors
    # One boot (no intervals) keeps a table; a real board's run is refused.
    one = json.loads(json.dumps(j))
    one["regimes"]["5.10"]["meta"]["units"] = 1
    try:
        tables.readme_results(one)
        assert False, "a one-boot run wrote README's table"
    except tables.Missing:
        pass
    remote = os.path.join(d, "remote-bench.json")
    with open(remote, "w") as f:
        json.dump(dict(j, meta=dict(j["meta"], target="root@board")), f)
    assert tables.main(["tables.py", remote]) == 1


def check_demo_plot(d):
    """demo/plot.py still draws with report.py's draw_timeline()/legend()."""
    rng = random.Random(2)
    log, png = os.path.join(d, "demo.log"), os.path.join(d, "demo.png")
    L = []
    for g in ("schedutil", "hybrid"):
        L.append("DEMO-CUR %s 500000 800000" % g)
        L.append("DEMO-TR %s 1.000000 copy-start 0" % g)
        for tr in trace(rng, 1.0, 4.0, SHARE[g])[1:]:
            L.append("DEMO-" + tr.replace("TR ", "TR %s " % g, 1))
        L.append("DEMO-TR %s 4.500000 copy-end 0" % g)
    with open(log, "w") as f:
        f.write("\n".join(L) + "\n")
    p = subprocess.run([sys.executable, DEMO_PLOT, log, png], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert os.path.getsize(png) > 10000


def main():
    keep = "--keep" in sys.argv[1:]
    d = tempfile.mkdtemp(prefix="hgov-report-test.")
    try:
        j = check_full(d)
        check_tables(json.loads(json.dumps(j)), d)
        check_quick(d)
        check_held_out(d)
        check_t_interval()
        check_pairing(d)
        check_energy_per_op(d)
        check_williams()
        check_target_rule()
        check_remote(d)
        check_sleep()
        check_demo_plot(d)
        check_calibrate_judge(d)
        check_rk3399_predict(d)
        claims = [c["text"] for r in j["regimes"].values() for c in r["meta"]["claims"]]
        print("test_report.py: ok (%d claims, e.g. %s)" % (len(claims), claims[0]))
    finally:
        if keep:
            print("kept", d)
        else:
            shutil.rmtree(d)


if __name__ == "__main__":
    main()
