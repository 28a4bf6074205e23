# A whole file that keeps less than half of the file it replaces is applied with a note (text,
# JSON, feedback); one that keeps more, or replaces a short file, gets none. (The cut keeps the
# file's first and last lines: a part of the file alone is read as an excerpt, apply-excerpt.sh.)
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
seq 1 40 >f.txt
printf 'f.txt\n```\n1\ntwo\n40\n```\n' >../cut.md
{ printf 'f.txt\n```\n'; seq 1 30; echo '```'; } >../keep.md
"$SEAM" apply -n ../cut.md >../out.txt 2>&1 || fail "cut: exit"
grep -q 'has 3 lines where the file had 40: more than half of it is gone' ../out.txt || fail "cut: no note"
"$SEAM" apply -n --json ../cut.md >../out.txt 2>&1 || fail "cut json"
grep -q '"message": "the whole file given has 3 lines where the file had 40' ../out.txt || fail "cut: json"
"$SEAM" apply -n --feedback ../cut.md >../out.txt 2>&1 || fail "cut feedback"
grep -q '^Note on f.txt: the whole file given has 3 lines' ../out.txt || fail "cut: feedback"
"$SEAM" apply -n ../keep.md >../out.txt 2>&1 || fail "keep: exit"
grep -q 'more than half' ../out.txt && fail "keep: a note"
seq 1 6 >g.txt
printf 'g.txt\n```\n1\n```\n' >../short.md
"$SEAM" apply -n ../short.md >../out.txt 2>&1 || fail "short: exit"
grep -q 'more than half' ../out.txt && fail "short file: a note"
exit 0
