# A one-line SEARCH that occurs 10,000 times: refused as ambiguous at once, in every output
# (text, JSON, feedback), with a message of bounded size that names a few places and the
# count, and nothing written. Then a SEARCH of 301 lines, all but one the same line, against a
# file holding that line 64 times: refused at once too (a repeated line seeds no search).
# Exit 0 when all of that holds.
. "$SEAM_TESTDIR/hostile.bash"

mkdir root
sentinel_make
python3 - <<'PY'
open("root/dup.py", "w").write("    total += compute(item)\n" * 10000)
open("r.md", "w").write("dup.py\n```\n<<<<<<< SEARCH\n    total += compute(item)\n=======\n"
                        "    total += compute(item) * 2\n>>>>>>> REPLACE\n```\n")
PY
before=$(tree_sum root)

bounded text 300000 20 "$SEAM" apply -C root r.md
want_rc text "$RC" 1
grep -q 'fits 10000 places equally well: line 1, line 2, line 3, line 4, \.\.\.' text.out ||
	fail "text: the message does not name the count and a few places"
[ "$(wc -c <text.out)" -lt 2000 ] || fail "text: $(wc -c <text.out) bytes of report"
want_fast text 3000

bounded json 300000 20 "$SEAM" apply -C root --json r.md
want_rc json "$RC" 1
python3 -c 'import json,sys; d=json.load(open("json.out")); assert not d["ok"], d' ||
	fail "json: not a JSON document saying ok = false"
[ "$(wc -c <json.out)" -lt 4000 ] || fail "json: $(wc -c <json.out) bytes"
want_fast json 3000

bounded feedback 300000 20 "$SEAM" apply -C root --feedback r.md
want_rc feedback "$RC" 1
[ "$(wc -c <feedback.out)" -lt 2000 ] || fail "feedback: $(wc -c <feedback.out) bytes"
grep -q '10000 places' feedback.out || fail "feedback: no count"
want_fast feedback 3000

python3 - <<'PY'
line = "    total += compute(item)\n"
open("root/rep.py", "w").write(line * 64 + "    return total\n")
open("rep.md", "w").write("rep.py\n```\n<<<<<<< SEARCH\n" + line * 150 +
                          "    total += compute(itme)\n" + line * 150 + "=======\n" +
                          "    total += 2 * compute(item)\n" * 301 + ">>>>>>> REPLACE\n```\n")
PY
before=$(tree_sum root)
bounded repeated 300000 60 "$SEAM" apply -C root rep.md
want_rc repeated "$RC" 1
want_fast repeated 1000

[ "$(tree_sum root)" = "$before" ] || fail "the root changed"
no_leftovers root
sentinel_check
