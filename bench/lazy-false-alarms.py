#!/usr/bin/env python3
"""Measure the laziness guard on the shared corpus: where it must stay silent, and where it
must act.

    lazy-false-alarms.py [--seam BIN] [--corpus DIR] [--sets dev,real] [--lazy MODE]
                         [--jobs N] [--list]

Three measurements, per set:

1. expected results: every file a case modifies, its after/ content sent as a whole-file reply
   onto before/ (a whole-file reply is the guard's hardest case: the whole old file against
   the whole new one). The guard must never fire: no edit `lazy`, no strategy with
   `expanded-placeholder`.
2. clean replies: every case whose case.json expects `apply`, its own reply.md. Same rule.
3. lazy cases: every case whose defects hold `lazy`. Each must be refused as `lazy` or
   expanded; an expansion is checked against the case's notes (the corpus says which lines the
   placeholder replaced): for edit formats the restored file lines must be exactly the lines
   named there; for whole files the restored run must stand where the replaced run stood and be
   as long. Any other outcome is a miss.

Runs `seam apply --dry-run --json` (nothing is written; the JSON is read). With --list the
cases behind every non-zero count are printed. Exit status 0 when the guard never fired in 1
and 2 and every lazy case was refused or correctly expanded, 1 otherwise.
Standard library only.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)


def run_seam(seam, lazy, workdir, reply_path, fmt=None):
    cmd = [seam, "apply", "--dry-run", "--json", "--lazy=" + lazy, "-C", workdir]
    if fmt:
        cmd += ["--format", fmt]
    cmd.append(reply_path)
    p = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=60)
    try:
        return json.loads(p.stdout)
    except ValueError:
        return {"error": "no JSON (exit %d): %s" % (p.returncode, p.stderr.strip()[:200])}


def edits(doc):
    for f in doc.get("files", []):
        for e in f.get("edits", []):
            yield f, e


def fired(doc):
    """The guard's verdicts in a plan: (refused, expanded) edit counts."""
    refused = expanded = 0
    for _, e in edits(doc):
        if e.get("status") == "lazy":
            refused += 1
        if "expanded-placeholder" in (e.get("strategy") or ""):
            expanded += 1
    return refused, expanded


def copy_before(case_dir, work):
    before = os.path.join(case_dir, "before")
    if os.path.isdir(before):
        shutil.copytree(before, work, dirs_exist_ok=True)


def fence_for(text):
    longest = max([len(m) for m in re.findall(r"^\s*(`{3,}|~{3,})", text, re.M)] + [0])
    return "`" * max(3, longest + 1)


def check_after(seam, lazy, case_dir, rel):
    """One modified file: after/ as a whole-file reply onto before/."""
    with open(os.path.join(case_dir, "after", rel), "rb") as fh:
        data = fh.read().decode("utf-8", "replace")
    fence = fence_for(data)
    reply = "%s\n%s\n%s%s%s\n" % (rel, fence, data, "" if data.endswith("\n") else "\n", fence)
    with tempfile.TemporaryDirectory() as work:
        copy_before(case_dir, work)
        rp = os.path.join(work, ".seam-lazy-reply.md")
        with open(rp, "w", encoding="utf-8") as fh:
            fh.write(reply)
        doc = run_seam(seam, lazy, work, rp, "whole")
    ok = any(e.get("status") in ("applied", "already-applied") for _, e in edits(doc))
    r, x = fired(doc)
    return {"ran": ok, "refused": r, "expanded": x, "error": doc.get("error")}


def check_reply(seam, lazy, case_dir):
    with tempfile.TemporaryDirectory() as work:
        copy_before(case_dir, work)
        doc = run_seam(seam, lazy, work, os.path.join(case_dir, "reply.md"))
    return doc


NOTE_EDIT = re.compile(r"^lazy: (.+?) lines (\d+)-(\d+) replaced by '(.*)' on the new side")
NOTE_WHOLE = re.compile(r"^lazy: (.+?) new lines (\d+)-(\d+) replaced by '(.*)'")
EXPANDED = re.compile(r"expanded-placeholder: \"(.*?)\"(?: \(reply line \d+\))? stands for "
                      r"(\d+) unchanged lines?(?: \(lines? (\d+)(?:-(\d+))? of the file\))?")


def applied_file(seam, lazy, case_dir, rel):
    """The file rel after applying the case's reply for real on a copy (None if not there)."""
    with tempfile.TemporaryDirectory() as work:
        copy_before(case_dir, work)
        subprocess.run([seam, "apply", "-q", "--lazy=" + lazy, "-C", work,
                        os.path.join(case_dir, "reply.md")], capture_output=True, timeout=60)
        try:
            with open(os.path.join(work, rel), "rb") as fh:
                return fh.read().decode("utf-8", "replace").split("\n")
        except OSError:
            return None


def whole_expansion_ok(case_dir, rel, a, b, placeholder, seam, lazy):
    """The expanded file against the reply's own text (the file with --lazy=allow): the same
    but for the placeholder at line a, which must have become b - a + 1 lines."""
    out = applied_file(seam, lazy, case_dir, rel)
    raw = applied_file(seam, "allow", case_dir, rel)
    n = b - a + 1
    if out is None or raw is None or len(raw) < a or raw[a - 1].strip() != placeholder.strip():
        return False
    return out[:a - 1] == raw[:a - 1] and out[a - 1 + n:] == raw[a:] and \
        len(out) == len(raw) - 1 + n


