# The laziness guard on a whole file that moves a line out of the span a placeholder stands
# for, when the file holds another copy of that line: the reply reads the same whether the line
# was moved or written once more, so it is refused (restored whole, the line was written twice),
# naming the line and the reply line of its copy; kept in place, the same placeholder is
# restored; written again inside new code, the span keeps its copy. A SEARCH/REPLACE block is a
# part of the file: a copy outside it counts as well.
set -u
cat >calc.py <<'PY'
def area(r):
    rr = r * r
    print("area")
    total = math.pi * rr
    log_event("computed")
    check(total)
    return total


def perimeter(r):
    log_event("computed")
    return 2 * math.pi * r
PY
cp calc.py ../orig.py

cat >moved.md <<'MD'
calc.py
```python
def area(r):
    log_event("computed")
    rr = r * r
    print("area")
    # ... existing code ...
    check(total)
    return total


def perimeter(r):
    log_event("computed")
    return 2 * math.pi * r
```
MD
"$SEAM" apply moved.md >moved.out 2>&1
rc=$?
[ $rc -eq 1 ] || { echo "moved line with a copy elsewhere: exit $rc, want 1" >&2; cat moved.out calc.py >&2; exit 20; }
cmp -s calc.py ../orig.py || { echo "file changed by a refused edit" >&2; cat calc.py >&2; exit 21; }
grep -q 'lazy' moved.out || { echo "refusal is not lazy:" >&2; cat moved.out >&2; exit 22; }
grep -q 'holds the line "    log_event("computed")", which the reply writes at reply line 4' moved.out ||
	{ echo "the line and its copy not named:" >&2; cat moved.out >&2; exit 23; }
grep -q 'Keep that line where it was' moved.out || { echo "no way out said:" >&2; cat moved.out >&2; exit 24; }

# the line left where it was: the placeholder stands for the span, restored whole
cat >kept.md <<'MD'
calc.py
```python
def area(r):
    rr = r * r
    print("area")
    # ... existing code ...
    check(total)
    return total


def perimeter(r):
    log_event("computed")
    return 2 * math.pi * r
```
MD
"$SEAM" apply -q kept.md || { echo "line kept in place: refused" >&2; exit 25; }
cmp -s calc.py ../orig.py || { echo "not the file restored:" >&2; cat calc.py >&2; exit 26; }

# a new function logging as the others do: new code, the span restored with its own copy
cat >added.md <<'MD'
calc.py
```python
def volume(r, h):
    log_event("computed")
    return area(r) * h


def area(r):
    rr = r * r
    print("area")
    # ... existing code ...
    check(total)
    return total


def perimeter(r):
    log_event("computed")
    return 2 * math.pi * r
```
MD
"$SEAM" apply -q added.md || { echo "repeated line in new code: refused" >&2; exit 27; }
n=$(grep -c 'log_event' calc.py)
[ "$n" = 3 ] || { echo "log_event written $n times, want 3:" >&2; cat calc.py >&2; exit 28; }
{ printf 'def volume(r, h):\n    log_event("computed")\n    return area(r) * h\n\n\n'; cat ../orig.py; } >../want.py
cmp -s calc.py ../want.py || { echo "not the expanded result:" >&2; cat calc.py >&2; exit 29; }

# the same move in a block whose old side holds one copy, the file another
cp ../orig.py calc.py
cat >block.md <<'MD'
calc.py
```python
<<<<<<< SEARCH
def area(r):
    rr = r * r
    print("area")
    total = math.pi * rr
    log_event("computed")
    check(total)
=======
def area(r):
    log_event("computed")
    rr = r * r
    print("area")
    # ... existing code ...
    check(total)
>>>>>>> REPLACE
```
MD
"$SEAM" apply block.md >block.out 2>&1
rc=$?
[ $rc -eq 1 ] || { echo "moved line of a block, copy in the file: exit $rc, want 1" >&2; cat block.out calc.py >&2; exit 30; }
cmp -s calc.py ../orig.py || { echo "file changed by a refused edit" >&2; exit 31; }
grep -q 'which the reply writes at reply line 12' block.out || { echo "copy not named:" >&2; cat block.out >&2; exit 32; }

# without the second function's copy, the block moves the line: restored once
sed '/^def perimeter/,$d' ../orig.py >calc.py
"$SEAM" apply -q block.md || { echo "moved line of a block, one copy: refused" >&2; exit 33; }
n=$(grep -c 'log_event' calc.py)
[ "$n" = 1 ] || { echo "moved line written $n times:" >&2; cat calc.py >&2; exit 34; }
exit 0
