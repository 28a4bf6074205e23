#!/usr/bin/env bash
# The whole test run behind `make test` (scripts/deps.sh is run before it by make):
#
#   1. the normal build (-Werror), the unit tests, the CLI tests;
#   2. the ASan+UBSan build (build/asan/), the unit tests and the CLI tests again, with leak
#      detection on.
#
# A suite that fails does not stop the run; a build that fails does (exit 2). The last line is
# the sum over the four suites, "N passed, N failed"; the exit code is 0 only when that says
# 0 failed. A suite that ends without its "N passed, N failed" line (a crash), or that exits
# non-zero after saying 0 failed (a leak report at exit), counts one more failure.
#
#     scripts/test.sh [--no-asan]
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2

make=${MAKE:-make}
asan=1
[ "${1:-}" = --no-asan ] && asan=0

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

build all build/test-unit
suite unit build/test-unit
suite cli bash tests/cli/run.sh build/seam

if [ "$asan" = 1 ]; then
	build asan
	export ASAN_OPTIONS=detect_leaks=1:exitcode=86:abort_on_error=0
	export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=87
	suite unit-asan build/asan/test-unit
	suite cli-asan bash tests/cli/run.sh build/asan/seam
	suite fuzz-replay "$make" --no-print-directory fuzz-replay
fi

echo "== summary"
printf '%s\n' "${summary[@]}"
echo "$total_passed passed, $total_failed failed" | tee build/test-summary
[ "$total_failed" -eq 0 ]
