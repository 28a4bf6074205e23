"""oracle_change.py: the changes bench/oracle.py makes in a file, the way models change code.

A change is (start, old, new): the file's lines[start:start+len(old)] become new. Kinds: rename
an identifier, insert lines, delete a line, modify a line, move a line or a run of lines, wrap a
run of lines in a new block (re-indented) and unwrap a block (its body dedented out of it).
"""
import os
import re

IDENT = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]{3,}\b")
CODE_EXT = {".py": "#", ".c": "//", ".h": "//", ".js": "//", ".sh": "#", ".rb": "#",
            ".ts": "//", ".tsx": "//", ".jsx": "//", ".mjs": "//", ".go": "//", ".rs": "//",
            ".java": "//", ".cpp": "//", ".cc": "//", ".hpp": "//", ".cs": "//", ".kt": "//",
            ".swift": "//", ".dart": "//", ".scala": "//"}
# the languages a run of lines can be wrapped in a block of (and a block unwrapped): the
# opener and closer lines a model writes in each, {ind} the run's indentation
BRACES = {".c", ".h", ".js", ".ts", ".tsx", ".jsx", ".mjs", ".go", ".rs", ".java", ".cpp",
          ".cc", ".hpp", ".cs", ".kt", ".swift", ".dart", ".scala"}
WRAPS = {
    "py": [["if not dry_run:"], ["try:"], ["with lock:"], ["for attempt in range(3):"]],
    "c": [["if (enabled) {", "}"], ["{", "}"], ["while (retry--) {", "}"]],
    "go": [["if enabled {", "}"], ["{", "}"], ["for retry := 0; retry < 3; retry++ {", "}"]],
    "sh": [['if [ -n "$enabled" ]; then', "fi"], ["{", "}"]],
}


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
    kind = rng.choice(kinds or ["rename", "insert", "delete", "modify", "move"] +
                      ([] if edge else ["wrap", "unwrap"]))
    if kind in ("wrap", "unwrap"):
        return (wrap if kind == "wrap" else unwrap)(rng, lines, lo, hi, name)
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
        # after a blank line, the block is that of the nearest line of substance above (below
        # when that one opens a block): a blank line's own indentation (none) would put a
        # statement at column 0 inside a body
        if not old[at - 1].strip():
            above = [x for x in lines[:start + at - 1] if x.strip()][-1:]
            below = [x for x in lines[start + at:] if x.strip()][:1]
            near = below if not above or above[0].rstrip().endswith((":", "{")) else above
            if near:
                ind = re.match(r"[ \t]*", near[0]).group(0)
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
        # a comment in the file's language: "x;  # changed" in C is a syntax error, which the
        # syntax check refuses wherever the line went, so the case would test no place
        new[i] = old[i].rstrip() + "  %s changed" % (comment_of(name) or "#")
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


def nowhere(lines, old):
    """True when old stands nowhere in lines as one run of lines."""
    k = len(old)
    return not any(lines[i:i + k] == old for i in range(len(lines) - k + 1))


class Prefix(str):
    """A key line of fits_other_place cut short (truncated): it stands on any line it starts."""


def key_fits(have, k):
    return have.startswith(k) if isinstance(k, Prefix) else have == k


def fits_other_place(lines, key, lo, hi, top=False, bottom=False, skips=0, ends=None):
    """True when key (lines compared without their blanks, blank lines skipped on both sides;
    a Prefix stands on any line it starts) stands in lines at a place other than within
    lines[lo:hi], its lines one after another or with at most skips file lines between them in
    all: a fit that only overlaps the region (a repeated block's shared line) is another place
    too. top/bottom: the place must start at the file's first line / end at its last (a snippet
    run with no marker there). ends: (first, last), the file lines the key's first and last
    lines stand on at the intended place; then a fit inside the region that starts or ends on
    other lines is another place too (a snippet run whose kept lines fit again further in the
    region, with fewer lines between: the marker before it stands for more lines there)."""
    key = [Prefix("".join(x.split())) if isinstance(x, Prefix) else "".join(x.split())
           for x in key if x.strip()]
    if not key:
        return False
    at = [i for i, x in enumerate(lines) if x.strip()]
    have = ["".join(lines[i].split()) for i in at]
    n = len(have)
    for a in range(n):
        if not key_fits(have[a], key[0]) or (top and a):
            continue
        # the fewest lines skipped to reach each line that key[t] can stand on
        cur = {a: 0}
        for t in range(1, len(key)):
            nxt = {}
            for p, c in cur.items():
                for q in range(p + 1, min(n, p + 2 + skips - c)):
                    if key_fits(have[q], key[t]) and c + q - p - 1 < nxt.get(q, skips + 1):
                        nxt[q] = c + q - p - 1
            cur = nxt
        for p in cur:
            inside = lo <= at[a] and at[p] < hi
            if ends is not None and (at[a], at[p]) != tuple(ends):
                inside = False
            if (not bottom or p == n - 1) and not inside:
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


