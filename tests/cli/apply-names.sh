# File names are compared after Unicode normalization (NFC, as most tools write, against NFD,
# as macOS does) and, when a reply writes a whole file or creates one, after case, the same
# way for every format: an edit block finds foo.py when the reply says Foo.py, so a whole file
# "Foo.py" replaces foo.py instead of writing a second file beside it. Exit 0 when all holds.
set -u
fail() { echo "FAIL: $*" >&2; cat ../out.txt >&2; ls -la >&2; exit 1; }
nfd=$(printf 'cafe\314\201.py')   # e + COMBINING ACUTE ACCENT
nfc=$(printf 'caf\303\251.py')    # U+00E9

# whole file, other case
printf 'x = 1\n' >foo.py
printf 'Foo.py\n```python\nx = 2\n```\n' >../r.md
"$SEAM" apply --format whole ../r.md >../out.txt 2>&1 || fail "case whole: exit $?"
[ ! -e Foo.py ] || fail "case whole: Foo.py was written beside foo.py"
[ "$(cat foo.py)" = "x = 2" ] || fail "case whole: foo.py not replaced"
grep -q "using 'foo.py'" ../out.txt || fail "case whole: no note"

# an edit block, NFC name for an NFD file
printf 'y = 1\n' >"$nfd"
printf '%s\n```python\n<<<<<<< SEARCH\ny = 1\n=======\ny = 2\n>>>>>>> REPLACE\n```\n' "$nfc" >../r.md
"$SEAM" apply ../r.md >../out.txt 2>&1 || fail "nfc edit: exit $?"
[ "$(cat "$nfd")" = "y = 2" ] || fail "nfc edit: the NFD file was not changed"
[ ! -e "$nfc" ] || fail "nfc edit: an NFC file was written"
# a whole file, NFC name
printf '%s\n```python\ny = 3\n```\n' "$nfc" >../r.md
"$SEAM" apply --format whole ../r.md >../out.txt 2>&1 || fail "nfc whole: exit $?"
[ "$(cat "$nfd")" = "y = 3" ] || fail "nfc whole: the NFD file was not replaced"
[ "$(ls | grep -c '^caf')" = 1 ] || fail "nfc whole: a second file was written"
# a diff creating the NFC name: the file exists (other content), refused, nothing beside it
printf -- '--- /dev/null\n+++ b/%s\n@@ -0,0 +1 @@\n+z = 1\n' "$nfc" >../r.diff
"$SEAM" apply ../r.diff >../out.txt 2>&1
[ $? = 1 ] || fail "nfc create: not refused"
[ "$(ls | grep -c '^caf')" = 1 ] || fail "nfc create: a second file was written"

# two files that differ only by case: a whole file in a third spelling is refused
printf 'a\n' >bar.py
printf 'b\n' >BAR.py
printf 'Bar.py\n```python\nc\n```\n' >../r.md
"$SEAM" apply --format whole ../r.md >../out.txt 2>&1
[ $? = 1 ] || fail "two: not refused"
[ ! -e Bar.py ] && [ "$(cat bar.py)" = a ] && [ "$(cat BAR.py)" = b ] || fail "two: the tree changed"
grep -q "bar.py" ../out.txt && grep -q "BAR.py" ../out.txt || fail "two: the files are not named"

# a new name no file has but for case: written as asked
printf 'New.py\n```python\nn = 1\n```\n' >../r.md
"$SEAM" apply --format whole ../r.md >../out.txt 2>&1 || fail "new: exit $?"
[ -f New.py ] || fail "new: New.py not written"
exit 0
