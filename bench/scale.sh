#!/usr/bin/env bash
# scale.sh: replies with very many files or edits, for the loops that must stay linear.
#
#   files   a patch creating N files (default 10,000): the plan finds each file's state by
#           its path (plan.c state_for), once per file operation
#   edits   one file of N lines and a reply of N/2 one-line SEARCH/REPLACE edits (default
#           N = 10,000), streamed in 4 KB chunks: each complete edit gets its number in reply
#           order (stream.c), at every reading
#
# Runs build/bench/stream_feed on each (whole = seam_reply_parse + seam_plan_new, then the
# stream, which must give the same plan); prints its line. Not a test: no time limit here;
# tests/unit/test_scale.c checks the outcomes of such replies.
#
# Environment: SCALE_FILES, SCALE_LINES, BENCH_RUNS (default 3; the fastest run is kept).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
build=$top/build/bench
runs=${BENCH_RUNS:-3}
files=${SCALE_FILES:-10000}
lines=${SCALE_LINES:-10000}

if [ ! -x "$build/stream_feed" ] || [ "$here/stream_feed.c" -nt "$build/stream_feed" ]; then
	make -C "$top" --no-print-directory build/bench/stream_feed >/dev/null
fi

out=$build/scale
rm -rf "$out"
mkdir -p "$out/files/tree" "$out/edits/tree"
python3 - "$out" "$files" "$lines" <<'PY'
import os, sys
out, nfiles, nlines = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(os.path.join(out, "files", "reply.md"), "w") as fh:
    fh.write("Creating the files:\n\n*** Begin Patch\n")
    for k in range(nfiles):
        fh.write("*** Add File: gen/d%d/f%d.txt\n+item %d\n" % (k % 100, k, k))
    fh.write("*** End Patch\n")
with open(os.path.join(out, "edits", "tree", "big.py"), "w") as fh:
    for k in range(nlines):
        fh.write("v%d = %d\n" % (k, k))
with open(os.path.join(out, "edits", "reply.md"), "w") as fh:
    for k in range(0, nlines, 2):
        fh.write("big.py\n```python\n<<<<<<< SEARCH\nv%d = %d\n=======\nv%d = %d\n"
                 ">>>>>>> REPLACE\n```\n" % (k, k, k, k + 1))
PY
echo "files: a patch creating $files files"
"$build/stream_feed" -r "$runs" -c 4096 "$out/files/tree" "$out/files/reply.md"
echo "edits: $((lines / 2)) edits of one $lines-line file"
"$build/stream_feed" -r "$runs" -c 4096 "$out/edits/tree" "$out/edits/reply.md"
