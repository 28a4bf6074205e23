#!/usr/bin/env python3
"""Synthetic, deterministic cases in each of seam's main formats (bench/curves.py's inputs).

    gen.py --lines N --edits M --format FMT [--seed S] [--grow G] [--order ORDER] -o DIR

FMT: udiff, editblock, whole, numbered, patch, toolcall (and whole-placeholder: the whole file
with one run of unchanged lines written as a placeholder the laziness guard restores). Writes DIR/before/src/engine.c,
DIR/after/src/engine.c, DIR/reply.txt and DIR/case.json. Nothing here comes from a corpus: the
file is C-like text made from a seeded xorshift (the same bytes on every machine and Python),
one function after another, every statement line unique; each edit replaces 1-3 statement lines
with 1-3 new ones, one edit per slot of N/M lines (at least SLOT_MIN lines: no two hunks, context
included, overlap). Every edit is exact, so the udiff is a strict diff that GNU patch and
`git apply -p1` apply as they are (bench/curves.py runs them on it). --order alternate writes
the edits of the formats located by their text (editblock, toolcall, numbered) out of file
order: first, last, second, second to last, ... (the result is the same file; every edit that
changes the line count then lands at the other end of the file from the one before: issue 12's
"no step may cost lines x edits"). Standard library only.
"""

import argparse
import functools
import json
import os

FORMATS = ("udiff", "editblock", "whole", "numbered", "patch", "toolcall")
# not a series of the curves: the whole file with one run of unchanged statement lines written
# as a placeholder comment, which the laziness guard expands (its memory, curves.py --memory)
EXTRA_FORMATS = ("whole-placeholder",)
PLACEHOLDER = "\t// ... existing code ..."
PLACEHOLDER_RUN = 6
PATH = "src/engine.c"
# 3 lines of context on each side of at most 3 changed lines, plus room to move: a slot of 12
# lines keeps hunks apart and always holds a run of statement lines to change.
SLOT_MIN = 12
CONTEXT = 3
# the orders the edits may be written in (--order), and the formats that may be written out of
# file order (each edit located by its own text or its numbers of the file before the reply)
ORDERS = ("file", "alternate")
ORDER_FORMATS = ("editblock", "toolcall", "numbered")


