"""oracle_defects.py: one block of a generated reply, and the defects models make in it.

A Block holds the diff of its old and new side (ops) and the file line of each old line; the
defects (the corpus README's list and the oracle's own) are made on it by inject_block.
"""
import difflib
import itertools
import os
import re

from oracle_change import solid, comment_of, miscopy, typo, made_up, truncate, fits_other_place, \
    Prefix, key_fits
from oracle_render import HUNKS, NUMBERED

EDIT_DEFECTS = ["miscopied-ident", "missing-context", "trailing-ws", "reindent", "typography",
                "drop-blank", "elision", "merged-hunks", "out-of-order", "unmarked-added",
                "wrong-lineno"]
REFUSE_DEFECTS = ["ambiguous", "lazy", "foreign-hunk"]
ANY_DEFECTS = ["path-variant", "crlf"]
# not of the corpus' list, drawn apart: a change at the file's first or last lines, a run of
# lines moved several lines on, a reply whose lines end in CR LF (pasted from Windows)
SHAPES = ["edge", "move-run", "crlf-reply"]
# mistakes models make that the corpus' list does not hold, drawn apart like SHAPES:
# hallucinated: an old-side line that stands nowhere in the file (made up, not miscopied),
# added to the old side or standing for one of its lines; truncated: an old-side line cut short
# (a model stopping mid-line); resent: the reply repeats an edit the file already holds (the
# file must stay as it is, or the reply be refused, never a second copy); resent-half: of two
# blocks, the file already holds the first or the second
MISTAKES = ["hallucinated", "truncated", "resent", "resent-half"]
DEFECTS = EDIT_DEFECTS + REFUSE_DEFECTS + ANY_DEFECTS + SHAPES + MISTAKES + ["ambiguous-resolved"]


def carried(fmt, d):
    """True when a reply of format fmt can hold defect d: the same rules the random mix draws
    by (oracle.py's pick_defects). A whole file and a fast-apply snippet have no old side: only
    the defects of any format, a change at the file's edge, a reply in CR LF, a placeholder
    (whole) or a re-sent edit (fastapply); a run moved in them is a plain rewrite. A diff's
    hunks cannot be shifted (a diff of other lines) nor hold an elision marker (nor can a
    numbered block: each line has its number); an added line written as context needs the
    diff's markers; a wrong line number, a format that gives one (udiff's hunk header); an
    ambiguity the reply resolves, a format that claims its lines."""
    if d in ANY_DEFECTS or d in ("edge", "crlf-reply"):
        return True
    if fmt == "whole":
        return d == "lazy"
    if fmt == "fastapply":
        return d in ("resent", "resent-half")
    if d == "unmarked-added":
        return fmt in HUNKS
    if d == "wrong-lineno":
        return fmt in NUMBERED or fmt == "udiff"
    if d == "elision":
        return fmt not in HUNKS and fmt != "lndiff"
    if d == "reindent":
        return fmt not in HUNKS
    if d == "ambiguous-resolved":
        return fmt in NUMBERED
    return True


def clash(defects):
    """Why these defects cannot stand in one reply, or None. Two blocks merged into one, or
    put out of order, are blocks of two changes: an ambiguous line or a hunk of another file
    is one change (seam refuses the reply whole, whatever the other block)."""
    d = set(defects)
    if d & {"ambiguous", "ambiguous-resolved", "foreign-hunk"} and \
            d & {"merged-hunks", "out-of-order"}:
        return "an ambiguous or foreign block is one change: it is not merged nor reordered"
    if len(d & {"ambiguous", "ambiguous-resolved", "foreign-hunk", "lazy"}) > 1:
        return "one reason to refuse at a time"
    if d & {"resent", "resent-half"} and d & set(REFUSE_DEFECTS):
        return "a re-sent edit is one seam must apply or leave, not one it must refuse"
    if d & {"resent", "resent-half"} and "ambiguous-resolved" in d:
        return "a re-sent change of a repeated line: its other copies still hold the old " \
            "line, and the reply asks for them"
    if {"resent-half", "merged-hunks", "elision"} <= d:
        return "a re-sent half of a merged hunk with a marker is not made (what the marker " \
            "stands for in the half the file holds is not worked out here)"
    if {"resent", "resent-half"} <= d:
        return "an edit is re-sent whole or half"
    return None


