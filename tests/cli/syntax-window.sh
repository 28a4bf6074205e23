# A large C file: the syntax check parses only the functions around the edits when they settle
# it, and refuses as a whole parse would when they do not. A correct edit applies; an edit
# whose trailing backslash joins the next line (outside its function) to a #define, breaking
# the file only there, is refused and the file is untouched; so is a comment left open.
set -u
{
	i=0
	while [ $i -lt 300 ]; do
		printf 'static int f%d(int a)\n{\n\treturn a + %d;\n}\n\n' $i $i
		i=$((i + 1))
	done
	printf '#define TWICE(x) \\\n\t((x) * 2)\nstruct pair {\n\tint a;\n};\n'
} >big.c
cp big.c ../orig.c

fail() { echo "$*" >&2; cat ../out.txt >&2; exit 1; }

cat >good.md <<'MD'
big.c
```c
<<<<<<< SEARCH
	return a + 150;
=======
	if (a < 0)
		return 0;
	return a + 151;
>>>>>>> REPLACE
```
MD
"$SEAM" apply good.md >../out.txt 2>&1 || fail "a correct edit must apply"
grep -q 'return a + 151;' big.c || fail "the correct edit was not written"
cp big.c ../orig.c

cat >splice.md <<'MD'
big.c
```c
<<<<<<< SEARCH
#define TWICE(x) \
	((x) * 2)
=======
#define TWICE(x) \
>>>>>>> REPLACE
```
MD
"$SEAM" apply splice.md >../out.txt 2>&1
[ $? -eq 1 ] || fail "a backslash that breaks the line after its edit must be refused"
cmp -s big.c ../orig.c || fail "big.c changed although the edit was refused"
grep -q '^big.c: update, syntax$' ../out.txt || fail "no 'syntax' status in the report"

cat >comment.md <<'MD'
big.c
```c
<<<<<<< SEARCH
	return a + 20;
=======
	return a + 20; /* not closed
>>>>>>> REPLACE
```
MD
"$SEAM" apply comment.md >../out.txt 2>&1
[ $? -eq 1 ] || fail "a comment left open must be refused"
cmp -s big.c ../orig.c || fail "big.c changed although the edit was refused"
exit 0
