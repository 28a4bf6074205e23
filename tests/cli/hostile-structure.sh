# Replies broken or hostile in their structure: deeply nested fences, NUL bytes, invalid UTF-8,
# a byte-order mark, markers without their ends, thousands of blocks quoting diffs, a path with
# terminal escape sequences. Each gets a clear refusal or the right result, quickly, and nothing
# outside the root changes.
# Exit 0 when all of that holds.
. "$SEAM_TESTDIR/hostile.bash"

mkdir root
sentinel_make
printf 'x = 1\ny = 2\n' >orig.py
python3 - <<'PY'
def w(name, data):
    open(name, "wb").write(data)
blk = b"a.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n"
# 20,000 fence openers of every length before a block; 5,000 levels of fences around one
w("nested.md", b"".join(b"`" * (3 + i % 5) + b"python\n" for i in range(20000)) + blk)
w("nested2.md", b"````\n" * 5000 + blk + b"````\n" * 5000)
w("nested3.md", b"~~~\n```\n" * 5000 + blk)
# NUL bytes: in prose (ignored), in a SEARCH (not in the file: no match)
w("nul-prose.md", b"Some \x00 prose\x00\n" + blk)
w("nul-search.md", b"a.py\n```\n<<<<<<< SEARCH\nx\x00 = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n")
# invalid UTF-8: in prose (ignored), in a SEARCH (no match)
w("utf8-prose.md", b"\xff\xfe\x80 prose \xc0\xaf\xed\xa0\x80\n" + blk)
w("utf8-search.md", b"a.py\n```\n<<<<<<< SEARCH\nx = \xff1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n")
# a byte-order mark before the reply
w("bom.md", b"\xef\xbb\xbf" + blk)
# markers without their ends
w("no-replace.md", b"a.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n")
w("no-divider.md", b"a.py\n```\n<<<<<<< SEARCH\nx = 1\n")
w("many-search.md", b"a.py\n```\n" + b"<<<<<<< SEARCH\n" * 100000)
w("json-cut.md", b'{"command": "str_replace", "path": "a.py", "old_str": "x = 1", "new_str": "x = 2"')
w("lndiff-cut.md", b"<editblock>\na.py\n<<<<<<< REMOVE\n  1|x = 1\n")
w("fence-cut.md", b"a.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n")
# 9,999 blocks each quoting a diff in its new text (every diff must be found inside a block,
# not taken for a second format: in time linear in the blocks); their SEARCH is not in a.py
w("quoted-diffs.md", b"".join(b"a.py\n```\n<<<<<<< SEARCH\nz = %d\n=======\n--- a/b.py\n"
                              b"+++ b/b.py\n@@ -1 +1 @@\n-a\n+b\n>>>>>>> REPLACE\n```\n" % i
                              for i in range(9999)))
# terminal escapes in a path (refused; printed escaped)
w("escape.md", b"```diff\n--- /dev/null\n+++ b/\x1b[2J\x1b]0;title\x07x.py\n@@ -0,0 +1 @@\n+x\n```\n")
w("escape-json.md", b'{"command": "create", "path": "\\u001b[2Jred\\u0007.py", "file_text": "x\\n"}\n')
PY

# name  exit  a.py afterwards (orig: unchanged, new: x = 2)
while read -r name want after; do
	cp orig.py root/a.py
	bounded "$name" 300000 20 "$SEAM" apply -C root "$name.md"
	want_rc "$name" "$RC" "$want"
	want_fast "$name" 3000
	want_no_escapes "$name"
	if [ "$after" = orig ]; then
		cmp -s root/a.py orig.py || fail "$name: a.py changed"
	else
		printf 'x = 2\ny = 2\n' | cmp -s - root/a.py || fail "$name: a.py is not the expected result"
	fi
	[ "$(find root -type f | wc -l)" = 1 ] || fail "$name: a file was created"
done <<'CASES'
nested 0 new
nested2 0 new
nested3 0 new
nul-prose 0 new
nul-search 1 orig
utf8-prose 0 new
utf8-search 1 orig
bom 0 new
no-replace 1 orig
no-divider 1 orig
many-search 1 orig
json-cut 1 orig
lndiff-cut 1 orig
fence-cut 0 new
quoted-diffs 1 orig
escape 1 orig
escape-json 1 orig
CASES

grep -q 'usable path' escape.err || fail "escape: the path was not refused"
grep -q 'unusable path' escape-json.err || fail "escape-json: the path was not refused"
for m in --json --feedback --diff; do
	bounded "escape$m" 300000 20 "$SEAM" apply $m -C root escape.md
	want_rc "escape$m" "$RC" 1
	want_no_escapes "escape$m"
done
bounded escape-detect 300000 20 "$SEAM" detect escape.md
want_no_escapes escape-detect

no_leftovers root
sentinel_check
