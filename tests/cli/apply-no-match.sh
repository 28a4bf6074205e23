# A reply whose SEARCH text is not in the file: exit 1, the file is untouched, no file is left
# behind (no temporary, no backup).
set -u
cat >greet.py <<'PY'
def greet(name):
    return "Hello " + name
PY
cp greet.py ../orig.py

cat >reply.md <<'MD'
greet.py
```python
<<<<<<< SEARCH
def farewell(name):
    return "Goodbye " + name
=======
def farewell(name):
    return f"Goodbye, {name}!"
>>>>>>> REPLACE
```
MD

"$SEAM" apply reply.md >../out.txt 2>&1
rc=$?
if ! cmp -s greet.py ../orig.py; then
    echo "greet.py changed although the edit failed" >&2
    exit 20
fi
# shellcheck disable=SC2012 # plain names only
files=$(ls -A | tr '\n' ' ')
if [ "$files" != "greet.py reply.md " ]; then
    echo "files left in the tree: $files" >&2
    exit 21
fi
if [ $rc -ne 1 ]; then
    cat ../out.txt >&2
fi
exit $rc
