# A hunk sent again after it was applied, with a context line miscopied or left out: a tolerant
# tier still placed its old side by letting go of the file lines "not in the reply", which were
# its own additions, and the splice wrote them a second time (bench/oracle.py, resent). Where
# every change of the hunk stands already on the lines let go, it is already applied (exit 0,
# file unchanged); where some do and the rest are not made, it is refused (exit 1) saying so.
# The split of a hunk into its change runs does not place a run that way either.
set -u
mkdir -p src
cat >src/shelf.py <<'PY'
import logging

log = logging.getLogger(__name__)


def stack_crates(yard, count):
    total = 0
    for crate in yard.crates(count):
        total += crate.weight
    audit_weight(yard, total)
    log.info("stacked %d crates", count)
    return total


def unload_truck(truck, yard):
    for pallet in truck.pallets:
        yard.place(pallet)
    truck.mark_empty()
    return len(truck.pallets)
PY
cp src/shelf.py before.py

# re-sent, a context identifier miscopied (the fuzzy tier's place)
cat >miscopy.diff <<'D'
--- a/src/shelf.py
+++ b/src/shelf.py
@@ -6,6 +6,7 @@
 def stack_crates(yard, count):
     total = 0
     for crate in yard.crates(count):
         total += crate.wieght
+    audit_weight(yard, total)
     log.info("stacked %d crates", count)
     return total
D
"$SEAM" apply miscopy.diff >out.txt 2>&1 || { cat out.txt >&2; exit 10; }
grep -q 'already-applied' out.txt || { cat out.txt >&2; exit 11; }
cmp -s before.py src/shelf.py || { diff before.py src/shelf.py >&2; exit 12; }

# re-sent, a context line left out (the diff-repair tier's place)
grep -v 'wieght' miscopy.diff >leftout.diff
"$SEAM" apply leftout.diff >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
grep -q 'already-applied' out.txt || { cat out.txt >&2; exit 21; }
cmp -s before.py src/shelf.py || { diff before.py src/shelf.py >&2; exit 22; }

# the insertion made before, a change beside it not: refused, naming the line already there
cat >partial.diff <<'D'
--- a/src/shelf.py
+++ b/src/shelf.py
@@ -6,6 +6,7 @@
 def stack_crates(yard, count):
     total = 0
     for crate in yard.crates(count):
         total += crate.wieght
+    audit_weight(yard, total)
     log.info("stacked %d crates", count)
-    return total
+    return total, count
D
"$SEAM" apply partial.diff >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 30; }
grep -q 'some of its additions, already there from line 10' out.txt || { cat out.txt >&2; exit 31; }
cmp -s before.py src/shelf.py || { diff before.py src/shelf.py >&2; exit 32; }

# the same insertion not yet made: applied once
grep -v 'audit_weight' before.py >src/shelf.py
"$SEAM" apply miscopy.diff >out.txt 2>&1 || { cat out.txt >&2; exit 40; }
cmp -s before.py src/shelf.py || { diff before.py src/shelf.py >&2; exit 41; }

# re-sent, its first context line miscopied and a line the hunk left out between: only the split
# of the hunk placed its change run, passing over the two lines it adds
cat >src/dock.py <<'PY'
def moor_boat(dock, boat):
    slot = dock.free_slot()
    check_hull(boat)
    slot.assign(boat)
    log.info("moored %s", boat.name)
    dock.count += 1
    record_arrival(dock, boat)
    dock.lights.on()
    return slot
PY
cp src/dock.py dock-before.py
cat >split.diff <<'D'
--- a/src/dock.py
+++ b/src/dock.py
@@ -2,7 +2,9 @@
     slot = dock.free_slto()
     check_hull(boat)
     log.info("moored %s", boat.name)
+    dock.count += 1
+    record_arrival(dock, boat)
     dock.lights.on()
     return slot
D
"$SEAM" apply split.diff >out.txt 2>&1 || { cat out.txt >&2; exit 50; }
grep -q 'already-applied' out.txt || { cat out.txt >&2; exit 51; }
cmp -s dock-before.py src/dock.py || { diff dock-before.py src/dock.py >&2; exit 52; }
exit 0
