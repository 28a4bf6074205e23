# A placeholder-shaped comment the reply adds that the file already has is the file's comment,
# not a placeholder: the pairing of the lines around it stays the diff's, so a real placeholder
# next to it is restored whole. The same hunk alone (the file's first edit) and after two other
# hunks (the file then has a line index) gives the same file: before the fix, the later one
# lost an "x()".
set -u
printf 'def one():\n    return 1\n\n\ndef two():\n    return 2\n\n\na = 1\nb = 2\nx()\nx()\nx()\nz = 3\n# ... rest of the code ...\n' >orig.py
cat >three.md <<'MD'
```diff
--- a/m.py
+++ b/m.py
@@ -1,2 +1,2 @@
 def one():
-    return 1
+    return 10
@@ -5,2 +5,2 @@
 def two():
-    return 2
+    return 20
@@ -9,6 +9,6 @@
 a = 1
+# ... existing code ...
-b = 2
-x()
 x()
 x()
+# ... rest of the code ...
 z = 3
```
MD
cat >one.md <<'MD'
```diff
--- a/m.py
+++ b/m.py
@@ -9,6 +9,6 @@
 a = 1
+# ... existing code ...
-b = 2
-x()
 x()
 x()
+# ... rest of the code ...
 z = 3
```
MD
want_tail=$(printf 'a = 1\nb = 2\nx()\nx()\nx()\n# ... rest of the code ...\nz = 3\n# ... rest of the code ...')
cp orig.py m.py
"$SEAM" apply -q one.md || { echo "one hunk: refused" >&2; exit 20; }
[ "$(sed -n '9,$p' m.py)" = "$want_tail" ] || { echo "one hunk: not restored whole:" >&2; cat m.py >&2; exit 21; }
cp orig.py m.py
"$SEAM" apply -q three.md || { echo "three hunks: refused" >&2; exit 22; }
[ "$(sed -n '9,$p' m.py)" = "$want_tail" ] || { echo "third hunk: not restored whole:" >&2; cat m.py >&2; exit 23; }
exit 0
