# Fast apply: a run whose anchor lines repeat in the file must not be placed at the copy where
# it deletes nothing but writes again lines the file already has a few lines on (bench/oracle.py
# found both: a comment moved in the second of two functions that begin alike was written into
# the first, the two lines after it doubled; two methods renamed above a repeated "@property"
# were added beside the old ones; a line deleted from the first of two copies of a block was
# reported already applied, the snippet standing unchanged at the second). Refused, naming the
# places, the file untouched.
set -u
cat >w.c <<'C'
void first(void)
{
	int a = 0;
	setup_all(&a);
	check_value(a, 1);
	run_step(&a);
	finish(&a);
}

void second(void)
{
	int a = 0;
	setup_all(&a);
	check_value(a, 1);
	check_other(a, 2);
	check_third(a, 3);
	/* the value is checked three times here */
	run_step(&a);
	finish(&a);
}
C
cp w.c ../w0.c
cat >moved.md <<'MD'
w.c
```c
// ... existing code ...
	int a = 0;
	setup_all(&a);
	check_value(a, 1);
	/* the value is checked three times here */
	check_other(a, 2);
	check_third(a, 3);
	run_step(&a);
// ... existing code ...
```
MD
"$SEAM" apply moved.md >out.txt 2>&1 && { cat out.txt >&2; exit 10; }
grep -q 'more than one way' out.txt || { cat out.txt >&2; exit 11; }
cmp -s w.c ../w0.c || exit 12

cat >reg.py <<'PY'
class Registry:
    def __init__(self):
        self._items = {}

    def __iter__(self):
        return iter(self._items)

    @property
    def backends(self):
        return list(self._items.values())

    @property
    def dirnames(self):
        return [b.dirname for b in self.backends]

    @property
    def schemes(self):
        return [b.scheme for b in self.backends]
PY
cp reg.py ../reg0.py
cat >renamed.md <<'MD'
reg.py
```python
# ... existing code ...
    def __iter__(self):
        return iter(self._items)

    @property
    def backends(self_v2):
        return list(self_v2._items.values())

    @property
    def dirnames(self_v2):
        return [b.dirname for b in self_v2.backends]

    @property
# ... existing code ...
```
MD
"$SEAM" apply renamed.md >out.txt 2>&1 && { cat out.txt >&2; exit 20; }
grep -q 'more than one way' out.txt || { cat out.txt >&2; exit 21; }
cmp -s reg.py ../reg0.py || exit 22

# a line deleted from the first of two copies of a block: the snippet then stands unchanged at
# the second copy, which is no reason to call it applied (it was, silently)
cat >two.js <<'JS'
function first(node) {
  if (node > 0) {
    /* the usual case */
  }
  parseName(node, true);
  return 0;
}

function second(node) {
  if (node > 0) {
    /* the usual case */
  }
  return 0;
}
JS
cp two.js ../two0.js
cat >deleted.md <<'MD'
two.js
```js
// ... existing code ...
  if (node > 0) {
    /* the usual case */
  }
  return 0;
}
// ... existing code ...
```
MD
"$SEAM" apply deleted.md >out.txt 2>&1 && { cat out.txt >&2; exit 30; }
grep -q 'at other places too' out.txt || { cat out.txt >&2; exit 31; }
cmp -s two.js ../two0.js || exit 32
exit 0
