# Fast apply: a blank line at the far end of a run's anchor block says nothing of where the
# block stands together. "if ready: / return ready / (blank)" stands together at the first
# copy only; at the second, the one the snippet changes, the line moved below the blank line
# stood between them. Taken as part of the block, the blank line placed the run at the first
# copy and deleted three lines there (bench/oracle.py --sources tiny); without it the run goes
# where it deletes one line and adds one: the line moved.
set -u
cat >g.py <<'PY'
def first():
    if ready:
        return ready

    if ready:
        return ready
    count += 1

def second():
    try:
        count = first()
    except Failure:
        pass
    return count
PY
cat >want.py <<'PY'
def first():
    if ready:
        return ready

    if ready:
        return ready

    count += 1
def second():
    try:
        count = first()
    except Failure:
        pass
    return count
PY
cat >blank.md <<'MD'
g.py
```python
# ... existing code ...

    if ready:
        return ready

    count += 1
def second():
    try:
# ... existing code ...
```
MD
"$SEAM" apply blank.md >out.txt 2>&1 || { cat out.txt >&2; exit 10; }
cmp -s g.py want.py || { diff g.py want.py >&2; exit 11; }
exit 0
