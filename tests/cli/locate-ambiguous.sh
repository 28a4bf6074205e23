# A snippet that fits two places: both are printed as candidates, the reason goes to stderr,
# exit 1; with --json one document lists them.
set -u
printf 'def a():\n    value = compute(1)\n    return value\n\n\ndef b():\n    value = compute(1)\n    return value\n' >m.py
printf '    value = compute(1)\n    return value\n' | "$SEAM" locate m.py >out.txt 2>err.txt
rc=$?
[ $rc -eq 1 ] || { echo "exit $rc, want 1" >&2; exit 10; }
grep -q '^m.py:2-3: candidate 1 of 2 by exact, 100% similar$' out.txt || { cat out.txt >&2; exit 11; }
grep -q '^m.py:7-8: candidate 2 of 2, 100% similar$' out.txt || { cat out.txt >&2; exit 12; }
grep -q 'fits 2 places equally well: lines 2-3, lines 7-8' err.txt || { cat err.txt >&2; exit 13; }

printf '    value = compute(1)\n    return value\n' | "$SEAM" locate --json m.py >out.json
[ $? -eq 1 ] || exit 14
python3 - out.json <<'PY' || exit 15
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ok"] is False and d["status"] == "ambiguous", d
assert [(r["start_line"], r["end_line"]) for r in d["regions"]] == [(2, 3), (7, 8)], d
assert d["regions"][1]["text"] == "    value = compute(1)\n    return value\n", d
assert "fits 2 places" in d["message"], d
PY
