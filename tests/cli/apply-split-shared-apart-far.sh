# A SEARCH/REPLACE block that merges two hunks (the lines between them left out, no "...")
# and drops a blank line as well, the stretch between its halves longer than the merged-hunk
# tier reads (SM_PIECES_MAX_GAP: 400 lines): the split tier finds each change run on its own. The run that adds two lines between `}` and `}` is placed by
# context it shares with its neighbours only (the loop head and `}` above it, `}` below), and
# both neighbours read that context on other file lines: with it the run fit a second
# `for`/`}`/`}` ten lines above the pair the reply means, and the lines were added inside the
# wrong function (issue 11, session 9). A run must be placed without the context a neighbour
# reads elsewhere: here nothing of its own is left, so the split does not decide. Refused
# (exit 1), file unchanged.
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
C
i=0
while [ $i -lt 400 ]; do
	printf '\tnote_shelf(%d);\n' $i >>src/shelf.c
	i=$((i + 1))
done
cat >>src/shelf.c <<'C'

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
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
cmp -s before.c src/shelf.c || { diff before.c src/shelf.c >&2; exit 11; }
exit 0
