# Two `seam apply` at once on the same tree: the second waits for the first (the tree's lock
# is held from planning to writing), then applies its edit on what the first wrote, so both
# edits of the same file end up in it. A lock held by another process: --lock-wait-ms 0 fails
# at once, a bounded wait fails after it, the default wait succeeds once the holder is gone,
# and --dry-run does not wait. Exit 0 when all of that holds.
. "$SEAM_TESTDIR/hostile.bash"

mkdir -p root/src
git_dir=root/.git
mkdir -p "$git_dir"
sentinel_make
for k in 1 2 3 4 5 6 7 8 9 10; do
	printf 'line %s = 0\n' 1 2 3 4 5 6 7 8 9 10 >root/src/f.py
	printf 'src/f.py\n```\n<<<<<<< SEARCH\nline %s = 0\n=======\nline %s = 1\n>>>>>>> REPLACE\n```\n' 1 1 >a.md
	printf 'src/f.py\n```\n<<<<<<< SEARCH\nline %s = 0\n=======\nline %s = 2\n>>>>>>> REPLACE\n```\n' "$k" "$k" >b.md
	[ "$k" = 1 ] && printf 'src/f.py\n```\n<<<<<<< SEARCH\nline 10 = 0\n=======\nline 10 = 2\n>>>>>>> REPLACE\n```\n' >b.md
	# one from the root, one from a subdirectory of the same repository
	# (a long wait: this part is about no lost update, not about the bound of the wait)
	"$SEAM" apply -q --lock-wait-ms 120000 -C root a.md 2>a.err &
	pa=$!
	"$SEAM" apply -q --lock-wait-ms 120000 -C root/src "$(pwd)/b.md" 2>b.err &
	pb=$!
	wait "$pa" || { cat a.err >&2; fail "round $k: the first apply failed"; }
	wait "$pb"
	rb=$?
	[ "$rb" = 0 ] || { cat b.err >&2; fail "round $k: the second apply failed ($rb)"; }
	grep -qx 'line 1 = 1' root/src/f.py || fail "round $k: the first edit is lost"
	if [ "$k" = 1 ]; then
		grep -qx 'line 10 = 2' root/src/f.py || fail "round $k: the second edit is lost"
	else
		grep -qx "line $k = 2" root/src/f.py || fail "round $k: the second edit is lost"
	fi
	[ "$(wc -l <root/src/f.py)" = 10 ] || fail "round $k: f.py has $(wc -l <root/src/f.py) lines"
done
no_leftovers root

# a lock held by another process (flock(1) on the repository's top directory, as seam takes it)
printf 'x = 1\n' >root/src/g.py
printf 'src/g.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n' >g.md
rm -f release locked
flock -x root -c 'touch locked; while [ ! -e release ]; do sleep 0.05; done' &
holder=$!
while [ ! -e locked ]; do sleep 0.05; done
bounded nowait 300000 10 "$SEAM" apply -C root --lock-wait-ms 0 g.md
want_rc nowait "$RC" 2
grep -q 'another seam process is writing to' nowait.err || fail "nowait: no message"
want_fast nowait 1000
bounded wait300 300000 10 "$SEAM" apply -C root --lock-wait-ms 300 --json g.md
want_rc wait300 "$RC" 2
grep -q '"error": "busy"' wait300.out || fail "wait300: the JSON does not say busy"
[ "$MS" -ge 290 ] || fail "wait300: gave up after $MS ms"
bounded dry 300000 10 "$SEAM" apply -C root -n g.md
want_rc dry "$RC" 0
want_fast dry 1000
grep -qx 'x = 1' root/src/g.py || fail "g.py was written while locked"
(sleep 0.5 && touch release) &
bounded waits 300000 20 "$SEAM" apply -C root g.md
want_rc waits "$RC" 0
grep -qx 'x = 2' root/src/g.py || fail "g.py was not written after the wait"
wait "$holder"
rm -f release locked

no_leftovers root
sentinel_check
