#!/usr/bin/env bash
# scripts/deps-graph.py on small trees made here (a circle found or not, the baseline rule),
# then on this repository: the include graph and the graph with calls must hold no circle
# that scripts/deps-baseline.txt does not list. Last line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 2

tool=scripts/deps-graph.py
tmp=$(mktemp -d)
[ -n "${DEPS_DEBUG:-}" ] && echo "$tmp"
[ -n "${DEPS_DEBUG:-}" ] || trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

ok() { # ok NAME CONDITION-EXIT
	if [ "$2" -eq 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL $1"
	fi
}

# tree NAME FILE=TEXT...: a repository holding src/ files
tree() {
	local d=$tmp/$1 kv
	shift
	mkdir -p "$d/src"
	for kv in "$@"; do
		mkdir -p "$(dirname "$d/src/${kv%%=*}")"
		printf '%b' "${kv#*=}" >"$d/src/${kv%%=*}"
	done
	echo "$d"
}

# a.c and b.c include each other's headers: one circle {a, b}; c includes a, not in it
d=$(tree circle 'a.h=int a(void);\n' 'a.c=#include "a.h"\n#include "b.h"\n' \
	'b.h=int b(void);\n' 'b.c=#include "b.h"\n#include "a.h"\n' 'c.c=#include "a.h"\n')
out=$(python3 $tool --root "$d" --quiet)
ok "a circle of two is found" $([[ $out == *"circles 1 (2 modules in them)"* && $out == *"2 modules: a b"* ]]; echo $?)
python3 $tool --root "$d" --check --baseline /dev/null >"$tmp/o" 2>&1
ok "a circle not in the baseline fails the check" $([ $? -eq 1 ] && grep -q "NEW circle" "$tmp/o" && grep -q "^1 passed, 1 failed" "$tmp/o"; echo $?)
printf '# known\na b\n' >"$tmp/base"
python3 $tool --root "$d" --check --baseline "$tmp/base" >"$tmp/o" 2>&1
ok "a circle in the baseline passes" $([ $? -eq 0 ] && grep -q "^2 passed, 0 failed" "$tmp/o"; echo $?)
printf 'a b c\n' >"$tmp/base"
python3 $tool --root "$d" --check --baseline "$tmp/base" >/dev/null 2>&1
ok "a circle that shrank passes" $?
printf 'a c\n' >"$tmp/base"
python3 $tool --root "$d" --check --baseline "$tmp/base" >/dev/null 2>&1
ok "a circle that took in a module fails" $([ $? -eq 1 ]; echo $?)

# a .c and its .h are one module; an include in a comment is none; folders are listed
d=$(tree nocircle 'x/p.h=#include "q.h"\n' 'x/p.c=#include "p.h"\n' 'x/q.h=/* #include "p.h" */\n' \
	'y/r.c=#include "x/p.h"\n')
out=$(python3 $tool --root "$d")
ok "no circle through a module's own header or a comment" $([[ $out == *"circles 0 (0 modules"* && $out == *"circles: none"* ]]; echo $?)
ok "modules by folder and includes between folders" $([[ $out == *"x/ (2): p q"* && $out == *"y/ -> x/: 1"* ]]; echo $?)

# calls through one shared header: no include circle, one call circle
d=$(tree calls 'h.h=int f(void);\nint g(void);\n' 'f.c=#include "h.h"\nint f(void)\n{\n\treturn g();\n}\n' \
	'g.c=#include "h.h"\nint g(void)\n{\n\treturn f() + 1; /* sm_nothing() */\n}\n')
sed -i 's/\bf\b/sm_f/g; s/\bg\b/sm_g/g' "$d"/src/*.c "$d"/src/h.h
out=$(python3 $tool --root "$d" --calls --quiet)
ok "calls through one header close a circle only with --calls" $([[ $out == *"circles 0 (0"* && $out == *"with the calls between files: "*"circles 1 (2 modules"* ]]; echo $?)

# an include that leads nowhere fails the check
d=$(tree dangling 'a.c=#include "missing.h"\n')
python3 $tool --root "$d" --check --baseline /dev/null >"$tmp/o" 2>&1
ok "an include of no file fails the check" $([ $? -eq 1 ] && grep -q 'unresolved: src/a.c includes "missing.h"' "$tmp/o"; echo $?)

# the layers: a lower folder including a higher one breaks the rule, the other way is fine
d=$(tree layers 'lib/core/a.h=#include "../plan/b.h"\n' 'lib/plan/b.h=int b(void);\n' \
	'lib/plan/c.c=#include "../core/a.h"\n')
python3 $tool --root "$d" --check --baseline /dev/null >"$tmp/o" 2>&1
ok "an include up a layer fails the check" $([ $? -eq 1 ] && grep -q "NEW layer breach: lib/core/a -> lib/plan/b (up a layer" "$tmp/o" && ! grep -q "breach: lib/plan/c" "$tmp/o"; echo $?)
printf 'layer: lib/core/a -> lib/plan/b\n' >"$tmp/base"
python3 $tool --root "$d" --check --baseline "$tmp/base" >/dev/null 2>&1
ok "a breach in the baseline passes" $?
# a private header of another folder; a client past seam.h; a client calling seam_* is fine
d=$(tree private 'lib/tree/t_impl.h=int t;\n' 'lib/loop/l.c=#include "../tree/t_impl.h"\n' \
	'lib/plan/p.h=int sm_p(void);\nint seam_q(void);\n' \
	'lib/plan/p.c=#include "p.h"\nint sm_p(void)\n{\n\treturn 0;\n}\nint seam_q(void)\n{\n\treturn 1;\n}\n' \
	'cli/m.c=int f(void)\n{\n\treturn seam_q();\n}\n' 'cli/n.c=#include "../lib/plan/p.h"\n')
python3 $tool --root "$d" --calls --check --baseline /dev/null >"$tmp/o" 2>&1
ok "private headers and the clients' rule are checked" $([ $? -eq 1 ] && grep -q "lib/loop/l -> lib/tree/t_impl (private header" "$tmp/o" && grep -q "cli/n -> lib/plan/p (cli/ uses seam.h alone)" "$tmp/o" && ! grep -q "breach: cli/m" "$tmp/o"; echo $?)
# scripts/check-errors.py: a bare -1 in src/lib fails, a comment or an allowance does not
d=$(tree errs 'lib/a.c=int f(void)\n{\n\treturn -1;\n}\n' 'lib/b.c=/* -1 when out of memory */\nint g(int rc)\n{\n\treturn rc ? SEAM_ENOMEM : 0;\n}\n')
python3 scripts/check-errors.py --root "$d" --allow /dev/null >"$tmp/o" 2>&1
ok "check-errors: a bare return -1 fails" $([ $? -eq 1 ] && grep -q 'src/lib/a.c:3: bare -1' "$tmp/o" && ! grep -q 'b.c' "$tmp/o"; echo $?)
d=$(tree errs2 'lib/a.c=int f(int x)\n{\n\tint rc = -1;\n\treturn x ? rc : 0;\n}\n')
python3 scripts/check-errors.py --root "$d" --allow /dev/null >"$tmp/o" 2>&1
ok "check-errors: a failure default rc = -1 fails" $([ $? -eq 1 ] && grep -q 'src/lib/a.c:3: bare -1' "$tmp/o"; echo $?)
d=$(tree errs3 'lib/a.c=int f(void)\n{\n\treturn -1;\n}\n')
printf 'src/lib/a.c 1 a contract\n' >"$tmp/allow"
python3 scripts/check-errors.py --root "$d" --allow "$tmp/allow" >"$tmp/o" 2>&1
ok "check-errors: an allowance lets its count pass" $?
printf 'return -1;\n' >>"$d/src/lib/a.c"
python3 scripts/check-errors.py --root "$d" --allow "$tmp/allow" >"$tmp/o" 2>&1
ok "check-errors: one more than allowed fails" $([ $? -eq 1 ]; echo $?)
python3 scripts/check-errors.py >"$tmp/o" 2>&1
rc=$?
tail -1 "$tmp/o"
ok "src/lib returns SEAM_E* codes, no bare -1 beyond scripts/errors-allow.txt" $rc

# strerror() may hand out a buffer shared by every thread: the library uses sm_errno_text
n=$(grep -rh --include='*.c' --include='*.h' -E '(^|[^_a-z])strerror[[:space:]]*\(' src/lib src/util |
	grep -vE '^[[:space:]]*(/?\*|//)' | grep -vc 'strerror_r')
ok "no strerror() in the library (util/errno_text.h)" $([ "$n" -eq 0 ]; echo $?)

# this repository
python3 $tool --check --quiet >"$tmp/o" 2>&1
rc=$?
cat "$tmp/o"
ok "the include graph has no circle beyond the baseline" $rc
python3 $tool --calls --check --quiet >"$tmp/o" 2>&1
rc=$?
cat "$tmp/o"
ok "the graph with calls has no circle beyond the baseline" $rc

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
