#!/usr/bin/env python3
"""Applies a JSON-lines file of seam batch records on a Dask cluster.

    python3 examples/dask/apply_jsonl.py RECORDS.jsonl RESULTS.jsonl [--scheduler ADDR]
                                         [--workers N] [--partitions N]

Each line of RECORDS is a record of `seam apply --batch` ({"id", "reply", "files"}). Without
--scheduler a local cluster of N worker processes (default 2) is started on loopback. The
results are written in input order, one line each, and a summary goes to stderr: applied,
refused by reason, replies per second.
"""
import argparse
import collections
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))

import dask.bag as db  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

import seam.dask  # noqa: E402


def reason(r):
    if r.get("ok"):
        return "applied"
    if "error" in r:
        return "error: " + r["error"].split(":")[0][:60]
    bad = [e["status"] for e in r.get("edits", []) if e["status"] not in ("applied", "already-applied")]
    return "refused: " + (bad[0] if bad else "unknown")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("records")
    ap.add_argument("results")
    ap.add_argument("--scheduler", help="address of a running scheduler (tcp://host:8786)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--partitions", type=int, default=8)
    a = ap.parse_args()

    if a.scheduler:
        client = Client(a.scheduler)
    else:
        cluster = LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address=None)
        client = Client(cluster)
    with open(a.records, encoding="utf-8") as f:
        lines = [l for l in f if l.strip()]
    start = time.monotonic()
    bag = db.from_sequence(lines, npartitions=max(1, min(a.partitions, len(lines)))).map(json.loads)
    results = seam.dask.apply_bag(bag).compute()
    took = time.monotonic() - start
    with open(a.results, "w", encoding="utf-8") as f:
        for r in results:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    counts = collections.Counter(reason(r) for r in results)
    print("%d records in %.2f s (%.0f replies/s)" % (len(results), took, len(results) / took if took else 0),
          file=sys.stderr)
    for k, v in counts.most_common():
        print("  %6d  %s" % (v, k), file=sys.stderr)
    client.close()


if __name__ == "__main__":
    main()
