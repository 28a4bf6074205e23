# The exit status says what happened: when the files were written and only the report could not
# be (stdout on a full disk), seam exits 0 and says so on stderr, not 2 ("nothing was
# written"). When nothing was written, a failing stdout is still exit 2.
. "$SEAM_TESTDIR/hostile.bash"

[ -w /dev/full ] || { echo "no /dev/full: skipped"; exit 0; }
printf 'x = 1\n' >f.py
printf 'f.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n' >r.md
"$SEAM" apply r.md >/dev/full 2>err.txt
rc=$?
cat err.txt >&2
grep -qx 'x = 2' f.py || fail "the file was not written"
[ "$rc" = 0 ] || fail "exit $rc after the files were written"
grep -q 'the files were written' err.txt || fail "stderr does not say the files were written"

# nothing written (a dry run): the failed output is an error
printf 'f.py\n```\n<<<<<<< SEARCH\nx = 2\n=======\nx = 3\n>>>>>>> REPLACE\n```\n' >r2.md
"$SEAM" apply -n r2.md >/dev/null || fail "the second reply does not apply"
"$SEAM" apply -n r2.md >/dev/full 2>err.txt
rc=$?
[ "$rc" = 2 ] || fail "a dry run with a failing stdout exits $rc"
grep -qx 'x = 2' f.py || fail "the dry run changed the file"