def indent_of(line):
    return re.match(r"[ \t]*", line).group(0)


def indent_unit(lines):
    """The file's indentation step: a tab, or the smallest run of leading spaces (2 to 8)."""
    if any(x.startswith("\t") and x.strip() for x in lines):
        return "\t"
    steps = [len(indent_of(x)) for x in lines if x.strip() and indent_of(x)]
    k = min(steps) if steps else 4
    return " " * (k if 2 <= k <= 8 else 4)


def family(name):
    ext = os.path.splitext(name)[1]
    if ext == ".py":
        return "py"
    if ext == ".sh":
        return "sh"
    if ext in (".go", ".rs", ".swift"):
        return "go"  # no parentheses around a condition
    return "c" if ext in BRACES else None


def balanced(run):
    """True when the brackets of the run close within it (by characters: a rough guard that
    the run is whole statements, not the middle of a call)."""
    depth = 0
    for x in run:
        if '"""' in x or "'''" in x or "`" in x or x.rstrip().endswith("\\"):
            return False
        for ch in x:
            depth += ch in "([{"
            depth -= ch in ")]}"
            if depth < 0:
                return False
    return depth == 0


CONT = re.compile(r"^\s*(else\b|elif\b|except\b|finally\b|case\b|default\b|catch\b|\}|\)|\]|"
                  r"fi\b|done\b|esac\b|then\b|do\b|#|\.|&&|\|\||\+|-|\*|/|\?|:|,|<|>)")


def statements_at(lines, a, b, base):
    """True when lines[a:b] are whole statements at indentation base: every line at base or
    deeper, none of them one that continues a statement or closes a block, the line before
    not leaving one open, the one after not deeper (the run does not cut a block)."""
    run = lines[a:b]
    if not run or not run[0].strip() or not run[-1].strip() or not balanced(run):
        return False
    for x in run:
        if x.strip() and (not x.startswith(base) or (indent_of(x) == base and CONT.match(x))):
            return False
    prev = next((x for x in reversed(lines[:a]) if x.strip()), "")
    if prev.rstrip().endswith(("(", "[", ",", "\\", "=", "+", "&&", "||")):
        return False
    nxt = next((x for x in lines[b:] if x.strip()), None)
    if nxt is not None and len(indent_of(nxt)) > len(base):
        return False
    if nxt is not None and indent_of(nxt) == base and CONT.match(nxt) and not \
            nxt.strip().startswith(("}", "#", "//")):
        return False
    return True


def with_context(rng, lines, lo, hi, a, b, new_mid):
    """(start, old, new): lines[a:b] become new_mid, with 1 to 3 unchanged lines either side
    (fewer at the window's ends)."""
    s = max(lo, a - rng.randint(1, 3))
    e = min(hi, b + rng.randint(1, 3))
    old = lines[s:e]
    new = lines[s:a] + new_mid + lines[b:e]
    if new == old or not unique(lines, old) or sum(solid(x) for x in old) < 2:
        return None
    return s, old, new


def wrap(rng, lines, lo, hi, name):
    """A run of 1-8 statements wrapped in a new block, every line of it one level deeper."""
    fam = family(name)
    if fam is None or hi - lo < 4:
        return None
    unit = indent_unit(lines)
    for _ in range(8):
        a = rng.randint(lo, hi - 1)
        b = min(hi, a + rng.randint(1, 8))
        base = indent_of(lines[a])
        if fam == "py" and not base and rng.random() < 0.7:
            continue  # mostly inside a function: a wrapped def reads oddly
        if not statements_at(lines, a, b, base):
            continue
        if fam == "c" and any(x.lstrip().startswith("#") for x in lines[a:b]):
            continue  # a preprocessor line stays at the margin
        shape = rng.choice(WRAPS[fam])
        mid = [base + shape[0]] + [(base + unit + x[len(base):]) if x.strip() else x
                                   for x in lines[a:b]]
        if fam == "py" and shape[0] == "try:":
            mid += [base + "except OSError:", base + unit + "raise"]
        elif len(shape) > 1:
            mid.append(base + shape[1])
        ch = with_context(rng, lines, lo, hi, a, b, mid)
        if ch:
            return ch
    return None


