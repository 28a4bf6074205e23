#!/usr/bin/env python3
"""Time `seam apply` on generated cases and check every result byte for byte.

    measure.py --seam BIN --runner RUNONE [--runs N] [--callgrind] [--json OUT]
               NAME:DIR:TARGET_MS...

DIR is a case written by datagen (before/, reply.md, after/, case.json). Each run copies
before/ into a fresh directory, runs `BIN apply -C WORK -q DIR/reply.md` under RUNONE (built
from bench/runone.c: user+sys CPU and max RSS of that process alone), and compares WORK with
after/. Prints one row per case: the median CPU time of the runs, the largest RSS, and whether
every run was correct; with --callgrind also the instructions of one run under
`valgrind --tool=callgrind` (a figure that repeats on a noisy machine).

Exit status: 0 when every run of every case gave the expected tree, 1 otherwise.
Standard library only.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile


def read_tree(root):
    out = {}
    for dirpath, _, filenames in os.walk(root):
        for name in filenames:
            p = os.path.join(dirpath, name)
            with open(p, "rb") as f:
                out[os.path.relpath(p, root)] = f.read()
    return out


def compare(got, want):
    """'' when equal, else a short description of the first difference."""
    if got == want:
        return ""
    for k in sorted(set(got) | set(want)):
        if k not in got:
            return "missing %s" % k
        if k not in want:
            return "unexpected file %s" % k
        if got[k] != want[k]:
            a, b = got[k].split(b"\n"), want[k].split(b"\n")
            line = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            return "%s differs from line %d" % (k, line + 1)
    return "differs"


class Usage:
    """What runone reports about one process."""

    def __init__(self, line):
        rc, user, system, rss, wall = (int(x) for x in line.split())
        self.exit, self.rss_kib = rc, rss
        self.cpu_ms, self.wall_ms = (user + system) / 1000.0, wall / 1000.0


def spawn(runner, argv, err_path, timeout=120):
    """Run argv through runone (stdout to /dev/null, stderr to err_path); a Usage."""
    p = subprocess.run([runner, "-t", str(timeout), err_path] + argv, stdout=subprocess.PIPE,
                       check=True)
    return Usage(p.stdout.decode())


# options given to every `seam apply` (--option)
EXTRA = []


def one_run(runner, seam, case, tmp, prefix=()):
    """Apply the case once in a fresh copy; returns (problem or '', Usage, stderr)."""
    work = tempfile.mkdtemp(prefix="run-", dir=tmp)
    shutil.copytree(os.path.join(case, "before"), os.path.join(work, "tree"))
    err_path = os.path.join(work, "stderr")
    argv = list(prefix) + [seam, "apply"] + EXTRA + ["-C", os.path.join(work, "tree"), "-q",
                                                     os.path.join(case, "reply.md")]
    use = spawn(runner, argv, err_path, 600 if prefix else 120)
    with open(err_path, "rb") as f:
        err = f.read().decode("utf-8", "replace")
    if use.exit != 0:
        problem = "exit status %d%s" % (use.exit, {1: " (refused)", 137: " (killed: timeout?)"}
                                        .get(use.exit, ""))
    else:
        problem = compare(read_tree(os.path.join(work, "tree")),
                          read_tree(os.path.join(case, "after")))
    shutil.rmtree(work, ignore_errors=True)
    return problem, use, err


def callgrind(runner, seam, case, tmp):
    """(instructions of one run under callgrind or None, problem of that run's result or '')."""
    prefix = [shutil.which("valgrind"), "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    problem, _, err = one_run(runner, seam, case, tmp, prefix)
    m = re.search(r"Collected\s*:\s*(\d+)", err)
    return (int(m.group(1)) if m else None), problem


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seam", required=True, help="the seam binary")
    ap.add_argument("--runner", required=True, help="the runone binary (bench/runone.c)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--callgrind", action="store_true", help="also count instructions")
    ap.add_argument("--json", metavar="OUT", help="write the figures here")
    ap.add_argument("--option", action="append", default=[],
                    help="an option for every seam apply (e.g. --option=--syntax=off)")
    ap.add_argument("cases", nargs="+", metavar="NAME:DIR:TARGET_MS")
    args = ap.parse_args()
    EXTRA.extend(args.option)
    seam = os.path.abspath(args.seam)
    if not os.access(seam, os.X_OK):
        sys.exit("measure.py: %s is not an executable" % seam)
    if args.callgrind and not shutil.which("valgrind"):
        print("measure.py: valgrind not found: no instruction counts", file=sys.stderr)
        args.callgrind = False

    rows, failed = [], False
    tmp = tempfile.mkdtemp(prefix="seam-bench-")
    try:
        for spec in args.cases:
            name, case, target = spec.rsplit(":", 2)
            case = os.path.abspath(case)
            with open(os.path.join(case, "case.json")) as f:
                meta = json.load(f)
            cpu, rss, wall, problems, first_err = [], [], [], [], ""
            for _ in range(max(1, args.runs)):
                problem, use, err = one_run(args.runner, seam, case, tmp)
                cpu.append(use.cpu_ms)
                rss.append(use.rss_kib)
                wall.append(use.wall_ms)
                if problem:
                    problems.append(problem)
                    first_err = first_err or err
            if problems:
                tail = [x for x in first_err.strip().splitlines() if x.strip()][-8:]
                print("MISMATCH %s: %s in %d of %d runs; seam said:%s" % (
                    name, problems[0], len(problems), len(cpu),
                    "".join("\n    " + x for x in tail) or " nothing"), file=sys.stderr)
            row = {"case": name, "format": meta["format"], "lines": meta.get("lines"),
                   "edits": meta.get("edits"), "runs": len(cpu),
                   "cpu_ms_median": statistics.median(cpu), "cpu_ms_min": min(cpu),
                   "wall_ms_median": statistics.median(wall), "max_rss_kib": max(rss),
                   "target_ms": float(target), "verified": not problems,
                   "problems": ["%s in %d of %d runs" % (p, problems.count(p), len(cpu))
                                for p in sorted(set(problems))]}
            if args.callgrind:
                row["instructions"], problem = callgrind(args.runner, seam, case, tmp)
                if problem:
                    print("MISMATCH %s under callgrind: %s" % (name, problem), file=sys.stderr)
                    row["problems"].append("callgrind run: " + problem)
                    row["verified"] = False
            failed |= not row["verified"]
            rows.append(row)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    head = "%-15s %-9s %7s %5s %10s %10s %7s %4s %9s %9s" % (
        "case", "format", "lines", "edits", "CPU ms", "(min)", "target", "met", "max RSS",
        "verified")
    if args.callgrind:
        head += " %15s" % "instructions"
    print(head)
    print("-" * len(head))
    for r in rows:
        line = "%-15s %-9s %7s %5s %10.1f %10.1f %7s %4s %8.1fM %9s" % (
            r["case"], r["format"], r["lines"], r["edits"], r["cpu_ms_median"], r["cpu_ms_min"],
            "%g ms" % r["target_ms"], "yes" if r["cpu_ms_median"] < r["target_ms"] else "NO",
            r["max_rss_kib"] / 1024.0, "yes" if r["verified"] else "MISMATCH")
        if args.callgrind:
            ins = r.get("instructions")
            line += " %15s" % ("{:,}".format(ins) if ins else "-")
        print(line)
    for r in rows:
        if not r["verified"]:
            print("MISMATCH %s: %s" % (r["case"], "; ".join(r["problems"])))
    # what any process costs here, to read the small figures against
    floor = [spawn(args.runner, ["true"], os.devnull) for _ in range(max(1, args.runs))]
    floor_ms = statistics.median(u.cpu_ms for u in floor)
    print("(starting a process: `true` takes %.1f ms CPU, %.1fM RSS on this machine)" % (
        floor_ms, max(u.rss_kib for u in floor) / 1024.0))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"seam": seam, "runs": args.runs, "true_cpu_ms": floor_ms, "cases": rows},
                      f, indent=1)
            f.write("\n")
    if failed:
        print("\nMISMATCH: seam's output differs from the expected file (see above)",
              file=sys.stderr)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
