#!/usr/bin/env bash
# compare.sh BASELINE [CANDIDATE]: two seam binaries on the bench cases, by instruction count.
#
# Instruction counts (valgrind --tool=callgrind, one run per case) repeat on a noisy 2-core
# machine where CPU times do not. CANDIDATE defaults to build/seam. Both outputs are verified
# against the expected files. Make a baseline from another commit with e.g.
#     git worktree add /tmp/seam-base HEAD~1 && make -C /tmp/seam-base
#     bash bench/compare.sh /tmp/seam-base/build/seam
# Exit 1 when either binary gives a wrong tree, 2 on a usage error.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(git -C "$here" rev-parse --show-toplevel 2>/dev/null || (cd "$here/.." && pwd))
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: bench/compare.sh BASELINE [CANDIDATE]" >&2
    exit 2
fi
base=$1
cand=${2:-$top/build/seam}
for b in "$base" "$cand"; do
    if [ ! -x "$b" ]; then
        echo "compare.sh: $b is not an executable" >&2
        exit 2
    fi
done
if ! command -v valgrind >/dev/null; then
    echo "compare.sh: valgrind is needed" >&2
    exit 2
fi

mapfile -t specs < <(bash "$here/bench.sh" --gen-only)
out=$here/out
mkdir -p "$out"
status=0
for side in base cand; do
    bin=$base
    [ $side = base ] || bin=$cand
    echo "compare.sh: $side = $bin" >&2
    python3 "$here/measure.py" --seam "$bin" --runner "$top/build/bench/runone" --runs 1 \
        --callgrind --json "$out/compare-$side.json" "${specs[@]}" >/dev/null || status=1
done

python3 - "$out/compare-base.json" "$out/compare-cand.json" <<'EOF'
import json, sys
base, cand = (json.load(open(p)) for p in sys.argv[1:3])
print("%-15s %16s %16s %8s   %s" % ("case", "baseline", "candidate", "change", "verified"))
for b, c in zip(base["cases"], cand["cases"]):
    bi, ci = b.get("instructions"), c.get("instructions")
    change = "%+.1f%%" % (100.0 * (ci - bi) / bi) if bi and ci else "-"
    ok = "yes" if b["verified"] and c["verified"] else "MISMATCH"
    print("%-15s %16s %16s %8s   %s" % (b["case"], "{:,}".format(bi) if bi else "-",
                                        "{:,}".format(ci) if ci else "-", change, ok))
EOF
exit $status
