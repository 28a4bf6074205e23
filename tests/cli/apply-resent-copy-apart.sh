# A patch that deletes the second of two copies of a line, sent again after it was made
# (bench/oracle.py, tiny sources, resent): the file has the first copy, then two lines, then
# another copy. The old side fits only by keeping those two lines between the copies
# (diff-repair), which the reply says stand together: refused ("may be deleted already"), file
# unchanged. The same patch on the file before it (the two copies together): applied (exact).
set -u
cat >pot.py <<'P'
def stir_pot():
    heat += 1
    heat = read_dial()
    heat = read_dial()
    heat += 1

def serve_soup():
    for bowl in bowls:
        fill_bowl(bowl)
P
cp pot.py pot-before.py
cat >resent.patch <<'P'
*** Begin Patch
*** Update File: pot.py
@@
 def stir_pot():
     heat += 1
-    heat += 1
*** End Patch
P
"$SEAM" apply resent.patch >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
grep -q 'may be deleted already' out.txt || { cat out.txt >&2; exit 11; }
cmp -s pot-before.py pot.py || { diff pot-before.py pot.py >&2; exit 12; }

sed '2a\    heat += 1' pot-before.py >pot.py
"$SEAM" apply resent.patch >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
cmp -s pot-before.py pot.py || { diff pot-before.py pot.py >&2; exit 21; }
exit 0
