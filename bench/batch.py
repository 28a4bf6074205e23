#!/usr/bin/env python3
"""Replies per second of the ways to apply many replies, on the same records.

    python3 bench/batch.py [--records N] [--no-results]

Records: the corpus' dev set in memory (../shared/corpus/dev) when it is there, else replies
made here, repeated up to N (default 2400). Ways, each timed once end to end (wall clock):
  process per reply   `seam apply -q` per record in a fresh directory (a shell loop's way)
  --batch -j 1 / -j 2  one `seam apply --batch` process
  dask 1 / 2 workers   seam.dask.apply_bag on a LocalCluster of worker processes (started
                       before the clock; the per-record overhead Dask adds is the difference)
Writes the "batch" section of bench/RESULTS.md unless --no-results. Needs build/seam and,
for the Dask rows, Debian's python3-distributed (run with /usr/bin/python3).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
SEAM = os.path.join(TOP, "build", "seam")
os.environ.setdefault("SEAM_LIBRARY", os.path.join(TOP, "build", "libseam.so"))
os.environ["PYTHONPATH"] = os.path.join(TOP, "python") + os.pathsep + os.environ.get("PYTHONPATH", "")
sys.path.insert(0, os.path.join(TOP, "python"))


def records(n):
    corpus = os.path.join(TOP, "..", "shared", "corpus", "dev")
    base = []
    if os.path.isdir(corpus):
        for c in sorted(os.listdir(corpus)):
            d = os.path.join(corpus, c)
            try:
                reply = open(os.path.join(d, "reply.md"), encoding="utf-8").read()
                files = {}
                for b, _, names in os.walk(os.path.join(d, "before")):
                    for nm in names:
                        p = os.path.join(b, nm)
                        files[os.path.relpath(p, os.path.join(d, "before"))] = open(p, encoding="utf-8").read()
            except (OSError, UnicodeDecodeError):
                continue
            base.append({"reply": reply, "files": files})
        source = "the dev corpus (%d cases, repeated)" % len(base)
    else:
        for i in range(200):
            src = "".join("def f%d():\n    return %d\n\n" % (k, k * i) for k in range(50))
            base.append({"reply": "m.py\n```\n<<<<<<< SEARCH\n    return %d\n=======\n    return -1\n>>>>>>> REPLACE\n```\n" % (7 * i),
                         "files": {"m.py": src}})
        source = "generated replies"
    out = []
    while len(out) < n:
        r = dict(base[len(out) % len(base)])
        r["id"] = len(out)
        out.append(r)
    return out, source


def per_process(recs):
    tmp = tempfile.mkdtemp(prefix="seam-bench-")
    start = time.monotonic()
    for r in recs:
        d = os.path.join(tmp, str(r["id"]))
        for p, text in r["files"].items():
            os.makedirs(os.path.dirname(os.path.join(d, p)), exist_ok=True)
            with open(os.path.join(d, p), "w", encoding="utf-8") as f:
                f.write(text)
        os.makedirs(d, exist_ok=True)
        subprocess.run([SEAM, "apply", "-q", "-C", d, "-"], input=r["reply"].encode(),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    took = time.monotonic() - start
    shutil.rmtree(tmp)
    return took


def batch(recs, jobs):
    data = "".join(json.dumps(r) + "\n" for r in recs).encode()
    start = time.monotonic()
    p = subprocess.run([SEAM, "apply", "--batch", "-j", str(jobs)], input=data,
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    took = time.monotonic() - start
    assert p.stdout.count(b"\n") == len(recs)
    return took


def dask_run(recs, workers):
    import dask.bag as db
    from distributed import Client, LocalCluster
    import seam.dask
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                           host="127.0.0.1", dashboard_address=None)
    client = Client(cluster)
    try:
        bag = db.from_sequence(recs, npartitions=max(4, workers * 8))
        bag = client.persist(bag)  # the records are on the workers before the clock starts
        from distributed import wait
        wait(bag)
        start = time.monotonic()
        res = seam.dask.apply_bag(bag).compute()
        took = time.monotonic() - start
        assert len(res) == len(recs)
    finally:
        client.close()
        cluster.close()
    return took


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=2400)
    ap.add_argument("--no-results", action="store_true")
    a = ap.parse_args()
    recs, source = records(a.records)
    rows = []
    few = recs[: max(1, len(recs) // 8)]  # a process per reply is slow: an eighth of them
    rows.append(("process per reply (`seam apply -q`)", len(few), per_process(few)))
    for j in (1, 2):
        rows.append(("`seam apply --batch -j %d`" % j, len(recs), batch(recs, j)))
    try:
        import distributed  # noqa: F401
        for w in (1, 2):
            rows.append(("Dask, %d worker process%s" % (w, "es" if w > 1 else ""), len(recs), dask_run(recs, w)))
    except ImportError:
        print("batch.py: no python3-distributed here: the Dask rows are left out", file=sys.stderr)
    lines = ["## Batch", "",
             "`python3 bench/batch.py` (wall clock, one run each, 2 cores; records: %s, in memory)." % source,
             "", "| way | records | seconds | replies/s | ms per reply |", "| --- | --- | --- | --- | --- |"]
    for name, n, t in rows:
        lines.append("| %s | %d | %.2f | %.0f | %.2f |" % (name, n, t, n / t, 1000 * t / n))
    text = "\n".join(lines) + "\n"
    print(text)
    if not a.no_results:
        subprocess.run([sys.executable, os.path.join(HERE, "mdsection.py"), os.path.join(HERE, "RESULTS.md"), "batch"],
                       input=text.encode(), check=True)


if __name__ == "__main__":
    main()
