"""seam as a map step of Dask (or of any engine that hands out partitions of records).

    import dask.bag as db, seam.dask
    results = seam.dask.apply_bag(db.read_text("replies.jsonl").map(json.loads))

Each partition goes through the library in one call (seam.apply_batch): no process per
reply, no temporary file. A record that cannot be parsed or applied gives a result with
"ok": False and the reason; it never fails the task, so the engine's retries stay for real
faults (a worker that died). Results have the `seam apply --batch` schema, in partition order.
"""
from typing import Iterable, List

from . import apply_batch

__all__ = ["apply_partition", "apply_bag"]


def apply_partition(records: Iterable[dict], jobs: int = 1, **options) -> List[dict]:
    """One partition: a list of batch records in, their results out (same order)."""
    return apply_batch(list(records), jobs=jobs, **options)


def apply_bag(bag, jobs: int = 1, **options):
    """A dask.bag.Bag of records -> a Bag of results, partition by partition."""
    return bag.map_partitions(apply_partition, jobs=jobs, **options)
