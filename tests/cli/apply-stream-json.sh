# seam apply --stream --json reads the reply while it is being written: the event of a failing
# edit is on stdout (one JSON object per line) before the rest of the reply is sent. The reply
# comes through a FIFO in two parts, the second sent only once that event is out. Then the
# summary line, exit 1, and nothing written.
set -u
cat >app.py <<'PY'
def greet(name):
    return "Hello " + name


def farewell(name):
    return "Bye " + name
PY
cp app.py ../orig.py

cat >../part1.md <<'MD'
Two changes.

app.py
```python
<<<<<<< SEARCH
def greet(name):
    return "Hello " + name
=======
def greet(name):
    return f"Hello, {name}!"
>>>>>>> REPLACE
```

app.py
```python
<<<<<<< SEARCH
def leave(person):
    return "Ciao " + person
=======
def leave(person):
    return f"Ciao, {person}!"
>>>>>>> REPLACE
```
MD
cat >../part2.md <<'MD'

app.py
```python
<<<<<<< SEARCH
def farewell(name):
    return "Bye " + name
=======
def farewell(name):
    return f"Bye, {name}!"
>>>>>>> REPLACE
```
MD

mkfifo ../reply.fifo
"$SEAM" apply --stream --json <../reply.fifo >../out.jsonl 2>../err.txt &
seam_pid=$!
{
    cat ../part1.md
    # the failing edit's event must come while the reply is still open
    for _ in $(seq 1 200); do
        grep -q '"status":"no-match"' ../out.jsonl && break
        sleep 0.05
    done
    if ! grep -q '"status":"no-match"' ../out.jsonl; then
        echo "no event for the failing edit before the end of the reply" >&2
        echo timeout >../timeout
    fi
    cat ../part2.md
} >../reply.fifo
wait $seam_pid
rc=$?
[ -e ../timeout ] && exit 30

if [ $rc -ne 1 ]; then
    cat ../err.txt ../out.jsonl >&2
    echo "exit $rc, want 1" >&2
    exit 20
fi
if ! cmp -s app.py ../orig.py; then
    echo "app.py changed although an edit failed" >&2
    exit 21
fi
# shellcheck disable=SC2012 # plain names only
files=$(ls -A | tr '\n' ' ')
if [ "$files" != "app.py " ]; then
    echo "files left in the tree: $files" >&2
    exit 22
fi
# three edit events in reply order, then the summary; every line one JSON object
lines=$(wc -l <../out.jsonl)
if [ "$lines" -ne 4 ]; then
    cat ../out.jsonl >&2
    echo "$lines lines, want 4" >&2
    exit 23
fi
expect() {
    if ! sed -n "$1p" ../out.jsonl | grep -q "$2"; then
        echo "line $1 lacks $2:" >&2
        sed -n "$1p" ../out.jsonl >&2
        exit 24
    fi
}
expect 1 '^{"event":"edit","index":1,"path":"app.py","op":"update","reply_line":5,"status":"located",.*"strategy":"exact","start_line":1,"end_line":2,.*"final":false}$'
expect 2 '^{"event":"edit","index":2,.*"reply_line":16,"status":"no-match",.*"message":"The SEARCH/REPLACE block at reply line 16 for app.py was not found'
expect 2 '"final":false}$'
expect 3 '^{"event":"edit","index":3,.*"status":"located",.*"start_line":5,"end_line":6'
expect 4 '^{"event":"summary","report":{"version":"[^"]*","ok":false,"dry_run":false,"written":false,"files":\[.*"summary":{"files":1,"changed":1,"edits":3,"applied":2,"already_applied":0,"failed":1,"paths_changed":1}}}$'
if command -v python3 >/dev/null; then
    python3 -c 'import json, sys
for line in open(sys.argv[1]):
    json.loads(line)' ../out.jsonl || exit 25
fi
exit 0
