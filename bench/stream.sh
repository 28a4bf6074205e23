#!/usr/bin/env bash
# stream.sh: what `seam apply --stream` costs, against reading the reply whole.
#
# Generates (deterministically, python3) a ~1 MB reply of 500 SEARCH/REPLACE edits of 20 lines
# over 10 files, and a ~45 KB one of 20 edits; one edit of each fails (its SEARCH text is not in
# the file), at about 60% of the reply. Runs build/bench/stream_feed on them: whole
# (seam_reply_parse + seam_plan_new) against streamed in 64 KB, 4 KB and 1-byte chunks, and with
# SEAM_STREAM_EAGER; every streamed plan is checked against the whole one (MISMATCH, exit 1).
# Prints the table and rewrites the "stream" section of bench/RESULTS.md (BENCH_RESULTS=0: not).
#
# Environment: BENCH_RUNS (default 3; the fastest run is kept), CC.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
build=$top/build/bench
runs=${BENCH_RUNS:-3}

if [ ! -x "$build/stream_feed" ] || [ "$here/stream_feed.c" -nt "$build/stream_feed" ]; then
    make -C "$top" --no-print-directory build/bench/stream_feed >/dev/null
fi

gen() { # gen DIR EDITS
    python3 - "$1" "$2" <<'PY'
import os, sys
out, n = sys.argv[1], int(sys.argv[2])
per = n // 10
os.makedirs(os.path.join(out, "tree", "src"), exist_ok=True)
parts = ["Here are the changes, file by file.\n"]
bad = n * 6 // 10
for f in range(10):
    lines = ["    value_%d_%d = compute_%d(arg_%d, %d)  # step %d" % (f, i, i % 97, i, i * 7 % 1000, i)
             for i in range(per * 60)]
    with open(os.path.join(out, "tree", "src", "mod%d.py" % f), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    for e in range(per):
        k = f * per + e
        old = lines[e * 60 + 5:e * 60 + 25]
        if k == bad:
            old = [l.replace("value", "amount") for l in old]
        new = [l.replace("compute", "evaluate") for l in old]
        parts.append("\nsrc/mod%d.py\n```python\n<<<<<<< SEARCH\n%s\n=======\n%s\n"
                     ">>>>>>> REPLACE\n```\n\nNext.\n" % (f, "\n".join(old), "\n".join(new)))
with open(os.path.join(out, "reply.md"), "w") as fh:
    fh.write("".join(parts))
PY
}

rm -rf "$build/stream"
gen "$build/stream/big" 500
gen "$build/stream/small" 20

rows=()
status=0
run() { # run LABEL CASE ARGS...
    local label=$1 case=$2 line
    shift 2
    line=$("$build/stream_feed" -r "$runs" "$@" "$build/stream/$case/tree" \
        "$build/stream/$case/reply.md") || status=1
    echo "$label: $line"
    rows+=("| $label | $("$build/stream_feed" -m -r "$runs" "$@" "$build/stream/$case/tree" \
        "$build/stream/$case/reply.md")")
}
run "1 MB, 500 edits, 64 KB chunks" big -c 65536
run "1 MB, 500 edits, 4 KB chunks" big -c 4096
run "1 MB, 500 edits, 1-byte chunks" big -c 1
run "1 MB, 500 edits, 4 KB chunks, eager" big -c 4096 -e
run "45 KB, 20 edits, 1-byte chunks" small -c 1
run "45 KB, 20 edits, 1-byte chunks, eager" small -c 1 -e

if [ "${BENCH_RESULTS:-1}" != 0 ]; then
    commit=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown)
    {
        echo "## Streaming"
        echo
        echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit, $(nproc) CPUs, \`bench/stream.sh\`," \
            "fastest of $runs runs, CPU time in-process (\`bench/stream_feed.c\`). \"whole\" is"
        echo "seam_reply_parse + seam_plan_new; \"feeding\" is every seam_stream_feed (the"
        echo "readings and the early planning), \"finish\" the final reading and plan. Every"
        echo "streamed plan's JSON equals the whole one's."
        echo
        echo "| case | bytes | whole ms | feeding ms | finish ms | readings | events before the end" \
            "| first failure reported, bytes after its edit |"
        echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
        printf '%s\n' "${rows[@]}"
    } | python3 "$here/mdsection.py" "$here/RESULTS.md" stream
fi
exit $status
