# `seam apply --stream` takes the tree's lock only to commit: while it waits for the rest of a
# reply, another `seam apply` in the same repository (even on the file the stream edits)
# succeeds at once. The stream then plans on what it read: when a file it edits was changed
# meanwhile, it does not write over the change (its final plan, made on the file as it is then,
# finds the edit's old text gone: exit 1; or the commit's check refuses: exit 2), and
# otherwise it writes (exit 0).
. "$SEAM_TESTDIR/hostile.bash"

mkdir -p root/.git root/src
printf 'a = 1\n' >root/src/a.py
printf 'b = 1\n' >root/src/b.py
printf 'src/b.py\n```\n<<<<<<< SEARCH\nb = 1\n=======\nb = 2\n>>>>>>> REPLACE\n```\n' >b.md
printf 'src/a.py\n```\n<<<<<<< SEARCH\na = 1\n=======\na = 3\n>>>>>>> REPLACE\n```\n' >a3.md

# stream ROUND: starts a stream whose reply edits src/a.py and stays open; returns at once
stream() {
	rm -f "fifo$1"
	mkfifo "fifo$1"
	"$SEAM" apply --stream -C root <"fifo$1" >"stream$1.out" 2>"stream$1.err" &
	spid=$!
	exec 3>"fifo$1"
	printf 'Here is the change.\n\nsrc/a.py\n```\n<<<<<<< SEARCH\na = 1\n=======\na = 2\n>>>>>>> REPLACE\n```\n' >&3
	sleep 0.3 # the stream has read and located the edit; the model is still writing
}

# 1. another file of the repository, while the stream waits
stream 1
bounded other 400000 10 "$SEAM" apply -q -C root --lock-wait-ms 1000 b.md
want_rc other "$RC" 0
want_fast other 900
grep -qx 'b = 2' root/src/b.py || fail "b.py was not written during the stream"
printf '\nThat is all.\n' >&3
exec 3>&-
wait "$spid"
rc=$?
[ "$rc" = 0 ] || { cat stream1.err >&2; fail "the stream failed ($rc)"; }
grep -qx 'a = 2' root/src/a.py || fail "the stream did not write a.py"

# 2. the file the stream edits, changed while the stream waits: the stream refuses to write
printf 'a = 1\n' >root/src/a.py
stream 2
bounded same 400000 10 "$SEAM" apply -q -C root --lock-wait-ms 1000 a3.md
want_rc same "$RC" 0
want_fast same 900
exec 3>&-
wait "$spid"
rc=$?
[ "$rc" = 1 ] || [ "$rc" = 2 ] || { cat stream2.err >&2; fail "the stream wrote over a change (exit $rc)"; }
grep -q 'nothing written\|nothing was written' stream2.out stream2.err || fail "the stream does not say nothing was written"
grep -qx 'a = 3' root/src/a.py || fail "the other apply's edit was lost"
no_leftovers root
