#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""report.py RAWLOG OUTDIR: make bench's report.

Reads the board's raw lines (scripts/bench/board.sh; kernel log lines and
anything else are skipped) and writes OUTDIR/bench.json, OUTDIR/bench.md,
OUTDIR/bench/runs.csv (every window's figures) and one
OUTDIR/bench-REGIME-timeline.png per regime.

Raw lines: BOOT (one board boot), EMMC, MEM and BOARD (meta: the eMMC
model, memory, the test bed's emulation mode and idle model), DESIGN (a
repetition's row of the Williams square and its governor order), then per
measured window WIN, SNAP/BUSY/TIS/IDLE begin and end, RES, TR (timeline)
and WINEND; a window without WINEND (the board died, or the next WIN or BOOT
came first) is dropped.

Energy per window (ENERGY_MODEL below): dynamic C*V^2*f per busy CPU
(r8a77951.dtsi), plus a static term per cluster for its whole time at each
OPP, plus an idle cost per CPU for its time in WFI (nothing for its time in
a sleep state of the DT), the last two from ARM Juno r0's EAS sched-energy
data scaled to the H3's voltages.

Statistics (INTERVAL_METHOD below): the boot is the unit (the repetition
where a regime has one boot); per governor the mean over units with a
Student t interval; ratios against performance and schedutil paired within
a unit, their geometric mean with a t interval on the log ratios. Energy
per unit of work (energy_per_op_j) beside energy per window. Targets
(TARGETS below, margins stated before the run) are met only where the whole
95 % interval is on the right side of the margin.
"""
import csv
import datetime
import json
import math
import os
import re
import sys

# ---------------------------------------------------------------------------
# Energy model.
#
# H3 (R-Car H3, r8a77951.dtsi): dynamic-power-coefficient (uW/MHz/V^2) and
# OPP voltages (mV); cpu0-3 are the A57 cluster (policy0), cpu4-7 the A53
# cluster (policy4).
EM = {
    "a57": (854, {500000: 830, 1000000: 830, 1500000: 830, 1600000: 900, 1700000: 960}),
    "a53": (277, {800000: 820, 1000000: 820, 1200000: 820}),
}
# An older Renesas BSP DT's dynamic-power-coefficient (linux-bsp, before
# mainline's IPA values of 2019: A57 460, A53 120; it had AVS voltages,
# not modelled), at the same OPP voltages: the second energy model every energy ratio is
# also computed under (energy_*_bsp_em), since neither set is a measurement.
EM_BSP_CAP = {"a57": 460, "a53": 120}
CLUSTER = {cpu: ("a57" if cpu < 4 else "a53") for cpu in range(8)}
POLICY = {"a57": "policy0", "a53": "policy4"}

# ARM Juno r0 (Cortex-A57 x2 + Cortex-A53 x4), EAS "sched-energy" data.
# Source: arch/arm64/boot/dts/arm/juno-sched-energy.dtsi of the Android /
# EAS kernel trees (e.g. github.com/derkling/linux at dd89ef624d9b;
# CPU_COST_0/CLUSTER_COST_0 = A57, CPU_COST_1/CLUSTER_COST_1 = A53), the same
# figures as ARM's arch/arm64/kernel/energy_model.h (2016, "Juno (r0, r2)"):
#   CLUSTER busy-cost-data (per Juno OPP): A57 24 32 43 49 64,
#                                          A53 26 30 39 47 57
#   CPU idle-cost-data, WFI:               A57 15, A53 6 (cpu-sleep: 0)
# Juno r0's OPP voltages: ARM-software/SCP-firmware,
# product/juno/scp_ramfw/config_dvfs.c (cpu_group_big_r0, _little_r0):
#   A57 450/625/800/950/1100 MHz at 820/850/900/950/1000 mV,
#   A53 450/575/700/775/850 MHz at 820/850/900/950/1000 mV,
#   sustained OPP (sustained_idx 2): 900 mV on both.
JUNO = {
    "a57": {"cluster_cost": ((820, 24), (850, 32), (900, 43), (950, 49), (1000, 64)),
            "cpu_wfi": 15},
    "a53": {"cluster_cost": ((820, 26), (850, 30), (900, 39), (950, 47), (1000, 57)),
            "cpu_wfi": 6},
}
JUNO_IDLE_REF_MV = 900
# Assumptions (numbers not measured on an H3):
# 1. sched-energy costs are unitless "bogo-watts"; they are taken as mW.
#    Check: Juno's A57 CPU busy cost at 1100 MHz/1.0 V is 616, C*f*V^2 with
#    SCP-firmware's 0.53 mW/MHz/V^2 gives 583 mW; A53 at 850 MHz: 93 vs 119.
# 2. Static (cluster): the Juno CLUSTER busy cost is taken as the cluster's
#    static/shared power, a function of voltage only (frequency-independent),
#    read at the H3 OPP's voltage by linear interpolation between Juno's
#    (voltage, cost) points (V-proportional outside 820-1000 mV), charged
#    for the cluster's whole time at each OPP (time_in_state, busy or idle).
#    The Juno figure also holds the L2/SCU's dynamic power at Juno's clock.
#    No cluster power-down (Juno's cluster-sleep) is modelled.
# 3. Idle (CPU): a CPU's time in WFI (not busy, not in a sleep state) is
#    charged at Juno's WFI cost, taken as leakage at Juno's sustained
#    900 mV and scaled by V/900 mV to the cluster's time-weighted mean
#    voltage in the window.
# 4. Sleep (CPU): time in the DT's sleep states (cpuidle stateN/time, N >=
#    1; the H3's CPU_SLEEP_0/1 power the core down, the cluster stays on:
#    its static term above is charged whole) costs Juno's cpu-sleep
#    idle-cost-data, 0. A board kernel without cpuidle reports no such
#    time (no IDLE lines): every idle CPU is then in WFI, an upper bound.
SLEEP_W = 0.0
# A CPU-window's sleep-state time may exceed its wall time minus its busy
# time by this share of the wall (the snapshot's own reads) before it is
# counted in regimes.<regime>.meta.sleep_overruns.
SLEEP_OVERRUN_TOL = 0.01
ENERGY_MODEL = {
    "energy_j": "dynamic + static + idle; energy_dyn_j: dynamic only",
    "energy_j_bsp_em": "energy_j with the older BSP's dynamic-power-coefficient (A57 460, A53 "
                       "120 uW/MHz/V^2, an older Renesas linux-bsp DT) at the same OPP "
                       "voltages; static and idle terms the same (Juno r0's); "
                       "energy_per_op_j_bsp_em likewise",
    "dynamic": "P = C * V^2 * f per busy CPU from BUSY deltas; C = dynamic-power-coefficient "
               "(A57 854, A53 277 uW/MHz/V^2) and OPP voltages of r8a77951.dtsi",
    "static": "per cluster for its whole time at each OPP (TIS deltas): Juno r0 CLUSTER "
              "busy-cost-data (A57 24/32/43/49/64, A53 26/30/39/47/57 at 820/850/900/950/1000 mV) "
              "read at the H3 OPP's voltage (linear interpolation in V)",
    "idle": "per CPU for window wall time minus its busy time minus its time in a sleep state: "
            "Juno r0 CPU WFI idle-cost-data (A57 15, A53 6) scaled by V/900 mV to the cluster's "
            "time-weighted mean voltage",
    "sleep": "per CPU for its time in the DT's sleep states (IDLE deltas of cpuidle's stateN/time, "
             "N >= 1: the H3's CPU_SLEEP_0/1, core powered down, cluster on): Juno r0 CPU "
             "cpu-sleep idle-cost-data, 0; none without cpuidle. cpuidle counts a sleep when it "
             "ends, so the snapshot reads each CPU's counters on that CPU (no sleep in progress); "
             "meta.sleep_overruns counts CPU-windows whose sleep exceeds wall - busy",
    "sources": [
        "r8a77951.dtsi (Linux): dynamic-power-coefficient, OPP voltages",
        "arch/arm64/boot/dts/arm/juno-sched-energy.dtsi (Android/EAS kernel trees, e.g. "
        "github.com/derkling/linux dd89ef624d9b): CPU_COST_0/1, CLUSTER_COST_0/1 busy- and "
        "idle-cost-data; same figures in ARM's arch/arm64/kernel/energy_model.h (Juno r0, r2)",
        "ARM-software/SCP-firmware product/juno/scp_ramfw/config_dvfs.c: Juno r0 OPP voltages",
    ],
    "assumptions": [
        "sched-energy bogo-units taken as mW (A57 616 vs 0.53*1100*1.0^2 = 583 mW; "
        "A53 93 vs 0.14*850*1.0^2 = 119 mW)",
        "Juno's cluster busy cost is static, a function of voltage only; no cluster power-down",
        "Juno's WFI cost is leakage at 900 mV (Juno's sustained OPP), scaled linearly with V",
        "a CPU in a sleep state costs nothing (Juno cpu-sleep 0); the cluster stays powered "
        "(the H3 powers clusters down only on hotplug), so its static term is charged whole",
        "without cpuidle (no IDLE lines) every idle CPU is in WFI: idle energy is an upper bound",
        "an exit's latency (the test bed's halt after the state) counts as WFI",
    ],
}


def volt(cluster, khz):
    """The H3 OPP's mV; an unknown kHz takes the next OPP up (or the top)."""
    table = EM[cluster][1]
    if khz in table:
        return table[khz]
    up = [k for k in sorted(table) if k >= khz]
    return table[up[0] if up else max(table)]


def power_w(cluster, khz, caps=None):
    """Dynamic power (W) of one busy CPU of cluster at khz (caps: other
    dynamic-power coefficients by cluster)."""
    cap = (caps or {}).get(cluster, EM[cluster][0])
    return cap * (khz / 1000) * volt(cluster, khz) ** 2 / 1e9 / 1000


def static_w(cluster, mv):
    """Static power (W) of cluster at mv (assumption 2)."""
    pts = JUNO[cluster]["cluster_cost"]
    if mv <= pts[0][0]:
        return pts[0][1] * mv / pts[0][0] / 1000
    if mv >= pts[-1][0]:
        return pts[-1][1] * mv / pts[-1][0] / 1000
    for (v0, p0), (v1, p1) in zip(pts, pts[1:]):
        if v0 <= mv <= v1:
            return (p0 + (p1 - p0) * (mv - v0) / (v1 - v0)) / 1000
    raise AssertionError(mv)


def idle_w(cluster, mv):
    """Idle power (W) of one CPU of cluster not busy at mv (assumption 3)."""
    return JUNO[cluster]["cpu_wfi"] * mv / JUNO_IDLE_REF_MV / 1000


# ---------------------------------------------------------------------------
# Governors and workloads, in report order.
GOVERNORS = ("performance", "schedutil", "ondemand", "ondemand-nas", "hybrid",
             "hybrid-pin-all", "schedutil+assist", "schedutil+assist-nolat",
             "schedutil+assist-a57", "schedutil+assist-a53", "schedutil+assist-hold5",
             "schedutil+assist-pcpu", "schedutil+assist-allcpus",
             "schedutil+assist-little",
             "userspace-max")
WORKLOADS = {
    "bonnie-block-output": "bonnie++ sequential block output, 256 MiB file",
    "bonnie-rewrite": "bonnie++ rewrite of the 256 MiB file",
    "bonnie-block-input": "bonnie++ sequential block input of the 256 MiB file",
    "bonnie-seeks": "bonnie++ random seeks",
    "randread": "4 KiB random reads through ext4, QD1, O_DIRECT",
    "fsync-writes": "small writes, each followed by fsync",
    "deep-queue-read": "random reads of the eMMC, 32 in flight",
    "copy": "48 MiB file copy on ext4, page cache dropped, fsync",
    "small-files": "cat of 1000 small files (4-16 KiB), page cache dropped",
    "cpu-beside-io": "sequential read beside a CPU-bound job (the reader's MiB/s)",
    "sqlite-commits": "sqlite3 CLI: 200 one-row INSERT transactions, each committed "
                      "(rollback journal, synchronous=FULL) (transactions/s)",
    "dpkg-unpack": "dpkg --unpack of six arm64 .debs (bash, dpkg, libsqlite3-0, libstdc++6, "
                   "sqlite3, tar: 311 files, 22 MB) into an empty root, page cache dropped "
                   "(updates/min; seconds: the update's)",
    "flac-encode": "flac -5 of 16 MiB of CD-quality PCM read cold from the eMMC, written "
                   "there and synced (MiB/s of PCM; seconds: the encode's)",
    "bonnie-perchar-output": "bonnie++ per-character output (one write() a byte), 2 MiB file "
                             "(KiB/s; cpu_pct: bonnie++'s %CP)",
    "bonnie-perchar-input": "bonnie++ per-character input (one read() a byte) of the 2 MiB "
                            "file (KiB/s; cpu_pct: bonnie++'s %CP)",
    "bonnie-seq-create": "bonnie++ -n 16: 16384 empty files created in sequential order",
    "bonnie-seq-delete": "bonnie++ -n 16: the 16384 files deleted in sequential order",
    "bonnie-rand-create": "bonnie++ -n 16: 16384 empty files created in random order",
    "bonnie-rand-delete": "bonnie++ -n 16: the 16384 files deleted in random order",
    "idle": "10 s idle",
    "idle-trickle": "10 s of a trickle of small log writes",
    "periodic": "0.9 ms job every 16 ms (jobs on time per s)",
    "bursts": "30 ms bursts every 200 ms (rate in the bursts)",
}
# The motivating report (the R-Car wiki page "Default CPUFreq governor from
# v5.9": R-Car H3 Salvator-XS, kernel 5.12, eMMC, bonnie++ 1.03e, 15640M
# file, -n 16): its figures the board was not calibrated to (the block
# phases are, scripts/calibrate/run.sh), schedutil's and performance's
# (rate in K/sec or /sec, %CP), as printed.
HELD_OUT = {
    "bonnie-perchar-output": ((53238, 97), (53640, 97)),
    "bonnie-perchar-input": ((55307, 96), (55093, 96)),
    "bonnie-seq-create": ((24717, 98), (25272, 98)),
    "bonnie-seq-delete": ((25869, 90), (28239, 97)),
    "bonnie-rand-create": ((25207, 98), (22793, 88)),
    "bonnie-rand-delete": ((26408, 97), (26407, 97)),
}
HELD_OUT_SOURCE = ("R-Car wiki 'Default CPUFreq governor from v5.9': R-Car H3 Salvator-XS, "
                   "kernel 5.12, eMMC, bonnie++ 1.03e (15640M file, -n 16); not fitted")
REFS = ("performance", "schedutil")
CLAIMANTS = ("hybrid", "schedutil+assist")

# Statistics: a Student t interval over the units (boots), ratios paired
# within a unit and taken on the log scale.
CI_LEVEL = 0.95
# t(0.975, df) for df 1..30 (any table of Student's t); beyond 30 the
# Cornish-Fisher expansion below, within 1e-3 of the exact quantile there.
T975 = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
        2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
        2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423)
Z975 = 1.959964
INTERVAL_METHOD = (
    "95% Student t interval over units. Unit: the boot where a regime has 2 or more boots, "
    "else the repetition (one boot, e.g. the remote bench); a unit's value is the mean of "
    "its repetitions. Per governor: the mean over units, mean +- t(0.975, n-1) * sd / "
    "sqrt(n). Ratio to a reference governor: paired within a unit, r_u = x(gov, u) / "
    "x(ref, u) over the n units where both have a value; the geometric mean of r_u, "
    "interval exp(mean(log r) +- t(0.975, n-1) * sd(log r) / sqrt(n)). t from a table for "
    "df 1-30, beyond 30 a Cornish-Fisher expansion; fewer than 2 units: no interval. Why t: "
    "at n = 4 units a percentile bootstrap has 256 equally likely resamples (35 distinct) "
    "and its interval under-covers (of a median: the [min, max] of the values), and a rank "
    "method has no 95% interval (Wilcoxon signed-rank's smallest two-sided p at n = 4 is "
    "0.125); the t interval is exact for normal log ratios and the pairing removes what a "
    "boot shifts for every governor alike.")
# The old meta key, kept: it now says the method above.
BOOTSTRAP = "no bootstrap: " + INTERVAL_METHOD
SMALLEST = ("smallest detectable difference of a workload in a regime: the median, over "
            "the governors other than the reference, of the relative half-width "
            "(hi - lo) / 2 / ratio of the 95% interval of their throughput ratio to "
            "performance (to schedutil where performance was not run); energy_j instead "
            "of throughput where the workload reports no throughput (idle). A ratio that "
            "differs from 1 by less than this is unlikely to be claimed.")

# Energy per unit of work: the unit of work of each throughput unit, and
# what per-minute units are a second.
OP_UNIT = {"KiB/s": ("J/KiB", 1.0), "IOPS": ("J/IO", 1.0), "ops/s": ("J/op", 1.0),
           "MiB/s": ("J/MiB", 1.0), "files/s": ("J/file", 1.0), "tx/s": ("J/tx", 1.0),
           "updates/min": ("J/update", 1 / 60), "jobs/s": ("J/job", 1.0),
           "Miter/s": ("J/Miter", 1.0), "seeks/s": ("J/seek", 1.0)}
# The work a window does where it is fixed (scripts/bench/board.sh), in the
# unit of work: MiB, KiB, files, transactions, updates, Miter.
FIXED_WORK = {
    "bonnie-block-output": 256 * 1024, "bonnie-rewrite": 256 * 1024,
    "bonnie-block-input": 256 * 1024,
    "copy": 48, "cpu-beside-io": 48, "small-files": 1000,
    "sqlite-commits": 200, "dpkg-unpack": 1, "flac-encode": 16,
    "bonnie-perchar-output": 2 * 1024, "bonnie-perchar-input": 2 * 1024,
    "bonnie-seq-create": 16384, "bonnie-seq-delete": 16384,
    "bonnie-rand-create": 16384, "bonnie-rand-delete": 16384,
    # 15 bursts of 10 M iterations in 3 s.
    "bursts": 150,
}
# The windows of a fixed time (s) where RES carries no ops=: the work is
# throughput x this time.
FIXED_TIME = {"randread": 3, "fsync-writes": 3, "deep-queue-read": 3, "periodic": 3}
# The quiet tail board.sh's window() puts in every window (bonnie++'s
# phases, cut at its progress lines, have none).
TAIL_S = 1.0
OPS_METHOD = ("ops: the window's work in throughput_unit's unit of work, from RES ops= "
              "(I/Os, commits, jobs on time, Miter) where the board counted it, else the "
              "work the workload always does (copy 48 MiB, 1000 files, 200 transactions, "
              "1 update, 16 MiB of PCM, bonnie++'s 256 MiB and 2 MiB files and 16384 "
              "files, 150 Miter of bursts), else throughput x the seconds it ran (RES "
              "seconds=, the fixed 3 s, or the window's wall time less its 1 s quiet "
              "tail); energy_per_op_j = energy_j / ops")

# Targets, stated before the run: the recommended configuration against
# performance and schedutil, each met only where the whole 95 % interval of
# the paired ratio is on the right side of its bound.
RECOMMENDED = "schedutil+assist"
MARGIN_STORAGE_TPUT = 0.99
MARGIN_STORAGE_EPO = 1.00
MARGIN_IDLE_ENERGY = 1.02
MARGIN_BURSTS_TPUT = 0.98
MARGIN_P99 = 1.00
STORAGE_WLS = ("bonnie-block-output", "bonnie-rewrite", "bonnie-block-input", "bonnie-seeks",
               "randread", "fsync-writes", "deep-queue-read", "copy", "small-files",
               "cpu-beside-io", "sqlite-commits", "dpkg-unpack", "flac-encode",
               "bonnie-perchar-output", "bonnie-perchar-input", "bonnie-seq-create",
               "bonnie-seq-delete", "bonnie-rand-create", "bonnie-rand-delete")
NO_STORAGE_WLS = ("idle", "idle-trickle", "periodic", "bursts")
# (id, workloads, governor, reference, metric, side, bound)
TARGETS = (
    ("storage-throughput", STORAGE_WLS, RECOMMENDED, "performance", "throughput", ">=",
     MARGIN_STORAGE_TPUT),
    ("storage-energy-per-op", STORAGE_WLS, RECOMMENDED, "schedutil", "energy_per_op_j", "<=",
     MARGIN_STORAGE_EPO),
    ("storage-throughput-hybrid", STORAGE_WLS, "hybrid", "performance", "throughput", ">=",
     MARGIN_STORAGE_TPUT),
    ("no-storage-energy", NO_STORAGE_WLS, RECOMMENDED, "schedutil", "energy_j", "<=",
     MARGIN_IDLE_ENERGY),
    ("bursts-throughput", ("bursts",), RECOMMENDED, "schedutil", "throughput", ">=",
     MARGIN_BURSTS_TPUT),
    ("randread-p99", ("randread",), RECOMMENDED, "performance", "p99_ms", "<", MARGIN_P99),
)
TARGETS_RULE = ("met: the whole 95% interval of the paired ratio on the bound's side (>=: "
                "lower end >= bound; <=: upper end <= bound; <: upper end < bound); no "
                "interval or a governor not run: not met. Margins stated before the run "
                "(constants of scripts/bench/report.py). A target not met is missed where "
                "the whole interval is on the wrong side, else undecided; units_to_decide: "
                "how many units the same ratio and spread would need for an interval clear "
                "of the bound, either way.")


# ---------------------------------------------------------------------------
# Parsing.

def kvs(words):
    out = {}
    for w in words:
        k, sep, v = w.partition("=")
        if sep and k:
            out[k] = v
    return out


def pairs(words):
    """KHZ:VALUE tokens; a token a console mangled is skipped."""
    out = {}
    for w in words:
        a, sep, b = w.partition(":")
        try:
            out[int(a)] = int(b)
        except ValueError:
            continue
    return out


def tr_value(v):
    try:
        return int(v)
    except ValueError:
        try:
            return float(v)
        except ValueError:
            return 0


def parse(path):
    """Return (windows, regime meta, global meta, dropped windows)."""
    wins, dropped, rmeta, gmeta = [], [], {}, {}
    regime = boot = None
    cur = None

    def drop(reason):
        nonlocal cur
        if cur is not None:
            dropped.append({k: cur[k] for k in ("regime", "boot", "rep", "gov", "wl")}
                           | {"reason": reason})
            cur = None

    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            w = line.split()
            if not w or w[0].startswith("["):
                continue
            tag = w[0]
            if tag == "BOOT":
                drop("no WINEND before the next BOOT")
                kv = kvs(w[1:])
                regime, boot = kv.get("regime"), kv.get("boot")
                if regime is not None:
                    m = rmeta.setdefault(regime, {"boots": {}})
                    m["boots"].setdefault(boot or "?", {})["kernel"] = kv.get("kernel")
            elif tag == "DESIGN":
                kv = kvs(w[1:])
                m = re.search(r"seq='([^']*)'", line)
                reg = kv.get("regime", regime)
                if reg is not None and m:
                    d = rmeta.setdefault(reg, {"boots": {}}).setdefault("design", {})
                    d[(kv.get("boot", boot or "1"), kv.get("rep", "1"))] = {
                        "row": int(num(kv.get("row")) or 0),
                        "rows": int(num(kv.get("rows")) or 0) or None,
                        "seq": m.group(1).split()}
            elif tag in REMOTE_TAGS:
                parse_remote_meta(tag, w, line, gmeta)
            elif tag in ("EMMC", "MEM", "BOARD"):
                text = " ".join(w[1:])
                if regime is None:
                    gmeta[tag.lower()] = text
                else:
                    rmeta[regime]["boots"].setdefault(boot or "?", {})[tag.lower()] = text
            elif tag == "WIN":
                drop("no WINEND before the next WIN")
                kv = kvs(w[1:])
                if not all(k in kv for k in ("regime", "gov", "wl")):
                    continue
                cur = {"regime": kv["regime"], "boot": kv.get("boot", boot or "1"),
                       "rep": kv.get("rep", "1"), "gov": kv["gov"], "wl": kv["wl"],
                       "order": kv.get("order"), "row": kv.get("row"),
                       "max0": kv.get("max0"),
                       "cur0": kv.get("cur0"), "cur4": kv.get("cur4"),
                       "curs": {k[3:]: v for k, v in kv.items() if k[:3] == "cur" and k[3:].isdigit()},
                       "snap": {"begin": {}, "end": {}}, "res": {}, "trace": [],
                       "env": gmeta}
                rmeta.setdefault(cur["regime"], {"boots": {}})
            elif cur is None:
                continue
            elif tag == "SNAP" and len(w) >= 3 and w[1] in ("begin", "end"):
                try:
                    cur["snap"][w[1]]["t"] = int(w[2])
                except ValueError:
                    pass
            elif tag in ("BUSY", "TIS") and len(w) >= 3 and w[1] in ("begin", "end"):
                cur["snap"][w[1]][w[2]] = pairs(w[3:])
            elif tag == "IDLE" and len(w) == 4 and w[1] in ("begin", "end"):
                cur["snap"][w[1]].setdefault("idle", {}).setdefault(w[2], {}).update(
                    pairs(w[3:]))
            elif tag == "RES":
                cur["res"].update(kvs(w[1:]))
            elif tag == "FIO":
                cur["res"].update(fio_res(cur["wl"], line.split(None, 1)[1] if len(w) > 1 else ""))
            elif tag == "STAT" and len(w) == 5 and w[1] in ("begin", "end"):
                try:
                    cur["snap"][w[1]].setdefault("stat", {})[w[2]] = (int(w[3]), int(w[4]))
                except ValueError:
                    pass
            elif tag == "HWMON" and len(w) >= 5 and w[1] in ("begin", "end"):
                try:
                    if w[2] == "energy":
                        cur["snap"][w[1]].setdefault("hw", {})[w[3]] = int(w[4])
                    elif w[2] == "power_mean_uw":
                        cur["snap"][w[1]]["pmean"] = (float(w[3]), int(w[4]))
                except ValueError:
                    pass
            elif tag == "TR" and len(w) == 4:
                try:
                    cur["trace"].append((float(w[1]), w[2], tr_value(w[3])))
                except ValueError:
                    pass
            elif tag == "WINEND":
                s = cur["snap"]
                if "t" in s["begin"] and "t" in s["end"]:
                    wins.append(cur)
                    cur = None
                else:
                    drop("no SNAP begin/end")
    drop("no WINEND (end of log)")
    return wins, rmeta, gmeta, dropped


# ---------------------------------------------------------------------------
# make bench TARGET=... (scripts/bench/remote-board.sh): a real board.
#
# Meta lines: REMOTE (target, scratch, engine, energy_source...), POLICY
# (each policy's CPUs), EM (the kernel's energy model: a performance
# domain's kHz:uW), HWMONS (the hwmon inputs summed), NOTE. Per window:
# STAT (a CPU's busy and idle USER_HZ ticks from /proc/stat), HWMON
# (an energy counter in uJ, or the mean of the sampled power inputs in
# uW), FIO (fio's JSON output, on one line) in place of RES.
REMOTE_TAGS = ("REMOTE", "POLICY", "EM", "HWMONS", "NOTE")
# /proc/stat's unit: USER_HZ is 100 on arm64 (asm-generic/param.h).
USER_HZ = 100
REMOTE_ENERGY = {
    "hwmon": {
        "energy_j": "measured: the board's hwmon inputs, summed (HWMONS in bench.json "
                    "meta.remote.hwmon): the difference of energy*_input counters (uJ) over "
                    "the window, or without counters the mean of power*_input (uW) sampled "
                    "every 200 ms times the window's length; energy_dyn_j: not split",
        "sources": ["Documentation/hwmon/sysfs-interface.rst: power*_input uW, "
                    "energy*_input uJ"],
        "assumptions": ["the sensors measure what the CPUs draw, and only that once: "
                        "choose them with HGOV_BENCH_HWMON where rails overlap",
                        "the power sampler's own forks are part of the measurement"],
    },
    "energy_model": {
        "energy_j": "estimated from the kernel's energy model (debugfs energy_model): per "
                    "CPU, its busy time (/proc/stat: user, nice, system, irq, softirq, "
                    "steal) times its performance domain's power at each OPP, weighted by "
                    "its policy's time at that OPP (stats/time_in_state); energy_dyn_j: the "
                    "same (the model is what EAS uses: busy power only)",
        "sources": ["/sys/kernel/debug/energy_model/cpuN/ps:KHZ/power (uW; mW before 5.19)",
                    "/sys/devices/system/cpu/cpufreq/policyN/stats/time_in_state",
                    "/proc/stat (USER_HZ ticks, 100 a second on arm64)"],
        "assumptions": ["a CPU's busy time is spread over the OPPs as its policy's time is "
                        "(the kernel gives no busy time per OPP)",
                        "idle CPUs and the clusters' shared and static power cost nothing "
                        "(the model has none): a lower bound, good for comparing governors, "
                        "not for absolute watts",
                        "the model's power figures are the DT's dynamic-power-coefficient "
                        "(C*V^2*f) or the firmware's, as the kernel registered them"],
    },
    "none": {
        "energy_j": "not measured: the board has no hwmon power or energy input and no "
                    "energy model in debugfs",
        "sources": [], "assumptions": [],
    },
}
REMOTE_WORKLOADS = {
    "randread": "4 KiB random reads of a file on the scratch, QD1, O_DIRECT",
    "fsync-writes": "4 KiB writes, each committed with fdatasync (p50/p99: the commit)",
    "deep-queue-read": "4 KiB random reads, 32 in flight (Linux AIO, O_DIRECT)",
    "copy": "file copy on the scratch (dd, 1 MiB blocks, fsync), page cache dropped",
    "idle": "idle",
    "bursts": "CPU bursts of 10M loop iterations every 200 ms (rate in the bursts)",
}


def cpulist(text):
    """'0-3,6' or '0,1,2' -> [0, 1, 2, 3, 6]."""
    out = []
    for part in text.replace(" ", ",").split(","):
        a, sep, b = part.partition("-")
        try:
            out += list(range(int(a), int(b) + 1)) if sep else [int(a)]
        except ValueError:
            continue
    return out


def parse_remote_meta(tag, w, line, gmeta):
    r = gmeta.setdefault("remote", {"policies": {}, "em": {}, "hwmon": [], "notes": []})
    if tag == "REMOTE":
        r.update(kvs(w[1:]))
    elif tag == "POLICY" and len(w) >= 3:
        r["policies"][w[1]] = cpulist(kvs(w[2:]).get("cpus", ""))
    elif tag == "EM" and len(w) >= 2:
        r["em"][w[1]] = {"cpus": cpulist(kvs(w[2:]).get("cpus", "")),
                         "uw": {str(k): v for k, v in sorted(pairs(w[2:]).items())}}
    elif tag == "HWMONS":
        r["hwmon"] = w[1:]
    elif tag == "NOTE":
        r["notes"].append(line.split(None, 1)[1].strip() if len(w) > 1 else "")


def fio_res(wl, text):
    """RES keys from fio's JSON output of one job."""
    try:
        job = json.loads(text)["jobs"][0]
    except (ValueError, KeyError, IndexError, TypeError):
        return {}
    if job.get("error"):
        return {}

    def pct(d, key, p):
        v = (d.get(key) or {}).get("percentile") or {}
        x = v.get("%.6f" % p)
        return None if x is None else x / 1e6

    rd, wr, sy = job.get("read", {}), job.get("write", {}), job.get("sync", {})
    if wl in ("randread", "deep-queue-read"):
        res = {"throughput": rd.get("iops"), "unit": "IOPS", "ops": rd.get("total_ios")}
        if wl == "randread":
            res.update(p50_ms=pct(rd, "clat_ns", 50), p99_ms=pct(rd, "clat_ns", 99))
    elif wl == "fsync-writes":
        res = {"throughput": wr.get("iops"), "unit": "ops/s", "ops": wr.get("total_ios"),
               "p50_ms": pct(sy, "lat_ns", 50), "p99_ms": pct(sy, "lat_ns", 99)}
    else:
        return {}
    return {k: v for k, v in res.items() if v is not None}


def em_power_w(table, khz):
    """The energy model's power (W) at khz: its state, else the next one up."""
    if not table:
        return None
    ks = sorted(int(k) for k in table)
    up = [k for k in ks if k >= khz]
    return table[str(up[0] if up else ks[-1])] / 1e6


def energy_remote(win, b, e, wall):
    r = win["env"]["remote"]
    src = r.get("energy_source")
    if wall <= 0:
        return None, None, None, None, wall
    if src == "hwmon":
        if e.get("hw") and b.get("hw"):
            tot = sum(max(0, v - b["hw"][k]) for k, v in e["hw"].items() if k in b["hw"]) / 1e6
        elif e.get("pmean") and e["pmean"][1] > 0:
            tot = e["pmean"][0] / 1e6 * wall
        else:
            return None, None, None, None, wall
        return tot, None, None, None, wall
    if src != "energy_model" or "stat" not in b or "stat" not in e:
        return None, None, None, None, wall
    dyn = 0.0
    for pol, cpus in r["policies"].items():
        if pol not in b or pol not in e or not cpus:
            return None, None, None, None, wall
        table = next((pd["uw"] for pd in r["em"].values() if cpus[0] in pd["cpus"]), None)
        if table is None:
            table = r["em"].get("cpu%d" % cpus[0], {}).get("uw")
        if not table:
            return None, None, None, None, wall
        tis = {khz: max(0, t - b[pol].get(khz, 0)) for khz, t in e[pol].items()}
        total = sum(tis.values())
        if total:
            p = sum(n * em_power_w(table, khz) for khz, n in tis.items()) / total
        else:
            p = em_power_w(table, int(num(win["curs"].get(pol[6:])) or 0))
        for cpu in cpus:
            k = "cpu%d" % cpu
            if k in b["stat"] and k in e["stat"]:
                dyn += max(0, e["stat"][k][0] - b["stat"][k][0]) / USER_HZ * p
    return dyn, dyn, None, None, wall


# ---------------------------------------------------------------------------
# Per-window figures.

def num(v):
    try:
        x = float(v)
    except (TypeError, ValueError):
        return None
    return x if x == x and abs(x) != float("inf") else None


def energy(win, caps=None):
    """(total J, dynamic J, static J, idle J, wall s); energies None where
    a snapshot lacks the BUSY or TIS lines. caps: other dynamic-power
    coefficients (EM_BSP_CAP); a real board's energy does not change."""
    b, e = win["snap"]["begin"], win["snap"]["end"]
    wall = (e["t"] - b["t"]) / 1e9
    if "remote" in win["env"]:
        return energy_remote(win, b, e, wall)
    keys = ["cpu%d" % c for c in range(8)] + list(POLICY.values())
    if wall <= 0 or any(k not in b or k not in e for k in keys):
        return None, None, None, None, wall
    dyn = stat = idle = 0.0
    mean_mv = {}
    for cl, pol in POLICY.items():
        tis = {khz: max(0, t - b[pol].get(khz, 0)) / 100 for khz, t in e[pol].items()}
        total = sum(tis.values())
        stat += sum(s * static_w(cl, volt(cl, khz)) for khz, s in tis.items())
        mean_mv[cl] = (sum(s * volt(cl, khz) for khz, s in tis.items()) / total if total
                       else min(EM[cl][1].values()))
    for cpu in range(8):
        k, cl = "cpu%d" % cpu, CLUSTER[cpu]
        busy = 0.0
        for khz, d in busy_by_khz(b, e, k).items():
            busy += d
            dyn += d * power_w(cl, khz, caps)
        sleep = sleep_s(b, e, k)
        idle += max(0.0, wall - busy - sleep) * idle_w(cl, mean_mv[cl]) + sleep * SLEEP_W
    return dyn + stat + idle, dyn, stat, idle, wall


def busy_by_khz(b, e, cpu):
    """Seconds @cpu was busy at each OPP between snapshots b and e (BUSY
    lines: kHz to cumulative ns)."""
    return {khz: max(0, ns - b[cpu].get(khz, 0)) / 1e9 for khz, ns in e[cpu].items()}


def sleep_overruns(win):
    """(CPU-windows, those whose sleep-state time exceeds wall - busy by
    more than SLEEP_OVERRUN_TOL of the wall): a sleep counted in the wrong
    window, which the idle term's clamp at 0 would hide."""
    b, e = win["snap"]["begin"], win["snap"]["end"]
    wall = (e["t"] - b["t"]) / 1e9
    n = over = 0
    if "remote" in win["env"] or wall <= 0:
        return 0, 0
    for cpu in range(8):
        k = "cpu%d" % cpu
        if k not in b or k not in e:
            continue
        busy = sum(busy_by_khz(b, e, k).values())
        n += 1
        over += sleep_s(b, e, k) > wall - busy + SLEEP_OVERRUN_TOL * wall
    return n, over


def sleep_s(b, e, cpu):
    """Seconds @cpu spent in sleep states between snapshots b and e (IDLE
    lines: state number to cumulative us); 0 without them."""
    sb, se = b.get("idle", {}).get(cpu, {}), e.get("idle", {}).get(cpu, {})
    return sum(max(0, us - sb.get(st, 0)) for st, us in se.items()) / 1e6


def work_ops(win, unit, tput, wall):
    """The window's work in unit's unit of work (OPS_METHOD), or None."""
    res, wl = win["res"], win["wl"]
    if unit not in OP_UNIT:
        return None
    ops = num(res.get("ops"))
    if ops is not None:
        return ops
    remote = win["env"].get("remote")
    if remote is not None:
        secs = num(remote.get("secs"))
        if wl == "copy":
            return num(remote.get("copy_mb"))
        if wl == "bursts" and secs:
            return secs * 1000 // 200 * 10
        return None if tput is None or secs is None else tput * OP_UNIT[unit][1] * secs
    if wl in FIXED_WORK:
        return FIXED_WORK[wl]
    if tput is None:
        return None
    secs = num(res.get("seconds"))
    if secs is None:
        secs = FIXED_TIME.get(wl)
    if secs is None and wall:
        secs = wall - (0 if wl.startswith("bonnie") else TAIL_S)
    return None if secs is None or secs <= 0 else tput * OP_UNIT[unit][1] * secs


def run_record(win):
    tot, dyn, stat, idle, wall = energy(win)
    tot_bsp = tot if "remote" in win["env"] else energy(win, EM_BSP_CAP)[0]
    res = win["res"]
    tput = num(res.get("throughput"))
    unit = res.get("unit")
    ops = work_ops(win, unit, tput, wall)
    rec = {"rep": int(num(win["rep"]) or 0), "boot": int(num(win["boot"]) or 0),
           "order": None if num(win["order"]) is None else int(num(win["order"])),
           "row": None if num(win.get("row")) is None else int(num(win["row"])),
           "throughput": tput,
           "energy_j": tot, "energy_dyn_j": dyn, "energy_static_j": stat,
           "energy_idle_j": idle,
           "power_mw": None if tot is None or wall <= 0 else tot / wall * 1000,
           "wall_s": wall,
           "p50_ms": num(res.get("p50_ms")), "p99_ms": num(res.get("p99_ms")),
           "ops": ops,
           "energy_per_op_j": None if tot is None or not ops else tot / ops,
           "energy_per_op_unit": OP_UNIT[unit][0] if ops else None,
           "energy_j_bsp_em": tot_bsp,
           "energy_per_op_j_bsp_em": None if tot_bsp is None or not ops else tot_bsp / ops}
    for k, v in res.items():
        if k not in rec and k not in ("throughput", "unit"):
            rec[k] = num(v) if num(v) is not None else v
    for k in ("energy_j", "energy_dyn_j", "energy_static_j", "energy_idle_j", "power_mw",
              "wall_s", "ops", "energy_per_op_j", "energy_j_bsp_em", "energy_per_op_j_bsp_em"):
        rec[k] = rnd(rec[k])
    return rec


# ---------------------------------------------------------------------------
# Statistics.

def median(xs):
    xs = sorted(x for x in xs if x is not None)
    n = len(xs)
    if not n:
        return None
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def t975(df):
    """Student's t 0.975 quantile for df degrees of freedom (df >= 1)."""
    if df <= len(T975):
        return T975[df - 1]
    z = Z975
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)


