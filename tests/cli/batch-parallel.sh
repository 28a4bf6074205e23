# The GNU parallel recipe of the README: the same records through `seam apply --batch` in one
# process and through `parallel --pipe --keep-order` across 4 processes give the same results,
# record for record, in the same order. The records are the corpus' dev set (every case in
# memory: its before/ files and its reply) when ../shared is beside the repository, else
# replies made here. Exit 0 when the outputs agree.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v parallel >/dev/null 2>&1 || fail "GNU parallel is missing (scripts/deps.sh installs it)"
corpus=$SEAM_ROOT/../shared/corpus/dev
python3 - "$corpus" <<'PY'
import json, os, sys
corpus = sys.argv[1]
out = open("records.jsonl", "w")
n = 0
if os.path.isdir(corpus):
    for c in sorted(os.listdir(corpus)):
        d = os.path.join(corpus, c)
        if not os.path.isfile(os.path.join(d, "reply.md")):
            continue
        files = {}
        for base, _, names in os.walk(os.path.join(d, "before")):
            for nm in names:
                p = os.path.join(base, nm)
                try:
                    files[os.path.relpath(p, os.path.join(d, "before"))] = open(p, encoding="utf-8").read()
                except UnicodeDecodeError:
                    files = None
                    break
            if files is None:
                break
        if files is None:
            continue
        try:
            reply = open(os.path.join(d, "reply.md"), encoding="utf-8").read()
        except UnicodeDecodeError:
            continue
        out.write(json.dumps({"id": c, "reply": reply, "files": files}) + "\n")
        n += 1
else:
    for i in range(400):
        src = "".join("def f%d():\n    return %d\n\n" % (k, k * i) for k in range(20))
        reply = "m.py\n```\n<<<<<<< SEARCH\n    return %d\n=======\n    return -1\n>>>>>>> REPLACE\n```\n" % (7 * i)
        out.write(json.dumps({"id": "gen-%d" % i, "reply": reply, "files": {"m.py": src}}) + "\n")
        n += 1
print("records:", n, "from the corpus" if os.path.isdir(corpus) else "made here", file=sys.stderr)
PY
"$SEAM" apply --batch -j 2 records.jsonl >one.jsonl 2>/dev/null
rc=$?
[ $rc -le 1 ] || fail "one process: exit $rc"
parallel --will-cite --pipe --keep-order -N 40 -j 4 "$SEAM" apply --batch <records.jsonl >many.jsonl 2>many.err
# parallel's exit is the number of jobs that exited non-zero; seam exits 1 for a block with a
# record that is not ok: only a message of seam's own (exit 2) is a failure here
rc=$?
[ $rc -le 101 ] || fail "parallel: exit $rc"
! grep -q '^seam: ' many.err || fail "seam failed under parallel: $(head -n 3 many.err)"
python3 - <<'PY' || fail "the outputs differ"
import json
def load(p):
    rows = [json.loads(l) for l in open(p)]
    for r in rows:
        r.pop("line")  # each process counts the lines of its own block
    return rows
a, b = load("one.jsonl"), load("many.jsonl")
assert len(a) == len(b) == sum(1 for l in open("records.jsonl") if l.strip()), (len(a), len(b))
assert [r["id"] for r in a] == [json.loads(l)["id"] for l in open("records.jsonl") if l.strip()]
assert a == b
ok = sum(r["ok"] for r in a)
print("%d records, %d ok, identical through parallel" % (len(a), ok))
assert ok > len(a) // 2
PY
