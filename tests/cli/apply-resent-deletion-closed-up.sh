# A deletion sent again after it was made, its context given on both sides. The old side fits
# nowhere whole; the split of the hunk found the deleted line by itself at another copy of it
# (or with one side of its context), the context on the other side cut whole, and would have
# deleted that copy. The lines the deletion brings together (the context line right above it
# and the one right below it, the cut one of substance) stand together in the file already:
# made there, or still to be made at the copy? Refused (exit 1, "may be applied already"),
# naming both places, the file unchanged.
set -u
# 1. Zed's <edits>: the decorator above a function taken off; the file has no decorator there
#    any more, the same decorator stands above another function further up.
cat >done.py <<'PY'
def check_first(runner):
    @app.group()
    def app():
        pass

    @app.after_each()
    def report(result):
        print(result)

    runner.run(app)


def check_second(runner):
    @app.group()
    def app():
        pass

    def gather(items, source):
        for item in items:
            yield item.strip()
PY
cp done.py hooks.py
cat >r.md <<'R'
<edits>
<old_text>

    @app.after_each()
    def gather(items, source):
</old_text>
<new_text>

    def gather(items, source):
</new_text>
</edits>
R
"$SEAM" apply --path hooks.py r.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
grep -q 'found by its own lines at line 6 ' out.txt || { cat out.txt >&2; exit 11; }
grep -q 'stands from line 18 ' out.txt || { cat out.txt >&2; exit 12; }
grep -q 'may be applied already' out.txt || { cat out.txt >&2; exit 13; }
cmp -s done.py hooks.py || { diff done.py hooks.py >&2; exit 14; }

# 2. A line deleted between two copies of a comment, a "..." after them: the comment pair
#    stands twice (the function above, and where the deletion was made), the deleted line once,
#    after another line.
cat >done2.py <<'PY'
def load_all():
    # keep the cache warm here
    # keep the cache warm here

def insert_item():
    if cache:
        return cache
    cache = load_all()
    # keep the cache warm here
    # keep the cache warm here
    if cache:
        return cache

def sort_items():
    return cache
PY
cp done2.py store.py
cat >r2.md <<'R'
<edits>
<old_text>
    # keep the cache warm here
    cache = load_all()
    # keep the cache warm here
    ...
def sort_items():
</old_text>
<new_text>
    # keep the cache warm here
    # keep the cache warm here
    ...
def sort_items():
</new_text>
</edits>
R
"$SEAM" apply --path store.py r2.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 20; }
grep -q 'may be applied already' out.txt || { cat out.txt >&2; exit 21; }
cmp -s done2.py store.py || { diff done2.py store.py >&2; exit 22; }
exit 0
