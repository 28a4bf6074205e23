# Fast apply: a snippet that changes one line of the second of two functions that begin alike
# (the same argument check, the same lines after it). Placed at the first, the run adds the
# changed line as a new one (two lines added, none deleted); placed at the second, it replaces
# the line it changes (one added, one deleted). With a deleted line costing what an added one
# does the two tie, and the tie was taken as the reply deciding: the changed line was written
# into the first function and the old one kept in the second (bench/oracle.py, seed 712, on a
# real tree). Both ways of tracing must give the same file: refused, the file untouched.
set -u
cat >store.c <<'C'
int store_put(void *handle, char *data, size_t len)
{
    int fd, ret;
    size_t next;
    struct store *st = handle;

    /* check arguments */
    if (st == NULL || strcmp(st->id, STORE_ID))
        return -3;

    /* take the lock again if another process took it, and reload the header
       (it may have changed) */
    if (store_check(st) && store_open(st))
        return -1;

    next = st->last + 1;
    ret = store_write(st, next, data);
    return ret;
}

int store_add(void *handle, char *data, size_t len)
{
    int fd, ret;
    struct store *st = handle;

    /* check arguments */
    if (st == NULL || strcmp(st->id, STORE_ID))
        return -3;
    if (data == NULL || len <= 0)
        return 0;

    /* take the lock again if another process took it, and reload the header
       (it may have changed) */
    if (store_check(st) && store_open(st))
        return -1;

    ret = store_append(st, data, len);
    return ret;
}
C
cp store.c orig.c
cat >reply.json <<'JSON'
{"target_file": "store.c", "instructions": "I check the data pointer by its new name.",
 "code_edit": "    // ... existing code ...\n    /* check arguments */\n    if (st == NULL || strcmp(st->id, STORE_ID))\n        return -3;\n    if (data_in == NULL || len <= 0)\n        return 0;\n\n    /* take the lock again if another process took it, and reload the header\n       (it may have changed) */\n    if (store_check(st) && store_open(st))\n        return -1;\n\n// ... existing code ...\n"}
JSON
"$SEAM" apply reply.json >out.txt 2>&1 && { cat out.txt >&2; exit 10; }
cmp -s store.c orig.c || exit 11
grep -q 'fits the file in more than one way' out.txt || { cat out.txt >&2; exit 12; }
exit 0
