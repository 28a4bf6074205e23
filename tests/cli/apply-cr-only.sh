# A file whose lines end with a lone CR (classic Mac OS) is read line by line: an edit is
# found in it (it used to be "occurs nowhere") and the file is written back with CR line ends,
# the new lines included; a whole-file reply keeps them too. Exit 0 when all holds.
set -u
fail() { echo "FAIL: $*" >&2; cat ../out.txt >&2; exit 1; }
printf 'def f():\r    return 1\r\rdef g():\r    return 2\r' >mac.py
cat >../r1.md <<'MD'
mac.py
```python
<<<<<<< SEARCH
def g():
    return 2
=======
def g():
    x = 2
    return x
>>>>>>> REPLACE
```
MD
"$SEAM" apply ../r1.md >../out.txt 2>&1 || fail "edit: exit $?"
printf 'def f():\r    return 1\r\rdef g():\r    x = 2\r    return x\r' >../want
cmp -s mac.py ../want || { od -c mac.py >&2; fail "edit: not written back with CR line ends"; }
# a diff hunk
printf -- '--- a/mac.py\n+++ b/mac.py\n@@ -1,2 +1,2 @@\n def f():\n-    return 1\n+    return 0\n' >../r2.diff
"$SEAM" apply ../r2.diff >../out.txt 2>&1 || fail "diff: exit $?"
printf 'def f():\r    return 0\r\rdef g():\r    x = 2\r    return x\r' >../want
cmp -s mac.py ../want || { od -c mac.py >&2; fail "diff: wrong bytes"; }
# a whole file keeps the file's line ends
printf 'mac.py\n```python\ndef h():\n    return 3\n```\n' >../r3.md
"$SEAM" apply --format whole ../r3.md >../out.txt 2>&1 || fail "whole: exit $?"
printf 'def h():\r    return 3\r' >../want
cmp -s mac.py ../want || { od -c mac.py >&2; fail "whole: wrong bytes"; }
exit 0
