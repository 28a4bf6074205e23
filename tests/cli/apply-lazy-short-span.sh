# A whole file that repeats short blocks in a row, a placeholder among them: the kept lines
# next to the placeholder have copies inside the span it stands for, and the diff paired them
# with later copies (lines deleted among kept ones, the placeholder's span the last few). The
# span's end is where the kept lines fit next to the change before them: every line restored
# (issue 11, oracle seed 5803: 5 lines lost, exit 0). With a deletion of the reply's own among
# those kept lines, two fits remain: refused, naming the line and both places.
set -u
fail() { echo "FAIL: $*" >&2; [ -f out.txt ] && cat out.txt >&2; exit 1; }

cat >t.py <<'EOF'
"""Checks of the greeter."""

import greeter as g


class GreetTests:

    def test_plain(self):
        """Plain names."""
        self.check('hello')

    def test_late(self):
        """
        Late names are reported.
        """
        self.check('''
        y = 7
        from greeter import wave
        ''', g.LateName)
        self.check('''
        from shop import cart
        from greeter import wave
        cart
        ''', g.LateName)

    def test_used(self):
        """Names in use."""
        self.check('''
        from greeter import wave
        from greeter import nod

        assert nod is not wave
        ''')
EOF
cp t.py t.orig
# the reply: line 10 changed, lines 20-29 behind the placeholder
{
	printf 't.py\n```python\n'
	sed -n '1,9p' t.py
	printf "        self.check('hello')  # changed\n"
	sed -n '11,19p' t.py
	printf '        # ... rest of the file unchanged ...\n'
	sed -n '30,$p' t.py
	printf '```\n'
} >t.md
sed "s/self.check('hello')\$/self.check('hello')  # changed/" t.orig >t.want
"$SEAM" apply t.md >out.txt 2>&1 || fail "blocks: exit $?"
grep -q 'stands for 10 unchanged lines (lines 20-29 of the file)' out.txt || fail "blocks: span"
cmp -s t.py t.want || fail "blocks: result differs"

# the same with CR LF line endings, as the oracle's reply had them
cp t.orig u.py
sed 's/$/\r/' t.md | sed 's/^t\.py\r$/u.py/; s/^```python\r$/```python/; s/^```\r$/```/' >u.md
"$SEAM" apply u.md >out.txt 2>&1 || fail "CR LF: exit $?"
cmp -s u.py t.want || fail "CR LF: result differs"

# the kept line's first copy set among the change's own deletions (the line above it changed)
printf "def top():\n    run('''\n    run('''\n    ''', err)\n    a = f(b)\n    return a\n" >c.py
printf "    return a\n    ''', err)\n    ''', err)\n    b = g(c)\n    only_here()\n    done(1)\n" >>c.py
{
	printf 'c.py\n```python\ndef top2():\n'
	printf "    run('''\n    # ... rest of the file unchanged ...\n"
	sed -n '6,$p' c.py
	printf '```\n'
} >c.md
sed 's/^def top():$/def top2():/' c.py >c.want
"$SEAM" apply c.md >out.txt 2>&1 || fail "change: exit $?"
grep -q 'stands for 3 unchanged lines (lines 3-5 of the file)' out.txt || fail "change: span"
cmp -s c.py c.want || fail "change: result differs"

# a line of the kept ones deleted by the reply itself: two fits, refused
cat >r.py <<'EOF'
def top():
    a = f(b)

    a = f(b)
    b = g(c)
    return a

    a = f(b)
    a = f(b)
    b = g(c)
    a = f(b)
    run('''
    b = g(c)
    return a

    run('''
    b = g(c)
    ''', err)
    return a
    a = f(b)
    a = f(b)

    run('''
    b = g(c)
    run('''
    run('''
    ''', err)
    b = g(c)
    a = f(b)
    b = g(c)
    done(1)
EOF
cp r.py r.orig
{
	printf 'r.py\n```python\ndef top2():\n'
	sed -n '2,11p' r.py
	sed -n '13,17p' r.py
	printf '    # ... rest of the file unchanged ...\n'
	sed -n '27,$p' r.py
	printf '```\n'
} >r.md
"$SEAM" apply r.md >out.txt 2>&1
[ $? -eq 1 ] || fail "two fits: exit not 1"
cmp -s r.py r.orig || fail "two fits: r.py changed"
grep -q 'fit the file in two places: the line "    b = g(c)" may be line 17' out.txt ||
	fail "two fits: the line and its first place are not named"
grep -q 'or line 24' out.txt || fail "two fits: the second place is not named"
grep -q 'Copy more of the file.s lines right before the placeholder' out.txt ||
	fail "two fits: what would tell is not said"
exit 0
