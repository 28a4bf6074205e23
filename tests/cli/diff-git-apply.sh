# --diff is a git diff: what seam wrote, git apply --check accepts and git apply reproduces on
# the tree as it was. Renames, copies, mode changes, new and deleted files (empty ones too), a
# last line with no newline, and a move whose old name is written again.
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
command -v git >/dev/null || exit 0
n=0
# case NAME SETUP-COMMANDS: the reply is ../NAME.md
check() {
	name=$1 setup=$2
	n=$((n + 1))
	rm -rf "../w$n" "../g$n" && mkdir "../w$n" "../g$n"
	(cd "../w$n" && eval "$setup") && (cd "../g$n" && eval "$setup") || fail "$name: setup"
	(cd "../w$n" && "$SEAM" apply --diff "../$name.md" >../out.txt 2>&1) || fail "$name: apply"
	sed -n '/^diff --git/,$p' ../out.txt >"../$name.diff"
	grep -q '^diff --git' "../$name.diff" || fail "$name: no diff --git header"
	(cd "../g$n" && git apply --check "../$name.diff" 2>../err.txt) ||
		{ cat ../err.txt "../$name.diff" >&2; fail "$name: git apply --check refused"; }
	(cd "../g$n" && git apply "../$name.diff") || fail "$name: git apply"
	diff -r "../w$n" "../g$n" >&2 || { cat "../$name.diff" >&2; fail "$name: trees differ"; }
	# modes too
	(cd "../w$n" && find . -type f -perm -u+x | sort) >../x1
	(cd "../g$n" && find . -type f -perm -u+x | sort) >../x2
	cmp -s ../x1 ../x2 || fail "$name: modes differ"
}
cat >../move.md <<'MD'
*** Begin Patch
*** Update File: a.py
*** Move to: pkg/b.py
@@
 a
-b
+B
*** End Patch
MD
check move 'printf "a\nb\nc\n" >a.py'
grep -q '^rename from a.py$' ../move.diff && grep -q '^rename to pkg/b.py$' ../move.diff ||
	fail "move: no rename lines"
cat >../readd.md <<'MD'
*** Begin Patch
*** Update File: a.py
*** Move to: b.py
@@
 a
-b
+B
*** Add File: a.py
+new
*** Delete File: d.py
*** End Patch
MD
check readd 'printf "a\nb\nc\n" >a.py; printf "x\n" >d.py'
cat >../pure.md <<'MD'
```diff
diff --git a/old.txt b/new.txt
similarity index 100%
rename from old.txt
rename to new.txt
diff --git a/src.c b/dup.c
similarity index 100%
copy from src.c
copy to dup.c
```
MD
check pure 'printf "same\n" >old.txt; printf "int x;\n" >src.c'
grep -q '^copy from src.c$' ../pure.diff || fail "pure: no copy lines"
cat >../modes.md <<'MD'
```diff
diff --git a/run.sh b/run.sh
old mode 100644
new mode 100755
diff --git a/tool.sh b/tool.sh
new file mode 100755
--- /dev/null
+++ b/tool.sh
@@ -0,0 +1 @@
+echo hi
diff --git a/py.typed b/py.typed
new file mode 100644
diff --git a/gone.txt b/gone.txt
deleted file mode 100644
diff --git a/full.txt b/full.txt
deleted file mode 100644
--- a/full.txt
+++ /dev/null
@@ -1 +0,0 @@
-content
```
MD
check modes 'printf "echo\n" >run.sh; : >gone.txt; printf "content\n" >full.txt'
grep -q '^new file mode 100644$' ../modes.diff && grep -q '^deleted file mode 100644$' ../modes.diff ||
	fail "modes: empty new / deleted file not shown"
grep -q '^old mode 100644$' ../modes.diff || fail "modes: no mode change"
cat >../eol.md <<'MD'
```diff
--- a/n.txt
+++ b/n.txt
@@ -1,2 +1,2 @@
 one
-two
\ No newline at end of file
+TWO
\ No newline at end of file
```
MD
check eol 'printf "one\ntwo" >n.txt'
grep -q '^\\ No newline at end of file$' ../eol.diff || fail "eol: no marker"
exit 0