def sample_sd(xs):
    """The sample standard deviation of xs (n - 1); None if < 2."""
    n = len(xs)
    if n < 2:
        return None
    m = sum(xs) / n
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))


def t_interval(xs):
    """[lo, hi] of the 95 % t interval of the mean of xs; None if < 2."""
    sd = sample_sd(xs)
    if sd is None:
        return None
    n, m = len(xs), sum(xs) / len(xs)
    hw = t975(n - 1) * sd / math.sqrt(n)
    return [m - hw, m + hw]


def unit_of(run, kind):
    return run["boot"] if kind == "boot" else (run["boot"], run["rep"])


def unit_values(runs, metric, kind):
    """{unit: the mean of its repetitions' metric}, units without it left out."""
    per = {}
    for r in runs:
        if r.get(metric) is not None:
            per.setdefault(unit_of(r, kind), []).append(r[metric])
    return {u: sum(v) / len(v) for u, v in per.items()}


def mean_ci(runs, metric, kind):
    """(mean over units, its 95 % t interval or None); (None, None) without values."""
    v = list(unit_values(runs, metric, kind).values())
    if not v:
        return None, None
    return sum(v) / len(v), t_interval(v)


def paired_ratio(runs, ref_runs, metric, kind):
    """{"ratio", "ci", "n"}: the geometric mean of the units' ratios with a t
    interval on their logs, over the n units where both have a positive
    value; None without such a unit."""
    a, b = unit_values(runs, metric, kind), unit_values(ref_runs, metric, kind)
    logs = [math.log(a[u] / b[u]) for u in sorted(a, key=str)
            if u in b and a[u] > 0 and b[u] > 0]
    if not logs:
        return None
    ci = t_interval(logs)
    return {"ratio": math.exp(sum(logs) / len(logs)),
            "ci": None if ci is None else [math.exp(ci[0]), math.exp(ci[1])],
            "n": len(logs), "sd_log": sample_sd(logs)}