class Rng:
    """xorshift64*: a fixed sequence whatever Python's random module does."""

    def __init__(self, seed):
        self.s = (seed * 0x9E3779B97F4A7C15 + 1) & 0xFFFFFFFFFFFFFFFF or 1

    def below(self, n):
        s = self.s
        s ^= s >> 12
        s ^= (s << 25) & 0xFFFFFFFFFFFFFFFF
        s ^= s >> 27
        self.s = s
        return (((s * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF) >> 33) % n


def make_file(n, rng):
    """(lines, editable): n lines of C, editable[i] when line i is a statement."""
    lines, editable = [], []
    f = 0
    while n - len(lines) >= 10:
        body = min(6 + rng.below(15), n - len(lines) - 6)
        lines.append("static int fn_%d(int a, int b)" % f)
        lines.append("{")
        editable += [False, False]
        lines.append("\tint v%d_0 = a + %d;" % (f, rng.below(1000)))
        for j in range(1, body):
            if rng.below(8) == 0:
                lines.append("\t/* step %d.%d: fold b in */" % (f, j))
            else:
                lines.append("\tint v%d_%d = v%d_%d * %d + b;"
                             % (f, j, f, j - 1, 1 + rng.below(97)))
        lines.append("\treturn v%d_%d;" % (f, body - 1))
        editable += [True] * (body + 1)
        lines.append("}")
        lines.append("")
        editable += [False, False]
        f += 1
    while len(lines) < n:
        lines.append("int pad_%d = %d;" % (len(lines), rng.below(1000)))
        editable.append(True)
    return lines, editable


@functools.lru_cache(maxsize=2)
def make_case(n, m, seed=1, grow=0):
    """(before lines, after lines, edits): edits are (start, old count, new lines), 0-based,
    in file order; grow > 0: each edit writes at least grow lines more than it replaces (every
    hunk adds lines, so each splice moves the lines after it). Cached: every format of one
    point renders the same case (read-only)."""
    if m < 1 or n < SLOT_MIN or n // m < SLOT_MIN:
        raise ValueError("%d edits need at least %d lines" % (m, m * SLOT_MIN))
    rng = Rng(seed)
    before, editable = make_file(n, rng)
    slot = n // m
    edits = []
    for e in range(m):
        a = e * slot
        k = 1 + rng.below(3)
        placed = None
        while placed is None:
            lo, hi = a + CONTEXT, a + slot - CONTEXT - k  # changed lines c..c+k-1
            span = hi - lo + 1
            if span > 0:
                first = rng.below(span)
                for i in range(span):
                    c = lo + (first + i) % span
                    if all(editable[c:c + k]):
                        placed = c
                        break
            if placed is None:
                if k == 1:
                    raise AssertionError("no statement line in slot %d" % e)
                k -= 1
        new = ["\tint w%d_%d = v%d + %d;" % (e, j, rng.below(50), rng.below(1000))
               for j in range(1 + rng.below(3))]
        while grow > 0 and len(new) < k + grow:
            new.append("\tint g%d_%d = %d;" % (e, len(new), len(new)))
        edits.append((placed, k, new))
    after, at = [], 0
    for c, k, new in edits:
        after += before[at:c]
        after += new
        at = c + k
    after += before[at:]
    return before, after, edits


def text(lines):
    return "".join(x + "\n" for x in lines)


def render_udiff(before, edits):
    out = ["--- a/%s\n" % PATH, "+++ b/%s\n" % PATH]
    shift = 0
    for c, k, new in edits:
        pre, post = before[c - CONTEXT:c], before[c + k:c + k + CONTEXT]
        old_start = c - CONTEXT + 1
        out.append("@@ -%d,%d +%d,%d @@\n" % (old_start, len(pre) + k + len(post),
                                              old_start + shift, len(pre) + len(new) + len(post)))
        out += [" %s\n" % x for x in pre]
        out += ["-%s\n" % x for x in before[c:c + k]]
        out += ["+%s\n" % x for x in new]
        out += [" %s\n" % x for x in post]
        shift += len(new) - k
    return "".join(out)


def render_patch(before, edits):
    out = ["*** Begin Patch\n", "*** Update File: %s\n" % PATH]
    for c, k, new in edits:
        out.append("@@\n")
        out += [" %s\n" % x for x in before[c - CONTEXT:c]]
        out += ["-%s\n" % x for x in before[c:c + k]]
        out += ["+%s\n" % x for x in new]
        out += [" %s\n" % x for x in before[c + k:c + k + CONTEXT]]
    out.append("*** End Patch\n")
    return "".join(out)


def render_editblock(before, edits):
    # aider's way: each block under its file name in its own fence, two lines of context
    out = []
    for c, k, new in edits:
        old = before[c - 2:c + k + 2]
        rep = before[c - 2:c] + new + before[c + k:c + k + 2]
        out.append("%s\n```c\n<<<<<<< SEARCH\n%s=======\n%s>>>>>>> REPLACE\n```\n\n"
                   % (PATH, text(old), text(rep)))
    return "".join(out)


def render_whole(after):
    return "%s\n```c\n%s```\n" % (PATH, text(after))


def render_whole_placeholder(after, edits):
    """The whole file, PLACEHOLDER_RUN statement lines near its middle (unchanged, between two
    unchanged statement lines, which are unique: a "{" or "}" next to it could pair with
    another one in the guard's diff, and no changed line within 2 lines of them) written as one
    placeholder: the guard restores them, so the file it gives is `after`."""
    changed, shift = set(), 0
    for c, k, new in edits:
        changed.update(range(c + shift, c + shift + len(new)))
        shift += len(new) - k
    for s in list(range(len(after) // 2, len(after))) + list(range(2, len(after) // 2)):
        if s + PLACEHOLDER_RUN + 2 <= len(after) and \
                all(after[i].startswith("\tint v") for i in range(s - 1, s + PLACEHOLDER_RUN + 1)) and \
                not changed.intersection(range(s - 2, s + PLACEHOLDER_RUN + 2)):
            return render_whole(after[:s] + [PLACEHOLDER] + after[s + PLACEHOLDER_RUN:])
    raise ValueError("no run of %d unchanged statement lines for the placeholder"
                     % PLACEHOLDER_RUN)


def render_numbered(edits):
    out = [PATH + "\n"]
    for c, k, new in edits:
        out.append('<update_lines start="%d" end="%d">\n%s</update_lines>\n'
                   % (c + 1, c + k + 1, text(new)))
    return "".join(out)


def render_toolcall(before, edits):
    # str_replace calls in a list, applied in order; one line of context on each side
    calls = [{"command": "str_replace", "path": PATH,
              "old_str": "\n".join(before[c - 1:c + k + 1]),
              "new_str": "\n".join(before[c - 1:c] + new + before[c + k:c + k + 1])}
             for c, k, new in edits]
    return json.dumps(calls, indent=0) + "\n"


def in_order(edits, order):
    """The edits in the order the reply writes them: as made (file order), or alternate:
    first, last, second, second to last, ..."""
    if order == "file":
        return edits
    if order != "alternate":
        raise ValueError("unknown order %s" % order)
    out, lo, hi = [], 0, len(edits) - 1
    while lo <= hi:
        out.append(edits[lo])
        if hi != lo:
            out.append(edits[hi])
        lo, hi = lo + 1, hi - 1
    return out


def render(fmt, before, after, edits, order="file"):
    if order != "file":
        if fmt not in ORDER_FORMATS:
            raise ValueError("format %s is written in file order only" % fmt)
        edits = in_order(edits, order)
    if fmt == "udiff":
        return render_udiff(before, edits)
    if fmt == "patch":
        return render_patch(before, edits)
    if fmt == "editblock":
        return render_editblock(before, edits)
    if fmt == "whole":
        return render_whole(after)
    if fmt == "whole-placeholder":
        return render_whole_placeholder(after, edits)
    if fmt == "numbered":
        return render_numbered(edits)
    if fmt == "toolcall":
        return render_toolcall(before, edits)
    raise ValueError("unknown format %s" % fmt)


def write_case(out, n, m, fmt, seed=1, grow=0, order="file"):
    """Writes the case into out; returns its case.json dict."""
    before, after, edits = make_case(n, m, seed, grow)
    reply = render(fmt, before, after, edits, order)
    b, a = text(before), text(after)
    for side, content in (("before", b), ("after", a)):
        os.makedirs(os.path.join(out, side, os.path.dirname(PATH)), exist_ok=True)
        with open(os.path.join(out, side, PATH), "w", encoding="utf-8") as f:
            f.write(content)
    with open(os.path.join(out, "reply.txt"), "w", encoding="utf-8") as f:
        f.write(reply)
    meta = {"format": fmt, "lines": n, "edits": m, "seed": seed, "grow": grow, "order": order,
            "path": PATH,
            "reply_bytes": len(reply.encode()), "file_bytes": len(b.encode()),
            "after_bytes": len(a.encode())}
    with open(os.path.join(out, "case.json"), "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    return meta


def record(n, m, fmt, seed, rid):
    """One in-memory `seam apply --batch` record and the file it must give."""
    before, after, edits = make_case(n, m, seed)
    rec = {"id": rid, "reply": render(fmt, before, after, edits), "files": {PATH: text(before)}}
    return rec, text(after)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lines", type=int, required=True)
    ap.add_argument("--edits", type=int, required=True)
    ap.add_argument("--format", choices=FORMATS + EXTRA_FORMATS, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--grow", type=int, default=0,
                    help="each edit writes at least this many lines more than it replaces")
    ap.add_argument("--order", choices=ORDERS, default="file",
                    help="alternate: the edits first, last, second, ... (%s only)"
                    % ", ".join(ORDER_FORMATS))
    ap.add_argument("-o", "--out", required=True)
    a = ap.parse_args()
    try:
        meta = write_case(a.out, a.lines, a.edits, a.format, a.seed, a.grow, a.order)
    except ValueError as e:
        ap.error(str(e))
    print(json.dumps(meta))


if __name__ == "__main__":
    main()
