#!/usr/bin/env python3
"""Writes the fuzz seeds (standard library only). Two kinds of seeds per target:

  * excerpts of the corpus of model replies (CORPUS/dev and CORPUS/real): small cases, picked
    deterministically over every format, cut to a few KB. They hold other projects' code, so
    they are never committed: `make fuzz` and `make fuzz-replay` run

        python3 fuzz/tools/mkseeds.py [--corpus CORPUS] [--out DIR]

    which empties DIR (default build/fuzz/seeds, under the ignored build/) and writes them to
    DIR/<target>/ from CORPUS (default $SEAM_CORPUS, else ../shared/corpus beside the
    repository). Without a corpus it says so and writes none: the targets then start from the
    committed seeds alone.
  * hand-written hostile inputs (the HOSTILE_* lists and the crafted ones below), committed in
    fuzz/corpora/<target>/; `python3 fuzz/tools/mkseeds.py --hand` rewrites them there.

Files are named <kind>-<n>-<what>; existing files of those names are overwritten, others are
left alone (regression inputs live in fuzz/regress/, not here). The input layout of each
target is described at the top of its fuzz/fuzz_<target>.c; the stream seeds come from
fuzz/tools/mkseeds_stream.py (its chunked() is used here for the corpus ones).
"""
import argparse
import json
import os
import shutil
import sys

import mkseeds_stream

HERE = os.path.dirname(os.path.abspath(__file__))
FUZZ = os.path.dirname(HERE)
SEP = b"\n%FZ%\n"


def cases(corpus):
    """(set, id, format, reply bytes, {path: before bytes}, {path: after bytes}) of small cases."""
    out = []
    for base in ("dev", "real"):
        d = os.path.join(corpus, base)
        if not os.path.isdir(d):
            continue
        for c in sorted(os.listdir(d)):
            cd = os.path.join(d, c)
            if not os.path.isfile(os.path.join(cd, "case.json")):
                continue
            meta = json.load(open(os.path.join(cd, "case.json")))
            reply = open(os.path.join(cd, "reply.md"), "rb").read()
            sides = {}
            for side in ("before", "after"):
                files = {}
                sd = os.path.join(cd, side)
                for root, _, fs in os.walk(sd):
                    for f in sorted(fs):
                        full = os.path.join(root, f)
                        files[os.path.relpath(full, sd)] = open(full, "rb").read()
                sides[side] = files
            size = len(reply) + sum(len(v) for v in sides["before"].values())
            out.append((size, base, c, meta.get("format", "?"), reply, sides["before"],
                        sides["after"]))
    out.sort(key=lambda x: (x[1], x[3], x[0], x[2]))
    return out


def spread(items, n):
    """n items spread evenly over a list."""
    if len(items) <= n:
        return items
    step = len(items) / n
    return [items[int(i * step)] for i in range(n)]


def head_lines(b, n):
    return b"".join(b.splitlines(keepends=True)[:n])


