#!/usr/bin/env bash
# The tests of `seam ask` against a scripted OpenAI-compatible server on loopback
# (tests/ask/server.py; python3's standard library, 127.0.0.1, an ephemeral port). No test
# needs the network.
#
#     tests/ask/run.sh [SEAM_BINARY] [FILTER]
#
# Prints one line per failing test, then "N passed, N failed". Exit 0 when none failed.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/build/seam}
filter=${2:-}
case "$bin" in /*) ;; *) bin=$(pwd)/$bin ;; esac
if ! command -v python3 >/dev/null 2>&1; then
	echo "run.sh: python3 is missing (scripts/deps.sh installs it)" >&2
	echo "0 passed, 1 failed"
	exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/seam-ask-XXXXXX")
server_pid=
stop_server() {
	if [ -n "$server_pid" ]; then
		kill "$server_pid" 2>/dev/null
		wait "$server_pid" 2>/dev/null
		server_pid=
	fi
}
trap 'stop_server; rm -rf "$work"' EXIT

passed=0
failed=0
SECRET=sk-test-0123456789abcdef

# start_server SCENARIO.json: runs the server in the current directory (log: server.log)
start_server() {
	rm -f port server.log
	: >server.log
	python3 "$here/server.py" "$1" server.log port &
	server_pid=$!
	for _ in $(seq 1 100); do
		[ -s port ] && break
		sleep 0.05
	done
	[ -s port ] || { echo "the server did not start" >&2; return 1; }
	export SEAM_BASE_URL="http://127.0.0.1:$(cat port)/v1"
	export SEAM_MODEL=scripted-model
	export SEAM_API_KEY=$SECRET
}

# scenario OUT PYTHON-EXPRESSION: writes the scenario; the expression may call r(NAME) to read
# the file NAME of the test's directory
scenario() {
	python3 - "$1" "$2" <<'PY'
import json, sys
def r(name):
    return open(name).read()
json.dump(eval(sys.argv[2]), open(sys.argv[1], "w"))
PY
}

# q PYTHON-EXPRESSION: evaluates it with `log` (the server's requests) and `out`, `err`
q() {
	python3 - "$1" <<'PY'
import json, sys
log = sorted((json.loads(l) for l in open("server.log") if l.strip()), key=lambda e: e["n"])
out = open("out.txt").read()
err = open("err.txt").read()
def last_user(i):
    m = [x for x in log[i]["body"]["messages"] if x["role"] == "user"]
    return m[-1]["content"]
v = eval(sys.argv[1])
sys.exit(0 if v else 1)
PY
}

check() { # check DESCRIPTION COMMAND...
	local what=$1
	shift
	if ! "$@"; then
		echo "  not true: $what" >&2
		return 1
	fi
}

secret_kept() {
	! grep -q "$SECRET" out.txt err.txt
}

write_app() {
	cat >app.py <<'PY'
import sys


def parse(argv):
    if len(argv) < 2:
        return None
    return argv[1]


def greet(name):
    print("hello " + name)
    print("bye")


def main():
    name = parse(sys.argv)
    greet(name or "world")
PY
	cp app.py app.orig
}

# Realistic answers: prose, a thinking section, fences.
write_replies() {
	cat >good_parse.txt <<'TXT'
<think>
The user wants the name stripped. parse() returns argv[1] as is; I will strip it there.
</think>

The name comes in with surrounding whitespace sometimes, so `parse` should strip it:

app.py
```python
<<<<<<< SEARCH
def parse(argv):
    if len(argv) < 2:
        return None
    return argv[1]
=======
def parse(argv):
    if len(argv) < 2:
        return None
    return argv[1].strip()
>>>>>>> REPLACE
```
TXT
	cat >bad_greet.txt <<'TXT'
And `greet` should use an f-string:

app.py
```python
<<<<<<< SEARCH
def greet(person):
    print("good day " + person)
    sys.stdout.flush()
=======
def greet(name):
    print(f"hello {name}")
    print("bye")
>>>>>>> REPLACE
```

Both changes keep the behaviour otherwise. Let me know if you also want the goodbye changed,
or a docstring on each function, or type hints; I can also add a small test module that runs
main() with a few argument lists and checks what is printed, which would make this safer to
change later on. The parse function could also reject empty names, and greet could take the
greeting as a parameter with a default, so that other callers can reuse it.
TXT
	cat >fix_greet.txt <<'TXT'
You are right, I misremembered greet. Here it is copied from the file:

app.py
```python
<<<<<<< SEARCH
def greet(name):
    print("hello " + name)
    print("bye")
=======
def greet(name):
    print(f"hello {name}")
    print("bye")
>>>>>>> REPLACE
```
TXT
	cat >lazy.txt <<'TXT'
Here is the updated function:

app.py
```python
<<<<<<< SEARCH
def parse(argv):
    if len(argv) < 2:
        return None
    return argv[1]


def greet(name):
    print("hello " + name)
    print("bye")
=======
def parse(argv):
    # ... existing code ...
    return argv[1].strip()


def greet(name):
    # ... rest of the function unchanged ...
    print(f"hello {name}")
>>>>>>> REPLACE
```
TXT
	cat good_parse.txt fix_greet.txt >good_both.txt
	cat good_parse.txt bad_greet.txt >half.txt
	# the failed edit first, then a long tail the model would still be writing
	cat bad_greet.txt good_parse.txt >bad_first.txt
	cat >want.py <<'PY'
import sys


def parse(argv):
    if len(argv) < 2:
        return None
    return argv[1].strip()


def greet(name):
    print(f"hello {name}")
    print("bye")


def main():
    name = parse(sys.argv)
    greet(name or "world")
PY
}

unchanged() { cmp -s app.py app.orig; }
applied() { cmp -s app.py want.py; }
ask() { "$bin" ask "$@" >out.txt 2>err.txt; }

# ---- the tests -------------------------------------------------------------------------------

t_applies() {
	scenario s.json '{"key": "'$SECRET'", "responses": [{"text": r("good_both.txt"), "thinking": "Let me look at parse and greet."}]}'
	start_server s.json || return 1
	ask "Strip the name and use an f-string" app.py
	check "exit 0" [ $? -eq 0 ] &&
		check "applied" applied &&
		check "one request" q 'len(log) == 1' &&
		check "streamed, with the model" q 'log[0]["body"]["stream"] is True and log[0]["body"]["model"] == "scripted-model"' &&
		check "system prompt first" q 'log[0]["body"]["messages"][0]["role"] == "system" and "SEARCH" in log[0]["body"]["messages"][0]["content"]' &&
		check "the file and the instruction sent" q '"def greet(name):" in last_user(0) and "Strip the name" in last_user(0)' &&
		check "diff printed" grep -q '^+    return argv\[1\].strip()' out.txt &&
		check "rounds" grep -q '^rounds: 1$' out.txt &&
		check "tokens" grep -q '^tokens: 100 prompt' out.txt &&
		check "why it stopped" grep -q '^stopped: every edit applied; 1 file written' out.txt &&
		check "key sent" q 'log[0]["auth"]' &&
		check "key never printed" secret_kept
}

t_fail_then_corrected() {
	scenario s.json '{"responses": [{"text": r("half.txt")}, {"text": r("fix_greet.txt")}]}'
	start_server s.json || return 1
	ask "Strip the name and use an f-string" app.py
	check "exit 0" [ $? -eq 0 ] &&
		check "applied" applied &&
		check "two requests" q 'len(log) == 2' &&
		check "second request carries the first answer" q 'log[1]["body"]["messages"][-2]["role"] == "assistant" and "def greet(person)" in log[1]["body"]["messages"][-2]["content"]' &&
		check "second request carries the error text" q '"no-match" in last_user(1) and "def greet(person)" in last_user(1)' &&
		check "asks only for the failed edit" q '"Send only the failed edits" in last_user(1) and "strip()" not in last_user(1).split("The edits that applied are kept")[0]' &&
		check "shows the file as it is now" q '"return argv[1].strip()" in last_user(1)' &&
		check "two rounds" grep -q '^rounds: 2$' out.txt
}

t_cut_early() {
	scenario s.json '{"responses": [{"text": r("bad_first.txt"), "piece": 8, "delay": 0.02}, {"text": r("good_both.txt")}]}'
	start_server s.json || return 1
	ask "Strip the name and use an f-string" app.py
	check "exit 0" [ $? -eq 0 ] &&
		check "applied" applied &&
		check "the generation was cut" q 'log[0]["disconnected"] and log[0]["sent"] < log[0]["total"]' &&
		check "said so" grep -q 'generations stopped at a failed edit: 1' out.txt &&
		check "the retry says it was stopped" q '"Your reply was stopped there" in last_user(1)'
}

t_lazy() {
	scenario s.json '{"responses": [{"text": r("lazy.txt")}, {"text": r("good_both.txt")}]}'
	start_server s.json || return 1
	ask "Strip the name and use an f-string" app.py
	check "exit 0" [ $? -eq 0 ] &&
		check "applied" applied &&
		check "the retry names the placeholder" q '"lazy" in last_user(1) or "placeholder" in last_user(1)'
}

t_gives_up() {
	scenario s.json '{"responses": [{"text": r("half.txt")}, {"text": r("bad_greet.txt")}]}'
	start_server s.json || return 1
	ask --retries 2 "Strip the name and use an f-string" app.py
	check "exit 1" [ $? -eq 1 ] &&
		check "nothing written" unchanged &&
		check "gave up" grep -q '^stopped: gave up' out.txt &&
		check "two requests" q 'len(log) == 2'
}

# The last answer allowed holds no edit at all (prose only): the loop gives up as after any
# failed last round (exit 1), it is no error (exit 2).
t_gives_up_on_prose() {
	printf 'I looked at greet again, but I am not sure what to change there.\n' >prose.txt
	scenario s.json '{"responses": [{"text": r("half.txt")}, {"text": r("prose.txt")}]}'
	start_server s.json || return 1
	ask --retries 2 "Strip the name and use an f-string" app.py
	check "exit 1" [ $? -eq 1 ] &&
		check "nothing written" unchanged &&
		check "gave up" grep -q '^stopped: gave up' out.txt &&
		check "two requests" q 'len(log) == 2'
}

t_unauthorized() {
	scenario s.json '{"key": "the-right-key", "responses": [{"text": r("good_both.txt")}]}'
	start_server s.json || return 1
	ask "x" app.py
	check "exit 2" [ $? -eq 2 ] &&
		check "nothing written" unchanged &&
		check "says 401" grep -q 'HTTP 401' err.txt &&
		check "key never printed" secret_kept &&
		check "not retried" q 'len(log) == 1'
}

# libcurl is loaded when ask needs it, not linked (src/cli/ask/curl_dl.h): seam maps none of it
# otherwise, and a libcurl.so.4 without curl's functions is an error, said, not a crash
t_libcurl_loaded_on_use() {
	check "seam does not link libcurl" sh -c "! ldd '$bin' | grep -q libcurl" || return 1
	mkdir fake || return 1
	echo 'int seam_not_curl;' >fake/f.c
	cc -shared -fPIC -o fake/libcurl.so.4 fake/f.c || return 1
	LD_LIBRARY_PATH=$PWD/fake ask "x" app.py
	check "exit 2" [ $? -eq 2 ] &&
		check "nothing written" unchanged &&
		check "says why" grep -q 'cannot start libcurl: libcurl.so.4 has no curl_global_init' err.txt
}

t_rate_limited() {
	scenario s.json '{"responses": [{"status": 429, "headers": {"Retry-After": "1"}, "body": "{\"error\": {\"message\": \"Rate limit reached\"}}"}, {"text": r("good_both.txt")}]}'
	start_server s.json || return 1
	ask "x" app.py
	check "exit 0" [ $? -eq 0 ] &&
		check "applied" applied &&
		check "waited as Retry-After said" q 'len(log) == 2 and log[1]["t"] - log[0]["t"] >= 0.95' &&
		check "said it waits" grep -q 'HTTP 429, trying again in 1 s' err.txt
}

t_server_error_then_ok() {
	scenario s.json '{"responses": [{"status": 500, "body": "{\"error\": {\"message\": \"overloaded\"}}"}, {"text": r("good_both.txt")}]}'
	start_server s.json || return 1
	ask "x" app.py
	check "exit 0" [ $? -eq 0 ] && check "applied" applied && check "two requests" q 'len(log) == 2'
}

t_server_error_bounded() {
	scenario s.json '{"responses": [{"status": 503, "headers": {"Retry-After": "0"}, "body": "busy"}, {"status": 503, "headers": {"Retry-After": "0"}, "body": "busy"}, {"status": 503, "headers": {"Retry-After": "0"}, "body": "busy"}, {"status": 503, "headers": {"Retry-After": "0"}, "body": "busy"}, {"text": r("good_both.txt")}]}'
	start_server s.json || return 1
	ask "x" app.py
	check "exit 2" [ $? -eq 2 ] && check "nothing written" unchanged &&
		check "says 503" grep -q 'HTTP 503' err.txt && check "bounded" q 'len(log) == 4'
}

t_malformed_sse() {
	scenario s.json '{"responses": [{"raw": "data: {\"choices\": [{\"delta\": {\"content\": \"app.py\\n\"}}]}\n\ndata: {not json at all\n\n"}]}'
	start_server s.json || return 1
	ask "x" app.py
	check "exit 2" [ $? -eq 2 ] && check "nothing written" unchanged &&
		check "says malformed" grep -q 'malformed answer' err.txt
}

t_dropped_stream() {
	scenario s.json '{"responses": [{"text": r("good_both.txt"), "drop_after": 5}]}'
	start_server s.json || return 1
	ask "x" app.py
	check "exit 2" [ $? -eq 2 ] && check "nothing written" unchanged &&
		check "says dropped" grep -q 'ended before the answer was complete' err.txt
}

t_empty_answer() {
	scenario s.json '{"responses": [{"text": ""}]}'
	start_server s.json || return 1
	ask "x" app.py
	check "exit 2" [ $? -eq 2 ] && check "nothing written" unchanged &&
		check "says empty" grep -q "answer was empty" err.txt
}

t_refused() {
	scenario s.json '{"responses": [{"text": "I cannot help with that.", "finish": "content_filter"}]}'
	start_server s.json || return 1
	ask "x" app.py
	check "exit 2" [ $? -eq 2 ] && check "nothing written" unchanged &&
		check "says refused" grep -q "refused" err.txt
}

t_stall() {
	scenario s.json '{"responses": [{"stall": 8}]}'
	start_server s.json || return 1
	local t0=$SECONDS
	ask --timeout 1 "x" app.py
	local rc=$?
	check "exit 2" [ $rc -eq 2 ] && check "nothing written" unchanged &&
		check "says timed out" grep -q "timed out" err.txt &&
		check "within a few seconds" [ $((SECONDS - t0)) -le 5 ]
}

t_json_output() {
	scenario s.json '{"responses": [{"text": r("half.txt")}, {"text": r("fix_greet.txt")}]}'
	start_server s.json || return 1
	ask --json "x" app.py
	check "exit 0" [ $? -eq 0 ] &&
		check "json document" q 'json.loads(out)["status"] == "applied" and json.loads(out)["rounds"] == 2 and json.loads(out)["tokens"]["prompt"] >= 100 and json.loads(out)["cut"] == 1 and "+    print(f\"hello {name}\")" in json.loads(out)["diff"]'
}

t_json_error() {
	scenario s.json '{"key": "the-right-key", "responses": []}'
	start_server s.json || return 1
	ask --json "x" app.py
	check "exit 2" [ $? -eq 2 ] && check "nothing written" unchanged &&
		check "json error document" q 'json.loads(out)["status"] == "error" and "HTTP 401" in json.loads(out)["stopped"]' &&
		check "key never printed" secret_kept
}

t_dry_run() {
	scenario s.json '{"responses": [{"text": r("good_both.txt")}]}'
	start_server s.json || return 1
	ask -n "x" app.py
	check "exit 0" [ $? -eq 0 ] && check "nothing written" unchanged &&
		check "diff printed" grep -q '^+    return argv\[1\].strip()' out.txt &&
		check "says dry run" grep -q 'dry run: nothing written' out.txt
}

t_not_streamed() {
	scenario s.json '{"responses": [{"text": r("good_both.txt"), "json": True}]}'
	start_server s.json || return 1
	ask "x" app.py
	check "exit 0" [ $? -eq 0 ] && check "applied" applied &&
		check "tokens" grep -q '^tokens: 50 prompt, 20 completion' out.txt
}

t_usage_errors() {
	: >server.log
	"$bin" ask --api-key "$SECRET" x app.py >out.txt 2>err.txt
	check "no key on the command line" [ $? -eq 2 ] && check "says why" grep -q 'never taken on the command line' err.txt &&
		{ SEAM_MODEL= OPENAI_MODEL= "$bin" ask x app.py >out.txt 2>err.txt; check "no model" [ $? -eq 2 ]; } &&
		{ "$bin" ask --model m x >out.txt 2>err.txt; check "no file" [ $? -eq 2 ]; } &&
		{ SEAM_BASE_URL=http://127.0.0.1:1/v1 "$bin" ask --model m --timeout 2 x app.py >out.txt 2>err.txt; check "unreachable" [ $? -eq 2 ]; } &&
		check "says cannot reach" grep -q 'cannot reach' err.txt && check "nothing written" unchanged
}

t_snippet_two_steps() {
	cat >quote.txt <<'TXT'
I need to change greet. From memory it is roughly:

app.py
<selected_snippet>
def greet(name):
    ...
    print('bye')
</selected_snippet>
TXT
	cat >pair.txt <<'TXT'
Thanks, here is the change:

app.py
<selected_snippet>
def greet(name):
    print("hello " + name)
    print("bye")
</selected_snippet>
<updated_snippet>
def greet(name):
    print(f"hello {name}")
    print("bye")
</updated_snippet>
TXT
	scenario s.json '{"responses": [{"text": r("quote.txt")}, {"text": r("pair.txt")}]}'
	start_server s.json || return 1
	ask --format snippet "Use an f-string in greet" app.py
	check "exit 0" [ $? -eq 0 ] &&
		check "first request asks for quotes" q '"First step: do not write new code yet" in last_user(0)' &&
		check "second request gives the exact region" q '"Lines 10-12 of app.py:" in last_user(1) and "    print(\"hello \" + name)\n    print(\"bye\")\n" in last_user(1)' &&
		check "greet changed" grep -q 'print(f"hello {name}")' app.py &&
		check "parse kept" grep -q '    return argv\[1\]$' app.py
}

tests=(snippet_two_steps applies fail_then_corrected cut_early lazy gives_up gives_up_on_prose unauthorized rate_limited
	server_error_then_ok server_error_bounded malformed_sse dropped_stream empty_answer refused
	stall json_output json_error dry_run not_streamed usage_errors libcurl_loaded_on_use)
for name in "${tests[@]}"; do
	[ -n "$filter" ] && [[ "$name" != *"$filter"* ]] && continue
	dir=$work/$name
	mkdir -p "$dir"
	(
		cd "$dir" || exit 1
		unset SEAM_BASE_URL SEAM_MODEL SEAM_API_KEY OPENAI_BASE_URL OPENAI_MODEL OPENAI_API_KEY
		export SEAM_MODEL=scripted-model
		write_app
		write_replies
		"t_$name" 2>"$dir/why"
		rc=$?
		[ -n "${SEAM_ASK_VERBOSE:-}" ] && [ -f server.log ] && python3 -c 'import json,sys; [print({k: v for k, v in json.loads(l).items() if k != "body"}) for l in open("server.log")]' >>"$dir/why"
		stop_server
		exit $rc
	)
	if [ $? -eq 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL ask-$name"
		sed 's/^/    /' "$dir/why"
		[ -n "${SEAM_ASK_VERBOSE:-}" ] && sed 's/^/    out: /' "$dir/out.txt" && sed 's/^/    err: /' "$dir/err.txt"
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