def rnd(x, p=6):
    """p decimals, or p + 1 significant digits below 1 (J per KiB)."""
    if x is None:
        return None
    if isinstance(x, list):
        return [rnd(v, p) for v in x]
    if isinstance(x, dict):
        return {k: rnd(v, p) for k, v in x.items()}
    if not isinstance(x, float):
        return x
    return float("%.*g" % (p + 1, x)) if 0 < abs(x) < 1 else round(x, p)


def ordered(names, canon):
    names = list(dict.fromkeys(names))
    return [n for n in canon if n in names] + [n for n in names if n not in canon]


def regime_key(r):
    try:
        return (0, tuple(int(p) for p in r.split(".")))
    except ValueError:
        return (1, r)


# ---------------------------------------------------------------------------
# Aggregation.

def aggregate(wins, rmeta, gmeta, dropped, date):
    regimes = sorted({w["regime"] for w in wins} | set(rmeta), key=regime_key)
    result = {"meta": {}, "regimes": {}}
    all_govs, all_wls, per_regime, designs = [], [], {}, {}
    for reg in regimes:
        rw = [w for w in wins if w["regime"] == reg]
        govs = ordered([w["gov"] for w in rw], GOVERNORS)
        wls = ordered([w["wl"] for w in rw], list(WORKLOADS))
        all_govs += govs
        all_wls += wls
        boots = rmeta.get(reg, {}).get("boots", {})
        m = {"governors": govs, "workloads": wls,
             "boots": len({w["boot"] for w in rw} | {b for b in boots if b != "?"}),
             "repetitions": len({(w["boot"], w["rep"]) for w in rw}),
             "windows": len(rw),
             "windows_dropped": [d for d in dropped if d["regime"] == reg],
             "kernel": " | ".join(dict.fromkeys(str(b.get("kernel")) for b in boots.values()
                                                if b.get("kernel"))) or None}
        for k in ("emmc", "mem", "board"):
            vals = list(dict.fromkeys(b[k] for b in boots.values() if k in b))
            m[k] = vals[0] if len(vals) == 1 else (vals or None)
        m["boot_details"] = boots
        ov = [sleep_overruns(w) for w in rw]
        m["sleep_overruns"] = {"cpu_windows": sum(o[0] for o in ov),
                               "over_wall": sum(o[1] for o in ov),
                               "tolerance": SLEEP_OVERRUN_TOL}
        # The unit: the boot where there are 2 or more, else the repetition.
        kind = "boot" if len({w["boot"] for w in rw}) >= 2 else "repetition"
        dmeta = rmeta.get(reg, {}).get("design", {})
        for w in rw:
            if w.get("row") is None and (w["boot"], w["rep"]) in dmeta:
                w["row"] = dmeta[(w["boot"], w["rep"])]["row"]
        m["unit"] = kind
        m["units"] = len({w["boot"] if kind == "boot" else (w["boot"], w["rep"]) for w in rw})
        m["design"] = design(rw, dmeta, kind, m["units"])
        designs[reg] = m["design"]
        per_regime[reg] = {"repetitions": m["repetitions"], "boots": m["boots"],
                           "unit": kind, "units": m["units"]}
        workloads = {}
        for wl in wls:
            ww = [w for w in rw if w["wl"] == wl]
            gdata = {}
            for g in govs:
                gw = sorted((w for w in ww if w["gov"] == g),
                            key=lambda w: (num(w["boot"]) or 0, num(w["rep"]) or 0))
                if not gw:
                    continue
                runs = [run_record(w) for w in gw]
                units = [w["res"].get("unit") for w in gw if w["res"].get("unit")]
                unit = max(set(units), key=units.count) if units else "none"
                gdata[g] = {"runs": runs, "unit": unit}
            workloads[wl] = build_workload(reg, wl, gdata, kind)
        tg = targets(reg, workloads)
        m["targets_summary"] = {"met": sum(1 for t in tg if t["met"]), "total": len(tg),
                                "missed": sum(1 for t in tg if t["outcome"] == "missed"),
                                "undecided": sum(1 for t in tg
                                                 if t["outcome"] == "undecided")}
        m["claims"] = claims(reg, workloads, tg)
        result["regimes"][reg] = {"meta": m, "workloads": workloads, "targets": tg}
    result["meta"] = {
        "date": date,
        "governors": ordered(all_govs, GOVERNORS),
        "workloads": ordered(all_wls, list(WORKLOADS)),
        "regimes": per_regime,
        "energy_model": ENERGY_MODEL,
        "bootstrap": BOOTSTRAP,
        "interval_method": INTERVAL_METHOD,
        "design": designs,
        "energy_per_op": OPS_METHOD,
        "recommended": RECOMMENDED,
        "targets": [{"id": t[0], "workloads": ("storage" if t[1] is STORAGE_WLS else
                                                "no-storage" if t[1] is NO_STORAGE_WLS
                                                else list(t[1])),
                     "governor": t[2], "reference": t[3], "metric": t[4], "side": t[5],
                     "bound": t[6]} for t in TARGETS],
        "targets_rule": TARGETS_RULE,
        "storage_workloads": list(STORAGE_WLS),
        "smallest_detectable": SMALLEST,
        "emmc": gmeta.get("emmc") or {r: result["regimes"][r]["meta"]["emmc"] for r in regimes},
        "mem": gmeta.get("mem") or {r: result["regimes"][r]["meta"]["mem"] for r in regimes},
    }
    if "remote" in gmeta:
        remote_meta(result, gmeta["remote"])
    return result