TYPO_FOLD = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'",
                           "\u2013": "-", "\u2026": "..."})


def stands_in(lines, old):
    """True when old, its lines compared without their blanks and blank lines skipped and its
    typography folded (seam's typography tier reads a curly quote as a straight one), stands
    somewhere in lines."""
    key = ["".join(x.translate(TYPO_FOLD).split()) for x in old if x.strip()]
    have = ["".join(x.translate(TYPO_FOLD).split()) for x in lines if x.strip()]
    k = len(key)
    return k > 0 and any(have[a:a + k] == key for a in range(len(have) - k + 1)
                         if have[a] == key[0])


def read_old(b):
    """Block b's old side as a reader places it (fits_elsewhere): its added lines written as
    context and its made-up lines left out, a line a defect altered read as the file line it
    was made from, a line cut short as a Prefix of it."""
    return [Prefix(x) if x in b.cut_short else b.stands_for.get(x, x)
            for x in b.old if x not in b.unmarked and x not in b.made_up]


def stands_as_read(lines, b):
    """True when block b's old side stands in lines as written (stands_in) or as a reader
    places it (read_old: a miscopied line at its original, a line cut short at any line it
    starts, as many file lines between its lines as the defects left out): applied again
    there is then what the reply asks (a re-sent edit whose old side, so read, stands in the
    file it was made on already). An old side with an elision or merged from two hunks: as
    its pieces stand (pieces_placed), a marker for any run of lines (a re-sent edit that
    deleted a line next to a blank one, the old side around a marker fits the file again
    with the blank line skipped)."""
    if stands_in(lines, b.old):
        return True
    if b.marks or b.merged:
        return bool(pieces_placed(lines, b, 1))
    return fits_other_place(lines, read_old(b), 0, 0, skips=b.left_out)


def piece_stands(lines, b, old):
    """True when old, the old side of one of the changes merged into block b (as the model
    read it from the file), stands in lines as b's defects let a reader place it: a line b
    holds cut short as a Prefix of it, and with as many file lines between its lines as the
    defects left out; the lines left out are not known: every choice of as many of old's
    lines left out is tried."""
    cut = {b.stands_for.get(t, t): t for t in b.cut_short}
    key = [Prefix(cut[x]) if x in cut else x for x in old]
    k = min(b.left_out, len(key) - 1)
    for drop in itertools.combinations(range(len(key)), k):
        rest = [x for i, x in enumerate(key) if i not in drop]
        if fits_other_place(lines, rest, 0, 0, skips=b.left_out):
            return True
    return False


def fits_elsewhere(lines, b):
    """True when block b's old side, its lines compared without their blanks and blank lines
    skipped, stands in the file at a place other than the region it was made from. Its added
    lines written as context are left out: they are in the file nowhere, so with them the old
    side would fit no place at all, while a reader takes them for additions and places the
    rest (a context line left out can make the rest another place's, a better fit there).
    So are its made-up lines, and a line a defect altered (miscopied, cut short, made up in
    place of a line, typography) is compared as the file line it was made from: it costs the
    same wherever that line stands, so when the old side so read fits another place, that
    place fits the reply at least as well as the intended one (which also pays for a line
    left out), and the reply no longer has the intended file as its one right answer. A line
    cut short stands as well for any line it starts ("for (i = 0" for every loop head). The
    intended place pays for each line of substance a defect left out (a file line between two
    of the old side's): another place with as many file lines between them fits as well (the
    old side one line short fits the intended place over the line left out, and another
    place over a comment line there), so those places count too."""
    key = read_old(b)
    if b.marks or b.merged:
        # an elision marker stands for any run of lines, and a merged hunk leaves one out
        # where its two hunks meet: the old side fits as many places as its pieces, one after
        # another with lines between, do (the intended place is one of them)
        if len(pieces_placed(lines, b, 2)) > 1:
            return True
        # the intended place pays for the lines of substance left out: a place as cheap
        # (as many file lines skipped within the pieces) outside its region is as good a fit
        if b.left_out and b.nums:
            lo, hi = b.nums[0] - 1, b.nums[-1]
            return any(min(c) < lo or max(c) >= hi
                       for c in pieces_placed(lines, b, 8, skips=b.left_out))
        return False
    lo = b.nums[0] - 1 if b.nums else b.start
    hi = b.nums[-1] if b.nums else b.start + len(b.old)
    return fits_other_place(lines, key, lo, hi, skips=b.left_out)


