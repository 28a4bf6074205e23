# Paths that try to leave the root, through the CLI: absolute, "..", back-slashes, %2e%2e,
# trailing dots and spaces, symlinks to a directory and a file outside, a FIFO (never opened
# for reading: no hang), a device, .git/, control bytes. Each reply is refused (exit 1) with
# nothing written, even next to a valid edit; the sentinel directory beside the root stays
# byte-identical. Exit 0 when all of that holds.
. "$SEAM_TESTDIR/hostile.bash"

mkdir -p root/sub root/.git/hooks
printf 'x = 1\n' >root/a.py
printf '[core]\n' >root/.git/config
sentinel_make
ln -s ../outside root/linkdir
ln -s ../outside/secret.txt root/linkfile
ln -s "$(pwd)/outside" root/abslink
mkfifo root/fifo
mknod root/dev c 1 3 2>/dev/null || printf 'no mknod here\n' >root/dev
before=$(tree_sum root)
abs=$(pwd)/outside/secret.txt

# Each path alone in a SEARCH/REPLACE reply; then, per form (update, create, whole file), one
# reply holding a valid edit of a.py and every hostile path: all refused, a.py untouched.
printf 'a.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n' >all-u.md
printf -- '--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n' >all-c.md
printf 'a.py\n```\nx = 2\n```\n' >all-w.md
i=0
while IFS= read -r path; do
	[ "$path" = ABS ] && path=$abs
	i=$((i + 1))
	printf '%s\n```\n<<<<<<< SEARCH\nsecret\n=======\npwned\n>>>>>>> REPLACE\n```\n' "$path" >"u$i.md"
	cat "u$i.md" >>all-u.md
	printf -- '--- /dev/null\n+++ b/%s\n@@ -0,0 +1 @@\n+pwned\n' "$path" >>all-c.md
	printf '%s\n```\npwned\n```\n' "$path" >>all-w.md
	bounded "u$i" 300000 10 "$SEAM" apply -C root "u$i.md"
	want_rc "u$i" "$RC" 1
	# refused by the tree, or not even taken for a file name by the reader
	grep -Eq 'refused-path|not-found' "u$i.out" || grep -q 'no edit found' "u$i.err" ||
		fail "u$i: '$path' not refused"
	want_fast "u$i" 3000
	want_no_escapes "u$i"
done <<'PATHS'
ABS
/etc/passwd
../outside/secret.txt
sub/../../outside/secret.txt
a/../../x
..\outside\secret.txt
%2e%2e/outside/secret.txt
%2E%2E%2Foutside%2Fsecret.txt
.../secret.txt
x./../../secret.txt
linkdir/secret.txt
linkdir/new.txt
linkfile
abslink/secret.txt
fifo
dev
.git/config
.git/hooks/pre-commit
.GIT/hooks/pre-commit
.git./config
sub/.git/config
PATHS
for f in all-u all-c all-w; do
	bounded "$f" 300000 10 "$SEAM" apply -C root "$f.md"
	want_rc "$f" "$RC" 1
	want_fast "$f" 3000
	want_no_escapes "$f"
	# every hostile file the reader took is refused: nothing would apply but a.py
	[ "$(grep -c 'refused-path' "$f.out")" -ge 10 ] || fail "$f: too few paths refused"
	grep -q '^a.py: .*, planned' "$f.out" || fail "$f: the valid edit was not planned"
done
[ "$(tree_sum root)" = "$before" ] || fail "the root changed"
sentinel_check

# trailing dots and spaces, control bytes: not even read as a name, or refused
printf '... \n```\npwned\n```\n' >dots.md
printf -- '--- /dev/null\n+++ b/. . /x\n@@ -0,0 +1 @@\n+pwned\n' >dots2.md
printf -- '--- /dev/null\n+++ b/a\001b.py\n@@ -0,0 +1 @@\n+pwned\n' >ctl.md
printf '{"command": "create", "path": "a\\nb.py", "file_text": "pwned"}\n' >nl.md
printf '{"command": "create", "path": "\\u001b[2J.py", "file_text": "pwned"}\n' >esc.md
for r in dots dots2 ctl nl esc; do
	bounded "$r" 300000 10 "$SEAM" apply -C root "$r.md"
	want_rc "$r" "$RC" 1
	want_no_escapes "$r"
done

[ "$(tree_sum root)" = "$before" ] || fail "the root changed"
[ -p root/fifo ] || fail "the FIFO is gone"
no_leftovers root
sentinel_check
