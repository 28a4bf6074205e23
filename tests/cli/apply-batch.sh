# seam apply --batch: one result line per record, in input order whatever -j is; malformed
# records get an error line and the rest go on; memory records touch no disk, disk records are
# written all or nothing; exit 1 when a record is not ok. Exit 0 when all of that holds.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p disk/ok disk/bad disk/dry
printf 'x = 1\n' >disk/ok/a.py
printf 'x = 2\n' >disk/dry/a.py
printf 'x = 1\ny = 2\n' >disk/bad/a.py
python3 - <<'PY'
import json, random
random.seed(7)
def block(old, new, path="a.py"):
    return "%s\n```\n<<<<<<< SEARCH\n%s\n=======\n%s\n>>>>>>> REPLACE\n```\n" % (path, old, new)
recs = []
for i in range(300):
    k = random.randrange(5)
    if k == 0:
        recs.append(json.dumps({"id": i, "reply": block("v = %d" % i, "v = %d" % (i + 1)),
                                "files": {"a.py": "v = %d\n" % i}}))
    elif k == 1:  # fails: the old text is not in the file
        recs.append(json.dumps({"id": "s%d" % i, "reply": block("w = 0", "w = 1"),
                                "files": {"a.py": "v = %d\n" % i}}))
    elif k == 2:
        recs.append("{not json %d" % i)
    elif k == 3:
        recs.append("")  # blank: skipped
    else:  # create and delete, in memory
        recs.append(json.dumps({"id": i, "reply": "```diff\n--- a/old.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-o = 1\n--- /dev/null\n+++ b/new.py\n@@ -0,0 +1 @@\n+n = %d\n```\n" % i,
                                "files": {"old.py": "o = 1\n"}}))
recs.append(json.dumps({"id": "disk-ok", "reply": block("x = 1", "x = 2"), "root": "disk/ok"}))
recs.append(json.dumps({"id": "disk-half", "reply": block("x = 1", "x = 9") + block("z = 3", "z = 4"), "root": "disk/bad"}))
recs.append(json.dumps({"id": "dry", "reply": block("x = 2", "x = 3"), "root": "disk/dry", "dry_run": True}))
recs.append(json.dumps({"id": {"nested": 1}, "reply": "x", "files": {}}))
recs.append(json.dumps({"id": "both", "reply": "x", "files": {}, "root": "."}))
recs.append(json.dumps({"id": "opt", "reply": "x", "files": {}, "lazy": "sometimes"}))
open("in.jsonl", "w").write("\n".join(recs) + "\n")
PY
cp -r disk pristine
"$SEAM" apply --batch -j 4 <in.jsonl >j4.out 2>/dev/null
rm -rf disk && cp -r pristine disk
"$SEAM" apply --batch in.jsonl >j1.out 2>j1.err
[ $? -eq 1 ] || fail "exit $?, want 1 (some records are not ok)"
cmp -s j1.out j4.out || fail "-j 4 gives other results than -j 1"
python3 - <<'PY' || fail "results"
import json
recs = open("in.jsonl").read().split("\n")
out = [json.loads(l) for l in open("j1.out")]
want = [i + 1 for i, r in enumerate(recs) if r.strip()]
assert [o["line"] for o in out] == want, "one result per record, in order"
for o in out:
    rec = recs[o["line"] - 1]
    if rec.startswith("{not json"):
        assert o["ok"] is False and o["id"] is None and "not a JSON record" in o["error"], o
        continue
    r = json.loads(rec)
    if isinstance(r.get("id"), (int, str)):
        assert o["id"] == r["id"], o
    if "files" in r and "a.py" in r["files"] and "w = 0" not in r["reply"] and o["ok"]:
        assert o["files"] == {"a.py": r["reply"].split("=======\n")[1].split("\n")[0] + "\n"}, o
    if "w = 0" in r["reply"]:
        assert o["ok"] is False and o["files"] == {} and "no-match" in o["feedback"], o
        assert o["edits"][0]["status"] == "no-match" and o["edits"][0]["path"] == "a.py", o
    if "old.py" in r.get("files", {}):
        assert o["ok"] and o["files"]["old.py"] is None and o["files"]["new.py"].startswith("n = "), o
by = {o["id"]: o for o in out if isinstance(o["id"], str)}
assert by["disk-ok"]["ok"] and by["disk-ok"]["written"] is True, by["disk-ok"]
assert not by["disk-half"]["ok"] and by["disk-half"]["written"] is False, by["disk-half"]
assert by["dry"]["ok"] and by["dry"]["written"] is False and by["dry"]["files"] == {"a.py": "x = 3\n"}, by["dry"]
assert "must be a string or an integer" in [o for o in out if o["id"] is None and "id" in o.get("error", "")][0]["error"]
assert "not both" in by["both"]["error"] and "lazy" in by["opt"]["error"]
PY
[ "$(cat disk/ok/a.py)" = "x = 2" ] || fail "disk/ok not written"
[ "$(cat disk/dry/a.py)" = "x = 2" ] || fail "a dry run wrote"
[ "$(cat disk/bad/a.py)" = "$(printf 'x = 1\ny = 2')" ] || fail "disk/bad half written"
[ ! -e old.py ] && [ ! -e new.py ] && [ ! -e a.py ] || fail "a memory record touched the disk"

# a record over the line limit gets an error line and the next one still runs
python3 -c '
import json
print(json.dumps({"id": "big", "reply": "x" * 5000000, "files": {}}))
print(json.dumps({"id": "after", "reply": "a.py\n```\nq = 1\n```\n", "files": {}}))' >big.jsonl
"$SEAM" apply --batch --max-reply-bytes 1M --max-file-bytes 1M big.jsonl >big.out
python3 - <<'PY' || fail "over-long record"
import json
out = [json.loads(l) for l in open("big.out")]
assert len(out) == 2, out
assert out[0]["ok"] is False and "longer than the limit" in out[0]["error"] and out[0]["line"] == 1
assert out[1]["id"] == "after" and out[1]["ok"] and out[1]["line"] == 2
PY
# empty input: no output, exit 0
"$SEAM" apply --batch </dev/null >empty.out || fail "empty input"
[ ! -s empty.out ] || fail "output for no record"
# usage errors
"$SEAM" apply --batch --json </dev/null 2>/dev/null; [ $? -eq 2 ] || fail "--batch --json accepted"
"$SEAM" apply -j 2 </dev/null 2>/dev/null; [ $? -eq 2 ] || fail "-j without --batch accepted"
"$SEAM" apply --batch -j 0 </dev/null 2>/dev/null; [ $? -eq 2 ] || fail "-j 0 accepted"
"$SEAM" apply --batch no-such.jsonl 2>/dev/null; [ $? -eq 2 ] || fail "missing input file"
exit 0
