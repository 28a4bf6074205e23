# A SEARCH/REPLACE block whose old side skips a stretch of the file (two hunks merged into one
# block) and whose new side puts a placeholder where lines were left out, then writes out a
# statement and two blank lines that the file has right before the second change. Seam's diff
# of the two sides may pair that statement with a later copy of it and leave the blank lines
# added, so that the placeholder's span reaches over the statement and the blank lines: they
# were restored and written again, the file holding them twice (exit 0, issue 11). The span
# ends with lines the new side writes beside the placeholder: refused, nothing changed.
set -u
fail() { echo "FAIL: $*" >&2; [ -f out.txt ] && cat out.txt >&2; exit 1; }

cat >m.py <<'EOF'
def measure():
    try:
        width = read_width()
    except ValueError:
        pass
    for box in boxes:
        stack_box(width)
    width -= 2

def stack_box(width):
    for box in boxes:
        place(width)
    shelf = read_width()
    return shelf

def sweep():
    width -= 3


    width -= 3
    width = read_width()
EOF
cp m.py m.orig
cat >m.md <<'EOF'
m.py
```python
<<<<<<< SEARCH
def measure():
    try:
        width = read_width()
    except ValueError:
        pass
    for box in boxes:
    width -= 3


    width -= 3
    width = read_width()
=======
def measure():
    try:
        for attempt in range(2):
            width = read_width()
    except ValueError:
        # existing code here
    width -= 3


    if not quiet:
        width -= 3
        width = read_width()
>>>>>>> REPLACE
```
EOF
"$SEAM" apply m.md >out.txt 2>&1
rc=$?
[ $rc -eq 1 ] || fail "exit $rc, not 1"
cmp -s m.py m.orig || fail "m.py changed"
grep -q 'the lines at the end of that span are the ones the reply writes' out.txt ||
	fail "the reason is not said"
exit 0