def check_lazy(seam, lazy, case_dir, case):
    doc = check_reply(seam, lazy, case_dir)
    if "error" in doc:
        return "other", doc["error"]
    r, x = fired(doc)
    if r:
        return "refused", ""
    if not x:
        return "missed", "guard silent"
    notes = [n for n in case.get("notes", []) if n.startswith("lazy:")]
    for _, e in edits(doc):
        for m in EXPANDED.finditer(e.get("message") or ""):
            for note in notes:
                ne = NOTE_EDIT.match(note)
                nw = NOTE_WHOLE.match(note)
                if ne and m.group(3) and int(m.group(3)) == int(ne.group(2)) and \
                        int(m.group(4) or m.group(3)) == int(ne.group(3)):
                    return "expanded-ok", ""
                if nw and whole_expansion_ok(case_dir, nw.group(1), int(nw.group(2)),
                                             int(nw.group(3)), nw.group(4), seam, lazy):
                    return "expanded-ok", ""
    return "expanded-wrong", "; ".join(notes)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seam", default=os.path.join(TOP, "build", "seam"))
    ap.add_argument("--corpus", default=os.path.join(TOP, "..", "shared", "corpus"))
    ap.add_argument("--sets", default="dev,real")
    ap.add_argument("--lazy", default="expand", choices=["expand", "refuse", "allow"])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    if not os.path.isfile(os.path.join(a.corpus, "score.py")):
        print("lazy-false-alarms: no corpus at %s: skipped" % a.corpus)
        return 0
    status = 0
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs)
    print("laziness guard (--lazy=%s) on %s" % (a.lazy, os.path.abspath(a.corpus)))
    print("%-5s %-22s %6s %8s %9s %9s" % ("set", "measurement", "n", "silent", "refused",
                                          "expanded"))
    lists = []
    for s in a.sets.split(","):
        root = os.path.join(a.corpus, s)
        cases = []
        for cid in sorted(os.listdir(root)):
            cj = os.path.join(root, cid, "case.json")
            if os.path.isfile(cj):
                with open(cj) as fh:
                    cases.append((os.path.join(root, cid), json.load(fh)))
        # 1. expected results as whole files
        jobs = []
        for d, c in cases:
            after = os.path.join(d, "after")
            if not os.path.isdir(after):
                continue
            for dp, _, fns in os.walk(after):
                for fn in fns:
                    rel = os.path.relpath(os.path.join(dp, fn), after)
                    if os.path.isfile(os.path.join(d, "before", rel)):
                        jobs.append((c["id"], rel, pool.submit(check_after, a.seam, a.lazy, d,
                                                               rel)))
        res = [(cid, rel, j.result()) for cid, rel, j in jobs]
        ran = [x for x in res if x[2]["ran"] or x[2]["refused"]]
        bad = [x for x in res if x[2]["refused"] or x[2]["expanded"]]
        print("%-5s %-22s %6d %8d %9d %9d" % (s, "after/ as whole files", len(ran),
                                              len(ran) - len(bad),
                                              sum(1 for x in bad if x[2]["refused"]),
                                              sum(1 for x in bad if x[2]["expanded"])))
        lists += ["  %s after/%s: fired" % (cid, rel) for cid, rel, _ in bad]
        if bad:
            status = 1
        # 2. clean replies
        jobs = [(c["id"], pool.submit(check_reply, a.seam, a.lazy, d)) for d, c in cases
                if c.get("expected") == "apply"]
        res = [(cid, fired(j.result())) for cid, j in jobs]
        bad = [x for x in res if x[1][0] or x[1][1]]
        print("%-5s %-22s %6d %8d %9d %9d" % (s, "replies expected apply", len(res),
                                              len(res) - len(bad),
                                              sum(1 for x in bad if x[1][0]),
                                              sum(1 for x in bad if x[1][1])))
        lists += ["  %s reply: fired" % cid for cid, _ in bad]
        if bad:
            status = 1
        # 3. lazy cases
        jobs = [(c["id"], c["format"], pool.submit(check_lazy, a.seam, a.lazy, d, c))
                for d, c in cases if "lazy" in c.get("defects", [])]
        if jobs:
            res = [(cid, fmt, j.result()) for cid, fmt, j in jobs]
            count = {}
            for _, _, (outcome, _) in res:
                count[outcome] = count.get(outcome, 0) + 1
            print("%-5s %-22s %6d %8s %9d %9d   (expanded correctly %d, wrongly %d; "
                  "missed %d, other %d)"
                  % (s, "lazy cases", len(res), "-", count.get("refused", 0),
                     count.get("expanded-ok", 0) + count.get("expanded-wrong", 0),
                     count.get("expanded-ok", 0), count.get("expanded-wrong", 0),
                     count.get("missed", 0), count.get("other", 0)))
            by_fmt = {}
            for _, fmt, (outcome, _) in res:
                by_fmt.setdefault(fmt, {}).setdefault(outcome, 0)
                by_fmt[fmt][outcome] += 1
            for fmt in sorted(by_fmt):
                print("%-5s   %-20s %6d   %s" % ("", fmt, sum(by_fmt[fmt].values()),
                                                 ", ".join("%s %d" % kv for kv in
                                                           sorted(by_fmt[fmt].items()))))
            for cid, _, (outcome, why) in res:
                if outcome not in ("refused", "expanded-ok"):
                    status = 1
                    lists.append("  %s: %s %s" % (cid, outcome, why))
                elif a.list:
                    lists.append("  %s: %s" % (cid, outcome))
    pool.shutdown()
    if a.list or status:
        print("\n".join(lists))
    return status


if __name__ == "__main__":
    sys.exit(main())
