#!/usr/bin/env python3
"""Seeds of fuzz_oracle's vocabulary mode (fuzz/fuzz_oracle.c): tiny files of a few lines used
many times and an edit over them, in each format, written as bytes from a readable form.

    python3 fuzz/tools/mkseeds_oracle.py [--out fuzz/corpora/oracle]
    python3 fuzz/tools/mkseeds_oracle.py --show FILE     # what a vocabulary-mode input holds

A line is written as its text (VOCAB below, indented by 4 spaces or not); an op as ' TEXT'
(keep the next file line), '-TEXT' (delete it; TEXT must be that line) or '+TEXT' (add it).
"""
import argparse
import os
import sys

VOCAB = ["", "}", "return x;", "try:", "# keep the order", "call_it(x);", "x += 1;", "{"]
FORMATS = ["editblock", "udiff", "cline", "openhands", "lndiff", "roo"]


def line_byte(text):
    ind = text.startswith("    ")
    return VOCAB.index(text[4:] if ind else text) | (8 if ind else 0)


def encode(fmt, defects, lines, start, ops):
    """The input: byte 0 the format with bit 7 set, byte 2 the defects, bytes 3-4 the region's
    first line (0-based), byte 5 the file's length - 4, the file's lines, the ops."""
    assert 4 <= len(lines) <= 40
    out = bytes([0x80 | FORMATS.index(fmt), 0, defects, start >> 8, start & 255, len(lines) - 4])
    out += bytes(line_byte(x) for x in lines)
    at = start
    for o in ops:
        op, text = o[0], o[1:]
        if op == "+":
            ind = text.startswith("    ")
            out += bytes([3 | VOCAB.index(text[4:] if ind else text) << 2 | (32 if ind else 0)])
            continue
        assert lines[at] == text, (at, lines[at], text)
        out += bytes([0 if op == " " else 2])
        at += 1
    return out


def show(data):
    if not data or not data[0] & 0x80:
        return "not a vocabulary-mode input"
    n = 4 + data[5] % 37
    lines = [("    " if b & 8 else "") + VOCAB[b & 7] for b in data[6:6 + n]]
    start = (data[3] << 8 | data[4]) % n
    out = ["format %s defects 0x%02x, region from line %d" % (FORMATS[(data[0] & 127) % 6],
                                                             data[2], start + 1)]
    out += ["%3d %s" % (i + 1, x) for i, x in enumerate(lines)]
    at, nold, nnew, nops = start, 0, 0, 0
    for b in data[6 + n:]:  # as fuzz_oracle.c reads them: MAX_REGION lines a side
        if nops == 20:
            break
        if b & 3 == 3:
            if nnew == 10:
                break
            out.append("  +" + ("    " if b & 32 else "") + VOCAB[(b >> 2) & 7])
            nnew += 1
        else:
            if nold == 10 or at == n:
                break
            out.append("  " + ("-" if b & 3 == 2 else " ") + lines[at])
            nnew += b & 3 != 2
            at += 1
            nold += 1
        nops += 1
    return "\n".join(out)


SEEDS = {
    # a blank line the diff deletes and adds again, bounding a stretch of twin `}`
    "vocab-udiff-blank-deleted-and-added": (
        "udiff", 0,
        ["{", "    call_it(x);", "}", "", "{", "    return x;", "}", "", "{", "    x += 1;", "}"],
        2, ["-}", "-", "+", "+    call_it(x);", "+}", " {", " " + "    return x;"]),
    # a deletion right beside the change, in twin lines
    "vocab-editblock-delete-beside-change": (
        "editblock", 0,
        ["try:", "    call_it(x);", "    call_it(x);", "    return x;", "try:", "    x += 1;",
         "    return x;", "}"],
        1, [" " + "    call_it(x);", "-    call_it(x);", "-    return x;", "+    x += 1;",
            " try:"]),
    # twin `}` lines: kept and deleted ones interleave
    "vocab-cline-twin-braces": (
        "cline", 0,
        ["{", "    call_it(x);", "}", "}", "# keep the order", "    return x;", "}", "}", "{",
         "    x += 1;", "}"],
        1, [" " + "    call_it(x);", "-}", " }", " # keep the order", " " + "    return x;",
            "-}", "+    x += 1;", " }"]),
    "vocab-lndiff-insert-before-twin": (
        "lndiff", 16,
        ["return x;", "", "try:", "    call_it(x);", "", "try:", "    call_it(x);", "",
         "# keep the order", "return x;"],
        5, [" try:", "+    x += 1;", " " + "    call_it(x);", " ", " # keep the order"]),
    "vocab-roo-delete-run": (
        "roo", 2,
        ["{", "    x += 1;", "    x += 1;", "    call_it(x);", "}", "", "{", "    x += 1;",
         "    return x;", "}"],
        1, [" " + "    x += 1;", "-    x += 1;", "-    call_it(x);", " }", " "]),
    "vocab-openhands-move": (
        "openhands", 32,
        ["try:", "    call_it(x);", "    x += 1;", "    return x;", "", "try:", "    x += 1;",
         "    call_it(x);", "    return x;"],
        0, [" try:", "-    call_it(x);", " " + "    x += 1;", "+    call_it(x);",
            " " + "    return x;"]),
    # the whole file deleted: the intended file is empty
    "vocab-openhands-whole-file-deleted": (
        "openhands", 0, ["{", "    return x;", "}", "", "{", "}"], 0,
        ["-{", "-    return x;", "-}", "-", "-{", "-}"]),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "corpora",
                                                  "oracle"))
    ap.add_argument("--show", metavar="FILE")
    a = ap.parse_args()
    if a.show:
        with open(a.show, "rb") as f:
            print(show(f.read()))
        return 0
    os.makedirs(a.out, exist_ok=True)
    for name, (fmt, dfx, lines, start, ops) in SEEDS.items():
        with open(os.path.join(a.out, name), "wb") as f:
            f.write(encode(fmt, dfx, lines, start, ops))
    print("%d seeds in %s" % (len(SEEDS), a.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
