#!/usr/bin/env bash
# The install test: `make install` into a temporary DESTDIR, then what a packager and a user
# of the installed copy rely on: every file in place, a tiny program built with pkg-config
# against the installed header and library (shared, and static with --static), the installed
# seam running, the man pages rendering without a warning, bash completion completing, and
# `make uninstall` removing every file again.
#
#     tests/install/run.sh            (after make all)
# Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 2
passed=0
failed=0
work=$(mktemp -d "${TMPDIR:-/tmp}/seam-install-XXXXXX")
trap 'rm -rf "$work"' EXIT
pass() { passed=$((passed + 1)); }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }
check() { if "${@:2}"; then pass; else fail "$1"; fi; }

dest=$work/dest
prefix=/opt/seam-test
if ! make --no-print-directory install DESTDIR="$dest" PREFIX="$prefix" >"$work/install.log" 2>&1; then
	cat "$work/install.log"
	fail "make install"
	echo "$passed passed, $failed failed"
	exit 1
fi
root=$dest$prefix
for f in bin/seam lib/libseam.a lib/libseam.so lib/libseam.so.0 include/seam.h lib/pkgconfig/seam.pc \
	share/man/man1/seam.1 share/man/man3/libseam.3 share/bash-completion/completions/seam; do
	check "installed: $f" test -e "$root/$f"
done

cat >"$work/tiny.c" <<'C'
#include <seam.h>
#include <stdio.h>
#include <string.h>
int main(void)
{
	const char *reply = "a.txt\n```\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```\n";
	seam_session *s; seam_reply *r; seam_tree *t; seam_plan *p;
	const void *d; size_t n;
	if (seam_session_new(&s, NULL) || seam_tree_new_memory(&t, s) ||
	    seam_tree_put(t, "a.txt", "old\n", 4, 0644) ||
	    seam_reply_parse(&r, s, reply, strlen(reply)) || seam_plan_new(&p, s, r, t) ||
	    seam_plan_commit(p))
		return 1;
	d = seam_tree_get(t, "a.txt", &n);
	printf("%.*s", (int)n, (const char *)d);
	seam_plan_free(p); seam_reply_free(r); seam_tree_free(t); seam_session_free(s);
	return 0;
}
C
export PKG_CONFIG_PATH=$root/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$dest
cflags=$(pkg-config --cflags seam) && libs=$(pkg-config --libs seam)
check "pkg-config knows seam" test -n "${libs:-}"
if ${CC:-cc} $cflags -o "$work/tiny" "$work/tiny.c" $libs 2>"$work/cc.log"; then
	pass
	check "the shared build runs against the installed library" \
		test "$(LD_LIBRARY_PATH=$root/lib "$work/tiny")" = new
	check "and it is the installed one" \
		sh -c "LD_LIBRARY_PATH='$root/lib' ldd '$work/tiny' | grep -q '$root/lib/libseam.so.0'"
else
	cat "$work/cc.log"
	fail "tiny.c builds with pkg-config --cflags --libs seam"
fi
# --static: the archive itself (named, since a bare -lseam would take the .so beside it), with
# the private requirements pkg-config lists
if ${CC:-cc} $cflags -o "$work/tiny-static" "$work/tiny.c" "$root/lib/libseam.a" \
	$(pkg-config --static --libs seam | sed 's/-lseam//') 2>"$work/cc.log"; then
	check "the static build runs without libseam.so" \
		test "$(LD_LIBRARY_PATH= "$work/tiny-static")" = new
else
	cat "$work/cc.log"
	fail "tiny.c builds with libseam.a and pkg-config --static --libs seam"
fi

check "the installed seam runs" sh -c "'$root/bin/seam' --version | grep -q '^seam '"
if command -v groff >/dev/null 2>&1; then
	for m in man1/seam.1 man3/libseam.3; do
		check "$m renders without a warning" \
			sh -c "test -z \"\$(groff -man -Tutf8 -ww -z '$root/share/man/$m' 2>&1)\""
	done
else
	echo "install: groff missing: man pages not rendered"
fi
check "bash completion completes commands" bash -c "
	. '$root/share/bash-completion/completions/seam'
	COMP_WORDS=(seam ap); COMP_CWORD=1; _seam
	[ \"\${COMPREPLY[*]}\" = apply ]"
check "bash completion completes a --format value" bash -c "
	. '$root/share/bash-completion/completions/seam'
	COMP_WORDS=(seam apply --format ud); COMP_CWORD=3; _seam
	[ \"\${COMPREPLY[*]}\" = udiff ]"

make --no-print-directory uninstall DESTDIR="$dest" PREFIX="$prefix" >/dev/null 2>&1
left=$(find "$dest" -type f -o -type l)
check "make uninstall removes every file" test -z "$left"
[ -z "$left" ] || echo "$left"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
