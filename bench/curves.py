#!/usr/bin/env python3
"""seam beside its peers, seam's time against lines and against edits in each format, and its
peak memory against the bound of issue 12. Part of `make bench`.

    curves.py [--seam BIN] [--runner RUNONE] [--runs N] [--full] [--strict]
              [--smoke] [--memory] [--out DIR] [--png-dir DIR] [--no-results]

Inputs are made by bench/gen.py (synthetic, seed 1, nothing from a corpus) in a scratch
directory, dropped once measured; each run gets a fresh copy of the tree, and every output is
compared byte for byte with the expected file. Times are those of the process alone, measured
by RUNONE (bench/runone.c): CPU (user+sys, the figure that holds on a loaded machine) and wall,
the median of N runs (default 3; a point whose first run takes over LONG_RUN_MS of CPU runs
once).

  peers    strict `diff -u` replies, hunks = lines / 200 (the issue's 200,000 lines and 1,000
           hunks among them): GNU patch -p1, git apply -p1, seam default, seam --syntax=off;
           then replies per second of `seam apply --batch` at -j 1 and -j 2 on in-memory records
           of every format, wall and CPU (a tool missing here: its column says so)
  curves   each format of gen.py with --syntax=off (the engine, which must be linear),
           editblock with its edits out of order (gen.py --order alternate: first, last,
           second, ...; the same time as in file order when no step costs lines x edits), and
           udiff with seam's defaults (the syntax check parses a changed file up to 1 MiB):
           time against lines (LINES_GRID at LINES_EDITS edits) and against edits
           (EDITS_GRID at EDITS_LINES lines)
  memory   every seam run's max RSS against 3 x (reply bytes + bytes of the file it
           touches) + 16 MiB: PASS or FAIL per case

  --memory only the memory runs: each format of gen.py (and whole-placeholder: a whole file
           with a placeholder the laziness guard expands) with --syntax=off, and udiff with the
           check, at MEMORY_LINES lines and LINES_EDITS edits, one run each (RSS needs no
           median), every output verified; writes the "memory" section of bench/RESULTS.md

--full adds the 1,000,000-line point, 3,000 and 10,000 edits, and 1,000,000 lines of strict
diff (BENCH_FULL=1 in `make bench`). Writes the "peers" and "curves" sections of
bench/RESULTS.md (unless --no-results), the figures (curves.json) and the plot data into DIR
(default build/bench/curves) and the PNGs (gnuplot, bench/curves.gp) into --png-dir (default
bench/): peers-strict.png, curves-lines.png, curves-edits.png. --smoke: tiny sizes, one run,
no RESULTS.md (tests/bench/run.sh).

Exit status: 1 when an output is wrong or refused (MISMATCH), or with --strict (BENCH_STRICT=1)
when a memory bound FAILs; else 0. Standard library only.
"""

import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import gen  # noqa: E402
from measure import Usage, compare, read_tree  # noqa: E402

LINES_GRID = [1000, 3000, 10000, 30000, 100000, 300000]
LINES_GRID_FULL = [1000000]
LINES_EDITS = 50
EDITS_GRID = [1, 3, 10, 30, 100, 300, 1000]
EDITS_GRID_FULL = [3000, 10000]
EDITS_LINES = 120000  # 10,000 edits need 10,000 slots of gen.SLOT_MIN lines
# 1,000 lines (5 hunks): the fixed cost of a process beside patch's
PEER_LINES = [1000, 10000, 50000, 200000]
PEER_LINES_FULL = [1000000]
LINES_PER_HUNK = 200
MEMORY_LINES = [100000, 300000, 1000000]
MEMORY_SERIES = [(fmt, fmt, ["--syntax=off"]) for fmt in gen.FORMATS + gen.EXTRA_FORMATS] + \
    [("udiff, syntax check on", "udiff", [])]
BATCH_RECORDS = 600
LONG_RUN_MS = 1000
MIB = 1 << 20


