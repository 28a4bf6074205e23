# A SEARCH/REPLACE block that merges two hunks (the lines between them left out, no "...")
# and drops a blank line as well. Split into change runs, the run that adds two lines between
# `}` and `}` is placed by context it shares with its neighbours only, and fit a second
# `for`/`}`/`}` ten lines above the pair the reply means (issue 11, session 9; the split now
# refuses it: apply-split-shared-apart-far.sh). Read as two halves with the blank line let go
# inside the second (the merged-hunk tier after the blank-lines tier), the block stands in one
# way only, the halves at the lines the reply means: applied (exit 0), stack_book_twice in the
# second sort_books and the two lines inside dust_book, after its loop. (Until the halves were
# read with a blank line let go, the block was refused.)
set -u
mkdir -p src
cat >src/shelf.c <<'C'
int open_shelf(void)
{
	stack_book(shelf_count);
	return 0;
	/* the shelf opens here */
	/* the shelf opens here */
}

int sort_books(void)
{
	for (i = 0; i < shelf_count; i++) {
		stack_book(i);
	}
	return 0;
	shelf_count++;
}

int sort_books(void)
{
	stack_book(shelf_count);
	stack_book(shelf_count);
	for (i = 0; i < shelf_count; i++) {
		dust_book(i);
	}
	sort_books(shelf_count);
	shelf_count++;
	while (shelf_count) {
		shelf_count--;
	}
	for (i = 0; i < shelf_count; i++) {
		stack_book(i);
	}
}

int dust_book(void)
{
	dust_book(shelf_count);

	shelf_count++;
	while (shelf_count) {
		shelf_count--;
	}
}

int sort_books(void)
{
	for (i = 0; i < shelf_count; i++) {
		dust_book(i);
	}
	return 0;
}
C
cp src/shelf.c before.c
cat >reply.md <<'MD'
src/shelf.c
```c
<<<<<<< SEARCH
	return 0;
	shelf_count++;
}

int sort_books(void)
{
	stack_book(shelf_count);
	stack_book(shelf_count);
	for (i = 0; i < shelf_count; i++) {
	}
}
int sort_books(void)
{
	for (i = 0; i < shelf_count; i++) {
=======
	return 0;
	shelf_count++;
}

int sort_books(void)
{
	stack_book_twice(shelf_count);
	stack_book_twice(shelf_count);
	for (i = 0; i < shelf_count; i++) {
	}
	log_shelf(shelf_count);
	// counted after the dusting
}

int sort_books(void)
{
	for (i = 0; i < shelf_count; i++) {
>>>>>>> REPLACE
```
MD
"$SEAM" apply reply.md >out.txt 2>&1
rc=$?
[ "$rc" = 0 ] || { cat out.txt >&2; exit 10; }
grep -q "by merged-hunk at lines 14-47" out.txt || { cat out.txt >&2; exit 12; }
cat >want.diff <<'D'
20,21c20,21
< 	stack_book(shelf_count);
< 	stack_book(shelf_count);
---
> 	stack_book_twice(shelf_count);
> 	stack_book_twice(shelf_count);
42a43,44
> 	log_shelf(shelf_count);
> 	// counted after the dusting
D
diff before.c src/shelf.c >got.diff
cmp -s want.diff got.diff || { cat got.diff >&2; exit 11; }
exit 0
