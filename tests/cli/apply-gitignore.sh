# .gitignore in name resolution: an ignored build/tool.py beside pyjson/tool.py does not make
# "tool.py" ambiguous, and is never picked over it; a name only an ignored file fits is taken,
# and said; writing into an ignored path the reply names exactly is allowed and reported.
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
mkdir -p pyjson build
printf 'def a():\n    return 1\n' >pyjson/tool.py
cp pyjson/tool.py build/tool.py
printf 'build/\n' >.gitignore
reply() {
	printf '%s\n```python\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n>>>>>>> REPLACE\n```\n' "$1" >../r.md
}
reply tool.py
"$SEAM" apply ../r.md >../out.txt 2>&1 || fail "tool.py is ambiguous"
grep -q "using 'pyjson/tool.py' (1 file git ignores fits too, such as 'build/tool.py')" ../out.txt ||
	fail "note"
grep -q 'return 2' pyjson/tool.py && grep -q 'return 1' build/tool.py || fail "wrong file"
# named exactly: written, and said
reply build/tool.py
"$SEAM" apply --json ../r.md >../out.txt 2>&1 || fail "exact ignored path"
grep -q "git ignores 'build/tool.py' (.gitignore pattern 'build/'); used as the reply names it" \
	../out.txt || fail "exact note"
grep -q 'return 2' build/tool.py || fail "not written"
# a whole new file into an ignored directory: written, and said
printf 'build/new.py\n```python\nx = 1\n```\n' >../w.md
"$SEAM" apply ../w.md >../out.txt 2>&1 || fail "new ignored file"
grep -q "git ignores 'build/new.py'" ../out.txt && [ -f build/new.py ] || fail "new file note"
# only an ignored file fits: taken, and said
rm pyjson/tool.py
printf 'def a():\n    return 1\n' >build/tool.py
reply tool.py
"$SEAM" apply -n ../r.md >../out.txt 2>&1 || fail "only an ignored file"
grep -q "using 'build/tool.py', which git ignores" ../out.txt || fail "ignored-only note"
# as git sees it
if command -v git >/dev/null; then
	git init -q . && git check-ignore -q build/tool.py || fail "git does not ignore it: test wrong"
fi
exit 0
