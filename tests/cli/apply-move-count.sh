# A patch that moves a file, adds one under the old name and deletes a third changes three
# paths: the summary says so, and --diff shows each once (the moved file under its new name).
set -u
printf 'a\nb\nc\n' >a.py
printf 'x\n' >d.py
cat >../reply.md <<'MD'
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
"$SEAM" apply --diff ../reply.md >../out.txt 2>&1 || { cat ../out.txt >&2; echo "exit $?" >&2; exit 20; }
grep -q "^3 files changed" ../out.txt || { cat ../out.txt >&2; echo "want 3 files changed" >&2; exit 21; }
[ "$(cat a.py)" = new ] && [ "$(cat b.py)" = "$(printf 'a\nB\nc')" ] && [ ! -e d.py ] ||
    { echo "the tree is wrong" >&2; exit 22; }
grep -q '^+++ b/b.py' ../out.txt || { cat ../out.txt >&2; echo "the diff lacks b.py" >&2; exit 23; }
[ "$(grep -c '^+++ b/a.py' ../out.txt)" = 1 ] || { cat ../out.txt >&2; echo "a.py not once in the diff" >&2; exit 24; }
# the printed diff gives the same tree from the old one
rm -rf ../move-count-old && mkdir ../move-count-old && cd ../move-count-old && printf 'a\nb\nc\n' >a.py && printf 'x\n' >d.py &&
    sed -n '/^---\|^diff --git/,$p' ../out.txt >../p.diff && git apply ../p.diff ||
    { echo "git apply of the printed diff failed" >&2; exit 25; }
[ "$(cat a.py)" = new ] && [ "$(cat b.py)" = "$(printf 'a\nB\nc')" ] && [ ! -e d.py ] ||
    { echo "git apply of the printed diff gave another tree" >&2; exit 26; }
exit 0
