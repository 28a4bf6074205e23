# A reply with SEARCH/REPLACE blocks and a diff: refused whole (exit 1), with a message naming
# both parts, and neither file touched: applying the part one reading finds would drop the rest.
set -u
printf 'def add(a, b):\n    return a + b\n' >util.py
printf 'import os\n\nprint(os.name)\n' >main.py
cp util.py ../util.orig
cp main.py ../main.orig

cat >reply.md <<'MD'
util.py
```python
<<<<<<< SEARCH
    return a + b
=======
    return b + a
>>>>>>> REPLACE
```

```diff
--- a/main.py
+++ b/main.py
@@ -1,3 +1,3 @@
-import os
+import sys
 
 print(os.name)
```
MD

"$SEAM" apply reply.md >../out.txt 2>&1
rc=$?
if ! cmp -s util.py ../util.orig || ! cmp -s main.py ../main.orig; then
    echo "a file changed although the reply was refused" >&2
    exit 20
fi
if ! grep -q "mixes edit formats.*SEARCH/REPLACE blocks.*unified diff hunks (the first at line 13)" ../out.txt; then
    cat ../out.txt >&2
    exit 21
fi
exit $rc
