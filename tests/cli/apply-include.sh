# --include / --exclude GLOB: the files of a reply left out, with git apply's rule (the first
# glob matching a file's path decides; none matching, the file is kept unless an --include was
# given; '*' also matches '/'). Files left out are neither planned nor written, and are
# reported as excluded (text, JSON, detect). The tree is the one git apply makes with the same
# options.
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
setup() {
	mkdir -p src build docs
	printf 'a = 1\n' >src/a.py && printf 'b = 1\n' >build/b.py && printf 'doc\n' >docs/r.md
	printf 'e = 1\n' >src/e.py
}
cat >../r.diff <<'DIFF'
--- a/src/a.py
+++ b/src/a.py
@@ -1 +1 @@
-a = 1
+a = 2
--- a/build/b.py
+++ b/build/b.py
@@ -1 +1 @@
-b = 1
+b = 2
--- a/docs/r.md
+++ b/docs/r.md
@@ -1 +1 @@
-doc
+DOC
diff --git a/src/e.py b/src/c.py
similarity index 100%
rename from src/e.py
rename to src/c.py
DIFF
setup
"$SEAM" apply --exclude 'build/*' ../r.diff >../out.txt 2>&1 || fail "--exclude"
grep -q "^build/b.py: excluded by --exclude 'build/\*', not applied$" ../out.txt || fail "report"
[ "$(cat build/b.py)" = "b = 1" ] || fail "excluded file written"
[ "$(cat src/c.py)" = "e = 1" ] && [ "$(cat src/a.py)" = "a = 2" ] && [ "$(cat docs/r.md)" = DOC ] ||
	fail "others not written"
# the first glob that matches decides: '*.py' takes build/b.py before 'build/*' is read
rm -rf src build docs && setup
"$SEAM" apply --include '*.py' --exclude 'build/*' ../r.diff >../out.txt 2>&1 || fail "--include"
grep -q "^docs/r.md: excluded (no --include matches it), not applied$" ../out.txt || fail "include report"
[ "$(cat build/b.py)" = "b = 2" ] && [ "$(cat docs/r.md)" = doc ] || fail "include files"
# a rename is matched on its new name, as git apply does
rm -rf src build docs && setup
"$SEAM" apply -n --exclude 'src/c.py' ../r.diff >../out.txt 2>&1 || fail "rename excluded"
grep -q "^src/c.py: excluded" ../out.txt || fail "rename matched on its new name"
# JSON: "excluded" lists them; a dry run with everything left out is ok and changes nothing
"$SEAM" apply -n --json --exclude '*' ../r.diff >../out.txt 2>&1 || fail "all excluded"
grep -q '"excluded": \[' ../out.txt && grep -q '"glob": "\*"' ../out.txt || fail "json excluded"
grep -q '"changed": 0' ../out.txt || fail "json summary"
"$SEAM" detect --exclude 'docs/*' ../r.diff >../out.txt 2>&1 || fail "detect"
grep -q "^docs/r.md: excluded" ../out.txt && ! grep -q '^docs/r.md: update' ../out.txt || fail "detect report"
"$SEAM" detect --json --include 'docs/*' ../r.diff >../out.txt 2>&1 || fail "detect json"
grep -q '"by": "include"' ../out.txt || fail "detect json excluded"
# as git apply with the same globs
if command -v git >/dev/null; then
	for opts in "--exclude=build/*" "--include=*.py --exclude=build/*" "--exclude=src/c.py" \
		"--include=docs/* --include=src/*"; do
		rm -rf ../g ../w && mkdir ../g ../w
		(cd ../g && setup && git apply $opts ../r.diff) || fail "git apply $opts"
		(cd ../w && setup && "$SEAM" apply $opts ../r.diff >/dev/null) || fail "seam $opts"
		diff -r ../g ../w >&2 || fail "seam and git apply differ with $opts"
	done
fi
# usage: an empty glob; with --stream (the stream plans every file as it comes)
"$SEAM" apply --exclude '' ../r.diff >../out.txt 2>&1; [ $? = 2 ] || fail "empty glob"
"$SEAM" apply --stream --exclude 'a' ../r.diff >../out.txt 2>&1; [ $? = 2 ] || fail "--stream"
exit 0
