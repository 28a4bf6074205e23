# --stat and --numstat say what git diff --stat / --numstat say of the same change.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v git >/dev/null || exit 0
git init -q . && git config user.email t@t && git config user.name t || fail "git init"
for i in 1 2 3 4 5 6 7 8; do echo "line $i"; done >a.txt
printf 'x\ny\n' >gone.txt
printf 'keep\n' >b.txt
git add -A && git commit -qm before || fail "commit"
cat >../reply.md <<'MD'
```diff
--- a/a.txt
+++ b/a.txt
@@ -2,3 +2,4 @@
 line 2
-line 3
+line three
+line 3.5
 line 4
--- a/gone.txt
+++ /dev/null
@@ -1,2 +0,0 @@
-x
-y
--- /dev/null
+++ b/new.txt
@@ -0,0 +1,3 @@
+one
+two
+three
```
MD
"$SEAM" apply -q --numstat ../reply.md >../num.txt 2>&1 || { cat ../num.txt >&2; fail "apply"; }
git add -A
git diff --cached --numstat >../gnum.txt
cmp -s ../num.txt ../gnum.txt || { diff ../gnum.txt ../num.txt >&2; fail "numstat differs from git's"; }
git reset -q --hard
"$SEAM" apply -q --stat ../reply.md >../stat.txt 2>&1 || fail "apply --stat"
git add -A
git diff --cached --stat=80 >../gstat.txt
cmp -s ../stat.txt ../gstat.txt || { diff ../gstat.txt ../stat.txt >&2; fail "stat differs from git's"; }
# a failed run prints no stat
git reset -q --hard
printf '```diff\n--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-nope\n+yes\n```\n' >../bad.md
"$SEAM" apply -q --stat ../bad.md >../out.txt 2>/dev/null; [ $? = 1 ] || fail "bad reply exit"
[ ! -s ../out.txt ] || fail "a failed run printed a stat"
# a rename is named old => new
git reset -q --hard
printf '*** Begin Patch\n*** Update File: b.txt\n*** Move to: c.txt\n@@\n-keep\n+kept\n*** End Patch\n' >../mv.md
"$SEAM" apply -q --numstat ../mv.md >../out.txt 2>&1 || fail "move"
[ "$(cat ../out.txt)" = "$(printf '1\t1\tb.txt => c.txt')" ] || { cat ../out.txt >&2; fail "rename numstat"; }
exit 0
