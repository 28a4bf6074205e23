# The laziness guard from the command line: a whole-file reply whose placeholder stands for
# unchanged lines is expanded (exit 0, the report says so, the lines are kept); --lazy=refuse
# refuses it (exit 1, file untouched); --lazy=allow writes the placeholder.
set -u
cat >app.py <<'PY'
def main():
    x = 1
    y = 2
    return x + y


def helper():
    return 0
PY
cp app.py ../orig.py

cat >reply.md <<'MD'
app.py
```python
def main():
    # ... existing code ...
    return x + y


def helper():
    return 42
MD
printf '```\n' >>reply.md

"$SEAM" apply --lazy=refuse reply.md >../refuse.txt 2>&1
rc=$?
if [ $rc -ne 1 ] || ! cmp -s app.py ../orig.py || ! grep -q 'lazy' ../refuse.txt; then
    echo "--lazy=refuse: exit $rc, want 1 with app.py untouched" >&2
    cat ../refuse.txt >&2
    exit 20
fi

out=$("$SEAM" apply --json -n reply.md) || { echo "--json -n failed" >&2; exit 21; }
case $out in
*'"strategy": "whole-file+expanded-placeholder"'*) ;;
*) echo "--json lacks the expanded strategy: $out" >&2; exit 22 ;;
esac

out=$("$SEAM" apply reply.md) || { echo "default mode refused: $out" >&2; exit 23; }
case $out in
*"expanded-placeholder: \"    # ... existing code ...\" (reply line 4) stands for 2 unchanged lines (lines 2-3 of the file)"*) ;;
*) echo "report lacks the expansion note: $out" >&2; exit 24 ;;
esac
want=$(sed 's/return 0/return 42/' ../orig.py)
if [ "$(cat app.py)" != "$want" ]; then
    echo "app.py is not the expanded result:" >&2
    cat app.py >&2
    exit 25
fi

cp ../orig.py app.py
"$SEAM" apply -q --lazy=allow reply.md || exit 26
grep -q '# ... existing code ...' app.py || { echo "--lazy=allow did not write the placeholder" >&2; exit 27; }
# A placeholder that stands for no code (nothing of the file goes where it stands) is left out
# and reported, not written into the file.
printf 'def a():\n    return 1\n' >nothing.py
cat >nothing.md <<'R'
nothing.py
```python
<<<<<<< SEARCH
def a():
    return 1
=======
def a():
    # ... existing code ...
    return 1


def c():
    return 3
>>>>>>> REPLACE
```
R
"$SEAM" apply nothing.md >nothing.out || exit 30
grep -q 'dropped-placeholder: "    # ... existing code ..." (reply line 8)' nothing.out || exit 31
grep -q 'existing code' nothing.py && exit 32
[ "$(cat nothing.py)" = "$(printf 'def a():\n    return 1\n\n\ndef c():\n    return 3')" ] || exit 33
exit 0
