# The laziness guard on whole files that move a line out of the span a placeholder stands for,
# as the whole-file diff pairs them: restored once, not twice (the moved line above the
# function); refused, not silently cut, when the diff keeps the moved line's old copy and the
# span's deletions lie above it. And a note asking for code in a block the reply adds is
# written as code.
set -u
cat >calc.py <<'PY'
def area(r):
    rr = r * r
    print("area")
    total = math.pi * rr
    log_event("computed")
    check(total)
    return total
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
```
MD
"$SEAM" apply -q moved.md || { echo "moved line: refused" >&2; exit 20; }
n=$(grep -c 'log_event' calc.py)
[ "$n" = 1 ] || { echo "moved line written $n times:" >&2; cat calc.py >&2; exit 21; }
want=$(printf 'def area(r):\n    log_event("computed")\n    rr = r * r\n    print("area")\n    total = math.pi * rr\n    check(total)\n    return total')
[ "$(cat calc.py)" = "$want" ] || { echo "not the expanded result:" >&2; cat calc.py >&2; exit 22; }

cp ../orig.py calc.py
cat >below.md <<'MD'
calc.py
```python
def area(r):
    log_event("computed")
    rr = r * r
    # ... existing code ...
    check(total)
    return total
```
MD
"$SEAM" apply below.md >below.out 2>&1
rc=$?
[ $rc -eq 1 ] || { echo "placeholder below a moved line: exit $rc, want 1" >&2; cat below.out calc.py >&2; exit 23; }
cmp -s calc.py ../orig.py || { echo "file changed by a refused edit" >&2; exit 24; }
grep -q 'lazy' below.out || { echo "refusal is not lazy:" >&2; cat below.out >&2; exit 25; }

cat >ui.js <<'JS'
function render(items) {
  const list = items.map(format);
  show(list);
  return list.length;
}
JS
cat >note.md <<'MD'
ui.js
```js
<<<<<<< SEARCH
  const list = items.map(format);
  show(list);
  return list.length;
=======
  const list = items.map(format);
  button.onClick(() => {
    // Implement the export logic here
  });
  return list.length;
>>>>>>> REPLACE
```
MD
"$SEAM" apply -q note.md || { echo "note in a new block: refused" >&2; exit 26; }
grep -q '    // Implement the export logic here' ui.js || { echo "note not written" >&2; exit 27; }
grep -q 'show(list)' ui.js && { echo "old line kept" >&2; exit 28; }
exit 0
