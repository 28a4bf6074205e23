#!/usr/bin/env bash
# The whole test run behind `make test` (scripts/deps.sh is run before it by make):
#
#   1. the normal build (-Werror), the unit tests, the CLI tests, the seam ask tests against a
#      scripted server on loopback (tests/ask/run.sh), the seam bench tests, the oracle's
#      fixed-seed run (make oracle: 1,000 generated replies, each applied to the intended file
#      or refused; one reply is one check), the link tests (what a program
#      linking libseam.a sees: tests/link/run.sh), the check that no tracked file holds
#      lines of the shared corpus (suite foreign: ../shared/tools/foreign-lines; skipped, with a
#      message, without ../shared), the include graph (tests/deps/run.sh: no circle of src/
#      beyond scripts/deps-baseline.txt, scripts/deps-graph.py; no bare -1 in src/lib,
#      scripts/check-errors.py), the Python package's tests
#      against build/libseam.so and its wheel (tests/python/run.sh), the MCP server with the
#      official TypeScript SDK client (tests/mcp/run.sh), make install into a DESTDIR and a
#      program built against it with pkg-config (tests/install/run.sh), seam.dask on a cluster
#      of 2 Dask worker processes, one killed mid-job (tests/dask/run.sh);
#   2. the ASan+UBSan build (build/asan/), the unit, CLI, ask and MCP tests again, with leak
#      detection on, and the fuzz replay (make fuzz-replay);
#   3. the thread harness (tests/tsan/harness.c: 6 threads x 50 rounds applying replies in
#      memory and on disk) built with -fsanitize=thread in build/tsan/ (suite tsan, make
#      check-tsan): a failed check or any race ThreadSanitizer reports fails it;
#   4. the CLI tests once more with the normal build under valgrind memcheck (suite
#      cli-valgrind): any memory error or leak (definite, indirect or possible) makes valgrind
#      exit 99, which fails that test. Skipped, with a message, when valgrind is missing
#      (make test installs it through scripts/deps.sh).
#
# A suite that fails does not stop the run; a build that fails does (exit 2). The last line is
# the sum over the suites, "N passed, N failed"; the exit code is 0 only when that says
# 0 failed. A suite that ends without its "N passed, N failed" line (a crash), or that exits
# non-zero after saying 0 failed (a leak report at exit), counts one more failure.
#
#     scripts/test.sh [--no-asan] [--no-tsan] [--no-valgrind] [--only-valgrind]
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2

make=${MAKE:-make}
asan=1
tsan=1
valgrind=1
only_valgrind=0
for a in "$@"; do
	case "$a" in
	--no-asan) asan=0 ;;
	--no-tsan) tsan=0 ;;
	--no-valgrind) valgrind=0 ;;
	--only-valgrind) only_valgrind=1 ;;
	esac
done

# Build in parallel unless the caller already chose (-j in MAKEFLAGS, or make's jobserver).
jobs=()
case " ${MAKEFLAGS:-} " in
*j*) ;;
*) jobs=(-j"$(nproc 2>/dev/null || echo 2)") ;;
esac

# The total is also kept in build/test-summary, for .ci/run to repeat after make's messages.
mkdir -p build
rm -f build/test-summary

