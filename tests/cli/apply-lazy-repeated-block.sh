# A whole file whose function repeats a block three times in a row; the reply deletes an import
# and shows two and a half copies before a placeholder. Which copies the whole-file diff keeps
# depends on lines elsewhere (with the import kept it pairs the first ones): paired with the
# last, the placeholder stood for the lines after them only and one copy was lost. The copies
# next to the line above are the kept ones: the placeholder stands for the rest, both ways.
set -u
printf 'import os\nimport sys\n\n\ndef run(n):\n    if n == 0:\n        tick(n)\n    if n == 0:\n        tick(n)\n    if n == 0:\n        tick(n)\n    finish(n)\n    report(n)\n    return n\n' >orig.py
cat >drop.md <<'MD'
run.py
```python
import sys


def run(n):
    if n == 0:
        tick(n)
    if n == 0:
    # ... rest of the code ...
    return n
```
MD
cat >keep.md <<'MD'
run.py
```python
import os
import sys


def run(n):
    if n == 0:
        tick(n)
    if n == 0:
    # ... rest of the code ...
    return n
```
MD
cp orig.py run.py
"$SEAM" apply -q drop.md || { echo "import deleted: refused" >&2; exit 20; }
tail -n +2 orig.py >want.py
cmp -s run.py want.py || { echo "import deleted: not the file less its import:" >&2; cat run.py >&2; exit 21; }
cp orig.py run.py
"$SEAM" apply -q keep.md || { echo "import kept: refused" >&2; exit 22; }
cmp -s run.py orig.py || { echo "import kept: not the file restored:" >&2; cat run.py >&2; exit 23; }
exit 0
