# seam prompt: every format prints its prompt, the example the prompt holds applies with seam
# apply, --files renders the files (numbered for lndiff only), a bad format is a usage error.
set -u
fail() { echo "$*" >&2; exit 1; }
for f in editblock udiff gitdiff whole patch lndiff toolcall numbered snippet; do
	"$SEAM" prompt "$f" >"p-$f.txt" || fail "seam prompt $f failed"
	grep -q "Never elide code" "p-$f.txt" || fail "$f: no reminders"
	grep -q "^# Example" "p-$f.txt" || fail "$f: no example"
done
printf 'a = 1\nb = 2\n' >m.py
"$SEAM" prompt --files m.py lndiff >ln.txt || fail "prompt --files lndiff failed"
grep -q "^1│a = 1$" ln.txt || fail "lndiff: m.py not numbered"
"$SEAM" prompt --files m.py udiff >ud.txt || fail "prompt --files udiff failed"
grep -q "^a = 1$" ud.txt || fail "udiff: m.py not shown as is"
grep -q "^m.py$" ud.txt || fail "udiff: no path line"
"$SEAM" prompt --files missing.py udiff >/dev/null 2>err.txt && fail "a missing file was accepted"
"$SEAM" prompt nosuch >/dev/null 2>err.txt && fail "an unknown format was accepted"
grep -q "no prompt for 'nosuch'" err.txt || fail "no message for an unknown format"
"$SEAM" prompt udiff editblock >/dev/null 2>&1 && fail "two formats were accepted"
"$SEAM" help prompt | grep -q "usage: seam prompt" || fail "no help"
exit 0
