# Fast apply: the line next to a marker that stands at another place too, where the run fits
# about as well (one line more deleted), leaves the reply open to two readings; bench/oracle.py
# --sources tiny found each applied one way when the other was meant. Refused, naming the
# places, the file untouched: "tick(); tick();" next to a marker over three "tick();" lines
# reads as unchanged or as one of them deleted (above or below the marker); and a run that adds
# a line at one copy of its lines or moves that line by one place at the other.
set -u
cat >w.c <<'C'
int total(void)
{
	tick();
	tick();
	tick();
	return 0;
}

int other(void)
{
	return 1;
}
C
cp w.c ../w0.c
cat >top.md <<'MD'
w.c
```c
// ... existing code ...
	tick();
	tick();
	return 0;
}
// ... existing code ...
```
MD
"$SEAM" apply top.md >out.txt 2>&1 && { cat out.txt >&2; exit 10; }
grep -q 'more than one way' out.txt || { cat out.txt >&2; exit 11; }
cmp -s w.c ../w0.c || exit 12

cat >bottom.md <<'MD'
w.c
```c
int total(void)
{
	tick();
	tick();
// ... existing code ...
```
MD
"$SEAM" apply bottom.md >out.txt 2>&1 && { cat out.txt >&2; exit 20; }
grep -q 'more than one way' out.txt || { cat out.txt >&2; exit 21; }
cmp -s w.c ../w0.c || exit 22

cat >f.c <<'C'
void first(void)
{
	start();
	prepare();
	work();
	/* note */
	finish();
	stop();
}

void second(void)
{
	start();
	prepare();
	work();
	finish();
	stop();
}
C
cp f.c ../f0.c
cat >moved.md <<'MD'
f.c
```c
// ... existing code ...
	start();
	prepare();
	work();
	finish();
	/* note */
	stop();
// ... existing code ...
```
MD
"$SEAM" apply moved.md >out.txt 2>&1 && { cat out.txt >&2; exit 30; }
grep -q 'more than one way' out.txt || { cat out.txt >&2; exit 31; }
grep -q 'fits file lines 13 and 3' out.txt || { cat out.txt >&2; exit 32; }
cmp -s f.c ../f0.c || exit 33

# the lines at a run's edge stand together further on ("return label", blank, "def step():"),
# and the anchor block pulled the run there, deleting a whole function between; read with the
# line the snippet leaves out deleted where it shows the run, it deletes one line: two
# readings, refused
cat >s.py <<'PY'
def step():
    total += 1

def step():
    label = fetch()

    return last
    return total

def flush():
    return label
    last += 1

def step():
    return last
    try:
        total = fetch()
    except Missing:
        pass
    for total in totals:
        fetch(total)
    return label

def step():
    for last in lasts:
        fetch(last)
PY
cp s.py ../s0.py
cat >s.md <<'MD'
s.py
```python
# ... existing code ...
    label = fetch()

    return last
    return total

def flush():
    return label

def step():
# ... existing code ...
```
MD
"$SEAM" apply s.md >out.txt 2>&1 && { cat out.txt >&2; exit 35; }
grep -q 'more than one way' out.txt || { cat out.txt >&2; exit 36; }
cmp -s s.py ../s0.py || exit 37

# a run that fits one place only is applied as before
cat >once.md <<'MD'
f.c
```c
// ... existing code ...
	work();
	/* note */
	finish();
	stop();
	cleanup();
}

void second(void)
// ... existing code ...
```
MD
"$SEAM" apply once.md >out.txt 2>&1 || { cat out.txt >&2; exit 40; }
grep -q 'cleanup' f.c || exit 41
exit 0
