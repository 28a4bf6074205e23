# An edit that breaks a Python file that parsed: exit 1, the file is untouched, the report and
# --json name the status "syntax" and the broken line; --syntax=warn applies it with a warning;
# --syntax=off applies it silently; a Ruby file (no grammar) is applied whatever it becomes.
set -u
cat >calc.py <<'PY'
def add(a, b):
    return a + b


def mul(a, b):
    return a * b
PY
cp calc.py ../orig.py

cat >reply.md <<'MD'
calc.py
```python
<<<<<<< SEARCH
def mul(a, b):
    return a * b
=======
def mul(a, b:
    return a * b
>>>>>>> REPLACE
```
MD

fail() { echo "$*" >&2; cat ../out.txt >&2; exit 1; }

"$SEAM" apply reply.md >../out.txt 2>&1
[ $? -eq 1 ] || fail "a syntax refusal must exit 1"
cmp -s calc.py ../orig.py || fail "calc.py changed although the edit was refused"
grep -q '^calc.py: update, syntax$' ../out.txt || fail "no 'syntax' status in the report"
grep -q '5 | def mul(a, b:$' ../out.txt || fail "the broken line is not quoted"

"$SEAM" apply --json reply.md >../out.txt 2>&1
[ $? -eq 1 ] || fail "--json: a syntax refusal must exit 1"
grep -q '"status": "syntax"' ../out.txt || fail "--json does not carry the syntax status"

"$SEAM" apply --feedback reply.md >../out.txt 2>&1
grep -q 'breaks the syntax of calc.py' ../out.txt || fail "--feedback does not explain the refusal"

"$SEAM" apply --syntax=warn reply.md >../out.txt 2>&1
[ $? -eq 0 ] || fail "--syntax=warn must apply"
grep -q 'warning: calc.py parsed as Python' ../out.txt || fail "--syntax=warn does not warn"
grep -q '^def mul(a, b:$' calc.py || fail "--syntax=warn did not write the edit"

cp ../orig.py calc.py
"$SEAM" apply --syntax=off reply.md >../out.txt 2>&1
[ $? -eq 0 ] || fail "--syntax=off must apply"
grep -q 'warning' ../out.txt && fail "--syntax=off must not warn"
grep -q '^def mul(a, b:$' calc.py || fail "--syntax=off did not write the edit"

"$SEAM" apply --syntax=maybe reply.md >../out.txt 2>&1
[ $? -eq 2 ] || fail "an unknown --syntax mode is a usage error"

cat >calc.rb <<'RB'
def mul(a, b)
  a * b
end
RB
cat >reply.md <<'MD'
calc.rb
```ruby
<<<<<<< SEARCH
  a * b
=======
  a * (b
>>>>>>> REPLACE
```
MD
"$SEAM" apply reply.md >../out.txt 2>&1
[ $? -eq 0 ] || fail "a file with no grammar must be applied as before"
grep -q '^  a \* (b$' calc.rb || fail "calc.rb was not changed"
exit 0
