#!/usr/bin/env bash
# corpus.sh: score seam on every set of the shared corpus (../shared/corpus beside the repo).
#
# Runs score.py on each set (dev, real, ...) with bench/corpus-adapter, keeps the per-case JSON
# and the full output in bench/out/, rewrites the "corpus" section of bench/RESULTS.md and
# prints the TOTAL line of each set. Skips with a message when the corpus is not there.
#
# Environment: SEAM_ADAPTER (adapter command, default bench/corpus-adapter), SEAM_CORPUS
# (corpus directory), CORPUS_SETS (e.g. "dev"), JOBS (default 2), CORPUS_TIMEOUT (seconds per
# case, default score.py's), CORPUS_RESULTS=0 (do not touch bench/RESULTS.md).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(git -C "$here" rev-parse --show-toplevel 2>/dev/null || (cd "$here/.." && pwd))
corpus=${SEAM_CORPUS:-$top/../shared/corpus}
if [ ! -f "$corpus/score.py" ]; then
    echo "corpus.sh: no corpus at $corpus (score.py not found): skipped"
    exit 0
fi
corpus=$(cd "$corpus" && pwd)

adapter=${SEAM_ADAPTER:-$here/corpus-adapter}
if [ -z "${SEAM_ADAPTER:-}" ] && [ ! -x "$top/build/seam" ]; then
    echo "corpus.sh: $top/build/seam is missing: build it first (make)" >&2
    exit 2
fi
jobs=${JOBS:-2}
out=$here/out
mkdir -p "$out"

sets=()
for d in "$corpus"/*/; do
    name=$(basename "$d")
    if [ -n "${CORPUS_SETS:-}" ]; then
        case " $CORPUS_SETS " in *" $name "*) ;; *) continue ;; esac
    fi
    # a set is a directory of cases; adapters/ and the like hold none
    compgen -G "$d*/case.json" >/dev/null || continue
    sets+=("$name")
done
if [ ${#sets[@]} -eq 0 ]; then
    echo "corpus.sh: no case sets under $corpus: skipped"
    exit 0
fi

commit=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$top" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
    commit="$commit + uncommitted changes"
fi
if [ -n "${SEAM_ADAPTER:-}" ]; then
    adapter_note="adapter \`$SEAM_ADAPTER\` (SEAM_ADAPTER)"
else
    adapter_note="adapter \`bench/corpus-adapter\` (\`seam apply -q\` with its defaults, the laziness guard's expand included; format detected by seam)"
fi

section=$out/corpus-section.md
{
    echo "## Corpus"
    echo
    echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit, $adapter_note, $jobs jobs."
    echo
    echo "Formats by issue: the core issue covers \`editblock\`, \`editblock-fenced\`,"
    echo "\`udiff\`, \`gitdiff\` and \`whole\`; \`patch\` (OpenAI apply_patch) and \`lndiff\`"
    echo "(ln-diff editblocks) are the second issue's."
    echo "score = (correct + refused-ok) / n; \`wrong\` is the outcome that must stay at 0."
} >"$section"

status=0
totals=()
for name in "${sets[@]}"; do
    echo "corpus.sh: scoring $name ..." >&2
    args=(--adapter "$adapter" --corpus "$corpus/$name" --jobs "$jobs"
          --json "$out/corpus-$name.json" --list wrong --list crash --list timeout)
    if [ -n "${CORPUS_TIMEOUT:-}" ]; then
        args+=(--timeout "$CORPUS_TIMEOUT")
    fi
    if ! python3 "$corpus/score.py" "${args[@]}" >"$out/corpus-$name.txt"; then
        echo "corpus.sh: score.py failed on $name (see $out/corpus-$name.txt)" >&2
        status=1
        continue
    fi
    # the tables end with the "cases N adapter time" line; the case lists after it stay in out/
    tables=$(sed '/^cases [0-9]/q' "$out/corpus-$name.txt")
    bytier=$(python3 - "$out/corpus-$name.json" <<'EOF'
import json, sys
OUT = ["correct", "ws-only", "restored", "wrong", "refused-ok", "missed", "crash", "timeout"]
TIERS = [("core formats", {"editblock", "editblock-fenced", "udiff", "gitdiff", "whole"}),
         ("later formats", {"patch", "lndiff"})]
data = json.load(open(sys.argv[1]))
known = set().union(*(f for _, f in TIERS))
rows = TIERS + [("other formats", None)]
head = " ".join(["%-22s" % "issue", "%5s" % "n"] + ["%10s" % o for o in OUT] + ["%7s" % "score"])
print(head)
print("-" * len(head))
for title, fmts in rows:
    c = dict.fromkeys(OUT, 0)
    for case in data["cases"]:
        if (case["format"] in fmts) if fmts else (case["format"] not in known):
            c[case["outcome"]] += 1
    n = sum(c.values())
    if n:
        print(" ".join(["%-22s" % title, "%5d" % n] + ["%10d" % c[o] for o in OUT]
                       + ["%6.1f%%" % (100.0 * (c["correct"] + c["restored"] + c["refused-ok"]) / n)]))
EOF
)
    {
        echo
        echo "### $name"
        echo
        echo '```'
        echo "$tables"
        echo
        echo "$bytier"
        echo '```'
    } >>"$section"
    totals+=("$(printf '%-6s %s' "$name" "$(grep -m1 '^TOTAL' "$out/corpus-$name.txt")")")
    totals+=("$(printf '%-6s %s' "$name" "$(grep -m1 '^core formats' <<<"$bytier")")")
done

if [ "${CORPUS_RESULTS:-1}" != 0 ]; then
    python3 "$here/mdsection.py" "$here/RESULTS.md" corpus <"$section"
    echo "corpus.sh: wrote the corpus section of bench/RESULTS.md; per-case JSON in bench/out/" >&2
fi
echo
printf '%-6s %s\n' set "$(sed -n 1p "$out/corpus-${sets[0]}.txt")"
for t in "${totals[@]}"; do
    echo "$t"
done
exit $status
