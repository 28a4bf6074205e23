# Below the similarity floor: an error on stderr, nothing on stdout, exit 1. A missing FILE or
# no FILE at all: exit 2.
set -u
printf 'import os\n\n\ndef main():\n    print(os.getcwd())\n' >a.py
printf 'class Cache:\n    def __init__(self):\n        self.items = {}\n' | "$SEAM" locate a.py >out.txt 2>err.txt
rc=$?
[ $rc -eq 1 ] || { echo "exit $rc, want 1" >&2; exit 10; }
[ ! -s out.txt ] || { echo "stdout not empty" >&2; cat out.txt >&2; exit 11; }
grep -q 'seam: ' err.txt || exit 12

printf 'x\n' | "$SEAM" locate --json a.py >out.json
python3 -c 'import json,sys; d=json.load(open("out.json")); assert d["status"]=="no-match" and not d["ok"], d' || exit 13

printf 'x\n' | "$SEAM" locate no-such.py 2>/dev/null
[ $? -eq 2 ] || exit 14
printf 'x\n' | "$SEAM" locate 2>/dev/null
[ $? -eq 2 ] || exit 15
"$SEAM" locate --format udiff a.py </dev/null 2>/dev/null
[ $? -eq 2 ] || exit 16
