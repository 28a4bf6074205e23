# A hunk that only deletes a line at its edge, sent again after the deletion was made, its
# leading context holding the added line without its '+' and a line of the file left out:
# that context stands at lines 2-5 but for the line left out (not as written, so the rule of
# apply-split-outer-context.sh did not see it), and the split of the hunk found the deleted
# line by its own text alone at line 16, in another function, and deleted it there. The
# context a run was found without is looked for as loosely as a run is found: it stands at
# one place apart from the run, so the reply puts its context in one place and its change in
# another, and is refused (exit 1), the file unchanged, the message naming both places.
# On the file before the edit, the same hunk is made where it was meant (a line left out).
set -u
cat >prune.c <<'C'
int prune(void)
{
	limit++;
	for (i = 0; i < limit; i++) {
		prune_entries(i);  // twice
	}
	return limit;
}

int settle(void)
{
	if (limit) {
		return limit;
	}
	for (i = 0; i < depth; i++) {
		prune_entries(i);
	}
	return 0;
}
C
cp prune.c before.c
printf -- '--- a/prune.c\n+++ b/prune.c\n@@ ... @@\n {\n \tfor (i = 0; i < limit; i++) {\n \t\tprune_entries(i);  // twice\n-\t\tprune_entries(i);\n' >again.diff
"$SEAM" apply again.diff >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
# named by the split's loose outer context (this test's rule), or by the rule for a delete-only
# hunk whose context stands loosely once (sm_plan_context_loose, which landed beside it and is
# asked first): either names the context's place (line 2) and the change's (line 16)
if ! grep -q 'fits only cut into runs, from line 16 of' out.txt; then
	grep -q 'but for a line left out or miscopied, from line 2 of' out.txt || { cat out.txt >&2; exit 11; }
	grep -q 'fits only from line 16' out.txt || { cat out.txt >&2; exit 12; }
else
	grep -q 'from line 2 ({)' out.txt || { cat out.txt >&2; exit 11; }
fi
cmp -s before.c prune.c || { diff before.c prune.c >&2; exit 13; }

# before the edit: the deleted line stands right after its context
sed 's|^\t\tprune_entries(i);  // twice$|&\n\t\tprune_entries(i);|' before.c >prune.c
"$SEAM" apply again.diff >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
cmp -s before.c prune.c || { diff before.c prune.c >&2; exit 21; }
exit 0
