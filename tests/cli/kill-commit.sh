# A commit killed at any system call ends all old or all new once seam runs again.
#
# A reply updates two files, creates one in a directory that does not exist and deletes one.
# For every call of the commit to openat, write, fsync, linkat, renameat(2), unlinkat, mkdirat,
# and for SIGTERM and SIGKILL, strace delivers the signal to seam on entry to that call; then
# seam runs again on the tree (a dry run of another reply: opening the tree recovers it). The
# tree must be byte for byte as before or as the reply makes it (files, modes, directories),
# with no .seam-* file left. The table of outcomes goes to stdout (calls x signals x outcomes).
# SIGTERM arriving during the renames is held off: the commit completes, then seam dies.
# Also: `seam recover` reports what it did, and a signal held off during the install is
# delivered once the commit is complete. Exit 0 when all of that holds.
. "$SEAM_TESTDIR/hostile.bash"

command -v strace >/dev/null 2>&1 || fail "strace is needed (scripts/deps.sh installs it)"
if [ "${SEAM_UNDER_VALGRIND:-0}" = 1 ]; then
	# strace would count valgrind's own calls, and a few hundred runs under memcheck take
	# minutes; the normal and the sanitizer builds run it.
	echo "skipped under valgrind"
	exit 0
fi

# LeakSanitizer cannot run under a tracer (it uses ptrace itself): the traced runs of the
# sanitizer build check memory errors only, the runs after them leaks too.
traced() {
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace "$@"
}

mkdir -p tpl/src tpl/docs tpl/.git
printf 'a = 1\n' >tpl/src/a.py
printf 'b = 1\nkeep = 0\n' >tpl/src/b.py
chmod 755 tpl/src/b.py
printf 'obsolete\n' >tpl/docs/old.txt
printf 'k = 1\n' >tpl/keep.txt
cat >reply.md <<'EOF'
*** Begin Patch
*** Update File: src/a.py
@@
-a = 1
+a = 2
*** Update File: src/b.py
@@
-b = 1
+b = 2
*** Add File: new/dir/c.py
+c = 3
*** Delete File: docs/old.txt
*** End Patch
EOF
printf 'keep.txt\n```\n<<<<<<< SEARCH\nk = 1\n=======\nk = 2\n>>>>>>> REPLACE\n```\n' >probe.md

snap() { # files (mode, hash) and directories under $1; .git and .seam-* (counted apart) left out
	(cd "$1" && find . -mindepth 1 \( -name .git -o -name '.seam-*' \) -prune -o -print | LC_ALL=C sort |
		while IFS= read -r p; do
			if [ -d "$p" ]; then
				echo "d $p"
			else
				echo "f $p $(stat -c %a "$p") $(cksum <"$p")"
			fi
		done)
}

rm -rf root && cp -a tpl root
snap root >old.snap
"$SEAM" apply -q -C root reply.md || fail "the reply does not apply"
snap root >new.snap
cmp -s old.snap new.snap && fail "the reply changes nothing"

# Where the commit starts: the first call naming a .seam- file. Calls before it are planning.
rm -rf root && cp -a tpl root
calls="openat write fsync linkat renameat renameat2 unlinkat mkdirat"
traced -qq -o trace.log -e trace="${calls// /,}" "$SEAM" apply -q -C root reply.md >/dev/null ||
	fail "strace cannot run seam"
start=$(grep -n -m 1 '"\.seam-' trace.log | cut -d: -f1)
[ -n "$start" ] || fail "no .seam- file in the commit's calls"

bad=0
printf '%-10s %-5s %6s %8s %8s %6s %9s\n' call signal points all-old all-new mixed leftover
for call in $calls; do
	first=$(head -n $((start - 1)) trace.log | grep -c "^$call(")
	total=$(grep -c "^$call(" trace.log)
	for sig in TERM KILL; do
		o=0 n=0 m=0 l=0
		for ((k = first + 1; k <= total; k++)); do
			rm -rf root && cp -a tpl root
			(traced -qq -o /dev/null -e trace="$call" -e inject="$call:signal=$sig:when=$k" \
				"$SEAM" apply -q -C root reply.md >/dev/null 2>&1; true) 2>/dev/null
			"$SEAM" apply -q -n -C root probe.md >/dev/null 2>rerun.err ||
				{ cat rerun.err >&2; echo "$call $sig #$k: the run after the kill failed" >&2; }
			if [ -n "$(find root -name '.seam-*' -print -quit)" ]; then
				l=$((l + 1))
				echo "$call $sig #$k: left $(find root -name '.seam-*' | tr '\n' ' ')" >&2
			fi
			snap root >now.snap
			if cmp -s now.snap old.snap; then
				o=$((o + 1))
			elif cmp -s now.snap new.snap; then
				n=$((n + 1))
			else
				m=$((m + 1))
				echo "$call $sig #$k: mixed" >&2
				diff old.snap now.snap >&2
			fi
		done
		printf '%-10s %-5s %6d %8d %8d %6d %9d\n' "$call" "$sig" $((total - first)) $o $n $m $l
		bad=$((bad + m + l))
	done
done
[ "$bad" = 0 ] || fail "$bad kill points left a mixed tree or .seam-* files"

# The renames happen with SIGTERM held off: a SIGTERM there completes the commit first.
rm -rf root && cp -a tpl root
k=$(grep -c '^renameat2(' trace.log)
traced -qq -o /dev/null -e trace=renameat2 -e inject="renameat2:signal=TERM:when=$k" \
	"$SEAM" apply -q -C root reply.md >/dev/null 2>&1
rc=$?
[ "$rc" = 143 ] || fail "a SIGTERM held off during the install was not delivered after it (exit $rc)"
snap root >now.snap
cmp -s now.snap new.snap || fail "a SIGTERM during the install did not let the commit complete"
[ -z "$(find root -name '.seam-*' -print -quit)" ] || fail "SIGTERM during the install left files"

# seam recover, on demand: a commit killed after its journal said "install" is finished.
rm -rf root && cp -a tpl root
first=$(head -n $((start - 1)) trace.log | grep -c '^renameat2(')
(traced -qq -o /dev/null -e trace=renameat2 -e inject="renameat2:signal=KILL:when=$((first + 2))" \
	"$SEAM" apply -q -C root reply.md >/dev/null 2>&1; true) 2>/dev/null
[ -n "$(find root -name '.seam-journal-*' -print -quit)" ] || fail "no journal after a SIGKILL"
"$SEAM" recover -C root/src >rec.out 2>rec.err || { cat rec.err >&2; fail "seam recover failed"; }
grep -qx 'interrupted commits: 1 finished, 0 undone' rec.out || { cat rec.out >&2; fail "seam recover said something else"; }
snap root >now.snap
cmp -s now.snap new.snap || fail "seam recover did not finish the commit"
"$SEAM" recover -C root >rec.out || fail "seam recover on a clean tree failed"
grep -qx 'nothing to recover' rec.out || fail "seam recover on a clean tree said something else"
true
