# The lines a tolerant place takes on trust are listed; --strict: exact places only (whitespace aside), as git apply: a diff whose context the user
# changed since is refused (git apply refuses it too), where the default applies it by a
# tolerant tier; an exact or whitespace-only match still applies.
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
printf 'int main(void)\n{\n\tint x = 1;\n\tint y = 2;\n\tint z = 4;\n\treturn x + y + z;\n}\n' >z.c
before=$(cat z.c)
# the diff was made when x was 10: one context line differs from the file
printf -- '--- a/z.c\n+++ b/z.c\n@@ -2,5 +2,5 @@\n {\n \tint x = 10;\n-\tint y = 2;\n+\tint y = 3;\n \tint z = 4;\n \treturn x + y + z;\n' >../stale.diff
"$SEAM" apply -n ../stale.diff >../out.txt 2>&1 || fail "the default should locate the stale diff"
# the report lists the file line the tolerant place took on trust, in text and JSON
grep -q '^    line 3 differs from the reply: 	int x = 1;$' ../out.txt || fail "trust line (text)"
"$SEAM" apply -n --json ../stale.diff >../out.txt 2>&1 || fail "json dry run"
grep -q '"message": "line 3 differs from the reply: \\tint x = 1;\\n"' ../out.txt || fail "trust line (json)"
"$SEAM" apply --strict ../stale.diff >../out.txt 2>&1; [ $? = 1 ] || fail "--strict took a tolerant place"
grep -q 'line 3 differs from the reply' ../out.txt || fail "strict: trust line"
grep -q 'no-match' ../out.txt && grep -q 'strict takes exact places only' ../out.txt || fail "message"
[ "$(cat z.c)" = "$before" ] || fail "--strict wrote"
"$SEAM" apply --strict --json ../stale.diff >../out.txt 2>/dev/null; [ $? = 1 ] || fail "json exit"
grep -q '"status": "no-match"' ../out.txt || fail "json status"
if command -v git >/dev/null; then
	git apply --check ../stale.diff 2>/dev/null && fail "git apply takes it: the test is wrong"
fi
# exact, and indentation by spaces vs tabs aside from that (whitespace tier): applied
printf -- '--- a/z.c\n+++ b/z.c\n@@ -3,3 +3,3 @@\n \tint x = 1;\n-\tint y = 2;\n+\tint y = 3;\n \tint z = 4;\n' >../ok.diff
"$SEAM" apply --strict ../ok.diff >../out.txt 2>&1 || fail "--strict refused an exact place"
grep -q 'int y = 3;' z.c || fail "not written"
printf -- '--- a/z.c\n+++ b/z.c\n@@ -3,3 +3,3 @@\n \tint x = 1;  \n-\tint y = 3;\n+\tint y = 4;\n \tint z = 4;\n' >../ws.diff
"$SEAM" apply --strict ../ws.diff >../out.txt 2>&1 || fail "--strict refused a trailing-space difference"
grep -q 'int y = 4;' z.c || fail "ws: not written"
exit 0
