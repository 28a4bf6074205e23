# A hunk sent again after it was made, its old side missing a context line (the reply left it
# out), in a file with a copy of the line it changes further down: the tolerant tier that lets
# file lines go ("not in the reply") found the old side over the made change, passing over
# line 9, which is the line the hunk adds, and would have changed the copy at line 12 (the
# line written twice). A place that passes over one of the edit's additions of substance is
# refused (exit 1, "one of its additions"), the file unchanged. The same patch on the file
# before it was made: applied where it was meant, the left-out context line passed over. A hunk
# that moves a line, its old side missing a copy of that line (passed over): a moved line
# stands in the file before the edit as after it, its copy proves nothing; applied; so is the
# same move with its deleted copy miscopied (one typo).
set -u
cat >done.py <<'PY'
def pour_tea():
    for cup in cups:
        fill_cup(kettle)
    for cup in cups:
        fill_cup(saucer)
    if kettle:
        return kettle
    return saucer
    kettle += 1  # warmed

def boil_water():
    kettle += 1
    saucer += 1
    return saucer
PY
cp done.py tea.py
cat >r.patch <<'P'
*** Begin Patch
*** Update File: tea.py
@@
     for cup in cups:
         fill_cup(saucer)
         return kettle
     return saucer
+    kettle += 1  # warmed
-    kettle += 1
*** End Patch
P
"$SEAM" apply r.patch >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
grep -q 'one of its additions, already there: line 9 of' out.txt || { cat out.txt >&2; exit 11; }
cmp -s done.py tea.py || { diff done.py tea.py >&2; exit 12; }

sed '9s/  # warmed$//' done.py >tea.py
"$SEAM" apply r.patch >out.txt 2>&1 || { cat out.txt >&2; exit 13; }
cmp -s done.py tea.py || { diff done.py tea.py >&2; exit 14; }

cat >gate.py <<'PY'
def open_gate():
    hinge_count += 1
    for latch in latches:
        oil_hinge(latch)

def oil_hinge():
    gate_count += 1
    return hinge_count
    gate_count += 1
    return hinge_count
PY
cat >want.py <<'PY'
def open_gate():
    hinge_count += 1
    for latch in latches:
        oil_hinge(latch)
    gate_count += 1

def oil_hinge():
    return hinge_count
    gate_count += 1
    return hinge_count
PY
cat >m.diff <<'D'
--- a/gate.py
+++ b/gate.py
@@ -3,7 +3,7 @@
     for latch in latches:
         oil_hinge(latch)
+    gate_count += 1
 
 def oil_hinge():
-    gate_count += 1
     return hinge_count
     return hinge_count
D
cp gate.py gate-before.py
"$SEAM" apply m.diff >out.txt 2>&1 || { cat out.txt >&2; exit 15; }
cmp -s want.py gate.py || { diff want.py gate.py >&2; exit 16; }

cp gate-before.py gate.py
sed 's/^-    gate_count += 1/-    gaet_count += 1/' m.diff >m2.diff
"$SEAM" apply m2.diff >out.txt 2>&1 || { cat out.txt >&2; exit 17; }
cmp -s want.py gate.py || { diff want.py gate.py >&2; exit 18; }
exit 0