def bound_bytes(meta):
    """Issue 12's memory bound: 3 x (the reply + the file it touches) + 16 MiB."""
    return 3 * (meta["reply_bytes"] + meta["file_bytes"]) + 16 * MIB


class Bench:
    def __init__(self, a):
        self.a = a
        self.tmp = tempfile.mkdtemp(prefix="seam-curves-")
        self.mismatch = []
        self.memory = []  # (case, rss bytes, bound bytes)

    def case(self, lines, edits, fmt, order="file"):
        """The case's directory (under the scratch directory: dropped by drop_cases) and meta."""
        d = os.path.join(self.tmp, "cases", "%s-%s-%d-%d" % (fmt, order, lines, edits))
        if not os.path.exists(os.path.join(d, "case.json")):
            gen.write_case(d, lines, edits, fmt, order=order)
        with open(os.path.join(d, "case.json")) as f:
            return d, json.load(f)

    def drop_cases(self):
        shutil.rmtree(os.path.join(self.tmp, "cases"), ignore_errors=True)

    def run(self, d, argv_of):
        """Runs argv_of(tree, reply) on fresh copies; (Usage list, problem or '')."""
        uses, problem = [], ""
        for i in range(max(1, self.a.runs)):
            work = tempfile.mkdtemp(prefix="run-", dir=self.tmp)
            tree = os.path.join(work, "tree")
            shutil.copytree(os.path.join(d, "before"), tree)
            err = os.path.join(work, "stderr")
            env = dict(os.environ, GIT_CEILING_DIRECTORIES=self.tmp)
            argv = argv_of(tree, os.path.join(d, "reply.txt"))
            p = subprocess.run([self.a.runner, "-t", "600", err] + argv, stdout=subprocess.PIPE,
                               check=True, env=env)
            use = Usage(p.stdout.decode())
            uses.append(use)
            if use.exit != 0:
                with open(err, "rb") as f:
                    tail = f.read().decode("utf-8", "replace").strip().splitlines()[-3:]
                problem = problem or "exit %d: %s" % (use.exit, " / ".join(tail))
            else:
                problem = problem or compare(read_tree(tree), read_tree(os.path.join(d, "after")))
            shutil.rmtree(work, ignore_errors=True)
            if i == 0 and use.cpu_ms > LONG_RUN_MS:
                break
        return uses, problem

    def seam(self, d, meta, label, options=()):
        uses, problem = self.run(d, lambda tree, reply: [self.a.seam, "apply", *options, "-C", tree,
                                                          "-q", reply])
        r = summarize(uses, problem)
        r["bound"] = bound_bytes(meta)
        r["mem_ok"] = r["rss"] <= r["bound"]
        self.memory.append((label, r["rss"], r["bound"]))
        print("  %-40s cpu %9.1f ms  wall %9.1f ms  max RSS %7.1f MiB  bound %7.1f MiB  %s%s" % (
            label, r["cpu"], r["wall"], r["rss"] / MIB, r["bound"] / MIB,
            "PASS" if r["mem_ok"] else "FAIL", "" if not problem else "  MISMATCH: " + problem),
            flush=True)
        if problem:
            self.mismatch.append("%s: %s" % (label, problem))
        return r

    def peer(self, d, label, argv_of):
        uses, problem = self.run(d, argv_of)
        r = summarize(uses, problem)
        print("  %-40s cpu %9.1f ms  wall %9.1f ms  max RSS %7.1f MiB%s" % (
            label, r["cpu"], r["wall"], r["rss"] / MIB,
            "" if not problem else "  MISMATCH: " + problem),
            flush=True)
        if problem:
            self.mismatch.append("%s: %s" % (label, problem))
        return r


def summarize(uses, problem):
    return {"cpu": statistics.median(u.cpu_ms for u in uses),
            "wall": statistics.median(u.wall_ms for u in uses),
            "rss": max(u.rss_kib for u in uses) * 1024, "runs": len(uses), "problem": problem}


