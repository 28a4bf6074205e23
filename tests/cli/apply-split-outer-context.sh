# A hunk whose outer context (the first run's leading lines, the last run's trailing lines: no
# other run's) stands whole, as written, in one place, while its change fits only by its own
# lines elsewhere: the split of the hunk must not place the change away from that context.
# 1. Sent again after it was made, its added line written without its '+' (a context line):
#    the context stands whole at lines 5-9, the line it deletes is not after it (the edit made
#    it), a copy stands at line 16 in another function: refused (exit 1, "stands whole"), the
#    file unchanged. The same reply on the file before the edit: made where it was meant.
# 2. The same on the trailing side: a deleted line found only above its trailing context,
#    which stands whole below, other lines between: refused.
# 3. One line of context (a name to find the place by) with the change a few lines below it,
#    in its block: the split still places the change (the model skipped the lines between).
set -u
mkdir -p src
cat >garden.py <<'PY'
def water_plants():
    # Morning round before the heat
    hose_level += 1

def trim_hedges():
    if shears_ready:
        return shears_ready
    try:
        shears_ready = sharpen_blades_twice()
    except GardenError:
        pass

def water_plants():
    hose_level += 1
    try:
        shears_ready = sharpen_blades()
    except GardenError:
        pass

def rake_leaves():
    return shears_ready
PY
cp garden.py src/garden.py
cat >resent.diff <<'D'
--- a/src/garden.py
+++ b/src/garden.py
@@ -4,6 +4,5 @@
 
 def trim_hedges():
     if shears_ready:
         return shears_ready
     try:
         shears_ready = sharpen_blades_twice()
-        shears_ready = sharpen_blades()
D
"$SEAM" apply resent.diff >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
grep -q 'stands whole, as written, from line 5 of' out.txt || { cat out.txt >&2; exit 11; }
grep -q 'fits only from line 16' out.txt || { cat out.txt >&2; exit 12; }
cmp -s garden.py src/garden.py || { diff garden.py src/garden.py >&2; exit 13; }

sed 's/sharpen_blades_twice()$/sharpen_blades()/' garden.py >src/garden.py
"$SEAM" apply resent.diff >out.txt 2>&1 || { cat out.txt >&2; exit 14; }
cmp -s garden.py src/garden.py || { diff garden.py src/garden.py >&2; exit 15; }

cat >trail.diff <<'D'
--- a/src/garden.py
+++ b/src/garden.py
@@ -9,6 +9,5 @@
-        shears_ready = sharpen_blades_twice()
     except GardenError:
         pass
 
 def rake_leaves():
     return shears_ready
D
"$SEAM" apply trail.diff >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 20; }
grep -q 'stands whole, as written, from line 17 of' out.txt || { cat out.txt >&2; exit 21; }
cmp -s garden.py src/garden.py || { diff garden.py src/garden.py >&2; exit 22; }

cat >named.diff <<'D'
--- a/src/garden.py
+++ b/src/garden.py
@@ -5,6 +5,6 @@
 def trim_hedges():
-        shears_ready = sharpen_blades_twice()
+        shears_ready = sharpen_blades_thrice()
D
"$SEAM" apply named.diff >out.txt 2>&1 || { cat out.txt >&2; exit 30; }
sed 's/sharpen_blades_twice()$/sharpen_blades_thrice()/' garden.py >want.py
cmp -s want.py src/garden.py || { diff want.py src/garden.py >&2; exit 31; }
exit 0
