# --diff on a reply that fails prints no diff: `seam apply --diff | git apply` must never apply
# the half of a reply that would have applied. The same reply with the failing block fixed
# prints the diff of both files.
set -u
printf 'a = 1\nb = 2\n' >x.py
printf 'c = 3\n' >y.py
cat >../reply.md <<'MD'
x.py
```
<<<<<<< SEARCH
a = 1
=======
a = 10
>>>>>>> REPLACE
```

y.py
```
<<<<<<< SEARCH
this line is nowhere
=======
c = 30
>>>>>>> REPLACE
```
MD
"$SEAM" apply --diff ../reply.md >../out.txt 2>../err.txt
rc=$?
[ $rc = 1 ] || { echo "exit $rc, want 1" >&2; exit 20; }
if grep -q '^[-+][-+][-+] \|^@@' ../out.txt; then
    echo "a failed run printed a diff:" >&2
    cat ../out.txt >&2
    exit 21
fi
"$SEAM" apply --dry-run --diff ../reply.md >../out.txt 2>&1
grep -q '^@@' ../out.txt && { echo "a failed dry run printed a diff" >&2; exit 22; }
sed -i 's/this line is nowhere/c = 3/' ../reply.md
"$SEAM" apply --diff ../reply.md >../out.txt 2>&1 || { echo "fixed reply: exit $?" >&2; exit 23; }
[ "$(grep -c '^+++ b/' ../out.txt)" = 2 ] || { cat ../out.txt >&2; echo "fixed reply: want two files in the diff" >&2; exit 24; }
exit 0