OPENER_PY = re.compile(r"^\s*(if|for|while|with|try)\b.*:\s*$")
OPENER_C = re.compile(r"^\s*((if|for|while)\b.*|)\{\s*$")
OPENER_SH = re.compile(r"^\s*(if\b.*; *then|\{)\s*$")


def unwrap(rng, lines, lo, hi, name):
    """A block whose body (1-10 lines) is taken out of it: opener and closer gone, the body
    one level shallower."""
    fam = family(name)
    if fam is None:
        return None
    rx = OPENER_PY if fam == "py" else OPENER_SH if fam == "sh" else OPENER_C
    cand = [i for i in range(lo, hi - 2) if rx.match(lines[i])]
    rng.shuffle(cand)
    for a in cand[:8]:
        base = indent_of(lines[a])
        prev = next((x for x in reversed(lines[:a]) if x.strip()), "")
        if lines[a].strip() == "{" and prev.rstrip().endswith((")", "=", "else")):
            continue  # the brace of a function, an initialiser or an else
        if "else" in lines[a] or "} " in lines[a].strip()[:2]:
            continue
        e = a + 1
        while e < len(lines) and (not lines[e].strip() or len(indent_of(lines[e])) > len(base)):
            e += 1
        while e > a + 1 and not lines[e - 1].strip():
            e -= 1
        body = lines[a + 1:e]
        if not body or len(body) > 10 or e >= hi:
            continue
        end = e
        if fam != "py":  # the closer: a line of its own at the opener's indentation
            closer = "fi" if lines[a].rstrip().endswith("then") else "}"
            if lines[e].strip() != closer or indent_of(lines[e]) != base:
                continue
            end = e + 1
        nxt = next((x for x in lines[end:] if x.strip()), "")
        if indent_of(nxt) == base and CONT.match(nxt) and \
                not nxt.strip().startswith(("}", "#", "//")):
            continue  # an else, except or catch goes with the block
        if lines[a].strip().startswith("try") and fam == "py":
            continue  # its except clause would be left alone
        deeper = indent_of(body[0])
        if len(deeper) <= len(base) or not all(x.startswith(deeper) for x in body if x.strip()):
            continue
        d = len(deeper) - len(base)
        mid = [x[d:] if x.strip() else x for x in body]
        ch = with_context(rng, lines, lo, hi, a, end, mid)
        if ch:
            return ch
    return None


NONSENSE = ["result = normalize_payload(result, strict=True)", "self._pending_flush = None",
            "log_debug(\"state changed\")", "cache.invalidate(key_prefix)",
            "retries_left -= 1", "validate_schema(document)", "return merged_value",
            "if not handle_ready:", "emit_metric(\"apply.count\", 1)",
            "options = dict(DEFAULT_OPTIONS)"]


def made_up(rng, name, ind, file_text):
    """A line that stands nowhere in the file: one a model invents as context (not a miscopy
    of a near line), in the file's syntax."""
    c = comment_of(name) or "#"
    for _ in range(4):
        t = rng.choice(NONSENSE)
        if c == "//" and not t.endswith(":"):
            t += ";"
        if t.strip() not in file_text:
            return ind + t
    return None


def truncate(rng, line):
    """The line cut short, the way a model stops mid-line; None if too short to cut."""
    body = line.rstrip()
    core = len(body) - len(body.lstrip())
    if len(body) - core < 12:
        return None
    # at least 4 non-blank characters kept ("#" and the blanks of an aligned comment is not
    # what is left of a line: trailing blanks aside it reads as a line "#" of its own)
    solid4, n = len(body), 0
    for i, ch in enumerate(body):
        n += not ch.isspace()
        if n == 4:
            solid4 = i + 1
            break
    lo = max(core + max(4, (len(body) - core) // 3), solid4)
    if lo > len(body) - 3:
        return None
    k = rng.randint(lo, len(body) - 3)
    return line[:k]