def remote_meta(result, r):
    """make bench TARGET=...: what the board was and where energy came from."""
    src = r.get("energy_source", "none")
    meta = result["meta"]
    meta["target"] = r.get("target")
    meta["energy_source"] = src
    meta["energy_model"] = REMOTE_ENERGY.get(src, REMOTE_ENERGY["none"])
    meta["remote"] = {k: r.get(k) for k in ("scratch", "fs", "engine", "machine", "secs",
                                             "file_mb", "copy_mb")}
    meta["remote"].update(policies=r["policies"], hwmon=r["hwmon"], notes=r["notes"],
                          energy_model_uw=r["em"] if src == "energy_model" else None)
    for rd in result["regimes"].values():
        for wl, e in rd["workloads"].items():
            e["description"] = REMOTE_WORKLOADS.get(wl, e["description"])


def williams_rows(n):
    """The rows of a complete Williams square (scripts/bench/williams.sh)."""
    return 1 if n <= 1 else (n if n % 2 == 0 else 2 * n)


def design(rw, dmeta, kind, units):
    """The order design as run: each repetition's governor sequence (its
    DESIGN line, else its WIN lines' order), and whether the rows run are
    balanced for position and for carry-over (every governor immediately
    after every other equally often)."""
    runs = sorted({(w["boot"], w["rep"]) for w in rw},
                  key=lambda br: (num(br[0]) or 0, num(br[1]) or 0))
    seqs, rows_run = [], []
    for br in runs:
        d = dmeta.get(br)
        if d:
            seqs.append(d["seq"])
            rows_run.append(d["row"])
            continue
        bw = [w for w in rw if (w["boot"], w["rep"]) == br]
        first = {}
        for w in bw:
            first.setdefault(w["gov"], (num(w["order"]) or 0, len(first)))
        seqs.append(sorted(first, key=first.get))
        row = num(bw[0].get("row"))
        rows_run.append(None if row is None else int(row))
    names = sorted({g for q in seqs for g in q})
    n = len(names)
    rows = next((d["rows"] for d in dmeta.values() if d.get("rows")), None) or williams_rows(n)
    adj, pos = {}, {}
    for q in seqs:
        for a, b in zip(q, q[1:]):
            adj[(a, b)] = adj.get((a, b), 0) + 1
        for i, g in enumerate(q):
            pos[(g, i)] = pos.get((g, i), 0) + 1
    carry = [adj.get((a, b), 0) for a in names for b in names if a != b]
    place = [pos.get((g, i), 0) for g in names for i in range(n)]
    counts = [rows_run.count(r) for r in range(rows)]
    return {"kind": "williams" if dmeta else "recorded", "governors": n, "rows": rows,
            "rows_run": rows_run, "sequences": seqs, "unit": kind, "units": units,
            "complete": bool(dmeta) and bool(counts) and min(counts) == max(counts) > 0,
            "carryover_balanced": not carry or min(carry) == max(carry) > 0,
            "position_balanced": bool(place) and min(place) == max(place) > 0}


