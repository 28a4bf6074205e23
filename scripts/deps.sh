#!/usr/bin/env bash
# Installs what building and testing seam needs and is missing, on Debian/Ubuntu.
#
#     scripts/deps.sh [EXTRA...]      EXTRA: optional tools, e.g. `valgrind`
#
# Prints nothing when everything is there. Otherwise, as root, runs `apt-get update` once and
# installs only the missing packages (no recommends, no prompt); not root, it names the missing
# packages and exits 1. Safe to run any number of times.
set -euo pipefail

missing=()
want() { # want PACKAGE: add it to the list unless it is listed already
	local p
	for p in "${missing[@]+"${missing[@]}"}"; do
		[ "$p" = "$1" ] && return 0
	done
	missing+=("$1")
}
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 || want gcc
command -v make >/dev/null 2>&1 || want make
command -v pkg-config >/dev/null 2>&1 || want pkg-config
# The header and the .pc file come with libjansson-dev. Trust pkg-config when it is there, and
# dpkg when it is not (pkg-config itself may be what is missing).
if command -v pkg-config >/dev/null 2>&1; then
	pkg-config --exists jansson 2>/dev/null || want libjansson-dev
else
	have_pkg libjansson-dev || want libjansson-dev
fi
# The tree-sitter runtime (header, .pc, .so) for the syntax check; the grammars are fetched
# from npm by scripts/grammars.sh, which needs npm and openssl (the integrity check).
if command -v pkg-config >/dev/null 2>&1; then
	pkg-config --exists tree-sitter 2>/dev/null || want libtree-sitter-dev
else
	have_pkg libtree-sitter-dev || want libtree-sitter-dev
fi
# libcurl for `seam ask` (its headers to build; the seam binary loads it when seam ask runs);
# python3 runs its test server.
if command -v pkg-config >/dev/null 2>&1; then
	pkg-config --exists libcurl 2>/dev/null || want libcurl4-openssl-dev
else
	have_pkg libcurl4-openssl-dev || want libcurl4-openssl-dev
fi
command -v python3 >/dev/null 2>&1 || want python3
# utf8proc: Unicode normalization of file names
if command -v pkg-config >/dev/null 2>&1; then
	pkg-config --exists libutf8proc 2>/dev/null || want libutf8proc-dev
else
	have_pkg libutf8proc-dev || want libutf8proc-dev
fi
command -v npm >/dev/null 2>&1 || want npm
command -v openssl >/dev/null 2>&1 || want openssl
# Used by the test drivers; part of any normal Debian, but a minimal image may lack them.
command -v cmp >/dev/null 2>&1 || want diffutils
command -v timeout >/dev/null 2>&1 || want coreutils
# The Python package's tests and its wheel (scripts/wheel.sh builds it with Debian's python3,
# its setuptools and wheel; no pip, no network).
[ -x /usr/bin/python3 ] || want python3
have_pkg python3-setuptools || want python3-setuptools
have_pkg python3-wheel || want python3-wheel
# The Dask suite runs a real cluster with Debian's python3.
have_pkg python3-distributed || want python3-distributed
have_pkg python3-dask || want python3-dask
# The --batch recipe test drives seam through GNU parallel.
command -v parallel >/dev/null 2>&1 || want parallel
# tests/cli/kill-commit.sh kills seam at each system call of a commit with strace's injection.
command -v strace >/dev/null 2>&1 || want strace
# seam bench report --png draws its chart with gnuplot.
command -v gnuplot >/dev/null 2>&1 || want gnuplot-nox
# tests/cli/apply-xattr.sh sets and reads extended attributes; the diff tests apply seam's
# --diff with git apply.
command -v setfattr >/dev/null 2>&1 || want attr
command -v git >/dev/null 2>&1 || want git

for extra in "$@"; do
	case "$extra" in
	valgrind) command -v valgrind >/dev/null 2>&1 || want valgrind ;;
	clang) command -v clang >/dev/null 2>&1 || want clang ;;
	*) have_pkg "$extra" || want "$extra" ;;
	esac
done

[ "${#missing[@]}" -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
	echo "deps: missing ${missing[*]}, and this is not a Debian system (no apt-get): install them by hand" >&2
	exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "deps: missing ${missing[*]}; install them as root:" >&2
	echo "    apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
	exit 1
fi

echo "deps: installing ${missing[*]}" >&2
log=$(mktemp)
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
if ! apt-get update -q >"$log" 2>&1; then
	cat "$log" >&2
	echo "deps: apt-get update failed" >&2
	exit 1
fi
if ! apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null >"$log" 2>&1; then
	cat "$log" >&2
	echo "deps: apt-get install ${missing[*]} failed" >&2
	exit 1
fi
