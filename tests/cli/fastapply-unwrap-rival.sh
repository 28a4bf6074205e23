# Fast apply: a block's body taken out of its if and dedented reads, by fewest deletions, as
# the body added beside the block, the block kept (its opening line, the snippet's anchor,
# fits a later copy of itself). bench/oracle.py's unwrap changes were applied that way. When
# both readings fit the snippet is refused, saying what would make it sure, the file untouched.
set -u
cat >u.py <<'PY'
def gather():

    for part in parts:
        weigh_part(part)
    if ready:
        return part
    if ready:
        return part


def spare():
    return None
PY
cp u.py ../u0.py
cat >two.md <<'MD'
u.py
```python
# ... existing code ...
    for part in parts:
        weigh_part(part)
    return part
    if ready:
        return part
# ... existing code ...
```
MD
"$SEAM" apply two.md >out.txt 2>&1 && { cat out.txt >&2; exit 10; }
grep -q 'reads two ways' out.txt || { cat out.txt >&2; exit 11; }
grep -q 'file line 6 taken out of the block' out.txt || { cat out.txt >&2; exit 12; }
cmp -s u.py ../u0.py || exit 13

# the line re-indented has a copy the snippet keeps just above it ("return part" twice): the
# alignment adds one of the two, keeping the other, and the re-indented reading is found with
# the kept lines allowed to be re-indented ones too
cat >t.py <<'PY'
def tally():
    return part
    part += 1
    return part
    if spare:
        return part
    if spare:
        return part
    if spare:
        return spare

def other():
    return None
PY
cp t.py ../t0.py
cat >copy.md <<'MD'
t.py
```python
# ... existing code ...
def tally():
    return part
    part += 1
    return part
    return part
    if spare:
        return part
    if spare:
# ... existing code ...
```
MD
"$SEAM" apply copy.md >out.txt 2>&1 && { cat out.txt >&2; exit 15; }
grep -q 'reads two ways' out.txt || { cat out.txt >&2; exit 16; }
cmp -s t.py ../t0.py || exit 17

# C: the second of two loops unwrapped, or its body added after it
cat >w.c <<'C'
int drain(void)
{
	for (int i = 0; i < count; i++) {
		size_t left = settle(i);
	}
	for (int i = 0; i < count; i++) {
		size_t left = settle(i);
	}
	return total;
}

int fill(void)
{
	return 0;
}
C
cp w.c ../w0.c
cat >loop.md <<'MD'
w.c
```c
// ... existing code ...
		size_t left = settle(i);
	}
	size_t left = settle(i);
	return total;
}

int fill(void)
// ... existing code ...
```
MD
"$SEAM" apply loop.md >out.txt 2>&1 && { cat out.txt >&2; exit 20; }
grep -q 'reads two ways' out.txt || { cat out.txt >&2; exit 21; }
cmp -s w.c ../w0.c || exit 22

# shown with the unchanged line before the block and no marker after it, the unwrap is sure
cat >sure.md <<'MD'
w.c
```c
int drain(void)
{
	for (int i = 0; i < count; i++) {
		size_t left = settle(i);
	}
	size_t left = settle(i);
	return total;
}
// ... existing code ...
```
MD
"$SEAM" apply sure.md >out.txt 2>&1 || { cat out.txt >&2; exit 30; }
[ "$(grep -c 'for (int' w.c)" = 1 ] || exit 31
[ "$(grep -c 'size_t left' w.c)" = 2 ] || exit 32
grep -q '^	size_t left' w.c || exit 33

# a line added that no file line is the re-indented form of is applied as before
cp ../u0.py u.py
cat >add.md <<'MD'
u.py
```python
# ... existing code ...
    for part in parts:
        weigh_part(part)
    log_parts(parts)
    if ready:
        return part
# ... existing code ...
```
MD
"$SEAM" apply add.md >out.txt 2>&1 || { cat out.txt >&2; exit 40; }
grep -q '^    log_parts(parts)$' u.py || exit 41
exit 0
