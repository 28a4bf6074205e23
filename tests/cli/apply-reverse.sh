# -R applies a diff or a patch in reverse, as patch -R and git apply -R: hunks, new and deleted
# files, renames and mode changes go back; the tree is the one git apply -R makes. With -n it
# writes nothing and says "would apply"; --diff and --json show the reversed change. A whole
# file cannot be reversed (usage error); a copy, or a patch's deletion without its content,
# is refused by name.
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
setup() {
	mkdir -p pkg c && printf 'def a():\n    return 1\n\ndef b():\n    return 20\n' >pkg/tool.py
	printf 'int main(void)\n{\n\treturn 0;\n}\n' >c/z.c && chmod +x c/z.c
	printf 'new\n' >n.txt && printf 'x\ny\n' >pkg/moved.py
}
# the diff that made this tree from the one before (which had pkg/copy.py, old.txt, no n.txt)
cat >../fwd.diff <<'DIFF'
diff --git a/old.txt b/old.txt
deleted file mode 100644
--- a/old.txt
+++ /dev/null
@@ -1 +0,0 @@
-gone
diff --git a/c/z.c b/c/z.c
old mode 100644
new mode 100755
diff --git a/n.txt b/n.txt
new file mode 100644
--- /dev/null
+++ b/n.txt
@@ -0,0 +1 @@
+new
diff --git a/pkg/copy.py b/pkg/moved.py
similarity index 100%
rename from pkg/copy.py
rename to pkg/moved.py
diff --git a/pkg/tool.py b/pkg/tool.py
--- a/pkg/tool.py
+++ b/pkg/tool.py
@@ -2,4 +2,4 @@ def a():
     return 1
 
 def b():
-    return 2
+    return 20
DIFF
mkdir ../s && cd ../s && setup && cd ../cwd || fail setup
setup
"$SEAM" apply -R -n ../fwd.diff >../out.txt 2>&1 || fail "-R -n"
grep -q '^pkg/tool.py: update, would apply$' ../out.txt || fail "-n wording"
grep -q 'applied' ../out.txt && fail "-n says applied"
diff -r . ../s >/dev/null || fail "-n wrote"
"$SEAM" apply -R -n --json --diff ../fwd.diff >../out.txt 2>&1 || fail "-R --json --diff"
grep -q '"dry_run": true' ../out.txt && grep -q '"op": "delete"' ../out.txt || fail "json"
grep -q '^-    return 20\\n+    return 2\\n' ../out.txt || grep -q 'return 20\\n+    return 2' ../out.txt ||
	fail "json diff"
"$SEAM" apply -R --diff ../fwd.diff >../out.txt 2>&1 || fail "-R"
grep -q '^rename from pkg/moved.py$' ../out.txt && grep -q '^rename to pkg/copy.py$' ../out.txt ||
	fail "the rename does not go back"
grep -q '^old mode 100755$' ../out.txt && grep -q '^new mode 100644$' ../out.txt || fail "mode"
[ "$(cat old.txt)" = gone ] && [ ! -e n.txt ] && [ -f pkg/copy.py ] && [ ! -e pkg/moved.py ] ||
	fail "files"
grep -q 'return 2$' pkg/tool.py || fail "hunk"
[ -x c/z.c ] && fail "mode kept"
if command -v git >/dev/null; then
	(cd ../s && git apply -R ../fwd.diff) || fail "git apply -R"
	diff -r . ../s >&2 || fail "seam -R and git apply -R differ"
	[ -x ../s/c/z.c ] && fail "git kept the mode: the test is wrong"
fi
# and forward again: the reversed tree takes the diff
"$SEAM" apply ../fwd.diff >../out.txt 2>&1 || fail "forward after -R"
[ -x c/z.c ] && [ -f n.txt ] || fail "forward"
# a *** Begin Patch in reverse; an Add File becomes the deletion of that content
cat >../p.patch <<'P'
*** Begin Patch
*** Add File: added.txt
+one
*** Update File: pkg/tool.py
@@ def b():
-    return 2
+    return 20
*** End Patch
P
printf 'one\n' >added.txt
"$SEAM" apply -R ../p.patch >../out.txt 2>&1 || fail "-R patch"
[ ! -e added.txt ] && grep -q 'return 2$' pkg/tool.py || fail "-R patch files"
# a file whose content differs from what the reversed creation shows is not deleted
printf 'two\n' >added.txt
"$SEAM" apply -R ../p.patch >../out.txt 2>&1; [ $? = 1 ] || fail "-R deleted other content"
[ -f added.txt ] || fail "deleted"
# a deletion without its content cannot be created again
printf '*** Begin Patch\n*** Delete File: gone.txt\n*** End Patch\n' >../d.patch
"$SEAM" apply -R ../d.patch >../out.txt 2>&1; [ $? = 1 ] || fail "-R of a bare deletion"
grep -q 'cannot reverse this deletion' ../out.txt || fail "bare deletion message"
# a copy is refused by name
printf 'diff --git a/pkg/tool.py b/pkg/c2.py\nsimilarity index 100%%\ncopy from pkg/tool.py\ncopy to pkg/c2.py\n' >../c.diff
cp pkg/tool.py pkg/c2.py
"$SEAM" apply -R ../c.diff >../out.txt 2>&1; [ $? = 1 ] || fail "-R of a copy"
grep -q 'cannot reverse a copy' ../out.txt || fail "copy message"
[ -f pkg/c2.py ] || fail "copy removed"
# a whole file has no way back: a usage error, nothing written
printf 'pkg/tool.py\n```python\nprint(1)\n```\n' >../w.md
"$SEAM" apply -R ../w.md >../out.txt 2>&1; [ $? = 2 ] || fail "-R of a whole file"
grep -q -- '-R applies a diff or a patch in reverse' ../out.txt || fail "whole message"
grep -q 'return' pkg/tool.py || fail "whole written"
# with --stream: the same reversal, event by event
printf 'x = 1\n' >s.py
printf -- '--- a/s.py\n+++ b/s.py\n@@ -1 +1 @@\n-x = 0\n+x = 1\n' | "$SEAM" apply -R --stream >../out.txt 2>&1 ||
	fail "-R --stream"
[ "$(cat s.py)" = "x = 0" ] && grep -q 'located by exact' ../out.txt || fail "-R --stream result"
# detect -R shows the reversed operations
"$SEAM" detect -R ../fwd.diff >../out.txt 2>&1 || fail "detect -R"
grep -q '^n.txt: delete' ../out.txt && grep -q '^old.txt: create' ../out.txt || fail "detect -R ops"
exit 0
