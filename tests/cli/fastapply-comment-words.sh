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

# the same for a line of a block comment that holds a whole marker phrase in prose (moved by
# the snippet): the file's line, not a marker that would keep the old copy beside the new one
cat >notes.c <<'C'
/*
 * The reader keeps every line as it was read. A listing that trails
 * off into "# ... rest of the file
 * unchanged ..." is read as a whole file, for the guard.
 * Nothing else is changed here.
 */
static int reader(void)
{
	return 0;
}
C
cat >moved.md <<'MD'
notes.c
```c
// ... existing code ...
/*
 * The reader keeps every line as it was read. A listing that trails
 * unchanged ..." is read as a whole file, for the guard.
 * off into "# ... rest of the file
 * Nothing else is changed here.
 */
static int reader(void)
// ... existing code ...
```
MD
"$SEAM" apply moved.md >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
[ "$(grep -c 'rest of the file' notes.c)" = 1 ] || { cat notes.c >&2; exit 21; }
[ "$(grep -c 'is read as a whole file' notes.c)" = 1 ] || { cat notes.c >&2; exit 22; }
sed -n 3p notes.c | grep -q 'unchanged \.\.\."' || { cat notes.c >&2; exit 23; }
grep -q 'return 0;' notes.c || exit 24
exit 0
