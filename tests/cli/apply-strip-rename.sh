# -p N on a git diff's rename and copy lines: they name the file without the a/ or b/ that -p
# counts, so they lose N - 1 components (as git apply -pN); ---/+++ and diff --git lose N.
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
setup() { mkdir -p pkg && printf 'a\nb\nc\n' >pkg/t.py && printf 'k\n' >pkg/k.py; }
# made under a top directory "top/" as the diff's tree had it
cat >../r.diff <<'DIFF'
diff --git a/top/pkg/t.py b/top/pkg/u.py
similarity index 100%
rename from top/pkg/t.py
rename to top/pkg/u.py
diff --git a/top/pkg/k.py b/top/pkg/k2.py
similarity index 50%
copy from top/pkg/k.py
copy to top/pkg/k2.py
--- a/top/pkg/k.py
+++ b/top/pkg/k2.py
@@ -1 +1 @@
-k
+K
DIFF
setup
"$SEAM" apply -p2 ../r.diff >../out.txt 2>&1 || fail "-p2"
grep -q 'moved to pkg/u.py' ../out.txt || fail "rename target"
[ -f pkg/u.py ] && [ ! -e pkg/t.py ] || fail "rename"
[ "$(cat pkg/k2.py)" = K ] && [ "$(cat pkg/k.py)" = k ] || fail "copy"
if command -v git >/dev/null; then
	mkdir ../g && (cd ../g && setup && git apply -p2 ../r.diff) || fail "git apply -p2"
	diff -r . ../g >&2 || fail "seam -p2 and git apply -p2 differ"
fi
# -p1 keeps top/ on every name: the files are not in this tree
"$SEAM" apply -n -p1 --no-resolve ../r.diff >../out.txt 2>&1; [ $? = 1 ] || fail "-p1"
grep -q '^top/pkg/t.py: update, not-found$' ../out.txt || fail "-p1 names"
[ -e top ] && fail "-p1 made top/"
# a rename of a file that is not there is git's "No such file", never an empty new file
printf 'diff --git a/x.py b/y.py\nsimilarity index 100%%\nrename from x.py\nrename to y.py\n' >../m.diff
"$SEAM" apply ../m.diff >../out.txt 2>&1; [ $? = 1 ] || fail "rename of a missing file"
[ -e y.py ] && fail "an empty y.py was made"
exit 0
