#!/usr/bin/env python3
"""Writes the hand-written seeds of fuzz/corpora/stream/ (standard library only).

    python3 fuzz/tools/mkseeds_stream.py

fuzz_stream reads the layout of fuzz_apply, so its seeds are seeds of fuzz_apply with the bits
that choose the chunks set in turn (1 byte, random up to 7, random up to 300, all at once):
here a few hostile ones of fuzz/corpora/apply/, plus hand-written replies of several edits where
an edit fails in the middle (the case streaming is for). The apply seeds cut from the corpus get
the same treatment from fuzz/tools/mkseeds.py (chunked() below), into build/fuzz/seeds/stream/,
never committed. See the top of fuzz/fuzz_stream.c.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FUZZ = os.path.dirname(HERE)
SEP = b"\n%FZ%\n"

# Numbered from 8: the 8 seeds cut from the corpus came first when they were committed here, and
# the names and configuration bytes of these stay as they were.
FIRST = 8
FROM_APPLY = [
    "hostile-14-gitdiff-new-empty", "hostile-15-gitdiff-rename", "hostile-16-header-only",
    "hostile-18-lazy", "hostile-24-nested-fences", "hostile-26-no-tail", "hostile-30-patch-add",
    "hostile-33-think", "hostile-34-think-unclosed", "hostile-35-toolcall",
    "hostile-38-udiff-delete", "hostile-43-unclosed-fence",
]

APP = b'''def greet(name):
    return "Hello " + name


def farewell(name):
    return "Bye " + name
'''

HAND = {
    "editblock-fails-midway": b'''Two changes.

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
=======
def leave(who):
>>>>>>> REPLACE
```

app.py
```python
<<<<<<< SEARCH
def greet(name):
    return f"Hello, {name}!"
=======
def greet(name, p="!"):
    return f"Hello, {name}{p}"
>>>>>>> REPLACE
```
''',
    "udiff-fails-midway": b'''```diff
--- a/app.py
+++ b/app.py
@@ -1,2 +1,2 @@
 def greet(name):
-    return "Hello " + name
+    return f"Hello, {name}!"
@@ -9,2 +9,2 @@
 def leave(person):
-    return "Ciao " + person
+    return f"Ciao, {person}!"
@@ -5,2 +5,2 @@
 def farewell(name):
-    return "Bye " + name
+    return f"Bye, {name}!"
--- /dev/null
+++ b/new.py
@@ -0,0 +1 @@
+X = 1
```
''',
    "patch-fails-midway": b'''*** Begin Patch
*** Update File: app.py
@@ def greet(name):
-    return "Hello " + name
+    return f"Hello, {name}!"
@@ def leave(person):
-    return "Ciao " + person
+    return "Ciao!"
*** Add File: new.py
+X = 1
*** End Patch
''',
    "whole-relisted": b'''app.py
```python
def greet(name):
    return "Hi " + name
```

Sorry, the whole file:

app.py
```python
def greet(name):
    return "Hi " + name


def farewell(name):
    return "Bye " + name
```
''',
}


def chunked(k, data):
    """The k-th stream seed made of apply seed data: chunking mode k % 4, eager every 5th."""
    cfg = (data[0] & 0x1F) | ((k % 4) << 6) | (0x20 if k % 5 == 0 else 0)
    return bytes([cfg]) + data[1:]


def main():
    out = os.path.join(FUZZ, "corpora", "stream")
    os.makedirs(out, exist_ok=True)
    n = 0
    for k, name in enumerate(FROM_APPLY, FIRST):
        data = open(os.path.join(FUZZ, "corpora", "apply", name), "rb").read()
        open(os.path.join(out, "apply-%02d-%s" % (k, name)), "wb").write(chunked(k, data))
        n += 1
    for k, (name, reply) in enumerate(sorted(HAND.items())):
        for mode in range(4):
            cfg = 7 | (mode << 6)
            data = bytes([cfg]) + b"app.py\n" + APP + SEP + reply
            open(os.path.join(out, "hand-%02d-%s-%d" % (k, name, mode)), "wb").write(data)
            n += 1
    print("%d seeds in %s" % (n, out))


if __name__ == "__main__":
    main()
