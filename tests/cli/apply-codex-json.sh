# Codex's apply_patch as a function call: the V4A patch is the value of "input" (or "patch"),
# on one line of JSON, in the envelopes the APIs use (arguments as an object, as an encoded
# string, in tool_calls). Each is read as the patch it holds. Exit 0 when all apply as meant.
set -u
cat >calc.py <<'PY'
def add(a, b):
    return a + b


def sub(a, b):
    return a - b
PY
cp calc.py orig.py
P='*** Begin Patch\n*** Update File: calc.py\n@@\n def sub(a, b):\n-    return a - b\n+    return b - a\n*** End Patch\n'
E='*** Begin Patch\\n*** Update File: calc.py\\n@@\\n def sub(a, b):\\n-    return a - b\\n+    return b - a\\n*** End Patch\\n'
printf '{"name": "apply_patch", "arguments": {"input": "%s"}}\n' "$P" >a.json
printf '[{"name": "apply_patch", "arguments": {"patch": "%s"}}]\n' "$P" >b.json
printf '{"name": "apply_patch", "arguments": "{\\"input\\": \\"%s\\"}"}\n' "$E" >c.json
printf '{"tool_calls": [{"type": "function", "function": {"name": "apply_patch", "arguments": "{\\"input\\": \\"%s\\"}"}}]}\n' "$E" >d.json
n=0
for f in a.json b.json c.json d.json; do
	n=$((n + 1))
	cp orig.py calc.py
	"$SEAM" apply "$f" >out.txt 2>&1 || { cat out.txt >&2; exit $((10 * n)); }
	grep -q 'return b - a' calc.py || exit $((10 * n + 1))
	grep -q 'return a - b' calc.py && exit $((10 * n + 2))
done
exit 0
