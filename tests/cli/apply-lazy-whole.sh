# A whole file with a placeholder, read from disk: the guard reads the file from its bytes (no
# table of its lines beside the edit, issue 12's memory bound) and answers as from its table. A
# refusal leaves the file byte for byte and names the file's lines; an expansion keeps CR LF
# endings, a byte order mark and a missing final newline; a whole file that is an excerpt of the
# file, placeholder expanded, is placed as one (the file's table made again for it).
set -u
fail() { echo "FAIL: $*" >&2; [ -f out.txt ] && cat out.txt >&2; exit 1; }

# refused: the line after the placeholder is changed
printf 'def a():\n    x = 1\n    y = 2\n    z = 3\n    return x\n\n\ndef b():\n    return 0\n' >r.py
cp r.py r.orig
printf 'r.py\n```python\ndef a():\n    # ... existing code ...\n    return x + 1\n\n\ndef b():\n    return 0\n```\n' >r.md
"$SEAM" apply r.md >out.txt 2>&1
[ $? -eq 1 ] || fail "refusal: exit not 1"
cmp -s r.py r.orig || fail "refusal: r.py changed"
grep -q 'it would delete 4 lines of code, lines 2-5 ("    x = 1" ... "    return x")' out.txt ||
	fail "refusal: the lines are not named"

# CR LF: the restored lines keep theirs, the new ones get the file's
printf 'int f(void)\r\n{\r\n\tint a = 1;\r\n\tint b = 2;\r\n\tint c = 3;\r\n\treturn a + b + c;\r\n}\r\n\r\nint g(void)\r\n{\r\n\treturn 0;\r\n}\r\n' >c.c
printf 'c.c\n```c\nint f(void)\n{\n\tint a = 1;\n\t// ... existing code ...\n\treturn a + b + c;\n}\n\nint g(void)\n{\n\treturn 7;\n}\n```\n' >c.md
"$SEAM" apply c.md >out.txt 2>&1 || fail "CR LF: exit $?"
grep -q 'stands for 2 unchanged lines (lines 4-5 of the file)' out.txt || fail "CR LF: no note"
printf 'int f(void)\r\n{\r\n\tint a = 1;\r\n\tint b = 2;\r\n\tint c = 3;\r\n\treturn a + b + c;\r\n}\r\n\r\nint g(void)\r\n{\r\n\treturn 7;\r\n}\r\n' >c.want
cmp -s c.c c.want || fail "CR LF: result differs"

# byte order mark, no final newline
printf '\357\273\277def a():\n    x = 1\n    y = 2\n    return x\n\ndef b():\n    return 0' >b.py
printf 'b.py\n```python\ndef a():\n    x = 1\n    # ... existing code ...\n    return x\n\ndef b():\n    return 5\n```\n' >b.md
"$SEAM" apply b.md >out.txt 2>&1 || fail "BOM: exit $?"
grep -q 'stands for 1 unchanged line (line 3 of the file)' out.txt || fail "BOM: no note"
printf '\357\273\277def a():\n    x = 1\n    y = 2\n    return x\n\ndef b():\n    return 5\n' >b.want
cmp -s b.py b.want || fail "BOM: result differs"

# an excerpt of a 120-line file with a placeholder: expanded, then placed as an excerpt
i=1
: >e.py
while [ $i -le 40 ]; do
	printf 'def f%d(x):\n    return x + %d\n\n' $i $i >>e.py
	i=$((i + 1))
done
sed 's/return x + 13$/return x + 99/' e.py >e.want
{
	printf 'e.py\n```python\n'
	sed -n '31,39p' e.py | sed 's/return x + 13$/return x + 99/'
	printf 'def f14(x):\n    # ... existing code ...\n\n'
	sed -n '43,48p' e.py
	printf '```\n'
} >e.md
"$SEAM" apply e.md >out.txt 2>&1 || fail "excerpt: exit $?"
grep -q 'applied by excerpt' out.txt || fail "excerpt: not placed as one"
grep -q 'stands for 1 unchanged line (line 41 of the file)' out.txt || fail "excerpt: no note"
cmp -s e.py e.want || fail "excerpt: result differs"
exit 0