def pieces_placed(lines, b, limit, skips=0):
    """The places (up to limit) where block b's old side as read (read_old), cut at its
    elision markers and, merged from two hunks, at the join, stands: its pieces one after
    another, a marker for any run of lines, at least one line between the hunks."""
    segs, cur = [], []
    for x in read_old(b):
        if x in b.marks:
            segs.append(cur)
            cur = []
        else:
            cur.append(x)
    segs.append(cur)
    if not b.merged:
        return placements(lines, segs, limit, skips=skips)
    # the join stands anywhere in a piece between markers (or at a marker, which then
    # stands for the lines between the hunks too): every split of every piece is tried
    found = placements(lines, segs, limit, skips=skips) if b.marks else set()
    for t, g in enumerate(segs):
        for k in range(1, len(g)):
            gaps = [0] * t + [1] + [0] * (len(segs) - 1 - t)
            found |= placements(lines, segs[:t] + [g[:k], g[k:]] + segs[t + 1:], limit,
                                mingap=gaps, skips=skips)
            if len(found) >= limit:
                return found
    return found


def placements(lines, segs, limit=2, mingap=0, maxgap=400, skips=0):
    """The places (up to limit, as the set of file lines each covers) where segs stand one
    after another, their lines compared without their blanks and blank lines skipped, with
    mingap to maxgap file lines between two pieces (seam's elision reaches 400 lines);
    mingap a list: the least gap before each piece but the first. skips: lines of the file
    (not blank) that may stand between two lines of a piece, in all."""
    if isinstance(mingap, int):
        mingap = [mingap] * max(0, len(segs) - 1)
    segs = [[(Prefix if isinstance(x, Prefix) else str)("".join(x.split())) for x in g
             if x.strip()] for g in segs]
    # a piece of blank lines only is left out: the gaps on its two sides are one
    kept, least, pend = [], [], 0
    for t, g in enumerate(segs):
        if t:
            pend = max(pend, mingap[t - 1])
        if g:
            if kept:
                least.append(pend)
            kept.append(g)
            pend = 0
    segs = kept
    at = [i for i, x in enumerate(lines) if x.strip()]
    have = ["".join(lines[i].split()) for i in at]
    n, out = len(have), set()
    if not segs:
        return out

    def rest(t, i, pos, budget, cover):
        """piece t from its line i on, at have[pos:]"""
        if len(out) >= limit:
            return
        g = segs[t]
        if i == len(g):
            walk(t + 1, pos, budget, cover)
            return
        for q in range(pos, min(n, pos + 1 + budget)):
            if key_fits(have[q], g[i]):
                rest(t, i + 1, q + 1, budget - (q - pos), cover + [at[q]])

    def walk(t, lo, budget, cover):
        if len(out) >= limit:
            return
        if t == len(segs):
            out.add(frozenset(cover))
            return
        g = segs[t]
        for a in range(lo, n - len(g) + 1):
            if t and at[a] - at[lo - 1] - 1 > maxgap:
                break
            if t and at[a] - at[lo - 1] - 1 < least[t - 1]:
                continue
            if key_fits(have[a], g[0]):
                rest(t, 1, a + 1, budget, cover + [at[a]])
    walk(0, 0, skips, [])
    return out


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


