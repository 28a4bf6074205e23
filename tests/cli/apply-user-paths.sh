# Paths as users write them: an absolute path under the root is taken relative to it (and held
# to every rule a relative path is); outside the root it is refused, naming the root; -p N
# strips N leading components as patch does; a name not in the tree names the root used, and
# the -C that would work when the enclosing git work tree holds it.
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
mkdir -p repo/c repo/sub && printf 'a\nb\n' >repo/c/z.c && : >repo/.git
root=$(cd repo && pwd -P)
# absolute, under the root (its real path, and as given)
printf '{"command": "str_replace", "path": "%s/c/z.c", "old_str": "b", "new_str": "B"}\n' "$root" >../abs.json
"$SEAM" apply -C "$root" ../abs.json >../out.txt 2>&1 || fail "absolute path under the root"
[ "$(cat repo/c/z.c)" = "$(printf 'a\nB')" ] || fail "absolute: not written"
ln -s "$root" link
printf '{"command": "str_replace", "path": "%s/link/c/z.c", "old_str": "B", "new_str": "b"}\n' "$(pwd -P)" >../abs2.json
"$SEAM" apply -C "$(pwd -P)/link" ../abs2.json >../out.txt 2>&1 || fail "absolute path under the root as given"
[ "$(cat repo/c/z.c)" = "$(printf 'a\nb')" ] || fail "absolute as given: not written"
# outside the root, or climbing out of it: refused, nothing written
printf '{"command": "create", "path": "%s/../evil.c", "file_text": "x"}\n' "$root" >../out1.json
"$SEAM" apply -C repo ../out1.json >../out.txt 2>&1; [ $? = 1 ] || fail "'..' under an absolute root not refused"
grep -q "climbs out of the project root" ../out.txt || fail "'..' message"
printf '{"command": "create", "path": "/tmp/evil-%s.c", "file_text": "x"}\n' "$$" >../out2.json
"$SEAM" apply -C repo ../out2.json >../out.txt 2>&1; [ $? = 1 ] || fail "outside path not refused"
grep -q "is absolute and not under the root '.*repo'" ../out.txt || fail "outside: root not named"
[ ! -e "/tmp/evil-$$.c" ] && [ ! -e evil.c ] || fail "written outside the root"
# -p N as patch
printf -- '--- x/y/c/z.c\n+++ x/y/c/z.c\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n' >../p2.diff
"$SEAM" apply -n --no-resolve -C repo ../p2.diff >../out.txt 2>&1; [ $? = 1 ] || fail "x/y/c/z.c taken without -p"
"$SEAM" apply -p2 --no-resolve -C repo ../p2.diff >../out.txt 2>&1 || fail "-p2"
[ "$(cat repo/c/z.c)" = "$(printf 'a\nB')" ] || fail "-p2: not written"
printf -- '--- a/c/z.c\n+++ b/c/z.c\n@@ -1,2 +1,2 @@\n a\n-B\n+b\n' >../p1.diff
"$SEAM" apply -p 1 --no-resolve -C repo ../p1.diff >../out.txt 2>&1 || fail "-p 1"
"$SEAM" apply -p0 --no-resolve -C repo ../p1.diff >../out.txt 2>&1; [ $? = 1 ] || fail "-p0 took a/c/z.c"
"$SEAM" apply -px -C repo ../p1.diff >../out.txt 2>&1; [ $? = 2 ] || fail "-px accepted"
# from a subdirectory: the root is named, and the -C that works
(cd repo/sub && "$SEAM" apply --no-resolve ../../../p1.diff >../../../out.txt 2>&1); [ $? = 1 ] || fail "subdir exit"
grep -q "not in the tree (root: '$root/sub'); it is in the git work tree at '$root': run seam with -C '$root'" ../out.txt ||
	fail "subdir hint"
exit 0
