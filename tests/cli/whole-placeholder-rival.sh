# A whole file with a placeholder whose following lines stand at two places: the line diff
# pairs them at the earlier copy (more lines in common, spread out), the placeholder then
# stands for three lines and the whole file deletes the function the change was meant for
# (bench/oracle.py --sources tiny). Read as a fast-apply snippet (the fewest file lines
# deleted) it stands for the lines up to the later copy: two readings, another file each.
# Refused, the file untouched; so is one whose fast-apply reading ties.
set -u
cat >h.c <<'C'
int alpha(void)
{
	return 1;
}

int beta(void)
{
	wait();
	step();
}

int gamma(void)
{
	finish();
	wait();
	step();
	/* done */
	finish();
}
C
cp h.c ../h0.c
cat >whole.md <<'MD'
h.c
```c
int alpha(void)
{
	return 10;
}
// ... existing code ...
	wait();
	step();
	finish();
	/* done */
}
```
MD
"$SEAM" apply whole.md >out.txt 2>&1 && { cat out.txt >&2; exit 10; }
grep -q 'more than one place' out.txt || { cat out.txt >&2; exit 11; }
cmp -s h.c ../h0.c || exit 12

# the placeholder over one of three equal lines: one tick() left out or none (the fast-apply
# reading ties): refused, not written unchanged as applied
cat >w.c <<'C'
int total(void)
{
	tick();
	tick();
	tick();
	return 0;
}
C
cp w.c ../w0.c
cat >ticks.md <<'MD'
w.c
```c
int total(void)
{
	// ... existing code ...
	tick();
	tick();
	return 0;
}
```
MD
"$SEAM" apply ticks.md >out.txt 2>&1 && { cat out.txt >&2; exit 30; }
grep -q 'more than one way' out.txt || { cat out.txt >&2; exit 31; }
cmp -s w.c ../w0.c || exit 32

# one place only: the placeholder is expanded as before
cat >one.md <<'MD'
h.c
```c
int alpha(void)
{
	return 10;
}
// ... existing code ...
	/* done */
	finish();
}
```
MD
"$SEAM" apply one.md >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
grep -q 'return 10' h.c || exit 21
grep -q 'int gamma' h.c || exit 22
exit 0