class Block:
    """One block of a reply: ops (the diff of its old and new side), the file line number of
    each old line (nums, 1-based) and, once a side-only defect is injected, old/new sides that
    ops no longer describe."""

    def __init__(self, start, old, new):
        self.start = start
        self.ops = udiff_ops(old, new)
        self.nums = list(range(start + 1, start + 1 + len(old)))
        self.old, self.new = list(old), list(new)
        self.shift = 0  # wrong-lineno
        self.cut = False  # a line left out of the old side: ops no longer index it
        self.left_out = 0  # lines of substance left out (missing-context): the place pays each
        self.unmarked = set()  # added lines written as context (unmarked-added)
        self.made_up = set()  # old-side lines made up and added (hallucinated extra)
        self.stands_for = {}  # an old-side line a defect altered -> the file line it was made from
        self.cut_short = set()  # old-side lines cut short (truncated)
        self.numbered = False  # the reply must claim its line (it decides between places)
        self.marks = set()  # elision markers on the old side (each any run of lines)
        self.merged = False  # two hunks made one, the lines between them left out
        self.starts = [start]  # the first file line (0-based) of each change it holds

    def merge(self, other):
        self.merged = True
        self.starts += other.starts
        self.ops += other.ops
        self.nums += other.nums
        self.old += other.old
        self.new += other.new

    def sync(self):
        """old/new from ops (after an ops defect)."""
        self.old = [t for o, t in self.ops if o != "+"]
        self.new = [t for o, t in self.ops if o != "-"]


def runs_of_context(ops, minlen, inner=True):
    """(k, n): runs of n >= minlen context ops at ops[k:k+n], not touching the ends if inner."""
    out, k = [], 0
    while k < len(ops):
        if ops[k][0] != " ":
            k += 1
            continue
        e = k
        while e < len(ops) and ops[e][0] == " ":
            e += 1
        a, b = k, e
        if inner:
            a, b = max(k, 1), min(e, len(ops) - 1)
        if b - a >= minlen:
            out.append((a, b - a))
        k = e
    return out


def pinning_run(ops):
    """Indices of the context ops that alone say where an insertion at the hunk's end or top
    goes: the run of context lines right before a trailing run of added lines, and the run
    right after a leading one (a deleted line next to the insertion pins it itself)."""
    out = set()
    n = len(ops)
    j = n
    while j > 0 and ops[j - 1][0] == "+":
        j -= 1
    if 0 < j < n:
        while j > 0 and ops[j - 1][0] == " ":
            j -= 1
            out.add(j)
    j = 0
    while j < n and ops[j][0] == "+":
        j += 1
    if 0 < j < n:
        while j < n and ops[j][0] == " ":
            out.add(j)
            j += 1
    return out


def twins_reach_change(ops, k):
    """True when ops[k] is one of a run of context lines equal to it (trailing blanks aside)
    of two or more that stands next to an added or deleted line: with one copy left out, the
    reader cannot tell on which side of that line the missing copy stood."""
    key = ops[k][1].rstrip()
    a = k
    while a > 0 and ops[a - 1][0] == " " and ops[a - 1][1].rstrip() == key:
        a -= 1
    e = k + 1
    while e < len(ops) and ops[e][0] == " " and ops[e][1].rstrip() == key:
        e += 1
    return e - a >= 2 and ((a > 0 and ops[a - 1][0] != " ") or (e < len(ops) and ops[e][0] != " "))


def old_index(ops, k):
    """The index on the old side of ops[k]."""
    return sum(1 for o, _ in ops[:k] if o != "+")


