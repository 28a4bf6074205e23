# seam mcp against raw, hostile input on stdin: every line that is not a well-formed request
# gets an error (or, for a notification, nothing), oversized lines are refused without being
# held whole, and the server answers the next request as usual. Exit 0 when all of that holds.
. "$SEAM_TESTDIR/hostile.bash"

mkdir root
sentinel_make
printf 'x = 1\n' >root/a.py
n=$((20000 / SIZE_DIV))
python3 - "$n" <<'PY'
import json, sys
n = int(sys.argv[1])
ping = lambda i: json.dumps({"jsonrpc": "2.0", "id": i, "method": "ping"})
call = lambda i, name, args: json.dumps({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                                         "params": {"name": name, "arguments": args}})
with open("hostile.in", "wb") as f:
    lines = [b"not json", b"[]", b"[" * 100000 + b"]" * 100000, b"{\"a\":1,\"a\":2}",
             b"\x00\xff\xfe garbage", b"{\"jsonrpc\":\"2.0\",\"method\":\"ping\"}",  # notification
             json.dumps({"jsonrpc": "2.0", "id": {"x": 1}, "method": "ping"}).encode(),
             json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": "x"}).encode(),
             call(2, "apply_edit", {"reply": "../../outside/x.py\n```\nboom\n```\n"}).encode(),
             call(3, "apply_edit", {"reply": "/tmp/seam-mcp-abs.py\n```\nboom\n```\n"}).encode(),
             call(4, "view", {"path": "../outside/sentinel"}).encode(),
             call(5, "view", {"path": "a.py", "start_line": -3}).encode(),
             call(6, "apply_edit", {"reply": "a.py\n```\n" + "y" * 1500000 + "\n```\n"}).encode(),
             b"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"view\",\"arguments\":{\"path\":\"a.py\"}}}"]
    f.write(b"\n".join(lines) + b"\n")
    # a line far over the limit (--max-reply-bytes 1M: about 2 MB a line)
    f.write(b"{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\",\"pad\":\"" + b"z" * 5000000 + b"\"}\n")
    for i in range(n):
        f.write(ping(100 + i).encode() + b"\n")
PY
bounded mcp 300000 60 "$SEAM" mcp -C root --max-reply-bytes 1M <hostile.in
want_rc mcp "$RC" 0
python3 - "$n" <<'PY' || fail "responses"
import json, sys
n = int(sys.argv[1])
rs = [json.loads(l) for l in open("mcp.out")]
assert all(r["jsonrpc"] == "2.0" for r in rs)
errs = [r for r in rs if "error" in r]
by_id = {r.get("id"): r for r in rs if r.get("id") is not None}
# not json, [], deep nesting, duplicate key, garbage, object id, params not an object,
# and the oversized line: each an error; the notification: no response
assert len(errs) == 8, [e["error"] for e in errs]
assert any("larger than the limit" in e["error"]["message"] for e in errs)
for i in (2, 3, 4, 5):
    assert by_id[i]["result"]["isError"] is True, by_id[i]
assert by_id[6]["result"]["isError"] is True and "over the limit" in by_id[6]["result"]["content"][0]["text"], by_id[6]
assert by_id[7]["result"]["content"][0]["text"] == "     1\u2502x = 1\n", by_id[7]
assert [r["id"] for r in rs if isinstance(r.get("id"), int) and r["id"] >= 100] == list(range(100, 100 + n))
PY
[ "$(cat root/a.py)" = "x = 1" ] || fail "a.py changed"
[ ! -e /tmp/seam-mcp-abs.py ] || fail "an absolute path was written"
sentinel_check
want_fast mcp 20000
