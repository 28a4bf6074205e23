# Fast apply: a snippet that moves a line (swaps two lines) right above a marker. At the place
# meant, the two lines before the marker no longer stand together; they do, as written, in
# another method far below. The lines standing with a run's edge line outranked any number of
# deleted lines, so the run was matched there and every file line between (the rest of the
# method and most of the next) was deleted (bench/oracle.py, seed 711, on a real tree). Aligned
# with the edge lines alone, the snippet deletes far fewer lines and gives another file: the
# reply does not say which it means, so it is refused and the file is untouched.
set -u
cat >queue.py <<'PY'
class Loader:
    def finish(self):
        self.done.set()
        del self.registry[self.key]
        self.owner = None

    def step(self, i, outcome):
        self.left -= 1
        ok, value = outcome
        if ok and self.fine:
            self.values[i] = value
            if self.left == 0:
                if self.notify:
                    self.notify(self.values)
                del self.registry[self.key]
                self.done.set()
                self.owner = None
        else:
            if not ok and self.fine:
                self.fine = False
                self.values = value
            if self.left == 0:
                if self.on_error:
                    self.on_error(self.values)
                self.done.set()

    def extend(self, item):
        with self.lock:
            self.items.append(item)
            self.count += 1
            self.lock.notify()

    def drain(self):
        with self.lock:
            while self.items:
                self.sink(self.items.pop())
            if self.count == self.total:
                del self.registry[self.key]
                self.owner = None
PY
cp queue.py orig.py
cat >reply.md <<'MD'
queue.py
```python
# ... existing code ...
        if ok and self.fine:
            self.values[i] = value
            if self.left == 0:
                if self.notify:
                    self.notify(self.values)
                self.done.set()
                del self.registry[self.key]
                self.owner = None
# ... existing code ...
```
MD
"$SEAM" apply reply.md >out.txt 2>&1 && { cat out.txt >&2; exit 10; }
cmp -s queue.py orig.py || exit 11
grep -q 'fits the file in more than one way' out.txt || { cat out.txt >&2; exit 12; }
exit 0
