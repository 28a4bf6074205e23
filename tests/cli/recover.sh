# seam recover on journals that are not what a commit leaves: a clean tree has nothing to
# recover; a journal torn before its end (its commit had made nothing yet) is removed; a file
# named like a journal that is not one, or that names a path out of its directory, is left and
# named, and seam refuses to work on the tree (exit 2) until it is gone; a journal whose
# process is alive (it holds a flock on it) is left alone. Usage: no argument but -C DIR.
. "$SEAM_TESTDIR/hostile.bash"

mkdir -p root/.git root/src
printf 'x = 1\n' >root/src/f.py
printf 'src/f.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n' >r.md

"$SEAM" recover -C root >out.txt || fail "recover on a clean tree failed"
grep -qx 'nothing to recover' out.txt || fail "clean tree: $(cat out.txt)"

# torn before its end
printf 'seam-journal 1\nop R .seam-aaaa.tmp .seam-aaaa.bak 0 6 00' >root/.seam-journal-torn0001
"$SEAM" recover -C root/src >out.txt || fail "recover of a torn journal failed"
grep -qx 'interrupted commits: 0 finished, 1 undone' out.txt || fail "torn: $(cat out.txt)"
[ ! -e root/.seam-journal-torn0001 ] || fail "the torn journal is still there"

# not a journal, and a journal naming a path out of its directory
for body in 'hello\n' 'seam-journal 1\nop D - .seam-b.bak 0 6 0000000000000000 0 0000000000000000 ../outside\nend 1\n'; do
	printf "$body" >root/.seam-journal-bad00001
	"$SEAM" recover -C root >out.txt 2>err.txt
	want_rc recover $? 2
	grep -q "seam-journal-bad00001" err.txt || fail "the message does not name the journal: $(cat err.txt)"
	"$SEAM" apply -q -C root r.md 2>err.txt
	want_rc apply $? 2
	grep -qx 'x = 1' root/src/f.py || fail "seam wrote on a tree it could not recover"
	[ -e root/.seam-journal-bad00001 ] || fail "the unreadable journal was removed"
	rm root/.seam-journal-bad00001
done

# held by a live process: not ours to touch
printf 'seam-journal 1\n' >root/.seam-journal-live0001
rm -f release locked
flock -x root/.seam-journal-live0001 -c 'touch locked; while [ ! -e release ]; do sleep 0.05; done' &
holder=$!
while [ ! -e locked ]; do sleep 0.05; done
"$SEAM" recover -C root >out.txt || fail "recover next to a live journal failed"
grep -qx 'nothing to recover' out.txt || fail "live: $(cat out.txt)"
[ -e root/.seam-journal-live0001 ] || fail "a live journal was removed"
touch release
wait "$holder"

"$SEAM" recover -C root extra 2>err.txt
want_rc usage $? 2
grep -q 'recover takes no argument' err.txt || fail "no usage message"
"$SEAM" help recover | grep -q 'seam recover' || fail "no help on recover"
"$SEAM" apply -q -C root r.md || fail "apply after all that failed"
grep -qx 'x = 2' root/src/f.py || fail "the apply did not write"
