#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The calibration check's verdict (scripts/calibrate/run.sh).

    judge.py [--final] CONSOLE...

reads the CAL lines of the calibration boots and judges the medians of all
their runs against the R-Car H3 report; then prints the report's held-out
figures beside the board's (%CP, and the CALHELD lines' phases), unjudged. Without --final the consoles are
the first stage's boots; with it, both stages' (the first half the first
stage's). Exits 0 if the board passes, 1 if it fails, 2 on bad input
(also: boots that ran different boards), and 3 (without --final) if a
median is within MARGIN of its bound or beyond it after the first stage:
then the check runs a second stage of as many boots and judges all of them
(--final).

The boot is the unit, as in make bench: a boot's runs share its placement
and its page cache's history, so the interval and the pass rate resample
boots, then runs within each boot drawn.
"""
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
from report import HELD_OUT  # noqa: E402  (the report's held-out figures, once)

# The report: (name, key, performance K/s or /s, schedutil).
REPORT = [
    ("sequential output, block", "output", 146354, 134449),
    ("rewrite", "rewrite", 75991, 65647),
    ("sequential input, block", "input", 181281, 158838),
    ("random seeks", "seeks", 6231, 5232),
]
RATIO_TOL, ABS_TOL = 0.04, 0.20
# A first stage's medians decide alone only when each is at least this far
# inside its bound: a median of 16 runs varies by about 0.007 (block
# output) and 0.010 (seeks) from boot to boot.
MARGIN = 0.005
# Held out: the report's CPU time per phase (%CP), which no constant was
# fitted to. bonnie++ 1.98 sums the seek phase's %CP over its seeker
# processes (1.03e did not), so that row is not comparable and is left out.
CP_REPORT = [
    ("sequential output, block", "output", 46, 51),
    ("rewrite", "rewrite", 22, 26),
    ("sequential input, block", "input", 26, 41),
]


# The held-out phases the board runs (CALHELD lines): (name, key, the
# report's figures in scripts/bench/report.py).
HELD = [
    ("per-char output", "perchar_output", "bonnie-perchar-output"),
    ("per-char input", "perchar_input", "bonnie-perchar-input"),
    ("sequential create", "seq_create", "bonnie-seq-create"),
    ("sequential delete", "seq_delete", "bonnie-seq-delete"),
    ("random create", "rand_create", "bonnie-rand-create"),
    ("random delete", "rand_delete", "bonnie-rand-delete"),
]


def read_boot(path):
    """(the board's CALMODEL words, [(performance run, schedutil run)],
    the same of its held-out runs) of one boot, in order."""
    model = []
    runs = {t: {"performance": [], "schedutil": []} for t in ("CAL", "CALHELD")}
    for line in open(path, errors="replace"):
        w = line.split()
        if w and w[0] in runs:
            kv = dict(x.split("=", 1) for x in w[1:] if "=" in x)
            if kv.get("gov") in runs[w[0]]:
                runs[w[0]][kv["gov"]].append(kv)
        elif w and w[0] == "CALMODEL":
            model = w[1:]
    # A repetition runs both governors back to back on one boot: the unit.
    return model, *(list(zip(r["performance"], r["schedutil"])) for r in runs.values())


def verdicts(reps):
    """{key: (perf median, sched median, room, problem or "")} of some
    repetitions; room is how far the ratio's median is inside its bound
    (negative: beyond it)."""
    out = {}
    for _, key, p_h3, s_h3 in REPORT:
        p = statistics.median(float(a[key]) for a, _ in reps)
        s = statistics.median(float(b[key]) for _, b in reps)
        room = RATIO_TOL - abs(s / p - s_h3 / p_h3)
        why = "" if room >= 0 else "OUT OF BOUNDS"
        if key in ("output", "input") and abs(p / p_h3 - 1) > ABS_TOL:
            why = "OUT OF BOUNDS (performance's K/s)"
        out[key] = (p, s, room, why)
    return out


def clear(v):
    """The first stage decides alone: every check passes with room."""
    return all(not why and room >= MARGIN for _, _, room, why in v.values())


def passes(v):
    return not any(why for *_, why in v.values())


def check(draw):
    """This check on a board whose stages draw() gives: True if it passes
    (one stage, a second when the first is not clear)."""
    first = draw()
    v = verdicts(first)
    if clear(v):
        return True
    return passes(verdicts(first + draw()))


B = 2000


def draw_boots(rng, boots, k, m):
    """k boots drawn with replacement from @boots, then m runs with
    replacement within each: the repetitions of a check like this one."""
    out = []
    for _ in range(k):
        b = rng.choice(boots)
        out += [rng.choice(b) for _ in range(m)]
    return out


def ratio(reps, key):
    return (statistics.median(float(b[key]) for _, b in reps) /
            statistics.median(float(a[key]) for a, _ in reps))


def table(boots):
    pairs = [r for b in boots for r in b]
    print(f"{'phase':26} {'perf board':>10} {'perf H3':>8} {'sched board':>11} {'sched H3':>8} "
          f"{'ratio board':>11} {'95% interval':>13} {'ratio H3':>8}  runs (ratio)")
    full = verdicts(pairs)
    # The ratio of medians that is judged, and its interval: a percentile
    # bootstrap over boots, then runs within each (seeded).
    rng = random.Random(2)
    sizes = [len(b) for b in boots]
    draws = [draw_boots(rng, boots, len(boots), min(sizes)) for _ in range(B)]
    for name, key, p_h3, s_h3 in REPORT:
        p, s, _, why = full[key]
        rs = sorted(ratio(d, key) for d in draws)
        lo, hi = rs[int(0.025 * B)], rs[int(0.975 * B) - 1]
        each = [float(b[key]) / float(a[key]) for a, b in pairs]
        print(f"{name:26} {p:10.0f} {p_h3:8d} {s:11.0f} {s_h3:8d} {s / p:11.3f} "
              f"{'%.3f-%.3f' % (lo, hi):>13} {s_h3 / p_h3:8.3f}  "
              f"{' '.join('%.2f' % x for x in each)}{'  ' + why if why else ''}")
    print(f"bounds: each ratio's median within {RATIO_TOL} of the report's; performance's "
          f"block output and input within {ABS_TOL:.0%} of its K/s")
    print(f"interval: {B} resamples of the {len(boots)} boots, then of the runs within each "
          f"({'+'.join(map(str, sizes))} runs)" +
          ("; with one boot the spread between boots is not in it" if len(boots) < 2 else ""))
    return full


def num(run, key):
    """@key of @run as a number, or None (bonnie++ prints +++++ for a phase
    too fast to time)."""
    try:
        return float(run[key])
    except (KeyError, ValueError):
        return None


def med(vals):
    """The median of the numbers among @vals; NaN if there are none."""
    v = [x for x in vals if x]
    return statistics.median(v) if v else float("nan")


def held_out(pairs, held):
    print()
    print("held out (not fitted, not checked): %CP, board medians against the report")
    print(f"{'phase':26} {'perf board':>10} {'perf H3':>8} {'sched board':>11} {'sched H3':>8} "
          f"{'sched/perf board':>16} {'sched/perf H3':>13}")
    for name, key, p_h3, s_h3 in CP_REPORT:
        try:
            p = statistics.median(float(a[key + "_cp"]) for a, _ in pairs)
            s = statistics.median(float(b[key + "_cp"]) for _, b in pairs)
        except (KeyError, ValueError):
            print(f"{name:26} (bonnie++ printed no %CP)")
            continue
        rel = f"{s / p:16.2f}" if p else f"{'-':>16}"
        print(f"{name:26} {p:10.0f} {p_h3:8d} {s:11.0f} {s_h3:8d} {rel} {s_h3 / p_h3:13.2f}")
    runs = [r for b in held for r in b]
    print()
    print("held out (not fitted, not checked): bonnie++'s other phases, 2 MiB per-char file and "
          "-n 16, board medians against the report")
    if not runs:
        print("(no held-out runs on these boots)")
        return
    print(f"{'phase':26} {'perf board':>10} {'perf H3':>8} {'sched board':>11} {'sched H3':>8} "
          f"{'ratio board':>11} {'95% interval':>13} {'ratio H3':>8} {'%CP perf/sched':>14} "
          f"{'H3':>7}  in interval")
    rng = random.Random(3)
    boots = [b for b in held if b]
    m = min(len(b) for b in boots)
    draws = [draw_boots(rng, boots, len(boots), m) for _ in range(B)]
    for name, key, wl in HELD:
        (s_h3, s_cp), (p_h3, p_cp) = HELD_OUT[wl]
        p, s = (med(num(r[i], key) for r in runs) for i in (0, 1))
        if p != p or s != s:
            print(f"{name:26} (no figure: bonnie++ timed no run of it)")
            continue
        rs = sorted(x for x in (med(num(b, key) for _, b in d) / med(num(a, key) for a, _ in d)
                                for d in draws) if x == x)
        lo, hi = rs[int(0.025 * len(rs))], rs[int(0.975 * len(rs)) - 1]
        cp = [med(num(r[i], key + "_cp") for r in runs) for i in (0, 1)]
        inside = "yes" if lo <= s_h3 / p_h3 <= hi else "no"
        print(f"{name:26} {p:10.0f} {p_h3:8d} {s:11.0f} {s_h3:8d} {s / p:11.3f} "
              f"{'%.3f-%.3f' % (lo, hi):>13} {s_h3 / p_h3:8.3f} {'%.0f/%.0f' % tuple(cp):>14} "
              f"{'%d/%d' % (p_cp, s_cp):>7}  {inside}")
    print(f"interval: {B} resamples of the {len(boots)} boots, then of the runs within each "
          f"({'+'.join(str(len(b)) for b in boots)} runs); the report's is one run")


def board_line(words):
    """What the board was, from its CALMODEL words, in a fixed order."""
    kv = dict(w.split("=", 1) for w in words if "=" in w)
    first = ["kernel", "kernel_key", "emu_mode", "idle_states", "idle_exit_pct"]
    said = [f"{k}={kv[k]}" for k in first if k in kv]
    return " ".join(said + [w for w in words if w.split("=", 1)[0] not in first])


def main(argv):
    final = argv[:1] == ["--final"]
    logs = argv[1:] if final else argv
    if not logs or (final and len(logs) % 2):
        print("usage: judge.py [--final] CONSOLE... (--final: both stages' boots, "
              "as many in each)", file=sys.stderr)
        return 2
    try:
        read = [read_boot(p) for p in logs]
    except OSError as e:
        print(f"judge.py: {e}", file=sys.stderr)
        return 2
    # Every boot runs the same board: it once, or a refusal.
    models = {" ".join(m) for m, _, _ in read}
    if len(models) > 1:
        print("judge.py: the boots ran different boards:\n  " + "\n  ".join(sorted(models)),
              file=sys.stderr)
        return 2
    print("board:", board_line(read[0][0]))
    boots = [pairs for _, pairs, _ in read]
    if any(len(b) < 2 for b in boots):
        print("judge.py: fewer than two bonnie++ results per governor on a boot", file=sys.stderr)
        return 2
    k = len(boots) // 2 if final else len(boots)
    m = min(len(b) for b in boots)
    pairs = [r for b in boots for r in b]
    if not final:
        v = verdicts(pairs)
        if not clear(v):
            # The check that failed, else the ratio nearest its bound.
            key = min(v, key=lambda x: (not v[x][3], v[x][2]))
            p, s, room, why = v[key]
            if why and room >= 0:
                said = f"performance's {key} {p:.0f}, {why}"
            else:
                said = (f"{key} {s / p:.3f}, " +
                        (f"{room:.3f} inside" if room >= 0 else f"{-room:.3f} beyond") +
                        f" its bound (deciding alone needs {MARGIN})")
            print(f"first stage, {len(pairs)} runs each on {k} boot(s): {said}: "
                  f"a second stage of {k} boot(s)")
            return 3
    print(f"bonnie++ -f, 256 MiB, {len(pairs)} runs each on {len(boots)} boot(s), "
          "medians (board) against the R-Car H3 report")
    full = table(boots)
    # How reliably a board like this one passes this check as make test
    # runs it (k boots of m runs each, k more unless every median is MARGIN
    # inside): boots resampled, then runs within each, seeded so the
    # figure is reproducible. With few boots it is a rough estimate.
    rng = random.Random(1)
    ok = sum(check(lambda: draw_boots(rng, boots, k, m)) for _ in range(B))
    print(f"pass rate of this check as make test runs it ({k} boot(s) of {m} runs each, "
          f"{k} more boot(s) unless every median is {MARGIN} inside its bound): {ok / B:.0%} "
          f"(bootstrap, {B} resamples of these {len(boots)} boots, then of their runs)")
    held_out(pairs, [h for _, _, h in read])
    return 0 if passes(full) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