def build_workload(reg, wl, gdata, kind):
    govs = {}
    for g, d in gdata.items():
        runs = d["runs"]
        tput, tput_ci = mean_ci(runs, "throughput", kind)
        en, en_ci = mean_ci(runs, "energy_j", kind)
        epo, epo_ci = mean_ci(runs, "energy_per_op_j", kind)
        epu = [r["energy_per_op_unit"] for r in runs if r["energy_per_op_unit"]]
        res = {"throughput": tput,
               "throughput_unit": d["unit"],
               "throughput_ci": tput_ci,
               "energy_j": en,
               "energy_j_ci": en_ci,
               "energy_per_op_j": epo,
               "energy_per_op_j_ci": epo_ci,
               "energy_per_op_unit": max(set(epu), key=epu.count) if epu else None,
               "energy_dyn_j": mean_ci(runs, "energy_dyn_j", kind)[0],
               "power_mw": mean_ci(runs, "power_mw", kind)[0],
               "wall_s": mean_ci(runs, "wall_s", kind)[0],
               "units": len(unit_values(runs, "wall_s", kind))}
        for k in ("p50_ms", "p99_ms", "seconds", "cpu_pct"):
            if any(r.get(k) is not None for r in runs):
                res[k] = mean_ci(runs, k, kind)[0]
        res["runs"] = runs
        res["vs"] = {}
        govs[g] = res
    for g, res in govs.items():
        for ref in REFS:
            if ref not in gdata:
                continue
            metrics = ["throughput", "energy_j", "energy_per_op_j", "energy_j_bsp_em",
                       "energy_per_op_j_bsp_em"]
            if "p99_ms" in res and "p99_ms" in govs[ref]:
                metrics.append("p99_ms")
            res["vs"][ref] = {m: paired_ratio(gdata[g]["runs"], gdata[ref]["runs"], m, kind)
                              for m in metrics}
    out = {"description": WORKLOADS.get(wl, ""),
           "smallest_detectable": smallest(govs),
           "governors": rnd(govs)}
    if wl in HELD_OUT:
        out["held_out"] = held_out(wl, out["governors"])
    return out