def write(base, target, name, data):
    d = os.path.join(base, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def fill(primary, rest, n):
    """n items spread over primary; when it has fewer, the missing ones spread over rest."""
    if len(primary) >= n:
        return spread(primary, n)
    return primary + spread(rest, n - len(primary))


# ---- hand-written hostile replies (fuzz_reply, and fuzz_apply with a file a.py) ------------

A_PY = b"def f():\n    return 1\n\n\ndef g(x):\n    return x * 2\n"

HOSTILE_REPLIES = {
    "abs-path": b"/etc/passwd\n```\n<<<<<<< SEARCH\nroot\n=======\nx\n>>>>>>> REPLACE\n```\n",
    "dotdot": b"../a.py\n```\n<<<<<<< SEARCH\ndef f():\n=======\ndef h():\n>>>>>>> REPLACE\n```\n",
    "dotdot-deep": b"```diff\n--- a/x/../../a.py\n+++ b/x/../../a.py\n@@ -1 +1 @@\n-def f():\n+def h():\n```\n",
    "backslash": b"..\\..\\a.py\n```\n<<<<<<< SEARCH\ndef f():\n=======\ndef h():\n>>>>>>> REPLACE\n```\n",
    "pct": b"%2e%2e/a.py\n```python\ndef f():\n    pass\n```\n",
    "trailing-dots": b". ./a.py\n```\n<<<<<<< SEARCH\n=======\nx = 1\n>>>>>>> REPLACE\n```\n",
    "git-hooks": b".git/hooks/pre-commit\n```sh\n#!/bin/sh\nrm -rf /\n```\n",
    "git-case": b"```diff\n--- /dev/null\n+++ b/.GIT/config\n@@ -0,0 +1 @@\n+[core]\n```\n",
    "git-zw": b"```diff\n--- /dev/null\n+++ b/.g\xe2\x80\x8cit/config\n@@ -0,0 +1 @@\n+x\n```\n",
    "ctrl-name": b"a\x01b.py\n```\n<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE\n```\n",
    "quoted-newline": b"diff --git \"a/a\\nb.py\" \"b/a\\nb.py\"\n--- \"a/a\\nb.py\"\n+++ \"b/a\\nb.py\"\n@@ -1 +1 @@\n-x\n+y\n",
    "nul": b"a.py\n```\n<<<<<<< SEARCH\ndef f():\x00\n=======\ndef \x00h():\n>>>>>>> REPLACE\n```\n",
    "bad-utf8": b"a.py\n```\n<<<<<<< SEARCH\n    return 1\n=======\n    return '\xff\xfe\xc3('\n>>>>>>> REPLACE\n```\n",
    "bom": b"\xef\xbb\xbfa.py\n```\n<<<<<<< SEARCH\n    return 1\n=======\n    return 3\n>>>>>>> REPLACE\n```\n",
    "crlf": b"a.py\r\n```\r\n<<<<<<< SEARCH\r\n    return 1\r\n=======\r\n    return 4\r\n>>>>>>> REPLACE\r\n```\r\n",
    "no-div": b"a.py\n```\n<<<<<<< SEARCH\n    return 1\n>>>>>>> REPLACE\n```\n",
    "no-tail": b"a.py\n```\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n```\n",
    "only-head": b"<<<<<<< SEARCH\n<<<<<<< SEARCH\n<<<<<<< SEARCH\n",
    "many-divs": b"a.py\n<<<<<<< SEARCH\n=======\n=======\n=======\n=======\n>>>>>>> REPLACE\n",
    "nested-fences": b"a.py\n" + b"".join(b"```l%d\n" % i for i in range(40)) +
                     b"<<<<<<< SEARCH\n    return 1\n=======\n    return 5\n>>>>>>> REPLACE\n" +
                     b"```\n" * 40,
    "unclosed-fence": b"a.py\n````python\ndef f():\n    return 9\n",
    "think": b"<think>\na.py\n```\n<<<<<<< SEARCH\n    return 1\n=======\n    return 6\n>>>>>>> REPLACE\n```\n</think>\nDone.\n",
    "think-unclosed": b"<thinking>\na.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n",
    "hint": b"a.py\n<<<<<<< SEARCH\n:start_line:5\n-------\ndef g(x):\n=======\ndef g(y):\n>>>>>>> REPLACE\n",
    "lazy": b"a.py\n```\n<<<<<<< SEARCH\ndef f():\n    return 1\n=======\ndef f():\n    # ... rest of the code ...\n>>>>>>> REPLACE\n```\n",
    "udiff-nonum": b"```diff\n--- a.py\n+++ a.py\n@@ ... @@\n def g(x):\n-    return x * 2\n+    return x * 3\n```\n",
    "udiff-noeol": b"--- a/a.py\n+++ b/a.py\n@@ -5,2 +5,2 @@\n def g(x):\n-    return x * 2\n+    return x * 3\n\\ No newline at end of file\n",
    "udiff-u0-insert": b"--- a/a.py\n+++ b/a.py\n@@ -2,0 +3 @@\n+    # inserted\n",
    "udiff-delete": b"--- a/a.py\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-def f():\n-    return 1\n",
    "udiff-huge-hint": b"--- a/a.py\n+++ b/a.py\n@@ -99999999999999,1 +1,1 @@\n-def f():\n+def F():\n",
    "gitdiff-rename": b"diff --git a/a.py b/c.py\nsimilarity index 90%\nrename from a.py\nrename to c.py\n",
    "gitdiff-new-empty": b"diff --git a/e.txt b/e.txt\nnew file mode 100644\nindex 0000000..e69de29\n",
    "gitdiff-binary": b"diff --git a/a.py b/a.py\nindex 1..2 100644\nBinary files a/a.py and b/a.py differ\n",
    "whole": b"a.py\n```python\ndef f():\n    return 10\n```\n",
    "whole-source": b"a.py\n<source>python\ndef f():\n    return 11\n</source>\n",
    "header-only": b"--- a/a.py\n+++ b/a.py\n",
    "empty": b"",
    "long-line": b"a.py\n" + b"x" * 5000 + b"\n",
    "markers-5": b"a.py\n<<<<< SEARCH\n    return 1\n=====\n    return 12\n>>>>> REPLACE\n",
    "markers-orig": b"a.py\n<<<<<<< ORIGINAL\n    return 1\n=======\n    return 13\n>>>>>>> UPDATED\n",
    "dash-plus": b"a.py\n------- SEARCH\n    return 1\n=======\n    return 14\n+++++++ REPLACE\n",
    "patch": b"*** Begin Patch\n*** Update File: a.py\n@@ def g(x):\n-    return x * 2\n+    return x * 4\n*** End Patch\n",
    "patch-add": b"*** Begin Patch\n*** Add File: ../../x.py\n+evil\n*** End Patch\n",
    "lndiff": "a.py\n<editblock>\n<<<<<<< REMOVE\n  2\u2502    return 1\n=======\n   \u2502    return 15\n>>>>>>> INSERT\n</editblock>\n".encode(),
    "toolcall": b'{"name": "str_replace", "arguments": {"path": "a.py", "old_str": "return 1", "new_str": "return 16"}}\n',
    "toolcall-abs": b'{"name": "create", "arguments": {"path": "/tmp/evil", "file_text": "x"}}\n',
}


def files_of(cases):
    """(path, first 80 lines) of every non-empty text file before, over cases."""
    out = []
    for c in cases:
        for p, data in sorted(c[5].items()):
            if b"\0" not in data and data.strip():
                out.append((p, head_lines(data, 80)))
    return out


def pairs_of(cases):
    """(path, before, after) of every changed text file, first 60 lines, over cases."""
    out = []
    for c in cases:
        for p, before in sorted(c[5].items()):
            after = c[6].get(p)
            if after is not None and before != after and b"\0" not in before + after:
                out.append((p, head_lines(before, 60), head_lines(after, 60)))
    return out


def corpus_seeds(corpus, base):
    """The seeds cut from the corpus, into base/<target>/. Returns {target: count}."""
    cs = cases(corpus)
    small = [c for c in cs if c[0] < 6000 and c[5]]
    by_fmt = {}
    for c in small:
        by_fmt.setdefault((c[1], c[3]), []).append(c)

    picked = []
    first_of_group = []
    for key in sorted(by_fmt):
        group = spread(by_fmt[key], 3)
        first_of_group.append(len(picked))
        picked += group
    taken = {id(c) for c in picked}
    rest = [c for c in small if id(c) not in taken]
    count = {}

    # fuzz_reply: replies as they are (cut to 4 KB)
    for i, c in enumerate(picked):
        write(base, "reply", "corpus-%02d-%s" % (i, c[3]), c[4][:4096])
    count["reply"] = len(picked)

    # fuzz_apply: config byte, the files before (path line + content), the reply
    applied = []
    for i, c in enumerate(picked):
        files = b"".join(p.encode() + b"\n" + data + SEP for p, data in sorted(c[5].items())[:5])
        cfg = (0x40 | (i % 8)) if i % 3 else 0x47  # render; format varies (7 = auto)
        applied.append(bytes([cfg]) + files + c[4])
        write(base, "apply", "corpus-%02d-%s" % (i, c[3]), applied[-1])
    count["apply"] = len(picked)

    # fuzz_stream: the first apply seed of each set and format, with the chunkings in turn
    for k, i in enumerate(first_of_group):
        write(base, "stream", "corpus-%02d-apply-%02d-%s" % (k, i, picked[i][3]),
              mkseeds_stream.chunked(k, applied[i]))
    count["stream"] = len(first_of_group)

    # fuzz_match: 4 header bytes + a file (first 80 lines of a file before)
    chosen = fill(files_of(picked), files_of(rest), 30)
    for i, (p, data) in enumerate(chosen):
        n = data.count(b"\n") or 1
        start = (i * 7) % n
        cfg = i % 64
        write(base, "match", "corpus-%02d-%s" % (i, os.path.basename(p)),
              bytes([cfg, start >> 8, start & 255, i % 8]) + data)
    count["match"] = len(chosen)

    # fuzz_roundtrip: config + seed + A %FZ% B (files before and after, first 60 lines)
    chosen = fill(pairs_of(picked), pairs_of(rest), 24)
    for i, (p, a, b) in enumerate(chosen):
        cfg = i % 16 | (0x40 if i % 5 == 0 else 0)
        write(base, "roundtrip", "corpus-%02d-%s" % (i, os.path.basename(p)),
              bytes([cfg, i]) + a + SEP + b)
    count["roundtrip"] = len(chosen)
    return count


def hand_seeds(base):
    """The hand-written seeds, into base/<target>/ (fuzz/corpora/, committed)."""
    for i, (name, data) in enumerate(sorted(HOSTILE_REPLIES.items())):
        write(base, "reply", "hostile-%02d-%s" % (i, name), data)

    for i, (name, data) in enumerate(sorted(HOSTILE_REPLIES.items())):
        files = b"a.py\n" + A_PY + SEP + b"src/b.c\nint b;\n" + SEP
        write(base, "apply", "hostile-%02d-%s" % (i, name), bytes([0xC7]) + files + data)

    extra = {
        "crlf": bytes([0x04, 0, 1, 1]) + b"int a;\nint b;\nint c;\n",
        "bom": bytes([0x20, 0, 0, 0]) + b"first\nsecond\n",
        "noeol": bytes([0x02, 0, 2, 0]) + b"a\nb\nc",
        "dup-lines": bytes([0x01, 0, 3, 0]) + b"x\nx\ny\nx\nx\nz\n",
        "blank": bytes([0x00, 0, 1, 2]) + b"a\n\n\n\nb\n",
        "elision": bytes([0x00, 0, 1, 2]) + b"a\n...\nb\n# ...\nc\n",
        "placeholder": bytes([0x00, 0, 0, 3]) + b"def f():\n    # rest of the code\n    pass\n",
        "tabs": bytes([0x10, 0, 1, 1]) + b"if x:\n\tif y:\n\t\treturn 1\n",
        "unicode": bytes([0x00, 0, 0, 1]) + "caf\u00e9 = \u201cquoted\u201d\n\u2014 dash\n".encode(),
        "markdown": bytes([0x00, 0, 1, 2]) + b"# Title\n```python\nx = 1\n```\ntext\n",
    }
    for i, (name, data) in enumerate(sorted(extra.items())):
        write(base, "match", "crafted-%02d-%s" % (i, name), data)

    derived = {
        "derive-small": bytes([0x00, 7]) + b"one\ntwo\nthree\nfour\nfive\nsix\n",
        "derive-noeol": bytes([0x01, 3]) + b"one\ntwo\nthree",
        "derive-crlf": bytes([0x04, 9]) + b"one\ntwo\nthree\n",
        "derive-ctx0": bytes([0x02, 5]) + b"a\nb\nc\nd\ne\nf\ng\n",
        "derive-ctx1-fenced": bytes([0x1A, 11]) + b"a\nb\nc\nd\ne\nf\ng\n",
        "derive-library": bytes([0x03, 2]) + b"x = 1\ny = 2\nz = 3\n",
        "derive-repeats": bytes([0x00, 4]) + b"}\n}\n}\n}\nx\n}\n}\n}\n",
        "derive-bom": bytes([0x40, 6]) + b"alpha\nbeta\n",
        "derive-empty": bytes([0x00, 1]),
        "pair-minus-minus": bytes([0x00, 0]) + b"-- sql\nselect 1;\n" + SEP + b"++ x\nselect 1;\n",
        "pair-empty-to-text": bytes([0x00, 0]) + SEP + b"new\n",
        "pair-text-to-empty": bytes([0x00, 0]) + b"old\n" + SEP,
        "pair-fence-content": bytes([0x08, 0]) + b"# T\n```\ncode\n```\n" + SEP + b"# T\n```\ncode2\n```\n",
    }
    for name, data in sorted(derived.items()):
        write(base, "roundtrip", "crafted-" + name, data)


def main():
    root = os.path.dirname(FUZZ)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=os.environ.get("SEAM_CORPUS") or
                    os.path.join(root, "..", "shared", "corpus"))
    ap.add_argument("--out", default=os.path.join(root, "build", "fuzz", "seeds"))
    ap.add_argument("--hand", action="store_true",
                    help="rewrite the committed hand-written seeds of fuzz/corpora/ instead")
    a = ap.parse_args()
    if a.hand:
        hand_seeds(os.path.join(FUZZ, "corpora"))
        return 0
    # the folder is this script's alone: seeds of an earlier corpus must not linger
    if os.path.isdir(a.out):
        shutil.rmtree(a.out)
    if not os.path.isdir(os.path.join(a.corpus, "dev")) and \
            not os.path.isdir(os.path.join(a.corpus, "real")):
        print("mkseeds: no corpus at %s: the fuzz targets start from the "
              "committed seeds of fuzz/corpora/ alone" % os.path.normpath(a.corpus))
        return 0
    count = corpus_seeds(a.corpus, a.out)
    print("mkseeds: %d seeds cut from %s into %s (%s)" % (
        sum(count.values()), os.path.normpath(a.corpus), os.path.relpath(a.out, root),
        ", ".join("%s %d" % kv for kv in sorted(count.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
