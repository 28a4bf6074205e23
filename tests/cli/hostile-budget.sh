# Thousands of failing edits on a big file end at the search budget (--max-fuzzy-ms): the work
# each edit makes (its searches, the runs its splice renumbers) counts against it, and once it
# is spent the edits left are refused without being looked for, each saying so. Not timed (a
# loaded machine would make that flaky): the test checks that the budget's error is reached and the tree unchanged;
# bench/budget.sh reports the time. Exit 0 when all holds.
. "$SEAM_TESTDIR/hostile.bash"

mkdir root
lines=$((200000 / SIZE_DIV))
awk -v n="$lines" 'BEGIN { for (i = 0; i < n; i++) printf "    value_%d = compute(%d)\n", i, i }' >root/big.py
sentinel_make
before=$(tree_sum root)
awk 'BEGIN { for (k = 0; k < 2000; k++)
	printf "big.py\n```\n<<<<<<< SEARCH\n    missing_%d = nowhere(%d)\n    other_%d = 0\n=======\n    fixed_%d = 1\n>>>>>>> REPLACE\n```\n\n", k, k, k, k }' >reply.md
bounded budget 2000000 600 "$SEAM" apply -C root --max-fuzzy-ms 20 reply.md
want_rc budget "$RC" 1
grep -q "was not looked for: the edits before it spent the search budget (20 ms" budget.out ||
	fail "the budget's error is not reached"
# every edit is reported, each failed
[ "$(grep -c '^  edit [0-9]* (reply line [0-9]*): ' budget.out)" = 2000 ] || fail "not every edit is reported"
grep -q "^2000 edits failed" budget.out || fail "summary"
[ "$(tree_sum root)" = "$before" ] || fail "the tree changed"

# numbered blocks given alternately from the top and the bottom of the file, each adding a
# line: no splice moves a line (the file's line table is a piece table of line runs; as a gap
# buffer it moved the lines between the two ends each time, lines x blocks, and this budget
# stopped them), so they apply within the same budget as in file order, each where its numbers
# say
step=$((lines / 2000))
awk -v n="$lines" -v d="$step" 'BEGIN { print "big.py"; for (k = 0; k < 2000; k++) {
	s = k % 2 ? n - (k - 1) / 2 * d - 1 : k / 2 * d + 1
	printf "<update_lines start=\"%d\" end=\"%d\">\n    changed_%d = 1\n    added_%d = 2\n</update_lines>\n", s, s + 1, k, k } }' >numbered.md
awk -v n="$lines" -v d="$step" 'BEGIN { for (k = 0; k < 2000; k++) {
	s = k % 2 ? n - (k - 1) / 2 * d - 1 : k / 2 * d + 1; at[s] = k }
	for (i = 1; i <= n; i++)
		if (i in at) printf "    changed_%d = 1\n    added_%d = 2\n", at[i], at[i]
		else printf "    value_%d = compute(%d)\n", i - 1, i - 1 }' >numbered.want
mkdir numroot
cp root/big.py numroot/big.py
bounded numbered 2000000 600 "$SEAM" apply -C numroot --max-fuzzy-ms 20 numbered.md
want_rc numbered "$RC" 0
grep -q "was not looked for" numbered.out && fail "numbered: the budget stopped blocks in no order"
cmp -s numroot/big.py numbered.want || fail "numbered: the result is not the blocks applied"
[ "$(tree_sum root)" = "$before" ] || fail "numbered: the tree changed"

# the same blocks in file order move each line about once and look nothing up: a pass to map
# the line numbers, then a few units a block; they apply within the same budget (they used to
# be charged a pass over the file each, and were refused)
awk -v d="$step" 'BEGIN { print "big.py"; for (k = 0; k < 2000; k++)
	printf "<update_lines start=\"%d\" end=\"%d\">\n    changed_%d = 1\n</update_lines>\n", k * d + 1, k * d + 2, k }' >inorder.md
bounded inorder 2000000 600 "$SEAM" apply -C root --dry-run --max-fuzzy-ms 20 inorder.md
want_rc inorder "$RC" 0
grep -q "^1 file would change, 2000 edits would apply" inorder.out || fail "inorder: not all applied"
[ "$(tree_sum root)" = "$before" ] || fail "inorder: the tree changed"

# an append whose lines already end the file, before a long run of blank lines: each such edit
# passes over the run to find them, which spends the budget too
mkdir tail
{ echo "x_value = compute(1)"; awk -v n="$lines" 'BEGIN { for (i = 0; i < n; i++) print "" }'; } >tail/big.py
tail_before=$(tree_sum tail)
awk 'BEGIN { for (k = 0; k < 2000; k++)
	printf "big.py\n```\n<<<<<<< SEARCH\n=======\nx_value = compute(1)\n>>>>>>> REPLACE\n```\n\n" }' >append.md
bounded append 2000000 600 "$SEAM" apply -C tail --max-fuzzy-ms 20 append.md
want_rc append "$RC" 1
grep -q "was not looked for" append.out || fail "append: the budget's error is not reached"
[ "$(tree_sum tail)" = "$tail_before" ] || fail "append: the tree changed"
sentinel_check
exit 0
