#!/usr/bin/env bash
# `make demo`: applies examples/demo/reply.md (a chat reply with three SEARCH/REPLACE edits, one
# of them with a blank line missing from its SEARCH text) to a copy of examples/demo/project/.
#
#     scripts/demo.sh [SEAM_BINARY]        DEMO_VALGRIND=1: run seam under valgrind
#
# Exits with seam's exit code (valgrind's error exit code 99 when it finds an error).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seam=${1:-build/seam}
demo=examples/demo
tmp=$(mktemp -d "${TMPDIR:-/tmp}/seam-demo-XXXXXX")
cp -R "$demo/project/." "$tmp/"

run=("$seam" apply -C "$tmp" --diff "$demo/reply.md")
if [ -n "${DEMO_VALGRIND:-}" ]; then
	# shellcheck disable=SC2054 # the commas belong to the valgrind options
	run=(valgrind -q --leak-check=full --show-leak-kinds=definite,indirect,possible
		--errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99 "${run[@]}")
fi

echo "\$ ${run[*]}"
echo
set +e
"${run[@]}"
rc=$?
set -e
echo
case $rc in
0) echo "seam applied every edit (exit 0)." ;;
1) echo "seam refused the reply: some edit failed, nothing was written (exit 1)." ;;
99) echo "valgrind found a memory error or a leak (exit 99)." ;;
*) echo "seam failed (exit $rc)." ;;
esac
echo "The project before: $demo/project/"
if [ "$rc" = 0 ]; then
	echo "The project after:  $tmp/"
else
	echo "The copy it ran on: $tmp/"
fi
if [ "$rc" = 0 ] && command -v python3 >/dev/null 2>&1; then
	echo
	echo "\$ (cd $tmp && python3 -B main.py)"
	(cd "$tmp" && python3 -B main.py) || true
fi
exit "$rc"
