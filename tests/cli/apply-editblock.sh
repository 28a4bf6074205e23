# A SEARCH/REPLACE reply with prose around it changes the file; exit 0.
set -u
cat >greet.py <<'PY'
import sys


def greet(name):
    return "Hello " + name


if __name__ == "__main__":
    print(greet(sys.argv[1]))
PY

cat >reply.md <<'MD'
Sure: an f-string reads better and the greeting should end with punctuation.

greet.py
```python
<<<<<<< SEARCH
def greet(name):
    return "Hello " + name
=======
def greet(name):
    return f"Hello, {name}!"
>>>>>>> REPLACE
```

That is all.
MD

cat >../want.py <<'PY'
import sys


def greet(name):
    return f"Hello, {name}!"


if __name__ == "__main__":
    print(greet(sys.argv[1]))
PY

"$SEAM" apply reply.md >../out.txt 2>&1
rc=$?
if [ $rc -ne 0 ]; then
    cat ../out.txt >&2
    exit $rc
fi
if ! cmp -s greet.py ../want.py; then
    echo "greet.py is not the expected result" >&2
    diff -u ../want.py greet.py >&2
    exit 20
fi
