#!/usr/bin/env python3
"""check-errors.py [--root DIR] [--allow FILE]: the library's one error convention, checked.

Inside src/lib a function fails with a negative SEAM_E* code (include/seam.h: SEAM_ENOMEM when
out of memory, SEAM_EIO, SEAM_EPARSE, ...) and gives any other outcome through an
out-parameter or a named value. A bare -1 says none of that: the caller cannot tell out of
memory from a refusal, and a report ends up calling every failure "out of memory". This fails
on every `return -1;` and every failure default `rc = -1;` / `rv = -1;` in src/lib, except the
counts a line of the allow-list grants one file:

    PATH COUNT REASON...      (path under the root; '#' starts a comment)

Exit 0 when clean, 1 with one line per finding, 2 on a usage error.
"""
import argparse
import os
import re
import sys

BARE = re.compile(r"\breturn\s+-1\s*;|\b(?:rc|rv)\s*=\s*-1\s*;")
COMMENT = re.compile(r"/\*.*?\*/|//.*$")


def findings(root):
    out = {}
    base = os.path.join(root, "src", "lib")
    for d, _, files in os.walk(base):
        for f in sorted(files):
            if not f.endswith((".c", ".h")):
                continue
            path = os.path.join(d, f)
            rel = os.path.relpath(path, root)
            in_comment = False
            with open(path, encoding="utf-8", errors="replace") as fh:
                for no, line in enumerate(fh, 1):
                    # comments say "-1" freely; only code counts
                    if in_comment:
                        if "*/" not in line:
                            continue
                        line = line.split("*/", 1)[1]
                        in_comment = False
                    line = COMMENT.sub("", line)
                    if "/*" in line:
                        line, in_comment = line.split("/*", 1)[0], True
                    if BARE.search(line):
                        out.setdefault(rel, []).append((no, line.strip()))
    return out


def allowed(path):
    allow = {}
    if not path or not os.path.exists(path):
        return allow
    with open(path, encoding="utf-8") as fh:
        for no, line in enumerate(fh, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split(None, 2)
            if len(parts) < 3 or not parts[1].isdigit():
                sys.exit("%s:%d: want PATH COUNT REASON" % (path, no))
            allow[parts[0]] = int(parts[1])
    return allow


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    ap.add_argument("--allow", default=None,
                    help="allow-list (default: scripts/errors-allow.txt under the root)")
    a = ap.parse_args()
    allow_path = a.allow if a.allow is not None else os.path.join(a.root, "scripts",
                                                                   "errors-allow.txt")
    allow = allowed(allow_path)
    bad = 0
    found = findings(a.root)
    for rel in sorted(found):
        hits = found[rel]
        if len(hits) <= allow.get(rel, 0):
            continue
        bad += 1
        for no, text in hits:
            print("%s:%d: bare -1 (use a SEAM_E* code or an out-parameter): %s" % (rel, no, text))
        if allow.get(rel):
            print("%s: %d allowed by %s, %d found" % (rel, allow[rel], allow_path, len(hits)))
    total = sum(len(v) for v in found.values())
    print("bare -1 in src/lib: %d (%d allowed), files over their allowance: %d" %
          (total, sum(min(len(v), allow.get(k, 0)) for k, v in found.items()), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