def target_met(side, bound, ci):
    """A target is met only where the whole interval is on bound's side."""
    if not ci:
        return False
    return {">=": ci[0] >= bound, "<=": ci[1] <= bound, "<": ci[1] < bound}[side]


def target_missed(side, bound, ci):
    """Missed: the whole interval on the wrong side of bound."""
    if not ci:
        return False
    return {">=": ci[1] < bound, "<=": ci[0] > bound, "<": ci[0] >= bound}[side]


UNITS_TO_DECIDE_MAX = 999


def units_to_decide(v, bound):
    """The smallest number of units whose 95 % t interval, at this ratio and
    this spread of the log ratios (sd_log), would lie wholly on one side of
    bound: t(0.975, n-1) * sd / sqrt(n) < |log(ratio / bound)|. None where
    that takes more than UNITS_TO_DECIDE_MAX, or without a spread."""
    sd = v.get("sd_log")
    if sd is None or v["ratio"] <= 0:
        return None
    gap = abs(math.log(v["ratio"] / bound))
    for n in range(2, UNITS_TO_DECIDE_MAX + 1):
        if t975(n - 1) * sd / math.sqrt(n) < gap:
            return n
    return None


def outcome_text(t):
    """bench.md's word for a target not met."""
    if t["outcome"] != "undecided":
        return t["outcome"]
    n = t["units_to_decide"]
    return "undecided: %s units would decide" % (
        n if n is not None else "more than %d" % UNITS_TO_DECIDE_MAX)


def targets(reg, workloads):
    """TARGETS checked on the regime's workloads: one entry per (target,
    workload) the regime ran."""
    out = []
    for tid, wls, gov, ref, metric, side, bound in TARGETS:
        for wl in wls:
            if wl not in workloads:
                continue
            gv = workloads[wl]["governors"]
            v = ((gv.get(gov) or {}).get("vs", {}).get(ref, {}).get(metric)
                 if ref in gv else None)
            if v is None:
                status = "not run" if gov not in gv or ref not in gv else "no figure"
            else:
                status = ("no interval" if not v["ci"] else
                          "met" if target_met(side, bound, v["ci"]) else "not met")
            outcome = status
            if status == "not met":
                outcome = "missed" if target_missed(side, bound, v["ci"]) else "undecided"
            t = {"id": tid, "regime": reg, "workload": wl, "governor": gov, "reference": ref,
                 "metric": metric, "figure": v and v["ratio"], "ci": v and v["ci"],
                 "n": v and v.get("n"), "side": side, "bound": bound,
                 "met": status == "met", "status": status, "outcome": outcome,
                 "units_to_decide": (units_to_decide(v, bound) if outcome == "undecided"
                                     else None)}
            t["text"] = "%s %s on %s (regime %s): %s %s %s x %s's (%s)" % (
                gov, metric, wl, reg, fmt_ratio(v), side, "%.2f" % bound, ref, status)
            out.append(t)
    return out


