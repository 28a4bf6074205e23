#!/usr/bin/env python3
"""Streams every reply of the corpus through `seam apply --stream --json` and checks it.

    python3 bench/stream_corpus.py [SEAM] [CORPUS]     (defaults build/seam, ../shared/corpus)

Each reply is written to seam's stdin in random pieces of 1-200 bytes (seeded), through a pipe,
as a model's output would come, with --dry-run (nothing is written) and -C the case's before/.
Checks, against `seam apply --dry-run --json REPLY`: the same exit code; the summary line holds
the same report (or the error line the same error). Counts the events: early or at the end,
failed edits reported early, and corrections or withdrawals (each listed: on real replies there
should be none). Exit 1 when a check fails. Standard library only.
"""
import collections
import json
import os
import random
import subprocess
import sys


def stream(seam, before, reply, rng):
    p = subprocess.Popen([seam, "apply", "-C", before, "--dry-run", "--json", "--stream"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    i = 0
    try:
        while i < len(reply):
            k = rng.randint(1, 200)
            p.stdin.write(reply[i:i + k])
            p.stdin.flush()
            i += k
        p.stdin.close()
    except BrokenPipeError:
        pass  # seam stopped reading (no tree to apply to): its exit code says why
    out = p.stdout.read()
    p.wait()
    return p.returncode, out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    seam = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "build", "seam")
    root = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "..", "shared", "corpus")
    rng = random.Random(7)
    stats = collections.Counter()
    problems = []
    for base in ("dev", "real"):
        d = os.path.join(root, base)
        if not os.path.isdir(d):
            continue
        for c in sorted(os.listdir(d)):
            path = os.path.join(d, c, "reply.md")
            if not os.path.isfile(path):
                continue
            before = os.path.join(d, c, "before")
            reply = open(path, "rb").read()
            whole = subprocess.run([seam, "apply", "-C", before, "--dry-run", "--json", path],
                                   capture_output=True)
            rc, out = stream(seam, before, reply, rng)
            stats["cases"] += 1
            if rc != whole.returncode:
                problems.append((c, "exit %d streamed, %d without" % (rc, whole.returncode)))
                continue
            if rc == 2 and not out:
                continue
            events = [json.loads(line) for line in out.decode().splitlines()]
            last = events[-1] if events else {}
            want = json.loads(whole.stdout) if whole.stdout else {}
            if last.get("event") == "summary" and last["report"] != want:
                problems.append((c, "the reports differ"))
            elif last.get("event") == "error" and (last.get("error"), last.get("message")) != (
                    want.get("error"), want.get("message")):
                problems.append((c, "the errors differ"))
            elif last.get("event") not in ("summary", "error"):
                problems.append((c, "no summary line"))
            for e in events[:-1]:
                when = "at the end" if e["final"] else "early"
                stats["%s events %s" % (e["event"], when)] += 1
                if e["event"] == "edit" and e["status"] not in ("applied", "already-applied"):
                    stats["failed edits reported " + when] += 1
                if e["event"] != "edit":
                    problems.append((c, "%s of edit %d" % (e["event"], e["index"])))
    for k in sorted(stats):
        print("%-36s %d" % (k, stats[k]))
    for c, why in problems:
        print("PROBLEM %s: %s" % (c, why))
    print("%d cases, %d problems" % (stats["cases"], len(problems)))
    return 1 if problems or not stats["cases"] else 0


if __name__ == "__main__":
    sys.exit(main())
