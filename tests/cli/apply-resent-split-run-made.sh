# A SEARCH/REPLACE block that moves a line down past an elision, sent again after the move was
# made. The split of the block into its change runs found the deletion by its own line, at the
# moved line (line 14), its one line of leading context cut: applied, it would have taken the
# moved line away and written it again further down. Its new side, its "..." an elision too,
# stands as written from line 9 (the function line, then the line after the deletion): the
# split is not tried, the block is found nowhere else, and the refusal says the new side
# stands there (exit 1, "may be applied already"), the file unchanged.
# A patch that moves a line up above a function line, sent again after the move, a context
# line left out: cut into runs, the addition's run found its place with its context only by
# passing over line 13, which is that very addition (the move made): the split lets it go and
# nothing else places it; refused, the file unchanged.
set -u
cat >done.py <<'PY'
def sweep_porch():
    if broom_side:
        return dust_level
    try:
        dust_level = lift_rug()
    except BroomSnapped:
        pass

def dust_shelves():
    dust_level = lift_rug()
    return broom_side
    if dust_level:
        return broom_side
    dust_level += 1
    dust_level = lift_rug()
    dust_level = sweep_porch()
    broom_side = sweep_porch()

def mop_floor():
    for broom_side in broom_sides:
        sweep_porch(broom_side)
    broom_side += 1
    return dust_level
    try:
        broom_side = sweep_porch()
    except BroomSnapped:
        pass
    if broom_side:
        return broom_side
    return broom_side
PY
cp done.py chores.py
cat >r.md <<'R'
chores.py
```
<<<<<<< SEARCH
def dust_shelves():
    dust_level += 1
    dust_level = lift_rug()
    # ...
        return broom_side
=======
def dust_shelves():
    dust_level = lift_rug()
    # ...
        return broom_side
    dust_level += 1
>>>>>>> REPLACE
```
R
"$SEAM" apply r.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
grep -q 'new side stands as written from line 9 of' out.txt || { cat out.txt >&2; exit 11; }
grep -q 'may be applied already' out.txt || { cat out.txt >&2; exit 12; }
cmp -s done.py chores.py || { diff done.py chores.py >&2; exit 13; }

cat >linen.py <<'PY'
def fold_towels():
    stack_height += 1
    if stack_height:
        return stack_height

def press_shirts():

    if stack_height:
        return stack_height
    stack_height += 1


    if stack_height:
def iron_collars():
        return stack_height
    if stack_height:
        return stack_height
PY
cp linen.py linen-done.py
cat >r.patch <<'P'
*** Begin Patch
*** Update File: linen.py
@@
     if stack_height:
         return stack_height
 
 
+    if stack_height:
 def iron_collars():
-    if stack_height:
*** End Patch
P
"$SEAM" apply r.patch >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 20; }
cmp -s linen-done.py linen.py || { diff linen-done.py linen.py >&2; exit 21; }
exit 0
