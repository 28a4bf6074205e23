#!/usr/bin/env bash
# The tests of `seam bench`: task discovery on the Python standard library of this machine,
# and run / report / rescore / resume against the scripted server of tests/ask (loopback, no
# network), with model answers of our own making; and the scripts of `make bench` at tiny sizes
# (tests/bench/scripts.bash).
#
#     tests/bench/run.sh [SEAM_BINARY]
#
# Prints one line per failing test, then "N passed, N failed". Exit 0 when none failed.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/build/seam}
case "$bin" in /*) ;; *) bin=$(pwd)/$bin ;; esac
work=$(mktemp -d "${TMPDIR:-/tmp}/seam-bench-XXXXXX")
server_pid=
stop_server() {
	if [ -n "$server_pid" ]; then
		kill "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
		server_pid=
	fi
}
trap 'stop_server; rm -rf "$work"' EXIT
passed=0
failed=0

start_server() { # start_server SCENARIO.json
	stop_server
	rm -f port
	: >server.log
	python3 "$root/tests/ask/server.py" "$1" server.log port &
	server_pid=$!
	for _ in $(seq 1 100); do
		[ -s port ] && break
		sleep 0.05
	done
	export SEAM_BASE_URL="http://127.0.0.1:$(cat port)/v1" SEAM_MODEL=scripted-model
}

t() { # t NAME FUNCTION
	local dir="$work/$1"
	mkdir -p "$dir"
	# Not in an `if`: there bash ignores set -e, and only the last command would count. The
	# subshell stops the server it started, however the test ends.
	(trap stop_server EXIT && cd "$dir" && set -e && "$2") >"$dir/log" 2>&1
	if [ $? = 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL $1"
		sed 's/^/    /' "$dir/log" | tail -20
	fi
}

# py EXPR: a Python assertion over run.jsonl (lines: the run's lines by task index)
# fails COMMAND...: the command must fail (set -e ignores a `! command`)
fails() {
	if "$@"; then
		echo "did not fail: $*"
		return 1
	fi
}

py() {
	python3 - "$1" <<'PY'
import json, sys
lines = {}
for l in open("run.jsonl"):
    if l.strip():
        d = json.loads(l)
        lines[d["task"]] = d
if not eval(sys.argv[1]):
    print("not true:", sys.argv[1])
    for k in sorted(lines):
        d = dict(lines[k]); d.pop("spec", None)
        print(json.dumps(d)[:600])
    sys.exit(1)
PY
}

write_src() {
	mkdir -p src
	cat >src/a.py <<'PY'
import math


class Shapes:
    def __init__(self, items):
        self.items = list(items)
        self.count = len(self.items)

    def total(self):
        result = 0.0
        for kind, size in self.items:
            result += self.area(kind, size)
        return result

    def area(self, kind, size):
        if kind == "square":
            return size * size
        if kind == "circle":
            return math.pi * size * size
        if kind == "triangle":
            return math.sqrt(3) / 4 * size * size
        if kind == "hexagon":
            return 3 * math.sqrt(3) / 2 * size * size
        raise ValueError("unknown shape: " + kind)

    def largest(self):
        best = None
        best_area = -1.0
        for kind, size in self.items:
            a = self.area(kind, size)
            if a > best_area:
                best, best_area = (kind, size), a
        return best
PY
	cp src/a.py src/b.py
	cp src/a.py src/c.py
}

# The answers: prose and a fence around the whole new file, as models write them.
good() { # good FILE
	cat <<EOF2
The method \`area\` never touches \`self\`, so it can live at module level. Here is $1 with the
method moved out and its two calls updated:

$1
\`\`\`python
import math


class Shapes:
    def __init__(self, items):
        self.items = list(items)
        self.count = len(self.items)

    def total(self):
        result = 0.0
        for kind, size in self.items:
            result += area(kind, size)
        return result

    def largest(self):
        best = None
        best_area = -1.0
        for kind, size in self.items:
            a = area(kind, size)
            if a > best_area:
                best, best_area = (kind, size), a
        return best


def area(kind, size):
    if kind == "square":
        return size * size
    if kind == "circle":
        return math.pi * size * size
    if kind == "triangle":
        return math.sqrt(3) / 4 * size * size
    if kind == "hexagon":
        return 3 * math.sqrt(3) / 2 * size * size
    raise ValueError("unknown shape: " + kind)
\`\`\`

Both call sites now use the module-level function.
EOF2
}

lazy() {
	cat <<EOF2
Sure! I moved \`area\` out of the class:

$1
\`\`\`python
import math


class Shapes:
    def __init__(self, items):
        self.items = list(items)
        self.count = len(self.items)

    # ... rest of the methods unchanged ...


def area(kind, size):
    # ... same body as before ...
    raise ValueError("unknown shape: " + kind)
\`\`\`
EOF2
}

broken() {
	good "$1" | sed 's/^def area(kind, size):$/def area(kind, size:/'
}

scenario() { # scenario OUT ANSWER-FILE...
	python3 - "$@" <<'PY'
import json, sys
json.dump({"responses": [{"text": open(f).read(), "piece": 40} for f in sys.argv[2:]]},
          open(sys.argv[1], "w"))
PY
}

test_tasks_stdlib() {
	local lib
	lib=$(ls -d /usr/lib/python3.* 2>/dev/null | head -1)
	[ -n "$lib" ] || { echo "no /usr/lib/python3.*"; return 0; }
	"$bin" bench tasks "$lib" >tasks.jsonl 2>err.txt
	grep -q 'tasks in' err.txt
	LIB="$lib" python3 - <<'PY'
import ast, json, os
tasks = [json.loads(l) for l in open("tasks.jsonl")]
assert len(tasks) >= 10, len(tasks)
for t in tasks:
    assert t["lang"] == "python" and t["method_nodes"] > 100, t
    assert 2 * t["method_nodes"] < t["class_nodes"], t
    assert t["file_lines"] >= 500 and "move the method" in t["instruction"], t
    assert t["root"] == os.environ["LIB"]
# the method is where the task says, a plain def of that class, and never names `self`
for t in tasks[:25]:
    src = open(os.path.join(t["root"], t["file"])).read()
    tree = ast.parse(src)
    cls = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == t["class"]]
    assert cls, t
    m = [n for n in cls[0].body
         if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == t["method"]]
    assert m and m[0].lineno == t["method_lines"][0], t
    assert not m[0].decorator_list
    self_name = m[0].args.args[0].arg
    assert not any(isinstance(n, ast.Name) and n.id == self_name
                   for s in m[0].body for n in ast.walk(s)), t
PY
	# the same files give the same list
	"$bin" bench tasks "$lib" 2>/dev/null | cmp - tasks.jsonl
}

test_tasks_own() {
	write_src
	"$bin" bench tasks --min-lines 1 src >tasks.jsonl
	[ "$(wc -l <tasks.jsonl)" = 3 ]
	grep -q '"file":"a.py","lang":"python"' tasks.jsonl
	grep -q '"class":"Shapes","method":"area"' tasks.jsonl
	"$bin" bench tasks src >default.jsonl # 34 lines: under 500, no task
	[ ! -s default.jsonl ]
}

test_run_report_rescore_resume() {
	write_src
	"$bin" bench tasks --min-lines 1 src >tasks.jsonl
	good a.py >good.txt
	lazy b.py >lazy.txt
	broken c.py >broken.txt
	scenario s.json good.txt lazy.txt broken.txt
	start_server s.json
	"$bin" bench run tasks.jsonl --format whole --out run.jsonl --retries 1 2>err.txt
	cat err.txt
	grep -q '3 of 3 tasks done, 1 passed' err.txt
	py 'lines[0]["passed"] and lines[0]["check"] == "ok" and lines[0]["lazy"] == 0 and lines[0]["rounds"] == 1'
	py 'lines[0]["tokens"] > 0 and "def area(kind, size)" in lines[0]["replies"][0]["text"]'
	py 'not lines[1]["passed"] and lines[1]["lazy"] == 1 and lines[1]["reason"].startswith("edits still failed after 1 replies: lazy")'
	py 'not lines[2]["passed"] and lines[2]["edit_errors"] >= 1 and lines[2]["check"] == "apply"'
	py 'lines[2]["reason"].startswith("edits still failed after 1 replies: syntax") and "def area(kind, size:" in lines[2]["replies"][0]["text"]'
	# the source files were not touched
	cmp src/a.py src/b.py
	stop_server

	"$bin" bench report run.jsonl >report.txt
	cat report.txt
	grep -Eq '^whole +3 +1 +33\.3% +1 ' report.txt
	if command -v gnuplot >/dev/null 2>&1; then
		"$bin" bench report --png chart.png run.jsonl >/dev/null
		[ "$(head -c 4 chart.png | od -An -c | tr -d ' ')" = '211PNG' ]
	fi
	"$bin" bench rescore run.jsonl >rescore.txt
	cat rescore.txt
	grep -Eq '^whole +3 +1 +33\.3% +1 ' rescore.txt
	grep -q '^0 verdicts changed' rescore.txt

	# resume: everything done, nothing asked
	scenario none.json
	start_server none.json
	"$bin" bench run tasks.jsonl --format whole --out run.jsonl 2>err.txt
	grep -q 'resuming: 3 of 3' err.txt
	[ ! -s server.log ]
	# a stopped run: the last task is missing, only it is asked
	head -2 run.jsonl >part.jsonl && mv part.jsonl run.jsonl
	good c.py >good_c.txt
	scenario one.json good_c.txt
	start_server one.json
	"$bin" bench run tasks.jsonl --format whole --out run.jsonl 2>err.txt
	grep -q 'resuming: 2 of 3' err.txt
	[ "$(wc -l <server.log)" = 1 ]
	py 'len(lines) == 3 and lines[2]["passed"]'
	# another format in the same file is refused
	fails "$bin" bench run tasks.jsonl --format udiff --out run.jsonl 2>err.txt
	grep -q 'holds a run with --format whole' err.txt
}

test_parallel() {
	write_src
	"$bin" bench tasks --min-lines 1 src >tasks.jsonl
	good a.py >g.txt # the file name in the answer is resolved to the task's file
	scenario s.json g.txt g.txt g.txt
	start_server s.json
	"$bin" bench run tasks.jsonl --format whole --out run.jsonl -j 3 2>err.txt
	grep -q '3 of 3 tasks done' err.txt
	py 'len(lines) == 3'
	[ "$(wc -l <server.log)" = 3 ]
}

# Real files: the correct refactor of real tasks (tests/bench/refactor.py, a scripted model)
# passes every check.
test_real_refactors() {
	local lib
	lib=$(ls -d /usr/lib/python3.* 2>/dev/null | head -1)
	[ -n "$lib" ] || { echo "no /usr/lib/python3.*"; return 0; }
	"$bin" bench tasks "$lib" >tasks.jsonl 2>/dev/null
	python3 "$here/refactor.py" tasks.jsonl s.json 6
	[ "$(wc -l <tasks.jsonl.kept)" -ge 3 ]
	start_server s.json
	"$bin" bench run tasks.jsonl.kept --format whole --out run.jsonl 2>err.txt
	py 'len(lines) >= 3 and all(l["passed"] and l["rounds"] == 1 and l["lazy"] == 0 for l in lines.values())'
}

test_hostile() {
	printf '{"task": 1\nnot json\n' >bad.jsonl
	fails "$bin" bench report bad.jsonl 2>err.txt
	grep -q 'bad.jsonl:1: not a JSON object' err.txt
	fails "$bin" bench run bad.jsonl --format nope --out x.jsonl 2>err.txt
	fails "$bin" bench run --format whole 2>/dev/null
	fails "$bin" bench frobnicate 2>/dev/null
	printf '{"task":0,"format":"whole","passed":true,"spec":{"file":"../../etc/passwd"},"replies":[]}\n' >odd.jsonl
	"$bin" bench rescore odd.jsonl >out.txt 2>&1 || true
	grep -q 'whole' out.txt
}

command -v python3 >/dev/null 2>&1 || { echo "run.sh: python3 is missing"; echo "0 passed, 1 failed"; exit 1; }
t tasks-stdlib test_tasks_stdlib
t tasks-own test_tasks_own
t run-report-rescore-resume test_run_report_rescore_resume
t parallel test_parallel
t real-refactors test_real_refactors
t hostile test_hostile
# shellcheck source=scripts.bash
. "$here/scripts.bash"
t bench-gen-formats test_gen_formats
t bench-gen-peers test_gen_peers
t bench-gen-order test_gen_order
t bench-curves-smoke test_curves_smoke
t bench-curves-catch test_curves_catch
t bench-gen-placeholder test_gen_placeholder
t bench-curves-memory test_curves_memory
t oracle-elsewhere test_oracle_elsewhere
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
