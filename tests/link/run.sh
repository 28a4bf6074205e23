#!/usr/bin/env bash
# The link tests: what a program linking seam's libraries sees of them.
#
#     tests/link/run.sh [BUILD_DIR]      (default build/, after make all)
#
# 1. libseam.a defines, as global symbols, exactly the functions libseam.so exports, all
#    seam_*: seam's internals (sm_*) and the tree-sitter grammars it builds in stay private.
# 2. host.c, which defines an sm_buf_put and a tree_sitter_python of its own, links against
#    libseam.a without a clash, keeps its own functions and applies a reply.
# Prints "N passed, N failed"; exit 0 when none failed.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
b=${1:-$root/build}
cc=${CC:-cc}
passed=0
failed=0
work=$(mktemp -d "${TMPDIR:-/tmp}/seam-link-XXXXXX")
trap 'rm -rf "$work"' EXIT

pass() { passed=$((passed + 1)); }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }

defined() { nm -g --defined-only "$@" 2>/dev/null | awk 'NF == 3 && $2 ~ /[TDRBW]/ { print $3 }' | sort; }

static=$(defined "$b/libseam.a")
shared=$(nm -D --defined-only "$b/libseam.so" 2>/dev/null | awk 'NF == 3 && $2 == "T" { print $3 }' | sort)
if [ -z "$static" ]; then
	fail "exports: no symbol in $b/libseam.a (run make first)"
elif [ "$static" != "$shared" ]; then
	fail "exports: libseam.a and libseam.so differ: $(diff <(echo "$static") <(echo "$shared") | grep '^[<>]' | head -5 | tr '\n' ' ')"
elif echo "$static" | grep -qv '^seam_'; then
	fail "exports: not seam_*: $(echo "$static" | grep -v '^seam_' | head -5 | tr '\n' ' ')"
else
	pass
fi

libs="$(pkg-config --libs jansson tree-sitter libutf8proc 2>/dev/null || echo "-ljansson -ltree-sitter -lutf8proc") -pthread"
if ! $cc -std=c17 -Wall -Wextra -Werror -I"$root/include" -o "$work/host" "$here/host.c" \
	"$b/libseam.a" $libs >"$work/log" 2>&1; then
	fail "host: does not link against libseam.a: $(head -3 "$work/log" | tr '\n' ' ')"
elif ! "$work/host"; then
	fail "host: failed"
else
	pass
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
