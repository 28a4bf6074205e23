# seam mcp's apply_edit takes "reverse", "include" and "exclude" as seam apply takes -R,
# --include and --exclude (listed in tools/list); the files left out are said first in the
# text and listed in structuredContent's "excluded"; hostile values (wrong types, too many or
# too long globs, NUL) are tool errors that write nothing.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir root root/b
printf 'x\ny\n' >root/a.py
printf 'p\n' >root/b/c.py
python3 - <<'PY'
import json
R = "--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n x\n-y\n+Y\n--- a/b/c.py\n+++ b/b/c.py\n@@ -1 +1 @@\n-p\n+P\n"
call = lambda i, args: json.dumps({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                                   "params": {"name": "apply_edit", "arguments": args}})
lines = [json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
         # hostile values first: nothing may be written by them
         call(10, {"reply": R, "include": 3}),
         call(11, {"reply": R, "exclude": [True]}),
         call(12, {"reply": R, "reverse": "yes"}),
         call(13, {"reply": R, "include": ["*"] * 40, "exclude": ["q"] * 25}),
         call(14, {"reply": R, "exclude": ["*" * 1025]}),
         call(15, {"reply": R, "exclude": "a\u0000b"}),
         call(16, {"reply": R, "include": ""}),
         call(17, {"reply": R, "include": ["*n" * 500] * 32, "exclude": ["*[!x]" * 200] * 32, "dry_run": True}),
         # then: b/ left out, a.py applied
         call(2, {"reply": R, "exclude": "b/*"}),
         # and back, in reverse, on a.py only
         call(3, {"reply": R, "reverse": True, "include": ["*.py"], "exclude": ["b/*"]}),
         # -R takes diffs and patches only
         call(4, {"reply": "a.py\n<<<<<<< SEARCH\nx\n=======\nz\n>>>>>>> REPLACE\n", "reverse": True})]
open("in.jsonl", "w").write("\n".join(lines) + "\n")
PY
"$SEAM" mcp -C root <in.jsonl >out.jsonl 2>err.txt || { cat err.txt >&2; fail "mcp exit"; }
python3 - <<'PY' || fail "responses"
import json
all_rs = list(map(json.loads, open("out.jsonl")))
rs = {r["id"]: r for r in all_rs}
# a NUL in a string: the line is refused as JSON-RPC (no id to answer)
assert 15 not in rs and [r["error"]["code"] for r in all_rs if r["id"] is None] == [-32700], all_rs
tools = {t["name"]: t for t in rs[1]["result"]["tools"]}
props = tools["apply_edit"]["inputSchema"]["properties"]
assert props["reverse"]["type"] == "boolean", props
assert props["include"]["type"] == ["string", "array"] and props["exclude"]["maxItems"] == 64, props
for i in (10, 11, 12, 13, 14, 16):
    assert rs[i]["result"]["isError"] is True, rs[i]
assert "64 globs" in rs[13]["result"]["content"][0]["text"], rs[13]
assert "1024 bytes" in rs[14]["result"]["content"][0]["text"], rs[14]
r = rs[17]["result"]   # the longest lists allowed: answered (dry run), all left out
assert r["isError"] is False and len(r["structuredContent"]["excluded"]) == 2, r
r = rs[2]["result"]
assert r["isError"] is False, r
assert r["content"][0]["text"].startswith("b/c.py: excluded by --exclude 'b/*', not applied\n"), r
assert r["structuredContent"]["excluded"] == [{"path": "b/c.py", "by": "exclude", "glob": "b/*", "edits": 1}], r
assert r["structuredContent"]["written"] is True
r = rs[3]["result"]
assert r["isError"] is False and r["structuredContent"]["excluded"][0]["path"] == "b/c.py", r
assert rs[4]["result"]["isError"] is True, rs[4]
PY
[ "$(cat root/a.py)" = "$(printf 'x\ny')" ] || fail "a.py not back after the reverse"
[ "$(cat root/b/c.py)" = p ] || fail "b/c.py written though excluded"
exit 0
