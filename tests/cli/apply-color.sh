# --color=always colours the report's statuses and the diff's lines; never and auto (not a
# terminal) print none; NO_COLOR turns auto off; a bad value is a usage error.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
esc=$(printf '\033')
printf 'a\nb\n' >m.py
printf -- '--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n' >../r.diff
"$SEAM" apply -n --diff --color=always ../r.diff >../out.txt 2>&1 || fail "always: exit"
grep -q "^${esc}\[32m+B${esc}\[m$" ../out.txt || fail "always: + line not green"
grep -q "^${esc}\[31m-b${esc}\[m$" ../out.txt || fail "always: - line not red"
grep -q "^${esc}\[32mm.py: update, would apply${esc}\[m$" ../out.txt || fail "always: status not green"
grep -q "^ a$" ../out.txt || fail "always: context line coloured"
for mode in never auto; do
	"$SEAM" apply -n --diff --color=$mode ../r.diff >../out.txt 2>&1 || fail "$mode: exit"
	grep -q "$esc" ../out.txt && fail "$mode: escapes in a file"
done
NO_COLOR=1 "$SEAM" apply -n --diff ../r.diff >../out.txt 2>&1 || fail "NO_COLOR: exit"
grep -q "$esc" ../out.txt && fail "NO_COLOR: escapes"
# a failed edit is red
printf -- '--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,2 @@\n a\n-zz\n+B\n' >../bad.diff
"$SEAM" apply --color=always ../bad.diff >../out.txt 2>&1; [ $? = 1 ] || fail "bad: exit"
grep -q "^${esc}\[31m  edit 1 (reply line 3): no-match${esc}\[m$" ../out.txt || fail "bad: not red"
"$SEAM" apply --color=sometimes ../r.diff >/dev/null 2>&1; [ $? = 2 ] || fail "bad value accepted"
exit 0
