#!/usr/bin/env bash
# Replays every corpus through the stand-alone fuzz drivers (make fuzz-replay):
#
#     fuzz/replay.sh DIR [SEEDS]
#
# DIR holds fuzz_<target> binaries linked with fuzz/standalone.c. For each target it replays
# the committed seeds fuzz/corpora/<target>/ and the seeds cut from the corpus SEEDS/<target>/
# (default build/fuzz/seeds, written by fuzz/tools/mkseeds.py; absent without ../shared), both
# with SEAM_FUZZ_SKIP_KNOWN=1, and every fuzz/regress/<target>-* file (without), one input per
# child process. Each input counts once; the last line is the sum, "N passed, N failed", and
# the exit code is 0 only when nothing failed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2

dir=${1:?usage: fuzz/replay.sh DIR [SEEDS]}
seeds=${2:-build/fuzz/seeds}
if [ ! -d "$seeds" ]; then
	echo "fuzz-replay: no seeds cut from the corpus in $seeds (no ../shared/corpus):" \
		"the committed seeds and fuzz/regress/ only"
fi
total_p=0
total_f=0
for bin in "$dir"/fuzz_*; do
	[ -x "$bin" ] || continue
	t=${bin##*/fuzz_}
	regress=()
	for f in fuzz/regress/"$t"-*; do
		[ -f "$f" ] && regress+=("$f")
	done
	# The seed corpora run with SEAM_FUZZ_SKIP_KNOWN=1, as the fuzzer saw them: a seed that
	# happens to hit a finding already kept in fuzz/regress/ is not counted twice. The
	# regression inputs run without it: each fails until its finding is fixed.
	for set in corpora seeds regress; do
		if [ $set != regress ]; then
			d=fuzz/corpora/$t
			[ $set = seeds ] && d=$seeds/$t
			[ -d "$d" ] || continue
			out=$(SEAM_FUZZ_SKIP_KNOWN=1 "$bin" -q -t "${FUZZ_REPLAY_TIMEOUT:-60}" "$d" 2>&1)
		else
			[ ${#regress[@]} -gt 0 ] || continue
			out=$(SEAM_FUZZ_SKIP_KNOWN=0 "$bin" -q -t "${FUZZ_REPLAY_TIMEOUT:-60}" \
				"${regress[@]}" 2>&1)
		fi
		rc=$?
		line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -n 1)
		if [ -z "$line" ]; then
			printf '%s\n' "$out" | tail -n 40
			echo "fuzz_$t ($set): no summary (exit $rc): counted as 1 failure"
			total_f=$((total_f + 1))
			continue
		fi
		p=${line%% passed*}
		f=${line#*passed, }
		f=${f%% failed*}
		# failures: what the child said (oracle message, sanitizer report), briefly
		if [ "$f" -ne 0 ]; then
			printf '%s\n' "$out" |
				grep -E '^(FAIL|ORACLE|==[0-9]+==ERROR|SUMMARY|.*runtime error)' | head -n 40
		fi
		echo "fuzz_$t ($set): $p passed, $f failed"
		total_p=$((total_p + p))
		total_f=$((total_f + f))
	done
done
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
