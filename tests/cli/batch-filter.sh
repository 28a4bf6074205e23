# Batch records take "reverse", "include" and "exclude" as seam apply takes -R, --include and
# --exclude; hostile values (wrong types, empty, NUL, too many or too long globs) fail the
# record alone, and a list at the limit of long globs stays quick.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
R='--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n x\n-y\n+Y\n--- a/b/c.py\n+++ b/b/c.py\n@@ -1 +1 @@\n-p\n+P\n'
F='"files":{"a.py":"x\ny\n","b/c.py":"p\n"}'
cat >in.jsonl <<EOF
{"id":1,"reply":"$R",$F,"exclude":"b/*"}
{"id":2,"reply":"$R",$F,"include":["*.py"],"exclude":["a.py"]}
{"id":3,"reply":"$R","files":{"a.py":"x\nY\n","b/c.py":"P\n"},"reverse":true}
{"id":4,"reply":"$R",$F,"include":"*c.py"}
{"id":5,"reply":"$R",$F,"include":[1]}
{"id":6,"reply":"$R",$F,"exclude":{"a":1}}
{"id":7,"reply":"$R",$F,"reverse":"yes"}
{"id":8,"reply":"$R",$F,"include":""}
{"id":9,"reply":"$R",$F,"include":"a\u0000b"}
{"id":10,"reply":"$R",$F,"exclude":null}
{"id":11,"reply":"*** Begin Patch\n*** Add File: n.py\n+n\n*** End Patch\n","files":{},"reverse":false}
{"id":12,"reply":"x.py\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n","files":{"x.py":"a\n"},"reverse":true}
EOF
python3 - >>in.jsonl <<'PY'
import json
R = "--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n x\n-y\n+Y\n"
files = {"a.py": "x\ny\n"}
# 65 globs: over the limit
print(json.dumps({"id": 13, "reply": R, "files": files, "include": ["*"] * 33, "exclude": ["q"] * 32}))
# a glob over 1024 bytes
print(json.dumps({"id": 14, "reply": R, "files": files, "exclude": ["*" * 1025]}))
# 64 globs of 1024 bytes, stars and classes, on 200 files of long names: still quick
many = "".join("--- a/d%03d/%s.py\n+++ b/d%03d/%s.py\n@@ -1 +1 @@\n-x\n+y\n" % (i, "n" * 200, i, "n" * 200) for i in range(200))
mf = {"d%03d/%s.py" % (i, "n" * 200): "x\n" for i in range(200)}
glob = ("*n" * 300 + "*[!n]" + "*" * 400)[:1024]
print(json.dumps({"id": 15, "reply": many, "files": mf, "include": [glob] * 32 + ["d00*"], "exclude": [glob] * 31}))
PY
start=$(date +%s)
"$SEAM" apply --batch in.jsonl >out.jsonl 2>err.txt
rc=$?
[ $rc = 1 ] || { cat err.txt >&2; fail "exit $rc, want 1 (some records fail)"; }
[ $(( $(date +%s) - start )) -lt 20 ] || fail "the batch took too long"
python3 - out.jsonl <<'PY' || fail "results"
import json, sys
res = {r["id"]: r for r in map(json.loads, open(sys.argv[1]))}
assert len(res) == 15, sorted(res)
r = res[1]; assert r["ok"] and r["files"] == {"a.py": "x\nY\n"}, r
assert r["excluded"] == [{"path": "b/c.py", "by": "exclude", "glob": "b/*", "edits": 1}], r
r = res[2]; assert r["ok"] and r["files"] == {"b/c.py": "P\n"}, r   # exclude wins over include
assert r["excluded"] == [{"path": "a.py", "by": "exclude", "glob": "a.py", "edits": 1}], r
r = res[3]; assert r["ok"] and r["files"] == {"a.py": "x\ny\n", "b/c.py": "p\n"}, r
assert "excluded" not in r
r = res[4]; assert r["ok"] and r["files"] == {"b/c.py": "P\n"}, r
assert r["excluded"] == [{"path": "a.py", "by": "include", "glob": None, "edits": 1}], r
for i in (5, 6):
    assert not res[i]["ok"] and "glob" in res[i]["error"], res[i]
assert not res[7]["ok"] and "\"reverse\" must be true or false" in res[7]["error"], res[7]
for i in (8, 9, 14):
    assert not res[i]["ok"] and "empty, longer than 1024 bytes, or holds a NUL" in res[i]["error"], res[i]
assert not res[10]["ok"] and "must each be a glob" in res[10]["error"], res[10]
assert res[11]["ok"] and res[11]["files"] == {"n.py": "n\n"}, res[11]
assert not res[12]["ok"] and "error" in res[12], res[12]       # -R takes diffs and patches only
assert not res[13]["ok"] and "more than 64 globs" in res[13]["error"], res[13]
r = res[15]; assert r["ok"] and len(r["files"]) == 10 and len(r["excluded"]) == 190, (len(r["files"]), len(r.get("excluded", [])))
PY
exit 0
