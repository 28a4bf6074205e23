# Writers of one file through nested roots lose nothing. Outside a repository, one loop
# applies edits to t/sub/f.txt with -C t, another with -C t/sub (each run plans under a
# different plan lock), and a third writer appends lines to the file, taking the lock seam
# documents for other programs (flock on the file's directory). Every apply that exits 0 must
# be in the final file, and every appended line too; an apply may fail (exit 2, the file
# changed while it planned), never succeed without its edit. Bounded: at most RUNS runs per
# loop and SECS seconds. Prints "runs A B W, applied A B, lost N".
. "$SEAM_TESTDIR/hostile.bash"

RUNS=${RACE_RUNS:-100}
SECS=${RACE_SECS:-5}
mkdir -p t/sub
printf 'top\nanchor\nbottom\n' >t/sub/f.txt

edit() { # edit FILE-AS-NAMED LINE: a reply inserting LINE after "anchor"
	printf '%s\n```\n<<<<<<< SEARCH\nanchor\n=======\nanchor\n%s\n>>>>>>> REPLACE\n```\n' "$1" "$2"
}

end=$(($(date +%s) + SECS))
loop_apply() { # loop_apply TAG DIR NAME
	local i
	for ((i = 1; i <= RUNS; i++)); do
		[ "$(date +%s)" -ge "$end" ] && break
		edit "$3" "$1$i" >"$1.md"
		if "$SEAM" apply -q --lock-wait-ms 20000 -C "$2" "$(pwd)/$1.md" 2>>"$1.err"; then
			echo "$1$i" >>"$1.ok"
		else
			echo "$1$i" >>"$1.failed"
		fi
	done
}
loop_append() {
	local i
	for ((i = 1; i <= RUNS; i++)); do
		[ "$(date +%s)" -ge "$end" ] && break
		flock t/sub -c "echo W$i >>t/sub/f.txt"
		echo "W$i" >>W.ok
	done
}
touch A.ok B.ok W.ok
loop_apply A t sub/f.txt &
pa=$!
loop_apply B t/sub f.txt &
pb=$!
loop_append &
pw=$!
wait "$pa" "$pb" "$pw"

lost=0
for tag in A B W; do
	while IFS= read -r line; do
		grep -qx "$line" t/sub/f.txt || { lost=$((lost + 1)); echo "lost: $line" >&2; }
	done <"$tag.ok"
done
runs() { cat "$1.ok" "$1.failed" 2>/dev/null | wc -l; }
echo "runs A $(runs A) B $(runs B) W $(wc -l <W.ok), applied A $(wc -l <A.ok) B $(wc -l <B.ok), lost $lost"
grep -v -e 'changed' -e '^$' A.err B.err 2>/dev/null | head -5 >&2
# Under valgrind a run is so slow that every one of a loop may meet a change: only losses count.
if [ "${SEAM_UNDER_VALGRIND:-0}" != 1 ]; then
	[ "$(wc -l <A.ok)" -gt 0 ] && [ "$(wc -l <B.ok)" -gt 0 ] || fail "no apply of one loop succeeded"
fi
[ "$lost" = 0 ] || fail "$lost writes lost"
no_leftovers t
