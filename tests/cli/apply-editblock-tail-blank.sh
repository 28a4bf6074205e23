# A REPLACE side ending with a blank line before the closing marker: where the file has a blank
# line right after the old text, that line is the reply's spacing and is not written (the file
# keeps one blank line); where a line of text follows, the blank line is written. Exit 0.
set -u
printf 'LIMIT = 3\n\nprint(LIMIT)\n' >one.py
printf 'LIMIT = 3\nprint(LIMIT)\n' >two.py

cat >reply.md <<'MD'
The limit goes up.

one.py
```python
<<<<<<< SEARCH
LIMIT = 3
=======
LIMIT = 5

>>>>>>> REPLACE
```

two.py
```python
<<<<<<< SEARCH
LIMIT = 3
=======
LIMIT = 5

>>>>>>> REPLACE
```
MD

"$SEAM" apply reply.md >../out.txt 2>&1
rc=$?
if [ $rc -ne 0 ]; then
    cat ../out.txt >&2
    exit $rc
fi
printf 'LIMIT = 5\n\nprint(LIMIT)\n' >../want1.py
printf 'LIMIT = 5\n\nprint(LIMIT)\n' >../want2.py
if ! cmp -s one.py ../want1.py; then
    echo "one.py: the blank line was doubled" >&2
    diff -u ../want1.py one.py >&2
    exit 20
fi
if ! cmp -s two.py ../want2.py; then
    echo "two.py: the blank line before text was not written" >&2
    diff -u ../want2.py two.py >&2
    exit 21
fi
