# A block that only deletes a line, sent again after it was made (bench/oracle.py, tiny sources,
# resent): its old side fits only by diff-repair (a comment kept), at a copy of its lines that
# overlaps where the edit was made, while its new side stands there as written, the two lines
# around the deletion closed up. One line of its new side is of substance (the others are
# "if ok:" and "pass"): the lines closing up are the evidence, as for a new side standing
# loosely. Refused ("may be applied already"), file unchanged; the same block on the file
# before it: applied where meant (exact). So is a block whose old side miscopied a line its
# new side writes right (an addition one typo from a deleted line: a deletion all the same),
# found fuzzy at another copy.
set -u
mkdir -p pkg
cat >pkg/gauge.py <<'P'
def drain():
    # Check the valve twice
    level = read_level()
    if ok:
        level = read_gauge()
        pass
    if ok:
        level = read_gauge()
    else:
        pass
    # Check the valve twice
    if ok:
        level = read_level()
    else:
        pass
P
cp pkg/gauge.py gauge-before.py
cat >resent.md <<'R'
pkg/gauge.py
```python
<<<<<<< SEARCH
    if ok:
        level = read_gauge()
    else:
        pass
    if ok:
=======
    if ok:
        level = read_gauge()
        pass
    if ok:
>>>>>>> REPLACE
```
R
"$SEAM" apply resent.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
grep -q 'may be applied already' out.txt || { cat out.txt >&2; exit 11; }
cmp -s gauge-before.py pkg/gauge.py || { diff gauge-before.py pkg/gauge.py >&2; exit 12; }

sed '5a\    else:' gauge-before.py >pkg/gauge.py
"$SEAM" apply resent.md >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
cmp -s gauge-before.py pkg/gauge.py || { diff gauge-before.py pkg/gauge.py >&2; exit 21; }

cat >pkg/soup.py <<'P'
def stir_pot():

    heat = stir_soup()
    # Taste before adding salt
    heat = stir_soup()
    # Taste before adding salt
    heat += 1
    if hot:
        heat = stir_soup()
        pass

def stir_soup():
    if hot:
        heat = stir_soup()
    else:
        pass
    # Taste before adding salt
P
cp pkg/soup.py soup-before.py
cat >typo.md <<'R'
pkg/soup.py
```
<<<<<<< SEARCH
    if hot:
        heat = stir_suop()
    else:
        pass

=======
    if hot:
        heat = stir_soup()
        pass

>>>>>>> REPLACE
```
R
"$SEAM" apply typo.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 30; }
grep -q 'may be applied already' out.txt || { cat out.txt >&2; exit 31; }
cmp -s soup-before.py pkg/soup.py || { diff soup-before.py pkg/soup.py >&2; exit 32; }
exit 0