def peers(b, grid):
    have_patch = shutil.which("patch")
    have_git = shutil.which("git")
    rows = []
    print("== peers: strict diff -u, %d lines per hunk" % LINES_PER_HUNK, flush=True)
    for lines in grid:
        hunks = max(1, lines // LINES_PER_HUNK)
        d, meta = b.case(lines, hunks, "udiff")
        name = "%d lines, %d hunks" % (lines, hunks)
        row = {"lines": lines, "hunks": hunks, "reply_bytes": meta["reply_bytes"],
               "file_bytes": meta["file_bytes"]}
        if have_patch:
            row["patch"] = b.peer(d, name + ": patch",
                                  lambda t, r: [have_patch, "-p1", "-s", "-d", t, "-i", r])
        if have_git:
            row["git"] = b.peer(d, name + ": git apply",
                                lambda t, r: [have_git, "-C", t, "apply", "-p1", r])
        row["seam"] = b.seam(d, meta, name + ": seam")
        row["seam_off"] = b.seam(d, meta, name + ": seam --syntax=off", ["--syntax=off"])
        rows.append(row)
        b.drop_cases()
    return rows


def batch(b, n):
    """Replies per second of --batch at -j 1 and -j 2, every result checked."""
    recs, want = [], []
    for i in range(n):
        fmt = gen.FORMATS[i % len(gen.FORMATS)]
        lines = 500 + 500 * (i % 4)
        rec, after = gen.record(lines, 1 + (i * 7) % 10, fmt, seed=1 + i, rid=i)
        recs.append(rec)
        want.append(after)
    inp, outp, err = (os.path.join(b.tmp, x) for x in ("records.jsonl", "results.jsonl", "err"))
    with open(inp, "w", encoding="utf-8") as f:
        f.writelines(json.dumps(r) + "\n" for r in recs)
    rows = []
    print("== seam apply --batch: %d in-memory records, every format" % n, flush=True)
    for jobs in (1, 2):
        p = subprocess.run([b.a.runner, "-t", "600", "-i", inp, "-o", outp, err, b.a.seam, "apply",
                            "--batch", "-j", str(jobs)], stdout=subprocess.PIPE, check=True)
        use = Usage(p.stdout.decode())
        with open(outp, encoding="utf-8") as f:
            out = [json.loads(x) for x in f if x.strip()]
        bad = sum(1 for o, w in zip(out, want)
                  if not o.get("ok") or (o.get("files") or {}).get(gen.PATH) != w)
        bad += abs(len(out) - n) + sum(1 for i, o in enumerate(out) if o.get("id") != i)
        secs = use.wall_ms / 1000.0
        rows.append({"jobs": jobs, "records": n, "seconds": secs,
                     "cpu_seconds": use.cpu_ms / 1000.0,
                     "per_s": n / secs, "per_cpu_s": n / max(use.cpu_ms / 1000.0, 1e-6),
                     "rss": use.rss_kib * 1024, "wrong": bad})
        print("  -j %d: %d records in %.2f s wall, %.2f s CPU: %.0f replies/s (%.0f per CPU "
              "second)%s" % (jobs, n, secs, use.cpu_ms / 1000.0, n / secs, rows[-1]["per_cpu_s"],
                             "" if not bad else "  MISMATCH: %d results wrong" % bad), flush=True)
        if bad:
            b.mismatch.append("--batch -j %d: %d of %d results wrong" % (jobs, bad, n))
    return rows


# the curves' series: title, format, options, the order of the edits (gen.py --order); the
# out-of-order one (edits alternately from the top and the bottom of the file) is issue 12's
# "no step may cost lines x edits" for edits that change the line count out of order
SERIES = [(fmt, fmt, ["--syntax=off"], "file") for fmt in gen.FORMATS] + \
    [("editblock, out of order", "editblock", ["--syntax=off"], "alternate"),
     ("udiff, syntax check on", "udiff", [], "file")]


def run_case(b, lines, edits, fmt, options, order="file"):
    """One generated case run by seam: its result, with the case's sizes."""
    d, meta = b.case(lines, edits, fmt, order)
    r = b.seam(d, meta, "%s%s %d lines %d edits%s" % (
        fmt, "" if order == "file" else " (%s order)" % order, lines, edits,
        "".join(" " + o for o in options)), options)
    r.update(lines=lines, edits=edits, reply_bytes=meta["reply_bytes"],
             file_bytes=meta["file_bytes"])
    return r


def curve(b, axis, grid, fixed):
    """{series title: [(x, result)]} for one axis ('lines' or 'edits')."""
    out = {}
    print("== curve: time against %s (%s)" % (axis, "%d edits" % fixed if axis == "lines"
                                              else "%d lines" % fixed), flush=True)
    for title, _, _, _ in SERIES:
        out[title] = []
    for x in grid:
        for title, fmt, options, order in SERIES:
            lines, edits = (x, fixed) if axis == "lines" else (fixed, x)
            edits = min(edits, lines // gen.SLOT_MIN)
            out[title].append((x, run_case(b, lines, edits, fmt, options, order)))
        b.drop_cases()
    return out


def memory(b, grid):
    """{series title: [(lines, result)]}: one run per case, max RSS against the bound."""
    out = {t: [] for t, _, _ in MEMORY_SERIES}
    print("== memory: max RSS against 3 x (reply + file) + 16 MiB, %d edits" % LINES_EDITS,
          flush=True)
    for lines in grid:
        for title, fmt, options in MEMORY_SERIES:
            edits = min(LINES_EDITS, lines // gen.SLOT_MIN)
            out[title].append((lines, run_case(b, lines, edits, fmt, options)))
        b.drop_cases()
    return out


def memory_md(series, grid):
    out = ["## Memory", "",
           "`python3 bench/curves.py --memory`: each format of `bench/gen.py` (synthetic, seed 1, "
           "%d edits) with `--syntax=off`, whole-placeholder (the whole file with %d unchanged "
           "lines written as a placeholder, which the laziness guard restores) and udiff with "
           "the syntax check; one run each, every output compared byte for byte. Max RSS of the "
           "process (bench/runone.c) against issue 12's bound, 3 x (reply + file) + 16 MiB, "
           "MiB." % (LINES_EDITS, gen.PLACEHOLDER_RUN), "",
           "| series | " + " | ".join("{:,} lines".format(x) for x in grid) + " |",
           "| --- |" + " --- |" * len(grid)]
    for title, pts in series.items():
        out.append("| %s | %s |" % (title, " | ".join(
            "%.1f / %.1f %s%s" % (r["rss"] / MIB, r["bound"] / MIB,
                                  "PASS" if r["mem_ok"] else "**FAIL**",
                                  " MISMATCH" if r["problem"] else "") for _, r in pts)))
    bad = [(t, x, r["problem"]) for t, pts in series.items() for x, r in pts if r["problem"]]
    if bad:
        out += ["", "MISMATCH (the process's RSS is measured all the same):", ""]
        out += ["- %s, {:,} lines: %s".format(x) % (t, p[:300]) for t, x, p in bad]
    return "\n".join(out) + "\n"


def write_dat(path, series):
    """gnuplot data: one block (index) per series, x and CPU ms."""
    with open(path, "w") as f:
        for i, (title, pts) in enumerate(series):
            if i:
                f.write("\n\n")
            f.write("# %s\n" % title)
            for x, r in pts:
                f.write("%d %.3f %.3f\n" % (x, r["cpu"], r["wall"]))


def plot(b, dat, png, xlabel, title, series):
    gp = shutil.which("gnuplot")
    if not gp:
        print("curves.py: gnuplot not found: no %s (Debian: gnuplot-nox)" % png, file=sys.stderr)
        return False
    # a point whose output was wrong is not drawn; a series with none left is not either
    series = [(t, [(x, r) for x, r in pts if not r["problem"]]) for t, pts in series]
    series = [(t, pts) for t, pts in series if pts]
    if not series:
        print("curves.py: no verified point to draw: no %s" % png, file=sys.stderr)
        return False
    write_dat(dat, series)
    titles = " ".join(t.replace(" ", "_") for t, _ in series)
    refx, refy = series[0][1][-1][0], max(series[0][1][-1][1]["cpu"], 0.001)
    p = subprocess.run([gp, "-e", "datafile='%s'; outfile='%s'; xlab='%s'; plottitle='%s'; "
                        "titles='%s'; n=%d; refx=%g; refy=%g" % (
                            dat, png, xlabel, title, titles, len(series), refx, refy),
                        os.path.join(HERE, "curves.gp")])
    if p.returncode != 0:
        print("curves.py: gnuplot failed (exit %d): no %s" % (p.returncode, png), file=sys.stderr)
        return False
    print("curves.py: wrote %s" % png, flush=True)
    return True


def ms(r):
    return "%.1f" % r["cpu"] if r else "-"


def slope(p, q):
    """The log-log slope from point p to q, (x, cpu ms) each: 1 is linear, 2 quadratic."""
    if p[0] <= 0 or q[0] <= p[0] or p[1] <= 0 or q[1] <= 0:
        return None
    return math.log(q[1] / p[1]) / math.log(q[0] / p[0])


def fmt_slope(v):
    return "-" if v is None else "%.2f" % v


def peers_md(rows, brows, runs):
    out = ["## Peers", "",
           "Strict `diff -u` replies from `bench/gen.py` (one C-like file, one hunk per %d "
           "lines, 3 lines of context, every edit exact), each tool on a fresh copy, median of "
           "%d runs (one for a run over %d ms CPU), every output compared byte for byte. CPU ms "
           "of the process (user+sys) / wall ms: on a loaded machine the CPU figure is the one "
           "that holds. Growth: the log-log slope of the CPU time from the row above, of seam "
           "--syntax=off and of GNU patch (the hunks grow with the lines: 1 is linear, 2 is "
           "lines x hunks). seam's max RSS against "
           "the bound of issue 12, 3 x (reply + file) + 16 MiB." % (LINES_PER_HUNK, runs,
                                                                      LONG_RUN_MS), "",
           "| lines | hunks | GNU patch | git apply | seam | seam --syntax=off | check's share "
           "| seam / patch (CPU) | growth (seam off / patch) | seam max RSS | bound | memory |",
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]

    def cell(r):
        if r is None:
            return "not installed"
        return "%.1f / %.1f%s" % (r["cpu"], r["wall"], " MISMATCH" if r["problem"] else "")

    prev = prev_p = None
    for row in rows:
        s, off, p = row["seam"], row["seam_off"], row.get("patch")
        share = "%.0f%%" % (100.0 * max(0.0, s["cpu"] - off["cpu"]) / s["cpu"]) if s["cpu"] else "-"
        ratio = "%.1fx" % (s["cpu"] / p["cpu"]) if p and p["cpu"] > 0 else "-"
        growth = "%s / %s" % (
            fmt_slope(slope(prev, (row["lines"], off["cpu"])) if prev else None),
            fmt_slope(slope(prev_p, (row["lines"], p["cpu"])) if prev_p and p else None))
        prev, prev_p = (row["lines"], off["cpu"]), (row["lines"], p["cpu"]) if p else None
        out.append("| {:,} | {:,} | {} | {} | {} | {} | {} | {} | {} | {:.1f} MiB | {:.1f} MiB "
                   "| {} |".format(row["lines"], row["hunks"], cell(p), cell(row.get("git")),
                                   cell(s), cell(off), share, ratio, growth, s["rss"] / MIB,
                                   s["bound"] / MIB, "PASS" if s["mem_ok"] else "**FAIL**"))
    out += ["", "The syntax check parses the functions around the edits of a changed file of up "
            "to 1 MiB (the whole file when they do not settle it): of these, only the "
            "10,000-line file (~265 KB) is checked; for the larger ones the check's share is "
            "noise. The 1,000-line row is the fixed cost of a process.", "",
            "`seam apply --batch`, one process, in-memory records made by `bench/gen.py` (every "
            "format in turn, 500-2,000 lines, 1-10 edits, syntax check on), each result checked; "
            "replies per second of wall time and per CPU second:", "",
            "| -j | records | wall s | CPU s | replies/s | replies per CPU s | max RSS | wrong |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in brows:
        out.append("| %d | %d | %.2f | %.2f | %.0f | %.0f | %.1f MiB | %d |" % (
            r["jobs"], r["records"], r["seconds"], r["cpu_seconds"], r["per_s"], r["per_cpu_s"],
            r["rss"] / MIB, r["wrong"]))
    return "\n".join(out) + "\n"


def curves_md(lines_c, edits_c, runs, full, pngs):
    out = ["## Curves", "",
           "Each format of `bench/gen.py` (synthetic, seed 1) with `--syntax=off` (the engine), "
           "and udiff with seam's defaults (the syntax check parses a changed file of up to "
           "1 MiB, about 38,000 of these lines): CPU ms of the process (user+sys), median of %d "
           "runs (one for a run over %d ms CPU), every output compared byte for byte. Slope: "
           "the log-log slope over the last two points (1 is linear). Ms per edit, at a fixed file "
           "size, is what one more edit costs: when each edit scans the file (a lines x edits "
           "term) it grows with the file; when places are looked up it stays a few "
           "microseconds whatever the file. %s" % (
               runs, LONG_RUN_MS, "Full run (`BENCH_FULL=1`): the 1,000,000-line point and "
               "3,000 and 10,000 edits were run." if full else "Default run: the 1,000,000-line "
               "point and 3,000 and 10,000 edits were not run (`BENCH_FULL=1 make bench` runs "
               "them).")]
    for png in pngs:
        out += ["", "![%s](%s)" % (os.path.splitext(os.path.basename(png))[0],
                                   os.path.basename(png))]
    for axis, c, fixed in (("lines", lines_c, "%d edits (fewer where the file is too short: "
                            "one per %d lines at most)" % (LINES_EDITS, gen.SLOT_MIN)),
                           ("edits", edits_c, "{:,} lines".format(EDITS_LINES))):
        grid = [x for x, _ in next(iter(c.values()))]
        head = "| %s | " + " | ".join("{:,}".format(x) for x in grid) + " |%s"
        # the cost of one more edit (or 1,000 more lines), from the first point to the last
        per = "ms per edit" if axis == "edits" else "ms per 1,000 lines"
        out += ["", "CPU ms against %s, %s:" % (axis, fixed), "",
                head % ("series", " slope | %s |" % per), "| --- |" + " --- |" * (len(grid) + 2)]
        for title, pts in c.items():
            ok = [(x, r["cpu"]) for x, r in pts if not r["problem"]]
            step = "-"
            if len(ok) > 1:
                step = "%.3f" % ((ok[-1][1] - ok[0][1]) / (ok[-1][0] - ok[0][0])
                                 * (1 if axis == "edits" else 1000))
            out.append("| %s | %s | %s | %s |" % (title, " | ".join(
                ("%.1f" % r["cpu"]) + (" MISMATCH" if r["problem"] else "") for _, r in pts),
                fmt_slope(slope(*ok[-2:]) if len(ok) > 1 else None), step))
        out += ["", "Max RSS against the bound, MiB, %s axis:" % axis, "",
                head % ("series", ""), "| --- |" + " --- |" * len(grid)]
        for title, pts in c.items():
            out.append("| %s | %s |" % (title, " | ".join(
                "%.1f / %.1f %s" % (r["rss"] / MIB, r["bound"] / MIB,
                                    "PASS" if r["mem_ok"] else "**FAIL**") for _, r in pts)))
    return "\n".join(out) + "\n"


def memory_main(a, b, grid):
    try:
        series = memory(b, grid)
    finally:
        shutil.rmtree(b.tmp, ignore_errors=True)
    fails = [m for m in b.memory if m[1] > m[2]]
    print("== memory bound: %d PASS, %d FAIL" % (len(b.memory) - len(fails), len(fails)))
    for label, rss, bound in fails:
        print("  FAIL %s: max RSS %.1f MiB over %.1f MiB" % (label, rss / MIB, bound / MIB))
    if not a.no_results:
        commit = subprocess.run(["git", "-C", TOP, "rev-parse", "--short", "HEAD"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        text = memory_md(series, grid).replace("\n\n", "\n\n%s, commit %s, `python3 "
                                               "bench/curves.py --memory`.\n\n" % (
                                                   time.strftime("%Y-%m-%d %H:%M UTC",
                                                                 time.gmtime()),
                                                   commit.stdout.decode().strip() or "unknown"),
                                               1)
        text += ("\nMemory bound: **%d PASS, %d FAIL**.\n"
                 % (len(b.memory) - len(fails), len(fails)))
        subprocess.run([sys.executable, os.path.join(HERE, "mdsection.py"),
                        os.path.join(HERE, "RESULTS.md"), "memory"], input=text.encode(),
                       check=True)
        print("curves.py: wrote the memory section of bench/RESULTS.md")
    if b.mismatch:
        print("MISMATCH: %d case(s) gave a wrong tree or were refused:" % len(b.mismatch),
              file=sys.stderr)
        for m in b.mismatch:
            print("  " + m, file=sys.stderr)
    sys.exit(1 if b.mismatch or (a.strict and fails) else 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seam", default=os.path.join(TOP, "build", "seam"))
    ap.add_argument("--runner", default=os.path.join(TOP, "build", "bench", "runone"))
    ap.add_argument("--runs", type=int, default=int(os.environ.get("BENCH_RUNS", "3")))
    ap.add_argument("--full", action="store_true", default=os.environ.get("BENCH_FULL") == "1")
    ap.add_argument("--strict", action="store_true", default=os.environ.get("BENCH_STRICT") == "1")
    ap.add_argument("--smoke", action="store_true", help="tiny sizes, for the tests")
    ap.add_argument("--memory", action="store_true", help="only the memory runs (MEMORY_LINES)")
    ap.add_argument("--out", default=os.path.join(TOP, "build", "bench", "curves"))
    ap.add_argument("--png-dir", default=HERE)
    ap.add_argument("--no-results", action="store_true",
                    default=os.environ.get("BENCH_RESULTS") == "0")
    a = ap.parse_args()
    a.seam, a.runner = os.path.abspath(a.seam), os.path.abspath(a.runner)
    a.out, a.png_dir = os.path.abspath(a.out), os.path.abspath(a.png_dir)
    if not os.access(a.seam, os.X_OK):
        sys.exit("curves.py: %s is not an executable (make)" % a.seam)
    if not os.access(a.runner, os.X_OK):
        sys.exit("curves.py: %s is missing (make build/bench/runone)" % a.runner)
    os.makedirs(a.out, exist_ok=True)
    os.makedirs(a.png_dir, exist_ok=True)
    if a.smoke:
        a.runs, a.no_results = 1, True
        peer_grid, lines_grid, edits_grid = [400], [120, 240], [1, 5]
        global EDITS_LINES, LINES_EDITS
        EDITS_LINES, LINES_EDITS = 120, 5
        n_batch = 12
    else:
        peer_grid = PEER_LINES + (PEER_LINES_FULL if a.full else [])
        lines_grid = LINES_GRID + (LINES_GRID_FULL if a.full else [])
        edits_grid = EDITS_GRID + (EDITS_GRID_FULL if a.full else [])
        n_batch = BATCH_RECORDS
    b = Bench(a)
    if a.memory:
        return memory_main(a, b, [240, 480] if a.smoke else MEMORY_LINES)
    try:
        prow = peers(b, peer_grid)
        brow = batch(b, n_batch)
        lines_c = curve(b, "lines", lines_grid, LINES_EDITS)
        edits_c = curve(b, "edits", edits_grid, EDITS_LINES)
    finally:
        shutil.rmtree(b.tmp, ignore_errors=True)

    pngs = []
    for axis, c in (("lines", lines_c), ("edits", edits_c)):
        png = os.path.join(a.png_dir, "curves-%s.png" % axis)
        fixed = ("%d edits" % LINES_EDITS) if axis == "lines" else ("%d lines" % EDITS_LINES)
        if plot(b, os.path.join(a.out, "curves-%s.dat" % axis), png, axis,
                "seam apply, CPU ms against %s (%s)" % (axis, fixed), list(c.items())):
            pngs.append(png)
    series = []
    for key, title in (("patch", "GNU patch"), ("git", "git apply"), ("seam", "seam"),
                       ("seam_off", "seam --syntax=off")):
        pts = [(r["lines"], r[key]) for r in prow if key in r]
        if pts:
            series.append((title, pts))
    png = os.path.join(a.png_dir, "peers-strict.png")
    if plot(b, os.path.join(a.out, "peers.dat"), png, "lines (one hunk per %d)" % LINES_PER_HUNK,
            "strict diff -u: CPU ms against lines", series):
        pngs.insert(0, png)

    with open(os.path.join(a.out, "curves.json"), "w") as f:
        json.dump({"peers": prow, "batch": brow, "lines": lines_c, "edits": edits_c}, f, indent=1)
    fails = [m for m in b.memory if m[1] > m[2]]
    print("== memory bound: %d PASS, %d FAIL" % (len(b.memory) - len(fails), len(fails)))
    for label, rss, bound in fails:
        print("  FAIL %s: max RSS %.1f MiB over %.1f MiB" % (label, rss / MIB, bound / MIB))
    if not a.no_results:
        commit = subprocess.run(["git", "-C", TOP, "rev-parse", "--short", "HEAD"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        commit = commit.stdout.decode().strip()
        dirty = subprocess.run(["git", "-C", TOP, "status", "--porcelain", "--untracked-files=no"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.strip()
        stamp = "%s, commit %s%s, %d CPUs, `python3 bench/curves.py`%s.\n\n" % (
            time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), commit or "unknown",
            " + uncommitted changes" if dirty else "", os.cpu_count() or 0,
            " --full" if a.full else "")
        peer_png = [p for p in pngs if p.endswith("peers-strict.png")]
        text = peers_md(prow, brow, a.runs).replace("\n\n", "\n\n" + stamp, 1)
        for p in peer_png:
            text += "\n![peers-strict](%s)\n" % os.path.basename(p)
        md = os.path.join(HERE, "mdsection.py")
        res = os.path.join(HERE, "RESULTS.md")
        subprocess.run([sys.executable, md, res, "peers"], input=text.encode(), check=True)
        text = curves_md(lines_c, edits_c, a.runs, a.full,
                         [p for p in pngs if not p.endswith("peers-strict.png")])
        text += ("\nMemory bound (issue 12), every seam run of this run, peers and curves: "
                 "**%d PASS, %d FAIL**.\n" % (len(b.memory) - len(fails), len(fails)))
        subprocess.run([sys.executable, md, res, "curves"],
                       input=text.replace("\n\n", "\n\n" + stamp, 1).encode(), check=True)
        print("curves.py: wrote the peers and curves sections of bench/RESULTS.md")
    if b.mismatch:
        print("MISMATCH: %d case(s) gave a wrong tree or were refused:" % len(b.mismatch),
              file=sys.stderr)
        for m in b.mismatch:
            print("  " + m, file=sys.stderr)
    sys.exit(1 if b.mismatch or (a.strict and fails) else 0)


if __name__ == "__main__":
    main()
