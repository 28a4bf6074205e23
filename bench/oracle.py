#!/usr/bin/env python3
"""oracle.py: replies nobody has written yet, and the one right answer for each.

Takes real source files (by default /usr/lib/python3*/*.py and the project's own src/ and
tests/), makes a real-looking change in a region of one (rename an identifier, insert lines,
delete lines, change a line, move a line), renders it as a SEARCH/REPLACE block and as a unified
diff, injects one to three of the defects models make, and runs `seam apply` on a copy of the
file. seam must write exactly the intended file or refuse: a refusal is fine, any other file is
a failure, saved under --out (before/, reply.md, intended/, got/, case.json) to be read and
turned into a test of neutral content.

    python3 bench/oracle.py [--seed N] [--count N] [--seam build/seam] [--out DIR] [FILES...]

A fixed --seed gives the same replies on the same files (make oracle runs seed 1 in CI); a long
run takes another seed and a larger --count. Exit 1 when a failure was found.
"""
import argparse
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

IDENT = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]{3,}\b")
DEFECTS = ["miscopied-ident", "missing-context", "trailing-ws", "reindent", "unmarked-added",
           "typography", "wrong-lineno", "drop-blank"]


def read_lines(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if b"\0" in data or b"\r" in data or len(data) > 200_000:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not text.endswith("\n"):
        return None
    return text.split("\n")[:-1]


def solid(line):
    return len(line.strip()) >= 8


def make_change(rng, lines):
    """(start, old, new): the region lines[start:start+len(old)] becomes new. None if no luck."""
    n = len(lines)
    if n < 12:
        return None
    size = rng.randint(3, 9)
    start = rng.randint(0, n - size)
    old = lines[start:start + size]
    if sum(solid(x) for x in old) < 2:
        return None
    kind = rng.choice(["rename", "insert", "delete", "modify", "move"])
    new = list(old)
    if kind == "rename":
        ids = sorted({m.group(0) for x in old for m in IDENT.finditer(x)})
        if not ids:
            return None
        name = rng.choice(ids)
        new = [re.sub(r"\b%s\b" % re.escape(name), name + "_v2", x) for x in old]
    elif kind == "insert":
        at = rng.randint(1, size - 1)
        ind = re.match(r"[ \t]*", old[at - 1]).group(0)
        new[at:at] = [ind + "audit_trail_%d = record_step(%d)" % (start, at),
                      ind + "# checked by the oracle at step %d" % at]
    elif kind == "delete":
        at = rng.randint(1, size - 2)
        if not solid(old[at]):
            return None
        del new[at]
    elif kind == "modify":
        cand = [i for i in range(size) if solid(old[i])]
        i = rng.choice(cand)
        new[i] = old[i].rstrip() + "  # changed"
    else:  # move a line one place down
        at = rng.randint(0, size - 2)
        if not solid(old[at]) or old[at] == old[at + 1]:
            return None
        new[at], new[at + 1] = new[at + 1], new[at]
    if new == old:
        return None
    return start, old, new


def intended(lines, start, old, new):
    return lines[:start] + new + lines[start + len(old):]


def unique(lines, old):
    """1 when old occurs exactly once in lines (else the reply is ambiguous by nature)."""
    k, n = len(old), 0
    for i in range(len(lines) - k + 1):
        if lines[i:i + k] == old:
            n += 1
            if n > 1:
                return False
    return n == 1


def miscopy(rng, line):
    ids = [m for m in IDENT.finditer(line)]
    if not ids:
        return None
    m = rng.choice(ids)
    w = m.group(0)
    i = rng.randint(1, len(w) - 2)
    w2 = w[:i] + w[i + 1] + w[i] + w[i + 2:]
    if w2 == w:
        return None
    return line[:m.start()] + w2 + line[m.end():]


def drop_context(rng, old, new, fits):
    """old and new without one line the diff between them keeps as context (not the first or
    last line of the hunk), chosen among those fits() accepts; None when there is none."""
    ops = udiff_ops(old, new)
    cand = [k for k in range(1, len(ops) - 1) if ops[k][0] == " " and fits(ops[k][1])]
    if not cand:
        return None
    k = rng.choice(cand)
    ops = ops[:k] + ops[k + 1:]
    return [t for o, t in ops if o != "+"], [t for o, t in ops if o != "-"]


def inject(rng, fmt, old, new, defects):
    """Applies defects to the old side (and for udiff, the hunk). Returns (old, new, extra) or
    None when a defect does not fit; extra says which line numbers to claim."""
    old, new = list(old), list(new)
    for d in defects:
        if fmt == "udiff" and d in ("miscopied-ident", "trailing-ws", "typography"):
            continue  # put on the hunk's lines by render_udiff
        if d == "miscopied-ident":
            cand = [i for i in range(len(old)) if solid(old[i])]
            if not cand:
                return None
            i = rng.choice(cand)
            m = miscopy(rng, old[i])
            if not m:
                return None
            old[i] = m
        elif d == "missing-context":
            # a line the old side leaves out, kept by the new side (it is unchanged)
            if fmt == "udiff":  # a context line left out of the hunk: gone from both sides
                r = drop_context(rng, old, new, solid)
                if not r:
                    return None
                old, new = r
                continue
            cand = [i for i in range(1, len(old) - 1) if old[i] in new and solid(old[i])]
            if not cand:
                return None
            del old[rng.choice(cand)]
        elif d == "trailing-ws":
            i = rng.randrange(len(old))
            old[i] = old[i] + "  "
        elif d == "reindent":
            old = [("    " + x) if x.strip() else x for x in old]
            new = [("    " + x) if x.strip() else x for x in new]
        elif d == "typography":
            cand = [i for i in range(len(old)) if '"' in old[i] or "'" in old[i]]
            if not cand:
                return None
            i = rng.choice(cand)
            old[i] = old[i].replace('"', "\u201c", 1).replace("'", "\u2019", 1)
        elif d == "drop-blank":
            if fmt == "udiff":
                r = drop_context(rng, old, new, lambda x: not x.strip())
                if not r:
                    return None
                old, new = r
                continue
            cand = [i for i in range(len(old)) if not old[i].strip()]
            if not cand:
                return None
            del old[rng.choice(cand)]
        elif d in ("unmarked-added", "wrong-lineno"):
            pass  # rendering defects, applied in render()
    return old, new


def render_editblock(path, old, new):
    return "%s\n```\n<<<<<<< SEARCH\n%s\n=======\n%s\n>>>>>>> REPLACE\n```\n" % (
        path, "\n".join(old), "\n".join(new))


def udiff_ops(old, new):
    """A line diff of old -> new as (' '|'-'|'+', text), by longest common subsequence."""
    a, b = old, new
    n, m = len(a), len(b)
    L = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            L[i][j] = L[i + 1][j + 1] + 1 if a[i] == b[j] else max(L[i + 1][j], L[i][j + 1])
    ops, i, j = [], 0, 0
    while i < n or j < m:
        if i < n and j < m and a[i] == b[j]:
            ops.append((" ", a[i]))
            i += 1
            j += 1
        elif j < m and (i == n or L[i][j + 1] >= L[i + 1][j]):
            ops.append(("+", b[j]))
            j += 1
        else:
            ops.append(("-", a[i]))
            i += 1
    return ops


def render_udiff(rng, path, start, old, new, defects):
    ops = udiff_ops(old, new)
    # what a model miscopies is the file's text: on the lines the hunk says are there
    for d in defects:
        f = {"miscopied-ident": lambda t: miscopy(rng, t) if solid(t) else None,
             "trailing-ws": lambda t: t + "  " if t.strip() else None,
             "typography": lambda t: (t.replace('"', "\u201c", 1).replace("'", "\u2019", 1)
                                      if ('"' in t or "'" in t) else None)}.get(d)
        if not f:
            continue
        cand = [k for k, (o, t) in enumerate(ops) if o != "+" and t.strip()]
        rng.shuffle(cand)
        for k in cand:
            t2 = f(ops[k][1])
            if t2 is not None:
                ops[k] = (ops[k][0], t2)
                break
        else:
            return None
    if "unmarked-added" in defects:
        adds = [k for k, (o, t) in enumerate(ops) if o == "+" and solid(t)]
        if not adds:
            return None
        k = rng.choice(adds)
        ops[k] = (" ", ops[k][1])
    no = start + 1
    if "wrong-lineno" in defects:
        no = max(1, no + rng.choice([-7, -3, 4, 9]))
    if all(o == " " for o, _ in ops):
        return None  # the defects left no change to make
    nold = sum(o != "+" for o, _ in ops)
    nnew = sum(o != "-" for o, _ in ops)
    body = "\n".join(o + t for o, t in ops)
    return "```diff\n--- a/%s\n+++ b/%s\n@@ -%d,%d +%d,%d @@\n%s\n```\n" % (
        path, path, no, nold, no, nnew, body)


def squeeze(text):
    return "".join(text.split())


def run_case(seam, lines, name, reply):
    d = tempfile.mkdtemp(prefix="seam-oracle-")
    try:
        p = os.path.join(d, name)
        with open(p, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        r = subprocess.run([seam, "apply", "-q", "-C", d, "-"], input=reply.encode("utf-8"),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=20)
        with open(p, encoding="utf-8", errors="replace") as f:
            got = f.read()
        return r.returncode, got, r.stderr.decode("utf-8", "replace")
    finally:
        shutil.rmtree(d, ignore_errors=True)


def save(out, idx, name, lines, reply, want, got, meta):
    d = os.path.join(out, "case-%05d" % idx)
    os.makedirs(os.path.join(d, "before"), exist_ok=True)
    os.makedirs(os.path.join(d, "intended"), exist_ok=True)
    os.makedirs(os.path.join(d, "got"), exist_ok=True)
    for sub, text in (("before", "\n".join(lines) + "\n"), ("intended", want), ("got", got)):
        with open(os.path.join(d, sub, name), "w", encoding="utf-8") as f:
            f.write(text)
    with open(os.path.join(d, "reply.md"), "w", encoding="utf-8") as f:
        f.write(reply)
    with open(os.path.join(d, "case.json"), "w") as f:
        json.dump(meta, f, indent=1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=400, help="replies to generate")
    ap.add_argument("--seam", default=os.path.join(os.path.dirname(__file__), "..", "build", "seam"))
    ap.add_argument("--out", default="build/oracle", help="where failures are saved")
    ap.add_argument("-v", "--verbose", action="store_true", help="a line per class, not only failing ones")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    files = a.files or sorted(glob.glob("/usr/lib/python3*/*.py") +
                              glob.glob(os.path.join(os.path.dirname(__file__), "..", "src", "lib", "*.c")))
    files = [f for f in files if os.path.isfile(f)]
    if not files:
        print("oracle: no source files found", file=sys.stderr)
        return 2
    stats = {"generated": 0, "correct": 0, "ws-only": 0, "refused": 0, "failed": 0}
    by = {}
    tries = 0
    while stats["generated"] < a.count and tries < a.count * 50:
        tries += 1
        src = rng.choice(files)
        lines = read_lines(src)
        if not lines:
            continue
        ch = make_change(rng, lines)
        if not ch:
            continue
        start, old, new = ch
        if not unique(lines, old):
            continue
        fmt = rng.choice(["editblock", "udiff"])
        pool = [d for d in DEFECTS if fmt == "udiff" or d not in ("unmarked-added", "wrong-lineno")]
        defects = rng.sample(pool, rng.randint(1, 3))
        inj = inject(rng, fmt, old, new, defects)
        if not inj:
            continue
        o2, n2 = inj
        name = os.path.basename(src)
        if fmt == "editblock":
            reply = render_editblock(name, o2, n2)
        else:
            if "reindent" in defects:
                continue  # a shifted diff is a diff of other lines: not one defect
            reply = render_udiff(rng, name, start, o2, n2, defects)
            if reply is None:
                continue
        want = "\n".join(intended(lines, start, old, new)) + "\n"
        stats["generated"] += 1
        rc, got, err = run_case(a.seam, lines, name, reply)
        key = fmt + ":" + "+".join(sorted(defects))
        b = by.setdefault(key, {"n": 0, "correct": 0, "ws-only": 0, "refused": 0, "failed": 0})
        b["n"] += 1
        if rc == 0 and got == want:
            stats["correct"] += 1
            b["correct"] += 1
        elif rc == 0 and squeeze(got) == squeeze(want):
            # as the corpus scores it: a blank line or trailing space more or less, where
            # the reply itself is ambiguous (a blank line left out of one side only)
            stats["ws-only"] += 1
            b["ws-only"] += 1
        elif rc != 0 and got == "\n".join(lines) + "\n":
            stats["refused"] += 1
            b["refused"] += 1
        else:
            stats["failed"] += 1
            b["failed"] += 1
            save(a.out, stats["generated"], name, lines, reply, want, got,
                 {"source": src, "start_line": start + 1, "format": fmt, "defects": defects,
                  "exit": rc, "stderr": err[:2000], "seed": a.seed})
    for k in sorted(by):
        v = by[k]
        if a.verbose or v["failed"]:
            print("%-50s n=%4d correct=%4d ws-only=%3d refused=%4d failed=%3d" % (
                k, v["n"], v["correct"], v["ws-only"], v["refused"], v["failed"]))
    print("seed %d: %d replies, %d correct, %d ws-only, %d refused, %d failed (saved under %s)"
          % (a.seed, stats["generated"], stats["correct"], stats["ws-only"], stats["refused"],
             stats["failed"], a.out))
    return 1 if stats["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
