# A numbered reply (an <update_lines> block whose new text ends with the line after its range,
# as if end were inclusive, and an insertion) applies with the off-by-one repaired; a
# copy_lines whole file applies; exit 0.
set -u
cat >greet.py <<'PY'
import sys


def greet(name):
    return "Hello " + name


if __name__ == "__main__":
    print(greet(sys.argv[1]))
PY
cat >reply.md <<'MD'
greet.py
<update_lines start="4" end="5">
def greet(name):
    """Greets name."""
    return "Hello " + name
</update_lines>

greet.py
<update_lines start="1" end="1">
#!/usr/bin/env python3
</update_lines>
MD
"$SEAM" apply --json reply.md >out.json 2>err.txt || { cat out.json err.txt >&2; exit 10; }
cat >../want.py <<'PY'
#!/usr/bin/env python3
import sys


def greet(name):
    """Greets name."""
    return "Hello " + name


if __name__ == "__main__":
    print(greet(sys.argv[1]))
PY
cmp -s greet.py ../want.py || { diff -u ../want.py greet.py >&2; exit 11; }
python3 -c 'import json; d=json.load(open("out.json")); s=[e["strategy"] for f in d["files"] for e in f["edits"]]; assert s==["line-numbers-repaired","line-numbers"], s' || exit 12

cat >whole.md <<'MD'
greet.py
```python
<copy_lines start="2" end="8"/>
if __name__ == "__main__":
    print(greet(sys.argv[1] if len(sys.argv) > 1 else "world"))
```
MD
"$SEAM" apply whole.md >out.txt 2>&1 || { cat out.txt >&2; exit 13; }
head -n 1 greet.py | grep -q '^import sys$' || exit 14
grep -q '"world"' greet.py || exit 15
grep -q 'Greets name' greet.py || exit 16

# a range past the end is refused and nothing is written
cp greet.py ../before.py
printf 'greet.py\n<update_lines start="3" end="40">\nx\n</update_lines>\n' | "$SEAM" apply >out.txt 2>&1
[ $? -eq 1 ] || exit 17
cmp -s greet.py ../before.py || exit 18
grep -q 'end may be at most' out.txt || { cat out.txt >&2; exit 19; }
