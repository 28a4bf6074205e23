# detect --json; the diff inside --json (--json --diff); stderr stays quiet when --json or
# --feedback already carry the error on stdout.
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
printf 'a\nb\n' >m.py
printf -- '--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n' >../r.diff
"$SEAM" detect --json ../r.diff >../out.txt 2>../err.txt || fail "detect --json"
python3 - ../out.txt <<'PY' || fail "detect json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "udiff" and d["files"] == [{"path": "m.py", "op": "update", "edits": 1}], d
PY
[ ! -s ../err.txt ] || fail "detect --json wrote on stderr"
# --json --diff: the document holds the diff, which git apply takes
"$SEAM" apply -n --json --diff ../r.diff >../out.txt 2>../err.txt || fail "--json --diff"
python3 - ../out.txt <<'PY' >../p.diff || fail "json diff"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ok"] and d["dry_run"] and d["diff"].startswith("diff --git a/m.py b/m.py\n"), d
sys.stdout.write(d["diff"])
PY
if command -v git >/dev/null; then git apply --check ../p.diff || fail "git apply --check of the json diff"; fi
# a failed run: "diff" is empty
printf -- '--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,2 @@\n a\n-zz\n+B\n' >../bad.diff
"$SEAM" apply --json --diff ../bad.diff >../out.txt 2>../err.txt; [ $? = 1 ] || fail "bad exit"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["diff"] == "" and not d["ok"]' ../out.txt || fail "failed run diff"
# no edit in the reply: said on stdout with --json / --feedback, and not again on stderr
echo 'just prose' >../prose.md
"$SEAM" apply --json ../prose.md >../out.txt 2>../err.txt; [ $? = 1 ] || fail "prose exit"
grep -q '"error": "no-edit"' ../out.txt || fail "json no-edit"
[ ! -s ../err.txt ] || fail "--json: the error also on stderr"
"$SEAM" apply --feedback ../prose.md >../out.txt 2>../err.txt; [ $? = 1 ] || fail "prose feedback exit"
grep -qi 'no edit' ../out.txt || fail "feedback no-edit"
[ ! -s ../err.txt ] || fail "--feedback: the error also on stderr"
# a missing reply file under --json
"$SEAM" apply --json ../nonexistent.md >../out.txt 2>../err.txt; [ $? = 2 ] || fail "missing exit"
grep -q '"ok": false' ../out.txt && [ ! -s ../err.txt ] || fail "missing reply under --json"
# without them, stderr says it
"$SEAM" apply ../prose.md >../out.txt 2>../err.txt; [ $? = 1 ] || fail "plain exit"
grep -q 'seam: ' ../err.txt || fail "plain: nothing on stderr"
exit 0
