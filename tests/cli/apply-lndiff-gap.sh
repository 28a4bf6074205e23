# An ln-diff block whose REMOVE side leaves line 4 out (numbered 2-3, then 5-7) and miscopies
# line 2 with a typographic quote, while its INSERT side keeps line 4: the gap in the numbers is
# a line left out that the new side keeps, written once (it was written twice).
set -u
cat >a.py <<'P'
def top():
    """Top.
    """
class Widget:
    """
    One widget.
    """
P
block() {
	printf 'a.py\n<editblock>\n<<<<<<< REMOVE\n'
	printf '2\xe2\x94\x82    """Top.\n'
	printf '3\xe2\x94\x82    %s\n' "$1"
	printf '5\xe2\x94\x82    """\n'
	printf '6\xe2\x94\x82    One widget.\n'
	printf '7\xe2\x94\x82    """\n'
	printf '=======\n'
	printf ' \xe2\x94\x82    """Top.\n'
	printf ' \xe2\x94\x82    """\n'
	printf ' \xe2\x94\x82class Widget:\n'
	printf ' \xe2\x94\x82    """\n'
	printf ' \xe2\x94\x82    One widget, changed.\n'
	printf ' \xe2\x94\x82    """\n'
	printf '>>>>>>> INSERT\n</editblock>\n'
}
printf 'def top():\n    """Top.\n    """\nclass Widget:\n    """\n    One widget, changed.\n    """\n' >../want.py
cp a.py ../orig.py
for q in "$(printf '\xe2\x80\x9c""')" '"""'; do
	cp ../orig.py a.py
	block "$q" >r.md
	"$SEAM" apply r.md >../out.txt 2>&1 || { cat ../out.txt >&2; echo "not applied ($q)" >&2; exit 10; }
	cmp -s a.py ../want.py || { cat ../out.txt a.py >&2; echo "wrong result ($q)" >&2; exit 11; }
done
exit 0