total_passed=0
total_failed=0
summary=()
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# suite LABEL COMMAND...: runs it, shows its output, adds its counts to the totals.
suite() {
	local label=$1 rc line p f
	shift
	echo "== $label"
	"$@" 2>&1 | tee "$out"
	rc=${PIPESTATUS[0]}
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$out" | tail -n 1)
	if [ -z "$line" ]; then
		echo "$label: no summary line (exit $rc): counted as 1 failure"
		p=0 f=1
	else
		p=${line%% passed*}
		f=${line#*passed, }
		f=${f%% failed*}
		if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
			echo "$label: exit $rc after '$line': counted as 1 more failure"
			f=1
		fi
	fi
	total_passed=$((total_passed + p))
	total_failed=$((total_failed + f))
	summary+=("$(printf '  %-10s passed %-5d failed %d' "$label" "$p" "$f")")
}

build() {
	echo "== build: $*"
	if ! "$make" --no-print-directory "${jobs[@]}" "$@"; then
		echo "build failed: make $*" >&2
		echo "$total_passed passed, $((total_failed + 1)) failed" | tee build/test-summary
		exit 2
	fi
}

# The corpus beside the repository (../shared/corpus) is other projects' code: tests and fuzz
# runs may read it, or write what they derive from it under build/, but no tracked file may hold
# a copy (README, Building). ../shared/tools/foreign-lines lists the tracked files holding runs
# of its lines; each tracked file counts as one check. Skipped, saying so, without ../shared.
foreign_lines() {
	local tool=../shared/tools/foreign-lines corpus=../shared/corpus report rc n bad
	if [ ! -d ../shared ]; then
		echo "foreign-lines: skipped: no ../shared"
		echo "0 passed, 0 failed"
		return 0
	fi
	if [ ! -f "$tool" ] || [ ! -d "$corpus" ]; then
		echo "foreign-lines: skipped: no $tool or no $corpus"
		echo "0 passed, 0 failed"
		return 0
	fi
	report=$(python3 "$tool" --corpus "$corpus" .)
	rc=$?
	n=$(git ls-files | wc -l)
	if [ "$rc" -eq 0 ]; then
		echo "foreign-lines: none of the $n tracked files holds lines of $corpus"
		echo "$n passed, 0 failed"
		return 0
	fi
	if [ "$rc" -ne 1 ]; then
		echo "foreign-lines: exit $rc"
		echo "0 passed, 1 failed"
		return 1
	fi
	printf '%s\n' "$report"
	bad=$(printf '%s\n' "$report" | grep -c .)
	echo "foreign-lines: these files hold runs of lines of $corpus (other projects' code):" \
		"read it at run time or write under build/, never commit it"
	echo "$((n - bad)) passed, $bad failed"
	return 1
}

build all build/test-unit
if [ "$only_valgrind" = 1 ]; then
	asan=0
	tsan=0
else
	suite unit build/test-unit
	suite cli bash tests/cli/run.sh build/seam
	suite ask bash tests/ask/run.sh build/seam
	suite bench bash tests/bench/run.sh build/seam
	suite oracle "$make" --no-print-directory oracle
	suite link bash tests/link/run.sh build
	suite foreign foreign_lines
	suite deps bash tests/deps/run.sh
	suite python bash tests/python/run.sh
	suite mcp bash tests/mcp/run.sh build/seam
	suite install bash tests/install/run.sh
	suite dask bash tests/dask/run.sh
fi

if [ "$asan" = 1 ]; then
	build asan
	export ASAN_OPTIONS=detect_leaks=1:exitcode=86:abort_on_error=0
	export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=87
	suite unit-asan build/asan/test-unit
	suite cli-asan bash tests/cli/run.sh build/asan/seam
	suite mcp-asan bash tests/mcp/run.sh build/asan/seam
	suite ask-asan bash tests/ask/run.sh build/asan/seam
	suite bench-asan bash tests/bench/run.sh build/asan/seam
	suite fuzz-replay "$make" --no-print-directory fuzz-replay
fi

if [ "$tsan" = 1 ]; then
	build tsan
	suite tsan "$make" --no-print-directory check-tsan
fi

# The normal build's binary under memcheck, through a wrapper that run.sh calls like the
# binary. Memcheck is 20-50 times slower: the hostile tests scale their time limits and sizes
# (SEAM_UNDER_VALGRIND, tests/cli/hostile.bash), and each test gets 15 minutes.
valgrind_cli() {
	local w=build/valgrind/seam
	if ! command -v valgrind >/dev/null 2>&1; then
		echo "valgrind is not installed (scripts/deps.sh valgrind installs it): suite skipped"
		echo "0 passed, 0 failed"
		return 0
	fi
	mkdir -p build/valgrind
	{
		echo '#!/bin/sh'
		echo 'exec valgrind -q --error-exitcode=99 --leak-check=full \'
		echo '	--show-leak-kinds=definite,indirect,possible \'
		echo '	--errors-for-leak-kinds=definite,indirect,possible \'
		echo "	\"$(pwd)/build/seam\" \"\$@\""
	} >"$w"
	chmod +x "$w"
	SEAM_UNDER_VALGRIND=1 SEAM_CLI_TIMEOUT=900 bash tests/cli/run.sh "$w"
}
if [ "$valgrind" = 1 ]; then
	suite cli-valgrind valgrind_cli
fi

echo "== summary"
printf '%s\n' "${summary[@]}"
echo "$total_passed passed, $total_failed failed" | tee build/test-summary
[ "$total_failed" -eq 0 ]
