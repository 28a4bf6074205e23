# A SEARCH/REPLACE block merged from two (the lines between them left out on both sides) whose
# halves each stand as written in one way only: the first half's lines, but for its first line,
# stand again just above the second half, where the alignment and the split took them (a line
# short) and moved a line of emit() instead of tally()'s (bench/oracle.py, merged-hunks). Each
# half holding all its lines places the block (exit 0), named merged-hunk in the report.
set -u
mkdir -p src
cat >src/tally.c <<'C'
int tally(int n)
{
	long seed = prime(n);
	if (n < 1) {
		if (n == cap) {
			long block = ring(0);
		}
	}
	if (n < 1) {
		if (n == cap) {
			long block = ring(0);
		}
	}
	int left = check(n);
	return left;
}

/* the second one */
int emit(int opt)
{
	if (n < 1) {
		if (n == cap) {
			long block = ring(0);
		}
	}
	if (opt < cap) {
		int chunk = build(opt);
	}
	for (size_t k = 0; k < opt; k++) {
		// walk the ring once
	}
	for (size_t k = 0; k < opt; k++) {
		for (size_t j = 0; j < k; j++) {
			size_t frame = close_all(opt);
			int chunk = scan(opt);
		}
	}
	return 0;
}
C
cp src/tally.c before.c
cat >reply.md <<'R'
src/tally.c
```
<<<<<<< SEARCH
	}
	if (n < 1) {
		if (n == cap) {
			long block = ring(0);
		}
	}
	}
	for (size_t k = 0; k < opt; k++) {
		for (size_t j = 0; j < k; j++) {
			size_t frame = close_all(opt);
			int chunk = scan(opt);
		}
	}
=======
	}
	if (n < 1) {
		if (n == cap) {
		}
			long block = ring(0);
	}
	}
	for (size_t k = 0; k < opt; k++) {
		for (size_t j = 0; j < k; j++) {
			size_t frame = close_all(opt); /* once */
			int chunk = scan(opt);
		}
	}
>>>>>>> REPLACE
```
R
"$SEAM" apply reply.md >out.txt 2>&1 || { cat out.txt >&2; exit 10; }
grep -q "by merged-hunk at lines 8-37" out.txt || { cat out.txt >&2; exit 11; }
# tally()'s second copy moves its line below the "}"; emit() changes only its close_all line
awk 'NR>=9 && NR<=13' src/tally.c >got.txt
printf '\tif (n < 1) {\n\t\tif (n == cap) {\n\t\t}\n\t\t\tlong block = ring(0);\n\t}\n' >want.txt
cmp -s got.txt want.txt || { diff want.txt got.txt >&2; exit 12; }
diff before.c src/tally.c | grep -c '^[<>]' | grep -qx 4 || { diff before.c src/tally.c >&2; exit 13; }
grep -q 'close_all(opt); /\* once \*/' src/tally.c || exit 14
awk 'NR>=20 && NR<=24' src/tally.c | grep -q 'long block = ring(0);' || exit 15
