# git's extended headers carried out as git means them: a copy keeps its source, modes are
# given and reported, binary patches are refused by name, and a deletion must show the
# content it removes. Each case on a fresh tree; exit 0 when all hold.
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
fresh() { rm -rf t && mkdir t && cd t && printf 'one\ntwo\nthree\n' >a.py && chmod 644 a.py; }

# copy: the source stays, the copy gets the hunk
fresh
cat >../r.diff <<'EOF'
diff --git a/a.py b/b.py
similarity index 80%
copy from a.py
copy to b.py
--- a/a.py
+++ b/b.py
@@ -1,3 +1,3 @@
 one
-two
+TWO
 three
EOF
"$SEAM" apply ../r.diff >../out.txt 2>&1 || fail "copy: exit $?"
[ "$(cat a.py)" = "$(printf 'one\ntwo\nthree')" ] || fail "copy: the source changed"
[ "$(cat b.py)" = "$(printf 'one\nTWO\nthree')" ] || fail "copy: the copy is wrong"
grep -q "^b.py: update, applied (copied from a.py)" ../out.txt || fail "copy: not reported"
cd ..

# a copy with no hunk (git diff -C of an identical file)
fresh
printf 'diff --git a/a.py b/c.py\nsimilarity index 100%%\ncopy from a.py\ncopy to c.py\n' >../r.diff
"$SEAM" apply ../r.diff >../out.txt 2>&1 || fail "pure copy: exit $?"
cmp -s a.py c.py || fail "pure copy: c.py is not a.py"
cd ..

# old mode / new mode alone: the file becomes executable, and the report says so
fresh
printf 'diff --git a/a.py b/a.py\nold mode 100644\nnew mode 100755\n' >../r.diff
"$SEAM" apply ../r.diff >../out.txt 2>&1 || fail "mode: exit $?"
[ -x a.py ] || fail "mode: a.py is not executable"
grep -q "mode 100755" ../out.txt || fail "mode: not in the report"
# and back, with a hunk
printf 'diff --git a/a.py b/a.py\nold mode 100755\nnew mode 100644\n--- a/a.py\n+++ b/a.py\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n' >../r.diff
"$SEAM" apply ../r.diff >../out.txt 2>&1 || fail "mode back: exit $?"
[ ! -x a.py ] || fail "mode back: a.py is still executable"
grep -q "^2$" a.py || fail "mode back: the hunk was not applied"
cd ..

# new file mode 100755
fresh
printf 'diff --git a/run.sh b/run.sh\nnew file mode 100755\nindex 0000000..1111111\n--- /dev/null\n+++ b/run.sh\n@@ -0,0 +1,2 @@\n+#!/bin/sh\n+echo hi\n' >../r.diff
"$SEAM" apply ../r.diff >../out.txt 2>&1 || fail "new exec: exit $?"
[ -x run.sh ] || fail "new exec: run.sh is not executable"
grep -q "mode 100755" ../out.txt || fail "new exec: mode not in the report"
cd ..

# binary patches: refused by name, nothing created or changed
fresh
printf 'diff --git a/img.png b/img.png\nnew file mode 100644\nindex 0000000..d00491f\nBinary files /dev/null and b/img.png differ\n' >../r.diff
"$SEAM" apply ../r.diff >../out.txt 2>&1
[ $? = 1 ] || fail "binary: exit not 1"
[ ! -e img.png ] || fail "binary: img.png was created"
grep -q "binary patch" ../out.txt || fail "binary: the message does not say why"
printf 'diff --git a/a.py b/a.py\nindex 1111111..2222222 100644\nGIT binary patch\nliteral 4\nLcmZ?wWn=&X00aO5\n\nliteral 0\nHcmV?d00001\n\n' >../r.diff
"$SEAM" apply ../r.diff >../out.txt 2>&1
[ $? = 1 ] || fail "GIT binary patch: exit not 1"
[ "$(cat a.py)" = "$(printf 'one\ntwo\nthree')" ] || fail "GIT binary patch: a.py changed"
grep -q "binary patch" ../out.txt || fail "GIT binary patch: the message does not say why"
cd ..

# a header-only deletion of a file that is not empty: refused as git does
fresh
printf 'diff --git a/a.py b/a.py\ndeleted file mode 100644\nindex 1111111..0000000\n' >../r.diff
"$SEAM" apply ../r.diff >../out.txt 2>&1
[ $? = 1 ] || fail "header-only delete: exit not 1"
[ -f a.py ] || fail "header-only delete: a.py was deleted"
grep -q "removal patch leaves file contents" ../out.txt || fail "header-only delete: message"
# of an empty file: fine
: >e.py
printf 'diff --git a/e.py b/e.py\ndeleted file mode 100644\nindex e69de29..0000000\n' >../r.diff
"$SEAM" apply ../r.diff >../out.txt 2>&1 || fail "empty delete: exit $?"
[ ! -e e.py ] || fail "empty delete: e.py is still there"
cd ..

# a symbolic link's mode: refused, not written as a regular file
fresh
printf 'diff --git a/l b/l\nnew file mode 120000\n--- /dev/null\n+++ b/l\n@@ -0,0 +1 @@\n+a.py\n\\ No newline at end of file\n' >../r.diff
"$SEAM" apply ../r.diff >../out.txt 2>&1
[ $? = 1 ] || fail "symlink: exit not 1"
[ ! -e l ] || fail "symlink: l was written"
grep -q "symbolic link" ../out.txt || fail "symlink: message"
exit 0
