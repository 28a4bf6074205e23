# An edit that only takes off one of two identical lines, sent again after it was made: its new
# side (the context around the deletion) stands as written elsewhere, and its old side fits
# only loosely (lines let go) at a look-alike place, which seam edited
# (bench/oracle.py, resent-half). Refused (exit 1), file unchanged; the
# same edit with no new side standing elsewhere still applies.
set -u
mkdir -p src
cat >src/conf.py <<'PY'
def load_config(path):
    with open(path) as fh:
        data = fh.read()
        data = fh.read()
    log.debug("read config")
    return parse(data)


def load_cache(path):
    with open(path) as fh:
        data = fh.read()
    return parse(data)
PY
cp src/conf.py before.py
cat >r.md <<'MD'
src/conf.py
```python
<<<<<<< SEARCH
        data = fh.read()
        data = fh.read()
    return parse(data)
=======
        data = fh.read()
    return parse(data)
>>>>>>> REPLACE
```
MD
"$SEAM" apply r.md >out.txt 2>&1
[ $? = 1 ] || { cat out.txt >&2; exit 10; }
cmp -s before.py src/conf.py || { diff before.py src/conf.py >&2; exit 11; }

# no new side elsewhere: the loose place is the only reading, applied
head -n 6 before.py >src/conf.py
"$SEAM" apply r.md >out.txt 2>&1 || { cat out.txt >&2; exit 30; }
[ "$(grep -c 'fh.read' src/conf.py)" = 1 ] || { cat src/conf.py >&2; exit 31; }
exit 0
