#!/usr/bin/env bash
# bench/hostile.sh [SEAM]: the time targets of the hostile CLI tests, checked where timing is
# meaningful. The test suite runs tests/cli/hostile-*.sh, hostile-concurrent.sh and
# stream-lock.sh for what they assert (exit codes, files, messages, a hang killed, a memory
# limit) and only records their times; here they run one at a time with SEAM_TIME_STRICT=1, so
# a run over its target fails, and every timed run is written to the "hostile" section of
# RESULTS.md (target, time, PASS/FAIL). Exit 1 when a target or a test failed.
# Run it on an idle machine: the targets are wall-clock times.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
seam=${1:-$root/build/seam}
mkdir -p "$here/out"
log=$here/out/hostile-times.txt
: >"$log"

status=0
for filter in hostile- stream-lock; do
	SEAM_TIME_STRICT=1 SEAM_TIME_LOG=$log bash "$root/tests/cli/run.sh" "$seam" "$filter" || status=1
done

over=$(awk '$3 > $4' "$log" | wc -l)
total=$(wc -l <"$log")
{
	echo "## Hostile replies: time targets"
	echo
	echo "\`bench/hostile.sh\` on $(date -u +%Y-%m-%d), $(nproc) cores: each timed run of the"
	echo "hostile CLI tests against its target (the tests themselves only record times)."
	echo "$total timed runs, $over over their target."
	echo
	echo "| test | run | ms | target ms | |"
	echo "|---|---|---|---|---|"
	awk '{ printf "| %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, ($3 > $4 ? "FAIL" : "PASS") }' "$log"
} | python3 "$here/mdsection.py" "$here/RESULTS.md" hostile
echo "hostile: $total timed runs, $over over their target (RESULTS.md, section hostile)"
[ "$over" = 0 ] || status=1
exit $status
