# Fast apply: a changed comment line of the snippet that holds a placeholder word in prose
# ("# the older existing setup, kept") is a line of the file, not a marker: it is written, and the
# snippet is not taken for one that changes nothing (it was reported already applied, the
# change lost: bench/oracle.py).
set -u
cat >conf.py <<'PY'
def setup(opts):
    opts.load()
    # check the options against
    # the existing setup
    if opts.stale:
        opts.reset()
    return opts


def teardown(opts):
    opts.close()
    return None
PY

cat >reply.md <<'MD'
conf.py
```python
# ... existing code ...
    opts.load()
    # check the options against
    # the existing setup, twice
    if opts.stale:
        opts.reset()
# ... existing code ...
```
MD
"$SEAM" apply reply.md >out.txt 2>&1 || { cat out.txt >&2; exit 10; }
grep -q 'already' out.txt && { cat out.txt >&2; exit 11; }
grep -qx '    # the existing setup, twice' conf.py || { cat conf.py >&2; exit 12; }
grep -qx '    # the existing setup' conf.py && exit 13
grep -q 'return None' conf.py || exit 14
exit 0
