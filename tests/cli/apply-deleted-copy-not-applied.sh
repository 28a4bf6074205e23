# A block that deletes one of two copies of a line (its old side with that copy miscopied and a
# made-up line, so found nowhere) was judged already applied: its new side stood in the file,
# but a file holding two copies holds the new side (one copy, then what follows) before the
# edit as much as after it (bench/oracle.py, hallucinated). A deleted line that is (nearly)
# its neighbouring context line proves nothing: refused (exit 1), file unchanged.
set -u
mkdir -p src
cat >src/gate.py <<'PY'
import time


def close_gate(gate):
    # Release the latch before the swing
    # Release the latch before the swing
    gate.unlock()
    gate.swing(angle=90)
    time.sleep(gate.delay)
    return gate.state
PY
cp src/gate.py before.py
cat >dup.md <<'MD'
src/gate.py
```python
<<<<<<< SEARCH
    # Release the latch before the swing
    # Release the letch before the swing
    gate.log_event("closing")
    gate.unlock()
    gate.swing(angle=90)
    time.sleep(gate.delay)
=======
    # Release the latch before the swing
    gate.unlock()
    gate.swing(angle=90)
    time.sleep(gate.delay)
>>>>>>> REPLACE
```
MD
"$SEAM" apply dup.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
grep -q 'already' out.txt && { cat out.txt >&2; exit 11; }
cmp -s before.py src/gate.py || { diff before.py src/gate.py >&2; exit 12; }

# a line of substance deleted between two other lines, the block re-sent: still already applied
grep -v 'time.sleep' before.py >src/gate.py
cp src/gate.py done.py
cat >sleep.md <<'MD'
src/gate.py
```python
<<<<<<< SEARCH
    gate.swing(angle=90)
    time.sleep(gate.delay)
    return gate.state
=======
    gate.swing(angle=90)
    return gate.state
>>>>>>> REPLACE
```
MD
"$SEAM" apply sleep.md >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
grep -q 'already-applied' out.txt || { cat out.txt >&2; exit 21; }
cmp -s done.py src/gate.py || { diff done.py src/gate.py >&2; exit 22; }
exit 0
