"""seam on a real Dask cluster: a LocalCluster of 2 worker processes on loopback.

Run by tests/dask/run.sh with Debian's python3 (python3-distributed). The records are the
corpus' dev set in memory when ../shared is beside the repository, else replies made here.
"""
import json
import os
import signal
import subprocess
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(TOP, "python"))
# the worker processes import seam too: they inherit the environment
os.environ["PYTHONPATH"] = os.path.join(TOP, "python") + os.pathsep + os.environ.get("PYTHONPATH", "")
os.environ.setdefault("SEAM_LIBRARY", os.path.join(TOP, "build", "libseam.so"))

import dask  # noqa: E402
import dask.bag as db  # noqa: E402
from distributed import Client, LocalCluster, wait  # noqa: E402

import seam.dask  # noqa: E402

SEAM = os.environ.get("SEAM", os.path.join(TOP, "build", "seam"))


def records():
    corpus = os.path.join(TOP, "..", "shared", "corpus", "dev")
    out = []
    if os.path.isdir(corpus):
        for c in sorted(os.listdir(corpus)):
            d = os.path.join(corpus, c)
            try:
                reply = open(os.path.join(d, "reply.md"), encoding="utf-8").read()
                files = {}
                for base, _, names in os.walk(os.path.join(d, "before")):
                    for n in names:
                        p = os.path.join(base, n)
                        files[os.path.relpath(p, os.path.join(d, "before"))] = open(p, encoding="utf-8").read()
            except (OSError, UnicodeDecodeError):
                continue
            out.append({"id": c, "reply": reply, "files": files})
    else:
        for i in range(400):
            src = "".join("def f%d():\n    return %d\n\n" % (k, k * i) for k in range(20))
            reply = ("m.py\n```\n<<<<<<< SEARCH\n    return %d\n=======\n    return -1\n"
                     ">>>>>>> REPLACE\n```\n" % (7 * i))
            out.append({"id": "gen-%d" % i, "reply": reply, "files": {"m.py": src}})
    # and records that fail to parse or apply: results, not task failures
    out.append({"id": "bad-json-field", "reply": 5, "files": {}})
    out.append({"id": "no-edit", "reply": "I would rather not.", "files": {}})
    return out


def one_process(recs):
    data = "".join(json.dumps(r) + "\n" for r in recs)
    p = subprocess.run([SEAM, "apply", "--batch"], input=data.encode(), capture_output=True,
                       timeout=600)
    assert p.returncode in (0, 1), p.stderr
    rows = [json.loads(l) for l in p.stdout.decode().splitlines()]
    for r in rows:
        r.pop("line")
    return rows


class DaskCluster(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        dask.config.set({"distributed.worker.daemon": False})
        cls.cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                   host="127.0.0.1", dashboard_address=None)
        cls.client = Client(cls.cluster)
        cls.recs = records()
        cls.want = one_process(cls.recs)

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()

    def check(self, got):
        for r in got:
            r.pop("line", None)
        self.assertEqual(len(got), len(self.recs))
        self.assertEqual([r["id"] for r in got], [r["id"] for r in self.recs])
        self.assertEqual(got, self.want)  # same files, same statuses, same order
        ok = sum(r["ok"] for r in got)
        print("\n  %d records, %d ok, identical to seam apply --batch" % (len(got), ok), file=sys.stderr)
        self.assertGreater(ok, len(got) // 2)

    def test_cluster_matches_one_process(self):
        bag = db.from_sequence(self.recs, npartitions=12)
        self.check(seam.dask.apply_bag(bag).compute())

    def test_a_worker_killed_mid_job(self):
        parts = db.from_sequence(self.recs, npartitions=40)
        delayed = seam.dask.apply_bag(parts).to_delayed()
        futures = self.client.compute(delayed)
        # once some partitions are done, kill one worker process outright
        deadline = time.monotonic() + 120
        while sum(f.done() for f in futures) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        pending = sum(not f.done() for f in futures)
        nanny = next(iter(self.cluster.workers.values()))
        os.kill(nanny.process.process.pid, signal.SIGKILL)
        wait(futures, timeout=300)
        got = [r for part in self.client.gather(futures) for r in part]
        print("\n  killed a worker with %d of %d partitions pending" % (pending, len(futures)),
              file=sys.stderr)
        self.assertGreater(pending, 0, "the job was over before the kill")
        self.check(got)


if __name__ == "__main__":
    unittest.main()
