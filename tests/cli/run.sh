#!/usr/bin/env bash
# The CLI test driver.
#
#     tests/cli/run.sh [SEAM_BINARY] [FILTER]      (default binary: build/seam)
#
# Runs every tests/cli/NAME.sh (except this file) whose name contains FILTER, each with bash, in
# a fresh empty temporary directory as its working directory, stdin from /dev/null, and these
# variables:
#
#     SEAM          absolute path of the binary under test
#     SEAM_TESTDIR  absolute path of tests/cli (fixtures)
#     SEAM_ROOT     absolute path of the repository
#     SEAM_TEST_NAME  the test's NAME
#
# A test passes when its exit code is the one in NAME.sh.exit (0 when that file is absent) and,
# when NAME.sh.stdout.exact / NAME.sh.stderr.exact exist, its stdout / stderr are exactly those
# bytes. A test is killed after SEAM_CLI_TIMEOUT seconds (default 60). SEAM_CLI_VERBOSE=1 also
# prints the whole stdout and stderr of each failing test.
#
# Prints one line per failing test, then "N passed, N failed". Exit 0 when none failed.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/build/seam}
filter=${2:-}
case "$bin" in /*) ;; *) bin=$(pwd)/$bin ;; esac
if [ ! -x "$bin" ]; then
	echo "run.sh: $bin: no such executable (run make first)" >&2
	echo "0 passed, 1 failed"
	exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/seam-cli-XXXXXX")
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
for t in "$here"/*.sh; do
	name=$(basename "$t" .sh)
	[ "$name" = run ] && continue
	[ -n "$filter" ] && [[ "$name" != *"$filter"* ]] && continue

	dir=$work/$name
	mkdir -p "$dir/cwd"
	want=0
	[ -f "$t.exit" ] && want=$(tr -d ' \t\r\n' <"$t.exit")
	(cd "$dir/cwd" && SEAM=$bin SEAM_TESTDIR=$here SEAM_ROOT=$root SEAM_TEST_NAME=$name \
		timeout "${SEAM_CLI_TIMEOUT:-60}" bash "$t" </dev/null >"$dir/stdout" 2>"$dir/stderr")
	got=$?

	why=
	if [ "$got" = 124 ]; then
		why="timed out after ${SEAM_CLI_TIMEOUT:-60}s"
	elif [ "$got" != "$want" ]; then
		why="exit $got, want $want"
	elif [ -f "$t.stdout.exact" ] && ! cmp -s "$t.stdout.exact" "$dir/stdout"; then
		why="stdout differs from $name.sh.stdout.exact"
	elif [ -f "$t.stderr.exact" ] && ! cmp -s "$t.stderr.exact" "$dir/stderr"; then
		why="stderr differs from $name.sh.stderr.exact"
	fi
	if [ -z "$why" ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		# a hint on the same line: a sanitizer's verdict, else the first line of stderr/stdout
		hint=$(grep -m 1 -E 'Sanitizer|runtime error:' "$dir/stderr" | cut -c1-160)
		[ -z "$hint" ] && hint=$(grep -m 1 '[[:alnum:]]' "$dir/stderr" | cut -c1-160)
		[ -z "$hint" ] && hint=$(grep -m 1 '[[:alnum:]]' "$dir/stdout" | cut -c1-160)
		echo "FAIL $name: $why${hint:+ | $hint}"
		if [ -n "${SEAM_CLI_VERBOSE:-}" ]; then
			sed 's/^/    stdout: /' "$dir/stdout"
			sed 's/^/    stderr: /' "$dir/stderr"
		fi
	fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
