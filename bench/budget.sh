#!/usr/bin/env bash
# budget.sh: the time a hostile reply takes on a big file with a small search budget.
#
# Generates a file of LINES lines and a reply of EDITS SEARCH/REPLACE blocks whose old lines
# are nowhere in it (each would make the matcher pass over the whole file), runs
# `seam apply --dry-run --max-fuzzy-ms MS` once and prints the wall and CPU time, peak memory
# and how many edits were refused without being looked for. The run should end in about the
# budget plus the time to read the file (linear), whatever EDITS is.
#
#     bench/budget.sh [LINES [EDITS [MS]]]     (defaults 1000000 9999 10)
#
# Environment: SEAM_BIN (default build/seam). Needs awk and /usr/bin/time. Exit 1 when the
# run does not end with the budget's refusal.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
seam=${SEAM_BIN:-$top/build/seam}
lines=${1:-1000000}
edits=${2:-9999}
ms=${3:-10}
work=$(mktemp -d "${TMPDIR:-/tmp}/seam-budget-XXXXXX")
trap 'rm -rf "$work"' EXIT

awk -v n="$lines" 'BEGIN { for (i = 0; i < n; i++) printf "    value_%d = compute(%d, %d)\n", i, i, i * 7 % 1000 }' >"$work/big.py"
awk -v n="$edits" 'BEGIN { for (k = 0; k < n; k++)
	printf "big.py\n```\n<<<<<<< SEARCH\n    missing_%d = nowhere(%d)\n    other_%d = absent(%d)\n=======\n    fixed_%d = 1\n>>>>>>> REPLACE\n```\n\n", k, k, k, k, k }' >"$work/reply.md"

rc=0
/usr/bin/time -f '%e %U %S %M' -o "$work/time" "$seam" apply -C "$work" --dry-run \
	--max-fuzzy-ms "$ms" "$work/reply.md" >"$work/out" 2>&1 || rc=$?
read -r wall user sys rss < <(tail -n 1 "$work/time")
skipped=$(grep -c "was not looked for" "$work/out" || true)
printf '%s lines, %s failing edits, --max-fuzzy-ms %s: %s s wall, %s s user, %s s sys, %s MB peak; exit %s; %s edits not looked for\n' \
	"$lines" "$edits" "$ms" "$wall" "$user" "$sys" "$((rss / 1024))" "$rc" "$skipped"
[ "$rc" = 1 ] && [ "$skipped" -gt 0 ]
