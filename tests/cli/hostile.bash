# Helpers of the hostile-*.sh CLI tests (sourced; not a test itself: run.sh runs *.sh only).
#
# Each test builds a project under ./root and a sentinel directory ./outside beside it, runs
# seam on hostile replies with a time limit and (where the binary allows it) a memory limit,
# and checks that nothing outside the root changed.
#
#   bounded NAME KB SECONDS CMD...   runs CMD with `ulimit -v KB` and `timeout SECONDS`
#                                    (scaled); sets RC, MS (elapsed), RSS (peak KB, or 0 when
#                                    /usr/bin/time is missing); stdout/stderr in NAME.out/.err
#   want_rc NAME GOT WANT...         fails unless GOT is one of WANT
#   want_fast NAME MS                the last run's time against its target MS (scaled):
#                                    recorded, and a failure only under SEAM_TIME_STRICT=1
#   sentinel_check                   fails when ./outside changed since sentinel_make
#
# SEAM_UNDER_VALGRIND=1 (the valgrind suite of scripts/test.sh): memory checking makes a run
# 20-50 times slower, and valgrind needs far more address space than any limit here, so the
# time limits are scaled by 40, no `ulimit -v` is set, and the tests that read tens of
# megabytes use a tenth of their size (SIZE_DIV). Under ASan the memory limit cannot be set
# either (its shadow memory reserves terabytes of address space): then only time is bounded.
#
# Speed is a benchmark's business, not the test suite's: on a loaded machine (CI, ASan, helpers
# at work) a fixed millisecond target fails for no fault of seam. In the suite, want_fast only
# records the time (in SEAM_TIME_LOG when set); bench/hostile.sh runs these tests alone with
# SEAM_TIME_STRICT=1 and reports every target. What stays asserted here: the run ends (bounded's
# `timeout` kills a hang, a limit in seconds far above any target) within its memory limit.

set -u

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

if [ "${SEAM_UNDER_VALGRIND:-0}" = 1 ]; then
	TIME_SCALE=40
	SIZE_DIV=10
else
	TIME_SCALE=${SEAM_TIME_SCALE:-1}
	SIZE_DIV=1
fi

# Can the binary run under a 400 MB address-space limit? Not with ASan or valgrind.
MEMCAP=0
if [ "${SEAM_UNDER_VALGRIND:-0}" != 1 ] &&
	bash -c 'ulimit -v 400000 && "$0" --version; exit $?' "$SEAM" >/dev/null 2>&1; then
	MEMCAP=1
fi

HAVE_TIME=0
[ -x /usr/bin/time ] && HAVE_TIME=1

now_ms() { date +%s%3N; }

bounded() {
	local name=$1 kb=$2 secs=$3 t0
	shift 3
	t0=$(now_ms)
	if [ "$HAVE_TIME" = 1 ]; then
		(
			[ "$MEMCAP" = 1 ] && ulimit -v "$kb"
			exec /usr/bin/time -f '%M' -o "$name.rss" timeout $((secs * TIME_SCALE)) "$@"
		) >"$name.out" 2>"$name.err"
	else
		(
			[ "$MEMCAP" = 1 ] && ulimit -v "$kb"
			exec timeout $((secs * TIME_SCALE)) "$@"
		) >"$name.out" 2>"$name.err"
	fi
	RC=$?
	MS=$(($(now_ms) - t0))
	RSS=0
	if [ -f "$name.rss" ]; then
		RSS=$(tail -n 1 "$name.rss" | tr -dc '0-9')
		[ -n "$RSS" ] || RSS=0
	fi
	[ "$RC" = 124 ] && fail "$name: killed after $((secs * TIME_SCALE)) s"
	echo "$name: exit $RC, $MS ms, peak RSS ${RSS} KB"
	return 0
}

want_rc() {
	local name=$1 got=$2 w
	shift 2
	for w in "$@"; do
		[ "$got" = "$w" ] && return 0
	done
	echo "--- $name stdout:" >&2
	head -c 2000 "$name.out" >&2
	echo "--- $name stderr:" >&2
	head -c 2000 "$name.err" >&2
	fail "$name: exit $got, want one of $*"
}

want_fast() {
	local limit=$(($2 * TIME_SCALE))
	if [ -n "${SEAM_TIME_LOG:-}" ]; then
		printf '%s %s %s %s\n' "${SEAM_TEST_NAME:-?}" "$1" "$MS" "$limit" >>"$SEAM_TIME_LOG"
	fi
	if [ "${SEAM_TIME_STRICT:-0}" = 1 ] && [ "$MS" -gt "$limit" ]; then
		fail "$1: took $MS ms, more than $limit ms"
	fi
	return 0
}

# No raw terminal control byte from the reply may reach the terminal (escape sequences).
want_no_escapes() {
	if LC_ALL=C grep -q "$(printf '\033')" "$1.out" "$1.err"; then
		fail "$1: a raw ESC byte was printed"
	fi
}

sentinel_make() {
	mkdir -p outside/dir
	printf 'secret\n' >outside/secret.txt
	printf 'inner\n' >outside/dir/inner.txt
	SENTINEL_SUM=$(sentinel_sum)
}

sentinel_sum() {
	(cd outside && find . -printf '%p %y %m %s %T@\n' | LC_ALL=C sort && find . -type f -exec cat {} +) |
		sha256sum
}

sentinel_check() {
	[ "$(sentinel_sum)" = "$SENTINEL_SUM" ] || fail "the sentinel directory outside the root changed"
}

# A snapshot of the root (names, types, modes, sizes, contents) to compare before and after.
tree_sum() {
	(cd "$1" && find . -printf '%p %y %m %s\n' | LC_ALL=C sort &&
		find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r cat) | sha256sum
}

# No temporary or backup file of seam may be left anywhere.
no_leftovers() {
	if [ -n "$(find "$1" -name '.seam-*' -print -quit)" ]; then
		fail "seam left temporary files in $1"
	fi
}
