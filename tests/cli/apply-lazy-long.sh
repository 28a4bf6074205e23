# A whole file with a placeholder between unchanged lines is expanded however many blank lines
# the file has: the guard's diff of the two sides pairs lines of substance only, and a long
# file's blank lines once counted as differences until the diff gave up and took every line
# for changed (the placeholder then read as next to a change, and refused).
set -u
fail() { echo "FAIL: $*" >&2; [ -f ../out.txt ] && cat ../out.txt >&2; exit 1; }
gen() { # N [changed-function] [placeholder-function]
	i=0
	while [ "$i" -lt "$1" ]; do
		if [ "$i" = "${3:-x}" ]; then
			printf 'def f%d(x):\n    # ... rest of the code unchanged ...\n\n' "$i"
			i=$((i + 1))
			continue
		fi
		printf 'def f%d(x):\n' "$i"
		if [ "$i" = "${2:-x}" ]; then
			printf '    y = x * %d + 1\n' "$i"
		else
			printf '    y = x + %d\n' "$i"
		fi
		printf '    z = y - %d\n    return z\n\n' "$i"
		i=$((i + 1))
	done
}
gen 3000 >m.py
gen 3000 500 >../want.py
# the reply: f500 changed, f2000's body a placeholder
{ printf 'm.py\n```python\n'; gen 3000 500 2000 | sed '$d'; echo '```'; } >../reply.md
sed '$d' ../want.py >../want2.py && mv ../want2.py ../want.py
"$SEAM" apply ../reply.md >../out.txt 2>&1 || fail "exit $?"
grep -q 'expanded-placeholder' ../out.txt || fail "no expansion reported"
cmp -s m.py ../want.py || fail "result differs"
exit 0
