# A refused placeholder whose unchanged line before it fits the file in two places: the message
# names that line's two places and the lines the placeholder would delete, each by its number in
# the file before the edit (1-based). A SEARCH side that leaves out a blank line of the file
# (the tolerant tier skips it) made the nearer place one off: it was counted from the first
# deleted line through the old side, not read from where the old line was found.
set -u
fail() { echo "FAIL: $*" >&2; [ -f out.txt ] && cat out.txt >&2; exit 1; }

cat >tally.py <<'EOF'
def tally(rows):
    total = 0
    for r in rows:
        total = add(total, r)
        log(total)

        total = add(total, r)
        send(total)
    return total
EOF
cp tally.py tally.orig

# the SEARCH side without the blank line 6
cat >block.md <<'EOF'
tally.py
```python
<<<<<<< SEARCH
    for r in rows:
        total = add(total, r)
        log(total)
        total = add(total, r)
        send(total)
=======
    for r in rows:
        log(total)
        total = add(total, r)
        # ... rest of the loop unchanged ...
>>>>>>> REPLACE
```
EOF
cat >want.txt <<'EOF'
tally.py: update, lazy
  edit 1 (reply line 3): lazy
    The SEARCH/REPLACE block at reply line 3 for tally.py replaces real code with the placeholder "        # ... rest of the loop unchanged ..." (reply line 13): it would delete 1 line of code, line 8 ("        send(total)"). The unchanged lines right before it fit the file in two places: the line "        total = add(total, r)" may be line 4 (the placeholder then stands for every line after it, up to the next unchanged line) or line 7 (the reply then deletes lines between the two itself, and the placeholder stands for fewer). Copy more of the file's lines right before the placeholder, up to a line the file holds once, or write that part out in full in the new text. Nothing was changed.
1 edit failed, 0 would apply; nothing written
EOF
"$SEAM" apply block.md >out.txt 2>&1
[ $? -eq 1 ] || fail "block: exit not 1"
cmp -s out.txt want.txt || { diff want.txt out.txt >&2; fail "block: message"; }
cmp -s tally.py tally.orig || fail "block: tally.py changed"
# the lines it names, as the file has them
[ "$(sed -n 4p tally.py)" = "        total = add(total, r)" ] || fail "line 4"
[ "$(sed -n 7p tally.py)" = "        total = add(total, r)" ] || fail "line 7"
[ "$(sed -n 8p tally.py)" = "        send(total)" ] || fail "line 8"
[ "$(sed -n 13p block.md)" = "        # ... rest of the loop unchanged ..." ] || fail "reply line 13"

# three lines above it: every number moves by three, the block's own lines by none
{ printf '"""Sums."""\nfrom out import add, log, send\n\n'; cat tally.orig; } >tally.py
cp tally.py tally.long
sed 's/line 8 (/line 11 (/; s/may be line 4 /may be line 7 /; s/or line 7 (/or line 10 (/' want.txt >want2.txt
"$SEAM" apply block.md >out.txt 2>&1
[ $? -eq 1 ] || fail "shifted: exit not 1"
cmp -s out.txt want2.txt || { diff want2.txt out.txt >&2; fail "shifted: message"; }
cmp -s tally.py tally.long || fail "shifted: tally.py changed"

# the same as a whole file (no blank line either): the same numbers
cp tally.orig tally.py
cat >whole.md <<'EOF'
tally.py
```python
def tally(rows):
    total = 0
    for r in rows:
        log(total)
        total = add(total, r)
        # ... rest of the loop unchanged ...
    return total
```
EOF
cat >want3.txt <<'EOF'
tally.py: whole, lazy
  edit 1 (reply line 3): lazy
    The whole-file edit at reply line 3 for tally.py replaces real code with the placeholder "        # ... rest of the loop unchanged ..." (reply line 8): it would delete 1 line of code, line 8 ("        send(total)"). The unchanged lines right before it fit the file in two places: the line "        total = add(total, r)" may be line 4 (the placeholder then stands for every line after it, up to the next unchanged line) or line 7 (the reply then deletes lines between the two itself, and the placeholder stands for fewer). Copy more of the file's lines right before the placeholder, up to a line the file holds once, or write that part out in full: a whole-file edit must hold the whole file. Nothing was changed.
1 edit failed, 0 would apply; nothing written
EOF
"$SEAM" apply whole.md >out.txt 2>&1
[ $? -eq 1 ] || fail "whole: exit not 1"
cmp -s out.txt want3.txt || { diff want3.txt out.txt >&2; fail "whole: message"; }
cmp -s tally.py tally.orig || fail "whole: tally.py changed"
exit 0
