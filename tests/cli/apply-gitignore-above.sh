# Run from a subdirectory of a work tree (-C below its top), name resolution still follows the
# .gitignore files above the root and the top's .git/info/exclude, as git does.
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
mkdir -p repo/.git/info repo/src/pkg repo/src/build repo/src/gen repo/src/gen2
# an anchored pattern of the top's file names a directory under the root by its path from the top
printf 'build/\n/src/gen2/\n' >repo/.gitignore
printf 'gen/\n' >repo/.git/info/exclude
for d in pkg build gen gen2; do printf 'def a():\n    return 1\n' >repo/src/$d/tool.py; done
printf 'tool.py\n```python\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n>>>>>>> REPLACE\n```\n' >../r.md
"$SEAM" apply -C repo/src ../r.md >../out.txt 2>&1 || fail "tool.py ambiguous below the top"
grep -q "using 'pkg/tool.py' (3 files git ignores fit too" ../out.txt || fail "note"
grep -q 'return 2' repo/src/pkg/tool.py || fail "wrong file"
if command -v git >/dev/null; then
	rm -rf repo/.git && git init -q repo && printf 'gen/\n' >repo/.git/info/exclude &&
		(cd repo/src && git check-ignore -q build/tool.py && git check-ignore -q gen/tool.py && git check-ignore -q gen2/tool.py &&
		 ! git check-ignore -q pkg/tool.py) || fail "git disagrees: the test is wrong"
fi
exit 0
