# A hunk written 4 columns deeper than the file (a re-indented reply), its last context line
# cut short (a model that stopped mid-line) right above the line it deletes. The cut line was
# compared with the file's lines only at the indentation it was written with, so nothing took
# it for the line it starts: the diff-repair tier took it for an addition that lost its '+' and
# wrote it into the file in place of the whole line (bench/oracle.py, reindent with truncated).
# A line cut short is looked for at the shift the rest of the hunk stands at: the edit deletes
# only what it says (exit 0), the cut line never written; and, in a CRLF reply, the same.
set -u
cat >sweep.py <<'PY'
import os


def sweep(rooms):
    total = len(rooms)
    # Vacuum the carpets in every hallway
    for room in rooms:
        room.dust()
    # Vacuum the carpets in every hallway
    # Vacuum the carpets in every hallway
    return total


def mop(floors):
    for floor in floors:
        floor.rinse()
    return os.sep.join(floors)
PY
cp sweep.py before.py
sed '10d' before.py >want.py
cat >cut.diff <<'D'
--- a/sweep.py
+++ b/sweep.py
@@ -5,6 +5,5 @@
         total = len(rooms)
         # Vacuum the carpets in every hallway
         for room in rooms:
             room.dust()
         # Vacuum the carpets in every hal
-        # Vacuum the carpets in every hallway
D
"$SEAM" apply cut.diff >out.txt 2>&1 || { cat out.txt >&2; exit 10; }
grep -q 'every hal$' sweep.py && { cat sweep.py >&2; exit 11; }
cmp -s want.py sweep.py || { diff want.py sweep.py >&2; exit 12; }

# cut at a word's end (a line the hunk keeps): that line cut short all the same
cp before.py sweep.py
sed 's/every hal$/every/' cut.diff >cut-word.diff
"$SEAM" apply cut-word.diff >out.txt 2>&1 || { cat out.txt >&2; exit 15; }
grep -q 'in every$' sweep.py && { cat sweep.py >&2; exit 16; }
cmp -s want.py sweep.py || { diff want.py sweep.py >&2; exit 17; }

# the reply with CRLF line ends
cp before.py sweep.py
sed 's/$/\r/' cut.diff >cut-crlf.diff
"$SEAM" apply cut-crlf.diff >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
cmp -s want.py sweep.py || { diff want.py sweep.py >&2; exit 21; }

# the cut line's whole line standing only at another shift than the hunk's (one level deeper
# in the file): not that line; the file is not written with the cut line in it
cp before.py sweep.py
sed -i '9s/^    #/        #/' sweep.py
cp sweep.py before2.py
"$SEAM" apply cut.diff >out.txt 2>&1
grep -q 'every hal$' sweep.py && { cat out.txt sweep.py >&2; exit 25; }
exit 0
