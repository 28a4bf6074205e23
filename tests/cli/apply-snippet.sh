# A snippet pair whose selected text re-copies the file with a renamed identifier: the change
# applies and the file keeps its own name for the line the pair does not change; exit 0.
set -u
cat >stats.py <<'PY'
def report(values, weights):
    total_count = compute_total(values, weights)
    average_value = total_count / max(len(values), 1)
    print("average:", average_value)
    return average_value
PY
cat >reply.md <<'MD'
I will log the average instead of printing it.

stats.py
<selected_snippet>
    total_count = compute_sum(values, weights)
    average_value = total_count / max(len(values), 1)
    print("average:", average_value)
</selected_snippet>
<updated_snippet>
    total_count = compute_sum(values, weights)
    average_value = total_count / max(len(values), 1)
    log.info("average: %s", average_value)
</updated_snippet>
MD
"$SEAM" apply reply.md >out.txt 2>&1 || { cat out.txt >&2; exit 10; }
grep -q 'compute_total(values, weights)' stats.py || { cat stats.py >&2; exit 11; }
grep -q 'compute_sum' stats.py && { echo "the miscopy was written back" >&2; exit 12; }
grep -q 'log.info' stats.py || exit 13
"$SEAM" detect reply.md | grep -q '^format: snippet$' || exit 14
