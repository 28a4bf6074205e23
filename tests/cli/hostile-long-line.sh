# A 10 MB single line, in the file and in the reply: replaced when the SEARCH quotes it, written
# when the REPLACE holds it, refused clearly when a short SEARCH is missing from a file made of
# it; each within bounded time and memory. Exit 0 when all of that holds.
. "$SEAM_TESTDIR/hostile.bash"

mkdir root
sentinel_make
n=$((10000000 / SIZE_DIV))
python3 - "$n" <<'PY'
import random, sys
n = int(sys.argv[1])
random.seed(5)
line = "".join(random.choice("abcdefghij ") for _ in range(n))
open("root/long.txt", "w").write("head\n" + line + "\ntail\n")
open("line.txt", "w").write(line)
# the SEARCH quotes the whole long line
open("whole.md", "w").write("long.txt\n```\n<<<<<<< SEARCH\n" + line + "\n=======\nshort\n>>>>>>> REPLACE\n```\n")
# a short SEARCH that is nowhere in the file
open("missing.md", "w").write("long.txt\n```\n<<<<<<< SEARCH\nthis line is not in the file at all\n=======\nx\n>>>>>>> REPLACE\n```\n")
# a small file gets a 10 MB line
open("root/small.py", "w").write("a = 1\nb = 2\n")
open("grow.md", "w").write("small.py\n```\n<<<<<<< SEARCH\nb = 2\n=======\nb = '" + line + "'\n>>>>>>> REPLACE\n```\n")
# a reply that is one long line of prose
open("prose.md", "w").write(line)
PY

bounded missing 300000 20 "$SEAM" apply -C root missing.md
want_rc missing "$RC" 1
grep -q 'no-match' missing.out || fail "missing: not reported as no-match"
want_fast missing 5000

bounded prose 300000 20 "$SEAM" apply -C root prose.md
want_rc prose "$RC" 1
want_fast prose 5000

bounded grow 300000 20 "$SEAM" apply -C root grow.md
want_rc grow "$RC" 0
{ printf "a = 1\nb = '"; cat line.txt; printf "'\n"; } >want-small.py
cmp -s root/small.py want-small.py || fail "grow: small.py is not the expected result"
want_fast grow 5000

bounded whole 300000 20 "$SEAM" apply -C root whole.md
want_rc whole "$RC" 0
printf 'head\nshort\ntail\n' >want-long.txt
cmp -s root/long.txt want-long.txt || fail "whole: long.txt is not the expected result"
want_fast whole 5000

no_leftovers root
sentinel_check