def held_out(wl, govs):
    """The report's schedutil/performance beside the board's: the board's
    interval either holds the report's figure or not (None: no interval)."""
    (sr, scp), (pr, pcp) = HELD_OUT[wl]
    ref = round(sr / pr, 6)
    v = (govs.get("schedutil") or {}).get("vs", {}).get("performance", {}).get("throughput")
    ci = v["ci"] if v else None
    return {"source": HELD_OUT_SOURCE,
            "report": {"schedutil": sr, "schedutil_cpu_pct": scp,
                       "performance": pr, "performance_cpu_pct": pcp},
            "report_schedutil_vs_performance": ref,
            "board_schedutil_vs_performance": v,
            "within_interval": None if not ci else ci[0] <= ref <= ci[1]}


def smallest(govs):
    has_tp = any(r["throughput"] is not None for r in govs.values())
    metric = "throughput" if has_tp else "energy_j"
    for ref in REFS:
        if ref not in govs:
            continue
        hw = []
        for g, r in govs.items():
            v = r["vs"].get(ref, {}).get(metric)
            if g != ref and v and v["ci"] and v["ratio"]:
                hw.append((v["ci"][1] - v["ci"][0]) / 2 / v["ratio"])
        if hw:
            return {"metric": metric, "reference": ref, "relative": round(median(hw), 6),
                    "governors": len(hw)}
    return None


CLAIM_METRICS = (("throughput", lambda ci: ci[0] > 1, "throughput"),
                 ("energy_j", lambda ci: ci[1] < 1, "energy"),
                 ("energy_per_op_j", lambda ci: ci[1] < 1, "energy per unit of work"))


def claims(reg, workloads, tg=()):
    """Superiority claims where the interval excludes 1 (energy: under both
    energy models), and non-inferiority
    ("no worse than") claims only for the targets met, against their
    margins stated before the run."""
    out = []
    for wl, e in workloads.items():
        for x in CLAIMANTS:
            gx = e["governors"].get(x)
            if not gx:
                continue
            for y in REFS:
                v = gx["vs"].get(y) or {}
                for metric, better, what in CLAIM_METRICS:
                    m = v.get(metric)
                    # An energy claim only where the second energy model
                    # (EM_BSP_CAP) makes it too.
                    m2 = v.get(metric + "_bsp_em", m) if metric != "throughput" else m
                    if m and m["ci"] and better(m["ci"]) and m2 and m2["ci"] and better(m2["ci"]):
                        out.append({"kind": "superiority",
                                    "winner": x, "loser": y, "workload": wl, "regime": reg,
                                    "metric": metric, "ratio": m["ratio"], "ci": m["ci"],
                                    "text": "%s beats %s on %s (regime %s): ratio %.3f "
                                            "[%.3f–%.3f] (%s)"
                                            % (x, y, wl, reg, m["ratio"], m["ci"][0],
                                               m["ci"][1], what)})
    for t in tg:
        if not t["met"]:
            continue
        verb = {">=": "no worse than", "<=": "no more than", "<": "below"}[t["side"]]
        out.append({"kind": "non-inferiority", "winner": t["governor"], "loser": t["reference"],
                    "workload": t["workload"], "regime": reg, "metric": t["metric"],
                    "ratio": t["figure"], "ci": t["ci"], "margin": t["bound"],
                    "side": t["side"],
                    "text": "%s %s %.2f x %s on %s (regime %s): %s ratio %.3f [%.3f–%.3f], "
                            "margin stated before the run"
                            % (t["governor"], verb, t["bound"], t["reference"], t["workload"],
                               reg, t["metric"], t["figure"], t["ci"][0], t["ci"][1])})
    return out


# ---------------------------------------------------------------------------
# bench.md

def fmt(v, p=2):
    return "–" if v is None else "%.*f" % (p, v)


def sig(v):
    """A throughput with three significant digits or so."""
    if v is None:
        return "–"
    a = abs(v)
    for lim, f in ((100, "%.0f"), (10, "%.1f"), (1, "%.2f")):
        if a >= lim:
            return f % v
    return "%.3g" % v


def fmt_ratio(v):
    if not v:
        return "–"
    if not v["ci"]:
        return "%.3f" % v["ratio"]
    return "%.3f [%.3f–%.3f]" % (v["ratio"], v["ci"][0], v["ci"][1])


def write_md(result, path):
    meta = result["meta"]
    L = ["# make bench", "",
         "Generated %s. Throughput, energy and energy per unit of work are means over "
         "the units (boots) with 95%% t intervals in brackets; ratios are paired within a "
         "unit, their geometric mean and interval on the log scale. Method: %s" % (
             meta["date"], INTERVAL_METHOD), "",
         "Energy per unit of work: %s." % OPS_METHOD, ""]
    if "target" in meta:
        rm, em = meta["remote"], meta["energy_model"]
        L += ["Board %s (%s), over ssh: scratch %s (%s), workloads run by %s, %s s windows; "
              "policies %s." % (meta["target"], rm["machine"], rm["scratch"], rm["fs"],
                                rm["engine"], rm["secs"],
                                ", ".join("%s: CPUs %s" % (p, ",".join(map(str, c)))
                                          for p, c in rm["policies"].items())), "",
              "Energy source: **%s**. %s.%s" % (
                  meta["energy_source"], em["energy_j"][0].upper() + em["energy_j"][1:],
                  (" Assumptions: %s." % "; ".join(em["assumptions"]))
                  if em["assumptions"] else ""), ""]
        L += ["Note: %s" % n for n in rm["notes"]] + ([""] if rm["notes"] else [])
    else:
        L += ["Energy: %s. Dynamic: %s. Static: %s. Idle: %s. Assumptions: %s." % (
            ENERGY_MODEL["energy_j"], ENERGY_MODEL["dynamic"], ENERGY_MODEL["static"],
            ENERGY_MODEL["idle"], "; ".join(ENERGY_MODEL["assumptions"])), ""]
    for reg, rd in result["regimes"].items():
        m = rd["meta"]
        dz = m["design"]
        L += ["## Regime %s" % reg, "",
              "Kernel %s; %d boot(s), %d run(s) in all; %d windows%s." % (
                  m["kernel"] or "?", m["boots"], m["repetitions"], m["windows"],
                  (", %d dropped (no WINEND)" % len(m["windows_dropped"]))
                  if m["windows_dropped"] else ""), "",
              "Unit: the %s (%d). Design: %s, %d governors, %d rows; rows run %s; %s; "
              "carry-over %s." % (
                  m["unit"], m["units"], dz["kind"], dz["governors"], dz["rows"],
                  ", ".join("–" if r is None else str(r) for r in dz["rows_run"]),
                  "a complete set of rows" if dz["complete"] else "not a complete set of rows",
                  "balanced" if dz["carryover_balanced"] else "not balanced"), ""]
        L += ["| workload | governor | throughput [95% CI] | unit | tput vs performance | "
              "tput vs schedutil | energy vs performance | energy vs schedutil | "
              "energy J [95% CI] (dyn J) | energy/op [95% CI] | energy/op vs schedutil | "
              "power mW | p99 ms | runs |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for wl, e in rd["workloads"].items():
            first = True
            for g, r in e["governors"].items():
                vp, vs = r["vs"].get("performance", {}), r["vs"].get("schedutil", {})
                tp = "–" if r["throughput"] is None else sig(r["throughput"]) + (
                    " [%s–%s]" % (sig(r["throughput_ci"][0]), sig(r["throughput_ci"][1]))
                    if r["throughput_ci"] else "")
                en = fmt(r["energy_j"], 3) + (
                    " [%s–%s]" % (fmt(r["energy_j_ci"][0], 3), fmt(r["energy_j_ci"][1], 3))
                    if r.get("energy_j_ci") else "") + " (%s)" % fmt(r["energy_dyn_j"], 3)
                epo = "–" if r["energy_per_op_j"] is None else "%.3g %s" % (
                    r["energy_per_op_j"], r["energy_per_op_unit"]) + (
                    " [%.3g–%.3g]" % tuple(r["energy_per_op_j_ci"])
                    if r["energy_per_op_j_ci"] else "")
                L.append(("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s "
                          "| %s | %d |")
                         % (wl if first else "", g, tp, r["throughput_unit"],
                            fmt_ratio(vp.get("throughput")), fmt_ratio(vs.get("throughput")),
                            fmt_ratio(vp.get("energy_j")), fmt_ratio(vs.get("energy_j")),
                            en, epo, fmt_ratio(vs.get("energy_per_op_j")),
                            fmt(r["power_mw"], 0), fmt(r.get("p99_ms"), 2), len(r["runs"])))
                first = False
        held = [(wl, e) for wl, e in rd["workloads"].items() if "held_out" in e]
        if held:
            L += ["", "### bonnie++: the report's held-out figures (regime %s)" % reg, "",
                  "The report's schedutil/performance beside the board's (held-out, not "
                  "fitted: the board was calibrated to the block phases only). Source: %s. "
                  "%%CP: bonnie++'s, schedutil / performance (board: and hybrid)." % HELD_OUT_SOURCE,
                  "", "| workload | report schedutil/performance | board schedutil/performance "
                  "| board hybrid/performance | report %CP | board %CP | report in interval |",
                  "|---|---|---|---|---|---|---|"]
            for wl, e in held:
                h, gv = e["held_out"], e["governors"]
                cp = " / ".join(fmt(gv.get(g, {}).get("cpu_pct"), 0)
                                for g in ("schedutil", "performance", "hybrid"))
                hy = (gv.get("hybrid") or {}).get("vs", {}).get("performance", {})
                L.append("| %s | %.3f | %s | %s | %d / %d | %s | %s |" % (
                    wl, h["report_schedutil_vs_performance"],
                    fmt_ratio(h["board_schedutil_vs_performance"]),
                    fmt_ratio(hy.get("throughput")), h["report"]["schedutil_cpu_pct"],
                    h["report"]["performance_cpu_pct"], cp,
                    {True: "yes", False: "**no**", None: "– (no interval)"}[h["within_interval"]]))
        L += ["", "### Smallest detectable difference (regime %s)" % reg, "",
              "Definition: " + SMALLEST, "",
              "| workload | metric | reference | smallest detectable |", "|---|---|---|---|"]
        for wl, e in rd["workloads"].items():
            s = e["smallest_detectable"]
            L.append("| %s | %s | %s | %s |" % (
                wl, s["metric"] if s else "–", s["reference"] if s else "–",
                ("±%.1f %%" % (100 * s["relative"])) if s else "– (fewer than 2 runs)"))
        tg = rd.get("targets", [])
        L += ["", "### Targets (regime %s)" % reg, "",
              "%s: %s %d of %d met." % (
                  RECOMMENDED + " (hybrid: its throughput) against performance and schedutil",
                  TARGETS_RULE, m["targets_summary"]["met"], m["targets_summary"]["total"]), "",
              "| target | workload | governor | reference | metric | ratio [95% CI] | bound "
              "| met |", "|---|---|---|---|---|---|---|---|"]
        for t in tg:
            L.append("| %s | %s | %s | %s | %s | %s | %s %.2f | %s |" % (
                t["id"], t["workload"], t["governor"], t["reference"], t["metric"],
                fmt_ratio({"ratio": t["figure"], "ci": t["ci"]} if t["figure"] is not None
                          else None), t["side"], t["bound"],
                "yes" if t["met"] else "**no** (%s)" % outcome_text(t)))
        L += ["", "### Claims (regime %s)" % reg, "",
              "Generated mechanically: hybrid and schedutil+assist against performance and "
              "schedutil, listed only where the 95% interval of the ratio excludes 1 "
              "(throughput higher, or energy or energy per unit of work lower); \"no worse "
              "than\" only for the targets met, against their margins.", ""]
        L += ["- " + c["text"] for c in m["claims"]] or ["- none"]
        L.append("")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(L))


