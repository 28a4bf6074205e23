"""oracle_change.py: the changes bench/oracle.py makes in a file, the way models change code.

A change is (start, old, new): the file's lines[start:start+len(old)] become new. Kinds: rename
an identifier, insert lines, delete a line, modify a line, move a line or a run of lines, wrap a
run of lines in a new block (re-indented) and unwrap a block (its body dedented out of it).
"""
import os
import re

IDENT = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]{3,}\b")
CODE_EXT = {".py": "#", ".c": "//", ".h": "//", ".js": "//", ".sh": "#"}


def solid(line):
    return len(line.strip()) >= 8


def comment_of(name):
    return CODE_EXT.get(os.path.splitext(name)[1])


def make_change(rng, lines, lo=0, hi=None, size=(3, 9), edge=None, kinds=None, name=""):
    """(start, old, new): the region lines[start:start+len(old)] becomes new, the region inside
    lines[lo:hi]; edge "top"/"bottom": the region starts at the file's first line (ends at its
    last) or one line from it. None if no luck."""
    hi = len(lines) if hi is None else hi
    n = hi - lo
    size = rng.randint(*size)
    if n < size + 2:
        return None
    if edge == "top":
        start = lo + rng.choice([0, 0, 1])
    elif edge == "bottom":
        start = hi - size - rng.choice([0, 0, 1])
    else:
        start = rng.randint(lo, hi - size)
    old = lines[start:start + size]
    if sum(solid(x) for x in old) < 2:
        return None
    kind = rng.choice(kinds or ["rename", "insert", "delete", "modify", "move"])
    new = list(old)
    if kind == "rename":
        ids = sorted({m.group(0) for x in old for m in IDENT.finditer(x)})
        if not ids:
            return None
        name = rng.choice(ids)
        new = [re.sub(r"\b%s\b" % re.escape(name), name + "_v2", x) for x in old]
    elif kind == "insert":
        at = rng.randint(1, size - 1)
        # lines the file's language reads (a syntax error is refused, and a refusal hides
        # where the lines would have gone): a statement and a comment in its syntax, at the
        # indentation of the block they join (after an opener, that of the line below)
        ind = re.match(r"[ \t]*", old[at - 1]).group(0)
        if old[at - 1].rstrip().endswith((":", "{")) and old[at].strip():
            ind = re.match(r"[ \t]*", old[at]).group(0)
        c = comment_of(name) or "#"
        semi = ";" if c == "//" else ""
        new[at:at] = [ind + "audit_trail_%d = record_step(%d)%s" % (start, at, semi),
                      ind + "%s checked by the oracle at step %d" % (c, at)]
    elif kind == "delete":
        at = rng.randint(1, size - 2)
        if not solid(old[at]):
            return None
        del new[at]
    elif kind == "modify":
        # not a line equal to its neighbour in the file: "X changed, X" reads as well as a
        # line inserted before X as X changed (a fast-apply snippet cannot tell them apart)
        cand = [i for i in range(size) if solid(old[i])
                and (start + i == 0 or lines[start + i - 1] != old[i])
                and (start + i + 1 >= len(lines) or lines[start + i + 1] != old[i])]
        if not cand:
            return None
        i = rng.choice(cand)
        new[i] = old[i].rstrip() + "  # changed"
    elif kind == "move-run":  # a run of 1-3 lines moved 2 or more lines down (or up)
        k = rng.randint(1, 3)
        if size < k + 3:
            return None
        at = rng.randint(0, size - k)
        run = old[at:at + k]
        rest = old[:at] + old[at + k:]
        to = rng.choice([i for i in range(len(rest) + 1) if abs(i - at) >= 2] or [None])
        if to is None or not any(solid(x) for x in run):
            return None
        new = rest[:to] + run + rest[to:]
    else:  # move a line one place down
        at = rng.randint(0, size - 2)
        if not solid(old[at]) or old[at] == old[at + 1]:
            return None
        new[at], new[at + 1] = new[at + 1], new[at]
    if new == old or not unique(lines, old):
        return None
    return start, old, new


def make_ambiguous(rng, lines):
    """A change of one line that occurs two or more times in the file: (start, [line], [new])."""
    seen = {}
    for i, x in enumerate(lines):
        if solid(x):
            seen.setdefault(x, []).append(i)
    cand = sorted(k for k, v in seen.items() if len(v) >= 2)
    if not cand:
        return None
    line = rng.choice(cand)
    start = rng.choice(seen[line])
    return start, [line], [line.rstrip() + "  # changed"]


def intended(lines, changes):
    out = list(lines)
    for start, old, new in sorted(changes, key=lambda c: -c[0]):
        out[start:start + len(old)] = new
    return out


def unique(lines, old):
    """True when old occurs exactly once in lines (else the reply is ambiguous by nature)."""
    k, n = len(old), 0
    for i in range(len(lines) - k + 1):
        if lines[i:i + k] == old:
            n += 1
            if n > 1:
                return False
    return n == 1


def fits_elsewhere(lines, b):
    """True when block b's old side, its lines compared without their blanks and blank lines
    skipped, stands in the file at a place other than the region it was made from."""
    key = ["".join(x.split()) for x in b.old if x.strip()]
    if not key:
        return False
    lo = b.nums[0] - 1 if b.nums else b.start
    hi = b.nums[-1] if b.nums else b.start + len(b.old)
    solid_at = [(i, "".join(x.split())) for i, x in enumerate(lines) if x.strip()]
    k = len(key)
    for a in range(len(solid_at) - k + 1):
        if solid_at[a][1] != key[0]:
            continue
        if all(solid_at[a + t][1] == key[t] for t in range(k)):
            # a fit that only overlaps the region (a repeated block's shared line) is
            # another place too
            if not (lo <= solid_at[a][0] and solid_at[a + k - 1][0] < hi):
                return True
    return False


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


def typo(rng, t):
    """One typographic substitution of the kind models make, or None."""
    subs = [('"', "\u201c"), ("'", "\u2019"), (" - ", " \u2013 "), ("...", "\u2026")]
    subs = [s for s in subs if s[0] in t]
    if not subs:
        return None
    a, b = rng.choice(subs)
    return t.replace(a, b, 1)
