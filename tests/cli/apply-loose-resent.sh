# A re-sent edit (made already) with a line miscopied, placed by the fuzzy tier at another copy
# of its lines, with file lines let go between them (bench/oracle.py, resent + miscopied-ident /
# truncated): its new side holds one line of substance, too little for the rival checks, yet
# stands where the edit was made. A place found only at two costs at once (a file line let go
# and a line not as written) yields to a new side that stands once (or as written in more
# places than one) and is not just the old side's own lines there: refused as "may be applied
# already" (exit 1), file unchanged. The same edit not made yet (its new side nowhere) still
# applies at that loose place.
set -u
mkdir -p pkg
cat >pkg/lamp.c <<'C'
int dim_lamp(void)
{
	bright--;

	set_level(bright);
}

int tick_lamp(void)
{
	/* wait for the fade */
	set_level(bright);
	while (bright) {
		bright--;
	}

	while (bright) {
		bright--;
	}
}
C
cp pkg/lamp.c lamp-done.c
# the loop taken off around "bright--;" in dim_lamp, sent again with the line miscopied
cat >again.md <<'MD'
pkg/lamp.c
```
<<<<<<< SEARCH
{
	while (bright) {
		brihgt--;
	}

=======
{
	bright--;

>>>>>>> REPLACE
```
MD
"$SEAM" apply again.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
grep -q 'may be applied already' out.txt || { cat out.txt >&2; exit 11; }
grep -q 'new side stands from line 2 ' out.txt || { cat out.txt >&2; exit 12; }
cmp -s lamp-done.c pkg/lamp.c || { diff lamp-done.c pkg/lamp.c >&2; exit 13; }

# not made yet (dim_lamp holds no "bright--;" after its brace): the loose place is the only
# reading, and the loop is taken off there
sed 's/^\tbright--;$/\tset_level(0);/' lamp-done.c >lamp-before.c
cp lamp-before.c pkg/lamp.c
"$SEAM" apply again.md >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
head -n 11 lamp-before.c >want.c
printf '\tbright--;\n' >>want.c
tail -n +15 lamp-before.c >>want.c
cmp -s want.c pkg/lamp.c || { diff want.c pkg/lamp.c >&2; exit 21; }

# the loop taken off in two functions alike, the block sent again: its new side stands twice
# (the edit may be made at either), and the loose place is no surer
cp lamp-done.c pkg/lamp.c
printf '\nint fade_lamp(void)\n{\n\tbright--;\n\n\tset_level(bright);\n}\n' >>pkg/lamp.c
cp pkg/lamp.c lamp-twice.c
"$SEAM" apply again.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 25; }
grep -q 'may be applied already' out.txt || { cat out.txt >&2; exit 26; }
cmp -s lamp-twice.c pkg/lamp.c || { diff lamp-twice.c pkg/lamp.c >&2; exit 27; }

# a deletion sent again, a line of its context miscopied: its new side stands, but for that
# line, around the loose place and cheaper than it
cat >pkg/crate.c <<'C'
int pack_crate(void)
{
	if (crate_size) {
		crate_size--;
	}
	return 0;
	for (i = 0; i < crate_size; i++) {
		pack_crate(i);
	}
}

int seal_crate(void)
{
	seal_all(crate_size);
}
C
cp pkg/crate.c crate-done.c
cat >crate.md <<'MD'
```diff
--- pkg/crate.c
+++ pkg/crate.c
@@ ... @@
 	}
-	return 0;
 }
 
 int seal_crate(viod)
 {
```
MD
"$SEAM" apply crate.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 30; }
grep -q 'may be applied already' out.txt || { cat out.txt >&2; exit 31; }
cmp -s crate-done.c pkg/crate.c || { diff crate-done.c pkg/crate.c >&2; exit 32; }
exit 0
