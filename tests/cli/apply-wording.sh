# Wording that matches what happened: a dry run never says "applied" (text, feedback, JSON);
# JSON says whether the run was dry and whether anything was written; on a failed run an edit
# that found its place is "planned", not "applied".
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
printf 'def f():\n    return 1\n\ndef g():\n    return 2\n' >m.py
before=$(cat m.py)
cat >../good.md <<'MD'
m.py
```
<<<<<<< SEARCH
    return 1
=======
    return 10
>>>>>>> REPLACE
```
MD
cat >../half.md <<'MD'
m.py
```
<<<<<<< SEARCH
    return 1
=======
    return 10
>>>>>>> REPLACE
```
m.py
```
<<<<<<< SEARCH
    return 99
=======
    return 3
>>>>>>> REPLACE
```
MD
# dry run, text
"$SEAM" apply -n ../good.md >../out.txt 2>&1 || fail "dry run exit $?"
grep -q 'applied' ../out.txt && fail "a dry run says applied"
grep -q '^m.py: update, would apply$' ../out.txt || fail "file line"
grep -q '^  edit 1 (reply line 3): would apply by exact at line 2$' ../out.txt || fail "edit line"
grep -q '^1 file would change, 1 edit would apply$' ../out.txt || fail "summary"
# dry run, feedback
"$SEAM" apply -n --feedback ../good.md >../out.txt 2>&1 || fail "dry feedback exit $?"
grep -q 'applied' ../out.txt && fail "dry feedback says applied"
grep -q '^The edit would apply (1 file would change)\.$' ../out.txt || fail "dry feedback"
# dry run, JSON
"$SEAM" apply -n --json ../good.md >../out.txt 2>/dev/null || fail "dry json exit $?"
python3 - ../out.txt <<'PY' || fail "dry json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ok"] is True and d["dry_run"] is True and d["written"] is False, d
e = d["files"][0]["edits"][0]
assert e["status"] == "planned" and d["files"][0]["status"] == "planned", d
PY
[ "$(cat m.py)" = "$before" ] || fail "a dry run changed the file"
# failed run: the edit that found its place is planned, nothing is applied
"$SEAM" apply --json ../half.md >../out.txt 2>/dev/null; [ $? = 1 ] || fail "failed run exit"
python3 - ../out.txt <<'PY' || fail "failed json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ok"] is False and d["dry_run"] is False and d["written"] is False, d
st = sorted(e["status"] for f in d["files"] for e in f["edits"])
assert st == ["no-match", "planned"], st
PY
"$SEAM" apply ../half.md >../out.txt 2>&1; [ $? = 1 ] || fail "failed text exit"
grep -q 'applied' ../out.txt && fail "a failed run says applied"
grep -q ': planned by exact at line 2$' ../out.txt || fail "failed text: planned"
[ "$(cat m.py)" = "$before" ] || fail "a failed run changed the file"
# a real run: applied, written
"$SEAM" apply --json ../good.md >../out.txt 2>/dev/null || fail "real run exit $?"
python3 - ../out.txt <<'PY' || fail "real json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ok"] and d["dry_run"] is False and d["written"] is True, d
assert d["files"][0]["edits"][0]["status"] == "applied", d
PY
grep -q 'return 10' m.py || fail "not written"
exit 0
