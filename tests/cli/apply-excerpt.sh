# A whole file that gives one of two classes, the other left out with no placeholder, is read
# as an excerpt: its change is applied and the other class kept, with a note (text, JSON). An
# unchanged part of the file given as the whole file is refused (exit 1, file untouched), and
# the message says how to delete lines on purpose; --lazy=allow writes it as given.
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 10; }
cat >shapes.py <<'PY'
import math


class Circle:
    def __init__(self, r):
        self.r = r

    def area(self):
        return math.pi * self.r * self.r

    def perimeter(self):
        return 2 * math.pi * self.r


class Square:
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side * self.side

    def perimeter(self):
        return 4 * self.side
PY
cp shapes.py ../orig.py
cat >../square.md <<'MD'
shapes.py
```python
class Square:
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side ** 2

    def perimeter(self):
        return 4 * self.side
```
MD
cat >../head.md <<'MD'
shapes.py
```python
import math


class Circle:
    def __init__(self, r):
        self.r = r
```
MD

"$SEAM" apply -n --json ../square.md >../out.txt 2>&1 || fail "excerpt json: exit $?"
grep -q '"strategy": "excerpt"' ../out.txt || fail "excerpt json: strategy"
"$SEAM" apply ../square.md >../out.txt 2>&1 || fail "excerpt: exit $?"
grep -q 'applied by excerpt' ../out.txt || fail "excerpt: report"
grep -q 'excerpt: the whole file given is lines 15-23 of the file, changed inside, with no placeholder for lines 1-14 above it' ../out.txt || fail "excerpt: note"
sed 's/self.side \* self.side/self.side ** 2/' ../orig.py >../want.py
cmp -s shapes.py ../want.py || fail "excerpt: result"
cp ../orig.py shapes.py

"$SEAM" apply --lazy=allow -n ../head.md >../out.txt 2>&1 || fail "allow: exit $?"
grep -q 'whole-file' ../out.txt || fail "allow: not whole"

# the user-facing refusal, last: its exit status is the test's
"$SEAM" apply ../head.md
rc=$?
cmp -s shapes.py ../orig.py || fail "refusal: file changed"
exit $rc