def inject_block(rng, fmt, b, d, name, file_text=frozenset()):
    """Applies defect d to block b; False when it does not fit. file_text: the file's lines,
    stripped."""
    hunks = fmt in HUNKS
    if d == "miscopied-ident" or d == "trailing-ws" or d == "typography":
        f = {"miscopied-ident": lambda t: miscopy(rng, t) if solid(t) else None,
             "trailing-ws": lambda t: (t + rng.choice(["  ", " ", "\t"]) if t.strip()
                                       else t + "    " if not t else None),
             "typography": lambda t: typo(rng, t)}[d]
        if hunks:
            cand = [k for k, (o, t) in enumerate(b.ops) if o != "+"]
            rng.shuffle(cand)
            for k in cand:
                t2 = f(b.ops[k][1])
                if t2 is not None:
                    b.stands_for[t2] = b.stands_for.get(b.ops[k][1], b.ops[k][1])
                    b.ops[k] = (b.ops[k][0], t2)
                    b.sync()
                    return True
            return False
        cand = list(range(len(b.old)))
        rng.shuffle(cand)
        for i in cand:
            t2 = f(b.old[i])
            if t2 is not None:
                b.stands_for[t2] = b.stands_for.get(b.old[i], b.old[i])
                b.old[i] = t2
                return True
        return False
    if d in ("missing-context", "drop-blank"):
        fits = solid if d == "missing-context" else (lambda x: not x.strip())
        if hunks:  # a context line left out of the hunk: gone from both sides
            # only between two context lines: next to a change it would move the change
            # nor in the run of context lines that alone places an insertion at the hunk's end
            # (no line after it) or its top: the reader places it next to the run as it fits
            # the file whole, and a run with a line left out can fit whole one line short
            # (..., blank, code, blank, +added with the code line left out reads as an
            # insertion after the first blank); nor a line of a run of copies that reaches a
            # change: the run one copy short fits on either side of the change's line
            pinned = pinning_run(b.ops)
            cand = [k for k in range(1, len(b.ops) - 1) if b.ops[k][0] == " " and fits(b.ops[k][1])
                    and b.ops[k - 1][0] == " " and b.ops[k + 1][0] == " " and k not in pinned
                    and not twins_reach_change(b.ops, k)]
            if not cand:
                return False
            k = rng.choice(cand)
            b.left_out += d == "missing-context"
            del b.ops[k]
            b.sync()
            return True
        # the old side leaves out a line the new side keeps (it is unchanged)
        # only a line between two unchanged lines, unlike both: beside a change, or beside
        # its own copy, the new side no longer says whether it is kept or added
        if b.nums is None or len(b.old) != len(b.nums) or b.cut:
            return False
        ctx = {old_index(b.ops, k) for k in range(1, len(b.ops) - 1) if b.ops[k][0] == " "
               and b.ops[k - 1][0] == " " and b.ops[k + 1][0] == " "}
        # compared without trailing blanks: a trailing-ws defect made first does not make a
        # line unlike its copy (the old side would then fit the file as written one line on);
        # and as the lines they stand for: a neighbour cut short (truncated) is its line still,
        # read as which the old side, this line left out, fits the file one line short
        def was(x):
            return b.stands_for.get(x, x).rstrip()
        cand = [i for i in range(1, len(b.old) - 1) if i in ctx and fits(b.old[i])
                and was(b.old[i]) != was(b.old[i - 1])
                and was(b.old[i]) != was(b.old[i + 1])]
        if not cand:
            return False
        i = rng.choice(cand)
        b.left_out += d == "missing-context"
        del b.old[i]
        del b.nums[i]
        b.cut = True
        return True
    if d == "reindent":
        if hunks:
            return False
        ind = [re.match(r"[ \t]*", x).group(0) for x in b.old + b.new if x.strip()]
        how = rng.choice(["deeper", "dedent", "tabs", "spaces"])
        if how == "dedent":
            common = os.path.commonprefix(ind)
            if not common:
                return False
            g = lambda x: x[len(common):] if x.strip() else x
        elif how == "tabs":
            if not any("    " in i for i in ind):
                return False
            g = lambda x: re.sub(r"^(\t*)((?:    )+)", lambda m: m.group(1) + "\t" * (len(m.group(2)) // 4), x)
        elif how == "spaces":
            if not any("\t" in i for i in ind):
                return False
            g = lambda x: re.sub(r"^[ \t]+", lambda m: m.group(0).replace("\t", "    "), x)
        else:
            g = lambda x: ("    " + x) if x.strip() else x
        b.old = [g(x) for x in b.old]
        b.new = [g(x) for x in b.new]
        # the lines a defect made before are re-indented too: still those lines
        b.stands_for = {g(k): v for k, v in b.stands_for.items()}
        b.cut_short = {g(x) for x in b.cut_short}
        b.unmarked = {g(x) for x in b.unmarked}
        b.made_up = {g(x) for x in b.made_up}
        return True
    if d == "elision":  # a run of unchanged lines written as one marker on both sides
        if hunks or fmt == "lndiff" or b.nums is None or b.cut:
            return False
        # the lines around the marker are unchanged and solid, else the reply does not say
        # where the elided run begins (a blank line before it fits every blank line above)
        runs = [(k + 1, n - 2) for k, n in runs_of_context(b.ops, 4, inner=False)
                if solid(b.ops[k][1]) and solid(b.ops[k + n - 1][1])]
        if not runs:
            return False
        k, n = rng.choice(runs)
        c = comment_of(name)
        ind = re.match(r"[ \t]*", b.ops[k][1]).group(0)
        mark = ind + rng.choice(["...", c + " ..." if c else "...",
                                 "/* ... */" if c == "//" else "..."])
        i = old_index(b.ops, k)
        j = sum(1 for o, _ in b.ops[:k] if o != "-")
        if b.old[i:i + n] != [t for _, t in b.ops[k:k + n]] or b.new[j:j + n] != b.old[i:i + n]:
            return False
        b.old[i:i + n] = [mark]
        b.marks.add(mark)
        b.new[j:j + n] = [mark]
        b.nums = None
        return True
    if d == "wrong-lineno":
        if fmt not in NUMBERED and fmt != "udiff":
            return False
        b.shift = rng.choice([-3, -2, -1, 1, 2, 3])
        return True
    if d == "unmarked-added":
        if not hunks:
            return False
        # a line that exists nowhere in the file (the corpus' rule): one that does would be
        # an unchanged line of the file, and the hunk another hunk
        adds = [k for k, (o, t) in enumerate(b.ops) if o == "+" and solid(t)
                and t.strip() not in file_text]
        if not adds:
            return False
        k = rng.choice(adds)
        b.ops[k] = (" ", b.ops[k][1])
        b.unmarked.add(b.ops[k][1])
        b.sync()
        return not all(o == " " for o, _ in b.ops)
    if d == "hallucinated":
        return hallucinate(rng, fmt, b, name, file_text)
    if d == "truncated":
        if hunks:
            cand = [k for k, (o, t) in enumerate(b.ops) if o != "+" and solid(t)]
            rng.shuffle(cand)
            for k in cand:
                t2 = truncate(rng, b.ops[k][1])
                if t2 is not None and t2.strip() not in file_text:
                    b.stands_for[t2] = b.stands_for.get(b.ops[k][1], b.ops[k][1])
                    b.cut_short.add(t2)
                    b.ops[k] = (b.ops[k][0], t2)
                    b.sync()
                    return True
            return False
        cand = [i for i in range(len(b.old)) if solid(b.old[i])]
        if cand and rng.random() < 0.5:
            cand = cand[-1:]  # most often where the model stopped: its last line
        rng.shuffle(cand)
        for i in cand:
            t2 = truncate(rng, b.old[i])
            # what is left is no whole line of the file (it would read as that line)
            if t2 is not None and t2.strip() not in file_text:
                b.stands_for[t2] = b.stands_for.get(b.old[i], b.old[i])
                b.cut_short.add(t2)
                b.old[i] = t2
                return True
        return False
    if d == "lazy":  # unchanged code on the new side replaced by a placeholder
        # a line stays between the placeholder and a change, else the reply does not say
        # whether the placeholder stands for the changed lines too; a line of code: blank
        # lines alone do not say it either (a blank line deleted or added beyond a kept one
        # next to the placeholder may as well be one it stands for)
        runs = []
        for k, n in runs_of_context(b.ops, 2, inner=False):
            if k > 0:
                k, n = k + 1, n - 1
                while n > 0 and not b.ops[k - 1][1].strip():
                    k, n = k + 1, n - 1
            if k + n < len(b.ops):
                n -= 1
                while n > 0 and not b.ops[k + n][1].strip():
                    n -= 1
            if n >= 2 and any(solid(t) for _, t in b.ops[k:k + n]):
                runs.append((k, n))  # a placeholder for blank lines only is no placeholder
        if not runs:
            return False
        k, n = rng.choice(runs)
        c = comment_of(name)
        ind = re.match(r"[ \t]*", b.ops[k][1]).group(0)
        ph = ind + c + " " + rng.choice(["... rest of the code unchanged ...",
                                          "... existing code ...", "existing code here"])
        if hunks:
            b.ops[k:k + n] = [("-", t) for _, t in b.ops[k:k + n]] + [("+", ph)]
            b.sync()
            return True
        j = sum(1 for o, _ in b.ops[:k] if o != "-")
        shown = b.new[:j] + [ph] + b.new[j + n:]
        if expanded(b.old, shown, j) != b.new:
            return False  # the placeholder's neighbours pair with other old lines
        b.new[j:j + n] = [ph]
        return True
    return True


def expanded(old, shown, j):
    """The new side shown with its placeholder (line j) replaced by the old lines between
    those its neighbours pair with once old and shown are diffed: what a restoring reader
    reads it as. A move makes the lines around the placeholder pair with other old lines than
    those of the new side's own diff (a repeated line beside it), and the placeholder then
    stands for lines the move changed: not the reply of the intended file. None when a
    neighbour pairs with no old line."""
    pairs = difflib.SequenceMatcher(None, old, shown, autojunk=False).get_matching_blocks()
    at = {}
    for a, b, k in pairs:
        for t in range(k):
            at[b + t] = a + t
    lo = at.get(j - 1, -1) if j > 0 else -1
    hi = at.get(j + 1, len(old)) if j + 1 < len(shown) else len(old)
    if (j > 0 and j - 1 not in at) or (j + 1 < len(shown) and j + 1 not in at) or hi <= lo:
        return None
    return shown[:j] + old[lo + 1:hi] + shown[j + 1:]


def hallucinate(rng, fmt, b, name, file_text):
    """A made-up line on the old side of b: added to it (anywhere, its ends too), or in place
    of one of its unchanged lines (the new side keeps the file's line)."""
    hunks = fmt in HUNKS
    how = rng.choice(["extra", "replaced"])
    if hunks:
        if how == "extra":
            k = rng.randint(0, len(b.ops))
            near = b.ops[min(k, len(b.ops) - 1)][1]
            t = made_up(rng, name, re.match(r"[ \t]*", near).group(0), file_text)
            if t is None:
                return False
            b.ops.insert(k, ("-", t))
            b.made_up.add(t)
        else:
            cand = [k for k, (o, t) in enumerate(b.ops) if o == " " and solid(t)]
            if not cand:
                return False
            k = rng.choice(cand)
            real = b.ops[k][1]
            t = made_up(rng, name, re.match(r"[ \t]*", real).group(0), file_text)
            if t is None:
                return False
            b.ops[k:k + 1] = [("-", t), ("+", real)]
            b.stands_for[t] = real
        b.sync()
        return True
    if how == "extra":
        i = rng.randint(0, len(b.old))
        near = b.old[min(i, len(b.old) - 1)] if b.old else ""
        t = made_up(rng, name, re.match(r"[ \t]*", near).group(0), file_text)
        if t is None:
            return False
        b.old.insert(i, t)
        b.made_up.add(t)
        b.cut = True  # the old side no longer has a file line for each of its lines
        return True
    ctx = [old_index(b.ops, k) for k, (o, t) in enumerate(b.ops) if o == " " and solid(t)]
    ctx = [i for i in ctx if i < len(b.old) and solid(b.old[i])]
    if not ctx or b.cut or b.nums is None or len(b.nums) != len(b.old):
        return False
    i = rng.choice(ctx)
    t = made_up(rng, name, re.match(r"[ \t]*", b.old[i]).group(0), file_text)
    if t is None:
        return False
    b.stands_for[t] = b.old[i]
    b.old[i] = t
    return True
