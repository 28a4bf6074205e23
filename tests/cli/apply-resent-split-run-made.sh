# A SEARCH/REPLACE block that moves a line down past an elision, sent again after the move was
# made. The split of the block into its change runs found the deletion by its own line, at the
# moved line (line 14), its one line of leading context cut: applied, it would have taken the
# moved line away and written it again further down. That run's own new side (its context as
# the block gives it up to the elision: the function line, then the line after the deletion)
# stands at lines 9-10, apart from the run: the change is made there; refused (exit 1, "may be
# applied already"), the file unchanged.
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
grep -q 'found by its own lines at line 14 of' out.txt || { cat out.txt >&2; exit 11; }
grep -q 'may be applied already' out.txt || { cat out.txt >&2; exit 12; }
cmp -s done.py chores.py || { diff done.py chores.py >&2; exit 13; }
exit 0
