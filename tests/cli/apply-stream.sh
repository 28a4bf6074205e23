# seam apply --stream without --json: one line per edit as it completes, then the usual report;
# every edit located, so the files are written (exit 0). Also from a file, and --dry-run.
set -u
cat >app.py <<'PY'
def greet(name):
    return "Hello " + name
PY
cat >reply.md <<'MD'
```diff
--- a/app.py
+++ b/app.py
@@ -1,2 +1,2 @@
 def greet(name):
-    return "Hello " + name
+    return f"Hello, {name}!"
--- /dev/null
+++ b/util.py
@@ -0,0 +1 @@
+X = 1
```
MD

"$SEAM" apply --stream --dry-run reply.md >../dry.txt 2>&1 || { cat ../dry.txt >&2; exit 10; }
grep -q '^dry run: nothing written$' ../dry.txt || { cat ../dry.txt >&2; exit 11; }
[ ! -e util.py ] || exit 12

"$SEAM" apply --stream <reply.md >../out.txt 2>../err.txt
rc=$?
if [ $rc -ne 0 ]; then
    cat ../out.txt ../err.txt >&2
    exit $rc
fi
want='edit 1 (reply line 4) app.py: located by exact at lines 1-2
edit 2 (reply line 10) util.py: located by create at line 1
app.py: update, applied
  edit 1 (reply line 4): applied by exact at lines 1-2
util.py: create, applied
  edit 2 (reply line 10): applied by create at line 1
2 files changed, 2 edits applied'
if [ "$(cat ../out.txt)" != "$want" ]; then
    diff <(echo "$want") ../out.txt >&2
    exit 13
fi
grep -q 'return f"Hello, {name}!"' app.py || exit 14
[ "$(cat util.py)" = "X = 1" ] || exit 15
