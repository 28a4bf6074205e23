#!/usr/bin/env bash
# Fetches the tree-sitter grammars of scripts/grammars.lock and unpacks them for the Makefile.
#
#     scripts/grammars.sh OUTDIR [NAME...]      (default: every grammar of the lock file)
#
# Each package's tarball comes from `npm pack` (the published tarball only: no dependencies, no
# install scripts) into a cache outside the tree, $SEAM_GRAMMAR_CACHE or
# ${XDG_CACHE_HOME:-~/.cache}/seam/grammars, so that `make clean` does not fetch again. A
# tarball, cached or fresh, is used only when its sha512 is the lock file's integrity. It is
# unpacked into OUTDIR/<package>-<version>/ (the package's own layout: the TypeScript scanners
# include ../../common/scanner.h).
#
# Any failure (npm missing or offline, a wrong checksum, a grammar of an ABI the runtime cannot
# load) stops with a message and exit 1, so the build fails rather than quietly dropping the
# syntax check of a language. `make GRAMMARS=...` builds with fewer grammars on purpose; the
# unit tests then say which are missing.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lock=$here/grammars.lock
out=${1:?usage: grammars.sh OUTDIR [NAME...]}
shift
want=" $* "

die() {
	echo "grammars: $*" >&2
	exit 1
}

cache=${SEAM_GRAMMAR_CACHE:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/seam/grammars}
if ! mkdir -p "$cache" 2>/dev/null || [ ! -w "$cache" ]; then
	cache=$out/cache # no usable home: keep the tarballs in the build tree
	mkdir -p "$cache"
fi
mkdir -p "$out"

# The ABI the runtime loads (api.h), to refuse a grammar it would reject at run time.
api=/usr/include/tree_sitter/api.h
abi_max=$(sed -n 's/^#define TREE_SITTER_LANGUAGE_VERSION \([0-9]*\).*/\1/p' "$api" 2>/dev/null || true)
abi_min=$(sed -n 's/^#define TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION \([0-9]*\).*/\1/p' "$api" 2>/dev/null || true)
[ -n "$abi_max" ] && [ -n "$abi_min" ] ||
	die "$api not found: install libtree-sitter-dev (scripts/deps.sh does)"

# what to do without npm or a registry: the syntax check is the grammars' only user
skip='or build without the syntax check: make GRAMMARS= (seam then parses no file; GRAMMARS="python c" builds only those)'

sha512_of() { # the npm integrity string of a file
	printf 'sha512-%s' "$(openssl dgst -sha512 -binary "$1" | base64 -w0)"
}

# fetch SPEC INTEGRITY: the verified tarball's path on stdout
fetch() {
	local spec=$1 integrity=$2 tgz tmp log
	tgz=$cache/$(printf '%s' "$spec" | tr '@/' '-_').tgz
	if [ -f "$tgz" ] && [ "$(sha512_of "$tgz")" = "$integrity" ]; then
		printf '%s\n' "$tgz"
		return 0
	fi
	rm -f "$tgz"
	command -v npm >/dev/null 2>&1 ||
		die "npm is needed to fetch $spec (apt-get install npm); $skip"
	tmp=$(mktemp -d "$cache/.fetch-XXXXXX")
	log=$tmp/npm.log
	# npm prints config warnings on stderr on this kind of machine: keep them for a failure
	if ! (cd "$tmp" && npm pack "$spec" >"$tmp/name" 2>"$log"); then
		sed 's/^/    npm: /' "$log" >&2
		rm -rf "$tmp"
		die "cannot fetch $spec with npm pack (offline? no registry?): the syntax check needs it; $skip"
	fi
	local got
	got=$tmp/$(tail -n 1 "$tmp/name")
	[ -f "$got" ] || { rm -rf "$tmp"; die "npm pack $spec made no tarball"; }
	if [ "$(sha512_of "$got")" != "$integrity" ]; then
		rm -rf "$tmp"
		die "$spec: the tarball's sha512 is not the one in $lock: refused"
	fi
	mv "$got" "$tgz"
	rm -rf "$tmp"
	printf '%s\n' "$tgz"
}

n=0
done_pkgs=" "
while read -r name spec srcdir integrity rest; do
	case "$name" in '' | '#'*) continue ;; esac
	[ -z "$rest" ] && [ -n "$integrity" ] || die "$lock: bad line for '$name'"
	[ "$want" = "  " ] || [[ "$want" == *" $name "* ]] || continue
	n=$((n + 1))
	pkg=$(printf '%s' "$spec" | tr '@/' '-_')
	dir=$out/$pkg
	if [[ "$done_pkgs" != *" $pkg "* ]]; then
		if [ ! -f "$dir/.integrity" ] || [ "$(cat "$dir/.integrity")" != "$integrity" ]; then
			tgz=$(fetch "$spec" "$integrity")
			rm -rf "$dir"
			mkdir -p "$dir"
			tar xzf "$tgz" -C "$dir" --strip-components=1 --no-same-owner
			printf '%s\n' "$integrity" >"$dir/.integrity"
			echo "grammars: $spec" >&2
		fi
		done_pkgs="$done_pkgs$pkg "
	fi
	src=$dir/$srcdir
	[ -f "$src/parser.c" ] || die "$spec has no $srcdir/parser.c"
	abi=$(sed -n 's/^#define LANGUAGE_VERSION \([0-9]*\).*/\1/p' "$src/parser.c")
	if [ -z "$abi" ] || [ "$abi" -lt "$abi_min" ] || [ "$abi" -gt "$abi_max" ]; then
		die "$spec ($srcdir) is grammar ABI ${abi:-?}; this libtree-sitter loads $abi_min..$abi_max"
	fi
done <"$lock"
[ "$n" -gt 0 ] || [ "$want" = "  " ] || die "no grammar named:$want"
