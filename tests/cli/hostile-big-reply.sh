# Replies far past the size limit: 200 MB from a file and from a pipe are refused quickly and
# with bounded memory; a reply just under the limit (60 MB of prose with no edit) is read and
# refused as holding no edit; --max-reply-bytes sets the limit. Nothing outside the root (nor
# inside it) changes. Exit 0 when all of that holds.
. "$SEAM_TESTDIR/hostile.bash"

mkdir root
printf 'x = 1\n' >root/a.py
sentinel_make
before=$(tree_sum root)
big=$((200000000 / SIZE_DIV))
# the default limit (64 MiB); scaled down with the sizes under valgrind
limit=$((67108864 / SIZE_DIV))
lim=()
[ "$SIZE_DIV" = 1 ] || lim=(--max-reply-bytes "$limit")

# a file: its size is known before reading, so it is refused at once
head -c "$big" /dev/zero | tr '\0' 'a' >big.md
bounded file 300000 20 "$SEAM" apply -C root "${lim[@]}" big.md
want_rc file "$RC" 2
grep -q "larger than $limit bytes (--max-reply-bytes)" file.err || fail "file: no limit message"
want_fast file 2000
rm -f big.md

# a pipe: read up to the limit, then refused; memory stays near the limit, not the input
bounded pipe 300000 60 bash -c "head -c $big /dev/zero | tr '\\0' 'a' | \"\$0\" apply -C root ${lim[*]} -" "$SEAM"
want_rc pipe "$RC" 2
grep -q "larger than $limit bytes" pipe.err || fail "pipe: no limit message"
# the normal build only: ASan keeps freed memory in quarantine
[ "$MEMCAP" = 0 ] || [ "$RSS" -lt 150000 ] || fail "pipe: peak RSS $RSS KB"
want_fast pipe 10000

# under the limit: 60 MB of prose lines and no edit
python3 - "$((60000000 / SIZE_DIV))" <<'PY'
import sys
n = int(sys.argv[1])
line = b"Here is some prose about the change, with no edit in it at all.\n"
with open("prose.md", "wb") as f:
    f.write(line * (n // len(line)))
PY
bounded prose 400000 60 "$SEAM" apply -C root prose.md
want_rc prose "$RC" 1
grep -q 'no edit found' prose.err || fail "prose: no 'no edit found' message"
want_fast prose 15000
rm -f prose.md

# the flag
head -c 2048 /dev/zero | tr '\0' 'b' >two-k.md
bounded flag 300000 10 "$SEAM" apply -C root --max-reply-bytes 1K two-k.md
want_rc flag "$RC" 2
grep -q 'larger than 1024 bytes' flag.err || fail "flag: no limit message"
bounded flag-stdin 300000 10 bash -c '"$0" apply -C root --max-reply-bytes 1K - <two-k.md' "$SEAM"
want_rc flag-stdin "$RC" 2
bounded detect 300000 10 "$SEAM" detect --max-reply-bytes 1K two-k.md
want_rc detect "$RC" 2

[ "$(tree_sum root)" = "$before" ] || fail "the root changed"
no_leftovers root
sentinel_check