# ---------------------------------------------------------------------------
# Timelines.

def draw_timeline(ax, trace, t0, t_end, starts, lines=None):
    """Draw policy0 and policy4 frequency (MHz) on ax and the requests in
    flight on a twin axis, from trace (t, event, value) with events f0, f4
    (kHz) and io (+1 issued, -1 completed or requeued), from t0 to t_end;
    starts: the two policies' kHz at t0. lines: instead, (event, label,
    kHz at t0) of each policy to draw. Returns the twin axis."""
    if lines is None:
        lines = (("f0", "A57 (policy0)", starts[0]), ("f4", "A53 (policy4)", starts[1]))
    for ev, label, start in lines:
        xs, ys = [0.0], [start / 1000]
        for t, e, v in trace:
            if e != ev or t > t_end:
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
        if e == "io" and t0 <= t <= t_end:
            n = max(0, n + v)
            xs.append(t - t0)
            ys.append(n)
    xs.append(t_end - t0)
    ys.append(n)
    ax2.step(xs, ys, where="post", color="grey", alpha=0.5, label="requests in flight")
    return ax2


def legend(ax, ax2, loc):
    h1, l1 = ax.get_legend_handles_labels()
    h2, l2 = ax2.get_legend_handles_labels()
    ax.legend(h1 + h2, l1 + l2, loc=loc, fontsize="small")


TIMELINE_GOVS = ("performance", "schedutil", "hybrid")


def pick_timeline(wins, reg):
    """{gov: window} for TIMELINE_GOVS: one storage window with TR io lines
    each, the same workload (copy if it can), rep 1 of the first boot first."""
    cands = [w for w in wins if w["regime"] == reg and w["gov"] in TIMELINE_GOVS
             and any(e == "io" for _, e, _ in w["trace"])]
    if not cands:
        return None, {}
    wls = [w["wl"] for w in cands]
    cover = {wl: len({w["gov"] for w in cands if w["wl"] == wl}) for wl in wls}
    wl = max(ordered(wls, ["copy"] + list(WORKLOADS)), key=lambda x: (cover[x], x == "copy"))
    pick = {}
    for g in TIMELINE_GOVS:
        gw = [w for w in cands if w["gov"] == g and w["wl"] == wl]
        if gw:
            pick[g] = min(gw, key=lambda w: (num(w["rep"]) != 1, num(w["boot"]) or 0,
                                             num(w["rep"]) or 0))
    return wl, pick


def plot(wins, regimes, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    written = []
    for reg in regimes:
        wl, pick = pick_timeline(wins, reg)
        if not pick:
            continue
        fig, axes = plt.subplots(len(TIMELINE_GOVS), 1, figsize=(9, 2.8 * len(TIMELINE_GOVS)),
                                 squeeze=False, sharex=True)
        top = max(max(EM["a57"][1]), max(EM["a53"][1])) / 1000
        for ax, g in zip(axes[:, 0], TIMELINE_GOVS):
            w = pick.get(g)
            if w is None:
                ax.text(0.5, 0.5, "%s: no %s window with a trace" % (g, wl),
                        ha="center", va="center", transform=ax.transAxes)
                ax.set_yticks([])
                continue
            tr = sorted(w["trace"], key=lambda x: x[0])
            t0 = next((t for t, e, _ in tr if e == "wl-start"), tr[0][0])
            t_end = tr[-1][0]
            wl_end = next((t for t, e, _ in tr if e == "wl-end"), None)
            f4 = [v for _, e, v in tr if e == "f4"]
            starts = (int(num(w["cur0"]) or 0) or next((v for _, e, v in tr if e == "f0"), 0),
                      int(num(w["cur4"]) or 0) or (f4[0] if f4 else 800000))
            lines = None
            if "remote" in w["env"]:
                lines = [("f" + n, "policy" + n, int(num(w["curs"].get(n)) or 0) or
                          next((v for _, e, v in tr if e == "f" + n), 0))
                         for n in (p[6:] for p in w["env"]["remote"]["policies"])]
                top = max([v for _, e, v in tr if e[:1] == "f"] +
                          [x[2] for x in lines] + [1000]) / 1000
            ax2 = draw_timeline(ax, tr, t0, t_end, starts, lines)
            if wl_end is not None:
                ax.axvline(wl_end - t0, color="black", linestyle=":", linewidth=1)
            ax.set_ylim(0, top * 1.1)
            ax2.set_ylabel("in flight")
            ax.set_title("%s, regime %s: %s (boot %s, rep %s)" % (g, reg, wl, w["boot"], w["rep"]),
                         fontsize="medium")
            legend(ax, ax2, "lower right")
        axes[-1, 0].set_xlabel("s since the workload started (board time; dotted: its end)")
        fig.tight_layout()
        path = "%s/bench-%s-timeline.png" % (out, reg)
        fig.savefig(path, dpi=80)
        plt.close(fig)
        written.append(path)
    return written


# ---------------------------------------------------------------------------

def report_date():
    sde = os.environ.get("SOURCE_DATE_EPOCH")
    t = (datetime.datetime.fromtimestamp(int(sde), datetime.timezone.utc) if sde
         else datetime.datetime.now(datetime.timezone.utc))
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


CSV_FIELDS = ("regime", "boot", "rep", "row", "order", "governor", "workload", "throughput",
              "unit", "ops", "energy_per_op_j", "energy_per_op_unit", "energy_j",
              "energy_dyn_j", "energy_static_j", "energy_idle_j", "power_mw", "wall_s",
              "p50_ms", "p99_ms", "seconds", "cpu_pct", "busy_s")


def write_runs_csv(result, path):
    """One row per window, in run order: the raw per-run figures."""
    rows = []
    for reg, rd in result["regimes"].items():
        for wi, (wl, e) in enumerate(rd["workloads"].items()):
            for g, r in e["governors"].items():
                for run in r["runs"]:
                    row = {k: run.get(k) for k in CSV_FIELDS}
                    row.update(regime=reg, governor=g, workload=wl,
                               unit=r["throughput_unit"])
                    rows.append(((regime_key(reg), run["boot"], run["rep"],
                                  run["order"] or 0, wi), row))
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS, lineterminator="\n")
        w.writeheader()
        for _, row in sorted(rows, key=lambda x: x[0]):
            w.writerow({k: "" if v is None else v for k, v in row.items()})


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    log, out = argv[1], argv[2]
    wins, rmeta, gmeta, dropped = parse(log)
    if not wins:
        sys.exit("report.py: no complete WIN ... WINEND window in %s" % log)
    for d in dropped:
        print("report.py: dropped a window (%s): regime %s boot %s rep %s %s %s"
              % (d["reason"], d["regime"], d["boot"], d["rep"], d["gov"], d["wl"]),
              file=sys.stderr)
    os.makedirs(out, exist_ok=True)
    result = aggregate(wins, rmeta, gmeta, dropped, report_date())
    with open(os.path.join(out, "bench.json"), "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1, ensure_ascii=False)
        f.write("\n")
    write_md(result, os.path.join(out, "bench.md"))
    os.makedirs(os.path.join(out, "bench"), exist_ok=True)
    write_runs_csv(result, os.path.join(out, "bench", "runs.csv"))
    plot(wins, list(result["regimes"]), out)


if __name__ == "__main__":
    main(sys.argv)
