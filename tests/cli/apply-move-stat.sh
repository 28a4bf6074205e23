# A move is one file changed, as git diff --stat counts a rename: the text summary, --stat,
# --numstat and the JSON summary agree with git (paths_changed still counts both paths).
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
printf 'a\nb\nc\n' >a.py
cat >../reply.md <<'MD'
*** Begin Patch
*** Update File: a.py
*** Move to: b.py
@@
 a
-b
+B
*** End Patch
MD
"$SEAM" apply -n ../reply.md >../out.txt 2>&1 || { cat ../out.txt >&2; fail "dry run"; }
grep -q '^1 file would change, 1 edit would apply$' ../out.txt || { cat ../out.txt >&2; fail "dry-run summary"; }
"$SEAM" apply -n --json ../reply.md >../out.json 2>&1 || fail "json"
python3 - ../out.json <<'PY' || fail "json summary"
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
assert s["changed"] == 1 and s["paths_changed"] == 2 and s["files"] == 1, s
PY
"$SEAM" apply -n --stat ../reply.md >../stat.txt 2>&1 || fail "stat"
grep -q '^ 1 file changed, 1 insertion(+), 1 deletion(-)$' ../stat.txt || { cat ../stat.txt >&2; fail "stat summary"; }
"$SEAM" apply -n --numstat ../reply.md >../num.txt 2>&1 || fail "numstat"
grep -q "^1	1	a.py => b.py$" ../num.txt || { cat ../num.txt >&2; fail "numstat line"; }
"$SEAM" apply ../reply.md >../out.txt 2>&1 || { cat ../out.txt >&2; fail "apply"; }
grep -q '^1 file changed, 1 edit applied$' ../out.txt || { cat ../out.txt >&2; fail "summary"; }
[ ! -e a.py ] && [ "$(cat b.py)" = "$(printf 'a\nB\nc')" ] || fail "the tree is wrong"
# a plain delete and a new file stay two files, a move plus a new file under the old name too
printf 'x\n' >d.py
cat >../reply2.md <<'MD'
*** Begin Patch
*** Update File: b.py
*** Move to: c.py
@@
 a
-B
+b
*** Add File: b.py
+new
*** Delete File: d.py
*** End Patch
MD
"$SEAM" apply --json ../reply2.md >../out2.json 2>&1 || fail "apply 2"
python3 - ../out2.json <<'PY' || fail "json summary 2"
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
assert s["changed"] == 3 and s["paths_changed"] == 3, s
PY
exit 0
