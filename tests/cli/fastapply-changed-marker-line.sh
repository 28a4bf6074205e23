# Fast apply: a comment line of the file that ends in "..." and whose prose holds a placeholder
# word ("other"), changed by the snippet, reads as a marker. Taken for one it
# stood for the file's old comment, and the snippet was reported applied (already) with the
# change lost (bench/oracle.py seed 7: a CRLF file named with "./"). A line much like a file
# line it would stand for is not surely a marker: refused with exit 1, naming the file line,
# the file left as it was; the same line copied unchanged is a line of the file.
set -u
mkdir -p pkg
printf '%s\r\n' 'import os' '' '' 'def push(reg, name):' '    name = name.strip()' '' \
	'    if reg.locked(name):' \
	'        raise ValueError(name)' \
	'    # Clear the slot now that it holds other empty records...' \
	'    reg.clear(name)' '    # ...but the name stays reserved for later pushes' \
	'    reg.mark(name, deep=False)' '    try:' '        reg.push(name)' \
	'    except KeyError:' '        raise ValueError(name) from None' '    return reg' \
	>pkg/slot.py
cp pkg/slot.py before.py

# an appended word ("  # changed"), as the oracle's case had it
cat >appended.md <<'MD'
**./pkg/slot.py**
```
# ... existing code ...

    if reg.locked(name):
        raise ValueError(name)
    # Clear the slot now that it holds other empty records...  # changed
    reg.clear(name)
    # ...but the name stays reserved for later pushes
    reg.mark(name, deep=False)
    try:
        reg.push(name)
# ... existing code ...
```
MD
"$SEAM" apply appended.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
grep -q 'already' out.txt && { cat out.txt >&2; exit 11; }
grep -q 'reads as a marker but is much like file line 9' out.txt || { cat out.txt >&2; exit 12; }
cmp -s before.py pkg/slot.py || exit 13

# a name renamed in it
sed 's/  # changed$//; s/Clear the slot /Clear the slot_v2 /' appended.md >renamed.md
"$SEAM" apply renamed.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 20; }
grep -q 'slot_v2' out.txt || { cat out.txt >&2; exit 21; }
cmp -s before.py pkg/slot.py || exit 22

# copied unchanged with another line changed: the file's line, the change written (CRLF kept)
sed 's/  # changed$//; s/deep=False/deep=True/' appended.md >copied.md
"$SEAM" apply copied.md >out.txt 2>&1 || { cat out.txt >&2; exit 30; }
grep -q "deep=True" pkg/slot.py || { cat pkg/slot.py >&2; exit 31; }
[ "$(grep -c 'other empty records\.\.\.'$'\r''$' pkg/slot.py)" = 1 ] || exit 32
[ "$(grep -c $'\r''$' pkg/slot.py)" = 17 ] || exit 33

# "another" is no placeholder word ("other" inside a word): the comment changed as any line,
# the change written
sed 's/holds other empty records\.\.\./holds another empty record.../' before.py >pkg/slot.py
sed 's/holds other empty records\.\.\./holds another empty record.../' appended.md >another.md
"$SEAM" apply another.md >out.txt 2>&1 || { cat out.txt >&2; exit 40; }
[ "$(grep -c 'another empty record\.\.\.  # changed'$'\r''$' pkg/slot.py)" = 1 ] || exit 41
sed 's/holds other empty records\.\.\./holds another empty record...  # changed/' before.py |
	cmp -s - pkg/slot.py || { cat -A pkg/slot.py >&2; exit 42; }
exit 0
