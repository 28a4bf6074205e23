# A reply with no edit: one message naming every format seam reads (not three), exit 1; with
# --json or --feedback the message is on stdout only (stderr stays quiet).
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
printf 'I think the bug is in parse(); try a smaller input.\n' >../r.md
"$SEAM" apply ../r.md >../out.txt 2>../err.txt; [ $? = 1 ] || fail "exit"
[ -s ../out.txt ] && fail "stdout: $(cat ../out.txt)"
for f in 'SEARCH/REPLACE' 'git diff' 'Begin Patch' '<editblock>' 'JSON tool call' '<update_lines>' \
	'snippet pair' 'existing code' 'Cline' 'file listing'; do
	grep -qF "$f" ../err.txt || fail "the message does not name $f: $(cat ../err.txt)"
done
[ "$(wc -l <../err.txt)" = 1 ] || fail "more than one line"
for mode in --json --feedback; do
	"$SEAM" apply $mode ../r.md >../out.txt 2>../err.txt; [ $? = 1 ] || fail "$mode exit"
	[ -s ../err.txt ] && fail "$mode: stderr: $(cat ../err.txt)"
	grep -q 'Begin Patch' ../out.txt || fail "$mode: no message on stdout"
done
exit 0
