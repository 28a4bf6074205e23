# A hunk whose last context line is cut short (a model that stopped mid-line), right above the
# line it deletes: the line stands nowhere, so the diff-repair tier took it for an addition
# that lost its '+', and the result held the cut line in place of the whole one (bench/oracle.py,
# truncated). A context line that a file line near the place starts with, cut inside a word or
# (a line the hunk keeps) at a word's end, is that line cut short: the repair does not take it, the fuzzy tier places it as the line it
# stands for, and the edit deletes only what it says (exit 0).
set -u
mkdir -p src
cat >src/sweep.py <<'PY'
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
cp src/sweep.py before.py
cat >cut.diff <<'D'
--- a/src/sweep.py
+++ b/src/sweep.py
@@ -5,6 +5,5 @@
     total = len(rooms)
     # Vacuum the carpets in every hallway
     for room in rooms:
         room.dust()
     # Vacuum the carpets in every hal
-    # Vacuum the carpets in every hallway
D
"$SEAM" apply cut.diff >out.txt 2>&1 || { cat out.txt >&2; exit 10; }
grep -q 'every hal$' src/sweep.py && { cat src/sweep.py >&2; exit 11; }
sed '10d' before.py >want.py
cmp -s want.py src/sweep.py || { diff want.py src/sweep.py >&2; exit 12; }

# cut at a word's end, a line the hunk keeps: still that line cut short, never written (too
# short a part of it to pass for a miscopy, the fuzzy tier pairs it with the line it starts:
# the edit deletes only what it says)
cp before.py src/sweep.py
sed 's/every hal$/every/' cut.diff >cut-word.diff
"$SEAM" apply cut-word.diff >out.txt 2>&1 || { cat out.txt >&2; exit 15; }
grep -q 'in every$' src/sweep.py && { cat src/sweep.py >&2; exit 16; }
cmp -s want.py src/sweep.py || { diff want.py src/sweep.py >&2; exit 17; }

# a trailing comment taken off on purpose (cut at a word's end): still an unmarked addition
cp before.py src/sweep.py
sed -i 's/^    return total$/    return total  # rooms swept/' src/sweep.py
cp src/sweep.py before2.py
cat >comment.diff <<'D'
--- a/src/sweep.py
+++ b/src/sweep.py
@@ -9,4 +9,4 @@
     # Vacuum the carpets in every hallway
     # Vacuum the carpets in every hallway
     return total
-    return total  # rooms swept
D
"$SEAM" apply comment.diff >out.txt 2>&1
rc=$?
grep -q 'rooms swept' src/sweep.py && [ "$rc" = 0 ] && { cat out.txt src/sweep.py >&2; exit 20; }
exit 0
