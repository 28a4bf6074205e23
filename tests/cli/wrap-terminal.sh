# Messages are wrapped to the terminal's width (COLUMNS when set) on a terminal, on stdout and
# stderr; never when piped or written to a file; a diff is never wrapped.
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
command -v script >/dev/null || exit 0
printf 'def f():\n    return 1\n' >m.py
# a failed edit: its message is one long line
printf 'm.py\n```python\n<<<<<<< SEARCH\n    return 100000000000000000000000000000000000000000000000000000000 + 1\n=======\n    return 2\n>>>>>>> REPLACE\n```\n' >../bad.md
"$SEAM" apply ../bad.md >../out.txt 2>&1; [ $? = 1 ] || fail "exit"
awk 'length > 60 { n++ } END { exit !(n > 0) }' ../out.txt || fail "piped output was wrapped"
COLUMNS=60 script -qec "\"$SEAM\" apply \"$PWD/../bad.md\"" /dev/null | tr -d '\r' >../out.txt
grep -q 'no-match' ../out.txt || fail "no report on the terminal"
awk 'length > 60 && !/[^ ]{40,}/ { bad = 1 } END { exit bad }' ../out.txt || fail "a line over 60 columns"
[ "$(wc -l <../out.txt)" -gt 4 ] || fail "nothing was wrapped"
# continuation lines are indented under their line
grep -q '^      ' ../out.txt || fail "no indented continuation"
# stderr too: an unknown option's message
COLUMNS=30 script -qec "\"$SEAM\" apply --exclude '' \"$PWD/../bad.md\"" /dev/null | tr -d '\r' >../out.txt
awk 'NR == 1 && length > 30 { bad = 1 } END { exit bad }' ../out.txt || fail "stderr not wrapped"
# a diff is not wrapped
printf -- '--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,2 @@\n def f():\n-    return 1\n+    return 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14 + 15 + 16\n' >../long.diff
COLUMNS=40 script -qec "\"$SEAM\" apply -n --diff --color=never \"$PWD/../long.diff\"" /dev/null |
	tr -d '\r' >../out.txt
grep -q '^+    return 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14 + 15 + 16$' ../out.txt ||
	fail "the diff was wrapped"
exit 0
