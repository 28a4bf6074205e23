# A patch sent again after it was applied, in a file with two near copies of its lines: its old
# side stood nowhere as written, and the split of the hunk placed its change at the other copy
# (one context line differing there), while its new side stood as written where it was made
# (bench/oracle.py, resent). A new side standing as written is a rival to an old side that
# fits only loosely: the split does not cut the hunk to fit elsewhere, and the edit is judged
# already applied (exit 0, file unchanged). The same patch on the file before it: applied.
# A str_replace call (whose new side proves no "already applied") re-sent after its deletion was
# made: the split deleted another copy of the line, where only a line of its context stood;
# its new side as written is a rival all the same: refused (exit 1), file unchanged.
set -u
mkdir -p src
cat >src/rows.py <<'PY'
def load_rows(table):
    for row in table.rows:
        table.verify(row)

    if table.pending:
        return table.pending

    for row in table.rows:
        table.check(row)
    table.flush()


def save_rows(table):
    for row in table.rows:
        table.check(row)

    if table.pending:  # drained first
        return table.pending

    for row in table.rows:
        table.check(row)
    table.commit()
PY
cp src/rows.py before.py
cat >resent.patch <<'P'
*** Begin Patch
*** Update File: src/rows.py
@@
     for row in table.rows:
         table.check(row)
 
-    if table.pending:
+    if table.pending:  # drained first
         return table.pending
 
     for row in table.rows:
*** End Patch
P
"$SEAM" apply resent.patch >out.txt 2>&1 || { cat out.txt >&2; exit 10; }
grep -q 'already-applied' out.txt || { cat out.txt >&2; exit 11; }
cmp -s before.py src/rows.py || { diff before.py src/rows.py >&2; exit 12; }

sed 's/  # drained first$//' before.py >src/rows.py
"$SEAM" apply resent.patch >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
cmp -s before.py src/rows.py || { diff before.py src/rows.py >&2; exit 21; }

cat >src/ledger.py <<'PY'
def tally(ledger):
    ledger.reset()
    ledger.sum_columns()
    ledger.audit_entries(strict=True)
    ledger.close_all()
    return ledger.total


def settle(ledger):
    ledger.open()
    ledger.sum_columns()
    ledger.close()
    return ledger.balance
PY
cp src/ledger.py ledger-before.py
cat >call.json <<'J'
{"role": "assistant", "content": [{"type": "tool_use", "id": "t1",
 "name": "str_replace_based_edit_tool", "input": {"command": "str_replace",
 "path": "src/ledger.py",
 "old_str": "    ledger.open()\n    ledger.sum_columns()\n    ledger.audit_entries(strict=True)\n    ledger.close()\n",
 "new_str": "    ledger.open()\n    ledger.sum_columns()\n    ledger.close()\n"}}]}
J
"$SEAM" apply call.json >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 30; }
cmp -s ledger-before.py src/ledger.py || { diff ledger-before.py src/ledger.py >&2; exit 31; }
exit 0
