# seam locate prints the exact region a remembered snippet stands for, with its line range;
# then the snippet pair built from it applies. Exit 0.
set -u
cat >stats.py <<'PY'
def report(values, weights):
    total_count = compute_total(values, weights)
    average_value = total_count / max(len(values), 1)
    print("average:", average_value)
    return average_value
PY

# from memory: compute_total misspelt, indentation lost
printf 'total_count = compute_totl(values, weights)\naverage_value = total_count / max(len(values), 1)\n' >snippet.txt
"$SEAM" locate stats.py <snippet.txt >out.txt || { cat out.txt >&2; exit 10; }
head -n 1 out.txt | grep -q '^stats.py:2-3: found by ' || { echo "bad header: $(head -n 1 out.txt)" >&2; exit 11; }
tail -n +2 out.txt >region.txt
printf '    total_count = compute_total(values, weights)\n    average_value = total_count / max(len(values), 1)\n' >want.txt
cmp -s region.txt want.txt || { echo "region differs:" >&2; diff want.txt region.txt >&2; exit 12; }

# --snippet FILE reads the same
"$SEAM" locate --snippet snippet.txt stats.py >out2.txt || exit 13
cmp -s out.txt out2.txt || { echo "--snippet differs from stdin" >&2; exit 14; }

# the second step: the model rewrites the exact text
{
	echo "stats.py"
	echo "<selected_snippet>"
	cat region.txt
	echo "</selected_snippet>"
	echo "<updated_snippet>"
	echo "    total_count = compute_total(values, weights)"
	echo "    average_value = total_count / max(len(values), 1) if values else 0.0"
	echo "</updated_snippet>"
} >reply.md
"$SEAM" apply reply.md >apply.txt 2>&1 || { cat apply.txt >&2; exit 15; }
grep -q 'if values else 0.0' stats.py || { echo "not applied" >&2; cat stats.py >&2; exit 16; }
grep -q 'compute_total(values, weights)' stats.py || exit 17
