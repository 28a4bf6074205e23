# Agents' formats through the CLI: a Cline <replace_in_file>, a Roo <apply_diff>, an OpenHands
# text call with a /workspace path (--strip-prefix), a SWE-agent edit (--path), each detected
# without --format; `seam detect` names each format. Exit 0 when all apply as meant.
set -u
cat >calc.py <<'PY'
def add(a, b):
    return a + b


def sub(a, b):
    return a - b
PY
cat >cline.md <<'MD'
I'll document add.

<replace_in_file>
<path>calc.py</path>
<diff>
------- SEARCH
def add(a, b):
=======
def add(a, b):
    """Sum of a and b."""
+++++++ REPLACE
</diff>
</replace_in_file>
MD
"$SEAM" apply cline.md >out.txt 2>&1 || { cat out.txt >&2; exit 10; }
grep -q '"""Sum of a and b."""' calc.py || exit 11
"$SEAM" detect cline.md | grep -q '^format: cline$' || exit 12

cat >roo.md <<'MD'
<apply_diff>
<path>calc.py</path>
<diff>
<<<<<<< SEARCH
:start_line:6
-------
 6 | def sub(a, b):
 7 |     return a - b
=======
def sub(a, b):
    return b - a
>>>>>>> REPLACE
</diff>
</apply_diff>
MD
"$SEAM" apply roo.md >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
grep -q 'return b - a' calc.py || exit 21
grep -q ' | ' calc.py && exit 22
"$SEAM" detect roo.md | grep -q '^format: roo$' || exit 23

cat >oh.md <<'MD'
<function=str_replace_editor>
<parameter=command>str_replace</parameter>
<parameter=path>/workspace/calc.py</parameter>
<parameter=old_str>
    return a + b
</parameter>
<parameter=new_str>
    return b + a
</parameter>
</function>
MD
"$SEAM" apply oh.md >out.txt 2>&1 && exit 30 # absolute: refused without --strip-prefix
grep -q 'return a + b' calc.py || exit 31
"$SEAM" apply --strip-prefix /workspace oh.md >out.txt 2>&1 || { cat out.txt >&2; exit 32; }
grep -q 'return b + a' calc.py || exit 33
"$SEAM" detect --strip-prefix /workspace oh.md | grep -q '^calc.py: update' || exit 34

printf 'edit 1:1\ndef plus(a, b):\nend_of_edit\n' >swe.md
"$SEAM" apply swe.md >out.txt 2>&1 && exit 40 # no file named: refused
grep -q 'path' out.txt || exit 41
"$SEAM" apply --path calc.py swe.md >out.txt 2>&1 || { cat out.txt >&2; exit 42; }
head -n 1 calc.py | grep -q '^def plus(a, b):$' || exit 43
"$SEAM" apply --strip-prefix workspace oh.md >out.txt 2>&1
[ $? = 2 ] || exit 44 # a relative prefix is a usage error
exit 0
