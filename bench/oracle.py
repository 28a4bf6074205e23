#!/usr/bin/env python3
"""oracle.py: replies nobody has written yet, and the one right answer for each.

Takes text files (--sources: the files bench/oracle_synth.py makes from their names, the same
on every machine; or real trees: the project's own src/ and tests/, /usr/lib/python3*, and the
plain files of /usr/share/doc; or both), makes a real-looking change in one or two regions of one
(rename an identifier, insert lines, delete a line, change a line, move a line or a run of
lines; now and then at the file's first or last lines), renders it in one of the formats seam
reads (editblock, udiff, gitdiff, patch, lndiff, whole, and the agents' cline, roo, openhands,
fastapply, the JSON tools (toolcall), Codex's apply_patch calls (patchjson) and Zed's edits),
injects one to three of the defects models make (the list of ../shared/corpus/README.md; and
now and then CR LF line ends on the reply), and runs `seam apply` on a copy of the file. seam must write
exactly the intended file or refuse: a refusal is fine, any other file is a failure, saved under
--out (before/, reply.md, intended/, got/, case.json) to be read and turned into a test of
neutral content. Replies that must be refused (an ambiguous old side the reply does not decide,
a hunk of another file) fail when anything is written; a lazy placeholder may be refused or
restored to the intended file.

    python3 bench/oracle.py [--seed N] [--count N] [--jobs N] [--seam build/seam] [--out DIR]
                            [--sources synth|tiny|tree|all] [--format F] [--defect D] [FILES...]

A fixed --seed on --sources synth gives the same replies on every commit and machine (make oracle,
a suite of make check and make test: seed 1); each attempt draws from its own generator, so on
real trees a file that differs changes only the cases drawn from it. A long run (make
oracle-long) takes another seed, a larger --count and --sources all. The last line is
"N passed, N failed" (a refusal passes); exit 1 when a failure was found.
"""
import argparse
import json
import multiprocessing
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle_synth  # noqa: E402

IDENT = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]{3,}\b")
FORMATS = ["editblock", "udiff", "gitdiff", "patch", "lndiff", "whole",
           "cline", "roo", "openhands", "fastapply", "toolcall", "patchjson", "zed"]
# an old side and a new side (toolcall: the JSON tools of Anthropic, Claude Code, Gemini CLI,
# Zed and Copilot; zed: Zed's <edits> text and its diff-fenced form, the file given by --path)
SIDES = {"editblock", "cline", "roo", "openhands", "lndiff", "toolcall", "zed"}
HUNKS = {"udiff", "gitdiff", "patch", "patchjson"}  # lines ' ', '-', '+' (patchjson: Codex's
                                                    # apply_patch call, Responses' apply_patch_call)
NUMBERED = {"lndiff", "roo", "gitdiff", "zed"}     # the reply says where
# the corpus README's list (path-variant and crlf fit every format)
EDIT_DEFECTS = ["miscopied-ident", "missing-context", "trailing-ws", "reindent", "typography",
                "drop-blank", "elision", "merged-hunks", "out-of-order", "unmarked-added",
                "wrong-lineno"]
REFUSE_DEFECTS = ["ambiguous", "lazy", "foreign-hunk"]
ANY_DEFECTS = ["path-variant", "crlf"]
# not of the corpus' list, drawn apart: a change at the file's first or last lines, a run of
# lines moved several lines on, a reply whose lines end in CR LF (pasted from Windows)
SHAPES = ["edge", "move-run", "crlf-reply"]
DEFECTS = EDIT_DEFECTS + REFUSE_DEFECTS + ANY_DEFECTS + SHAPES + ["ambiguous-resolved"]
CODE_EXT = {".py": "#", ".c": "//", ".h": "//", ".js": "//", ".sh": "#"}
# lines a reply's own syntax could take for a marker: files holding them are left out
MARKERISH = re.compile(r"^\s*(```|~~~|<<<<<<<|=======|>>>>>>>|\+\+\+\+\+\+\+|-------|\*\*\* |"
                       r"@@|</?(parameter|diff|function|path|editblock|apply_diff|"
                       r"replace_in_file|content)\b|diff --git|--- |\+\+\+ |:start_line:)")


def read_lines(path):
    if path.startswith(("synth:", "tiny:")):
        lines = oracle_synth.synth_lines(path)
        if any(MARKERISH.match(x) for x in lines):
            return None
        return lines
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if b"\0" in data or b"\r" in data or len(data) > 200_000 or len(data) < 200:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not text.endswith("\n") or "\f" in text or "\v" in text or "\x1b" in text:
        return None
    lines = text.split("\n")[:-1]
    if any(MARKERISH.match(x) for x in lines) or any("\u2502" in x for x in lines):
        return None
    return lines


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
    skipped, stands in the file at a place other than the region it was made from. Its added
    lines written as context are left out: they are in the file nowhere, so with them the old
    side would fit no place at all, while a reader takes them for additions and places the
    rest (a context line left out can make the rest another place's, a better fit there)."""
    key = ["".join(x.split()) for x in b.old if x.strip() and x not in b.unmarked]
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
        self.unmarked = set()  # added lines written as context (unmarked-added)
        self.numbered = False  # the reply must claim its line (it decides between places)

    def merge(self, other):
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
                    b.ops[k] = (b.ops[k][0], t2)
                    b.sync()
                    return True
            return False
        cand = list(range(len(b.old)))
        rng.shuffle(cand)
        for i in cand:
            t2 = f(b.old[i])
            if t2 is not None:
                b.old[i] = t2
                return True
        return False
    if d in ("missing-context", "drop-blank"):
        fits = solid if d == "missing-context" else (lambda x: not x.strip())
        if hunks:  # a context line left out of the hunk: gone from both sides
            # only between two context lines: next to a change it would move the change
            cand = [k for k in range(1, len(b.ops) - 1) if b.ops[k][0] == " " and fits(b.ops[k][1])
                    and b.ops[k - 1][0] == " " and b.ops[k + 1][0] == " "]
            if not cand:
                return False
            k = rng.choice(cand)
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
        # line unlike its copy (the old side would then fit the file as written one line on)
        cand = [i for i in range(1, len(b.old) - 1) if i in ctx and fits(b.old[i])
                and b.old[i].rstrip() != b.old[i - 1].rstrip()
                and b.old[i].rstrip() != b.old[i + 1].rstrip()]
        if not cand:
            return False
        i = rng.choice(cand)
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
    if d == "lazy":  # unchanged code on the new side replaced by a placeholder
        # a line stays between the placeholder and a change, else the reply does not say
        # whether the placeholder stands for the changed lines too
        runs = []
        for k, n in runs_of_context(b.ops, 2, inner=False):
            if k > 0:
                k, n = k + 1, n - 1
            if k + n < len(b.ops):
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
        b.new[j:j + n] = [ph]
        return True
    return True


def fence(lines):
    return "````" if any(x.startswith("```") for x in lines) else "```"


def show_path(rng, fmt, path, variant):
    if not variant:
        return path
    if fmt in ("editblock", "whole", "lndiff"):
        return rng.choice(["**%s**", "`%s`", "**`%s`**", "### %s", "./%s"]) % path
    if fmt == "fastapply":
        return rng.choice(["**%s**", "`%s`", "./%s"]) % path
    return "./" + path


def side_text(lines, nl):
    """A side as a JSON string value: its lines joined, with a final newline when nl (tools
    differ; both sides of an edit alike, else the edit adds or joins a line end)."""
    return "\n".join(lines) + ("\n" if lines and nl else "")


def tool_envelope(rng, calls):
    """[(tool name, arguments)] as JSON the way an API answer carries them: bare objects (alone
    or in a list), OpenAI's tool_calls (arguments encoded as a string), Anthropic's tool_use."""
    how = rng.choice(["bare", "openai", "anthropic"])
    if how == "bare":
        args = [a for _, a in calls]
        return json.dumps(args[0] if len(args) == 1 and rng.random() < 0.5 else args, indent=1)
    if how == "openai":
        return json.dumps({"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_%d" % i, "type": "function",
             "function": {"name": n, "arguments": json.dumps(a)}}
            for i, (n, a) in enumerate(calls)]}, indent=1)
    return json.dumps({"role": "assistant", "content": [{"type": "text", "text": "Editing."}] + [
        {"type": "tool_use", "id": "toolu_%d" % i, "name": n, "input": a}
        for i, (n, a) in enumerate(calls)]}, indent=1)


def render_toolcall(rng, shown, blocks, args):
    """The JSON edit tools of the agents seam reads, one flavour per reply."""
    flavour = rng.choice(["anthropic", "claude-edit", "claude-multi", "gemini", "zed",
                          "copilot", "copilot-multi"])
    if flavour.startswith("copilot"):  # Copilot names files by absolute paths
        shown = "/workspace/" + shown.lstrip("./")
        args += ["--strip-prefix", "/workspace"]
    nls = [rng.random() < 0.4 for _ in blocks]
    sides = [(side_text(b.old, nl), side_text(b.new, nl)) for b, nl in zip(blocks, nls)]
    if flavour == "anthropic":
        calls = [("str_replace_based_edit_tool", {"command": "str_replace", "path": shown,
                                                  "old_str": o, "new_str": n}) for o, n in sides]
    elif flavour == "claude-edit":
        calls = [("Edit", {"file_path": shown, "old_string": o, "new_string": n})
                 for o, n in sides]
    elif flavour == "claude-multi":
        calls = [("MultiEdit", {"file_path": shown, "edits": [
            {"old_string": o, "new_string": n} for o, n in sides]})]
    elif flavour == "gemini":
        calls = [("replace", {"file_path": shown, "instruction": "Make the change.",
                              "old_string": o, "new_string": n}) for o, n in sides]
    elif flavour == "zed":
        edits = [{"old_text": o, "new_text": n} for o, n in sides]
        calls = [("edit_file", {"path": shown, "edits": json.dumps(edits)
                                if rng.random() < 0.3 else edits})]
    elif flavour == "copilot":
        calls = [("replace_string_in_file", {"filePath": shown, "oldString": o, "newString": n})
                 for o, n in sides]
    else:
        calls = [("multi_replace_string_in_file", {"explanation": "The change.", "replacements": [
            {"filePath": shown, "oldString": o, "newString": n} for o, n in sides]})]
    return tool_envelope(rng, calls) + "\n"


def render(rng, fmt, path, blocks, whole_lines, variant, name, args=None):
    """The reply's text, or None when the format cannot say this. args: options the reply
    needs on seam's command line (appended)."""
    args = [] if args is None else args
    shown = show_path(rng, fmt, path, variant)
    out = []
    if fmt == "toolcall":
        return render_toolcall(rng, shown, blocks, args)
    if fmt == "zed":  # the text Zed's edit agent wrote: the file is the call's, given by --path
        args += ["--path", path]
        fenced = rng.random() < 0.4
        for b in blocks:
            line = "" if b.nums is None or (rng.random() < 0.2 and not b.numbered) else \
                " line=%d" % max(1, b.start + 1 + b.shift)
            o = "".join(x + "\n" for x in b.old)
            n = "".join(x + "\n" for x in b.new)
            if fenced:
                out.append("<<<<<<< SEARCH%s\n%s=======\n%s>>>>>>> REPLACE\n" % (line, o, n))
            else:
                out.append("<old_text%s>\n%s</old_text>\n<new_text>\n%s</new_text>\n" % (
                    line, o, n))
        return "".join(out) if fenced else "<edits>\n%s</edits>\n" % "".join(out)
    if fmt == "editblock":
        for b in blocks:
            f = fence(b.old + b.new)
            out.append("%s\n%s\n<<<<<<< SEARCH\n%s=======\n%s>>>>>>> REPLACE\n%s\n" % (
                shown, f, "".join(x + "\n" for x in b.old), "".join(x + "\n" for x in b.new), f))
        return "Here is the change.\n\n" + "\n".join(out)
    if fmt == "cline":
        body = "".join("------- SEARCH\n%s=======\n%s+++++++ REPLACE\n" % (
            "".join(x + "\n" for x in b.old), "".join(x + "\n" for x in b.new)) for b in blocks)
        return "<replace_in_file>\n<path>%s</path>\n<diff>\n%s</diff>\n</replace_in_file>\n" % (
            shown, body)
    if fmt == "roo":
        if any(b.nums is None for b in blocks):
            body = "".join("<<<<<<< SEARCH\n-------\n%s=======\n%s>>>>>>> REPLACE\n\n" % (
                "".join(x + "\n" for x in b.old), "".join(x + "\n" for x in b.new))
                for b in blocks)
        else:
            body = "".join("<<<<<<< SEARCH\n:start_line:%d\n-------\n%s=======\n%s>>>>>>> REPLACE\n\n" % (
                max(1, b.start + 1 + b.shift), "".join(x + "\n" for x in b.old),
                "".join(x + "\n" for x in b.new)) for b in blocks)
        return "<apply_diff>\n<path>%s</path>\n<diff>\n%s</diff>\n</apply_diff>\n" % (shown, body)
    if fmt == "openhands":
        for b in blocks:
            out.append("<function=str_replace_editor>\n<parameter=command>str_replace</parameter>\n"
                       "<parameter=path>%s</parameter>\n<parameter=old_str>\n%s</parameter>\n"
                       "<parameter=new_str>\n%s</parameter>\n</function>\n" % (
                           shown, "".join(x + "\n" for x in b.old),
                           "".join(x + "\n" for x in b.new)))
        return "I'll make the change.\n\n" + "\n".join(out)
    if fmt == "lndiff":
        for b in blocks:
            if b.nums is None or len(b.nums) != len(b.old):
                return None
            nums = [max(1, n + b.shift) for n in b.nums]
            w = max(len(str(n)) for n in nums) if nums else 1
            rem = "".join("%*d\u2502%s\n" % (w, n, t) for n, t in zip(nums, b.old))
            ins = "".join("%s\u2502%s\n" % (" " * w, t) for t in b.new)
            out.append("%s\n<editblock>\n<<<<<<< REMOVE\n%s=======\n%s>>>>>>> INSERT\n</editblock>\n"
                       % (shown, rem, ins))
        return "\n".join(out)
    if fmt in HUNKS:
        hs = []
        for b in blocks:
            if b.nums is None or all(o == " " for o, _ in b.ops):
                return None
            nold = sum(o != "+" for o, _ in b.ops)
            nnew = sum(o != "-" for o, _ in b.ops)
            body = "".join(o + t + "\n" for o, t in b.ops)
            no = max(1, b.start + 1 + b.shift)
            if fmt in ("patch", "patchjson"):
                hs.append("@@\n" + body)
            elif fmt == "udiff" and not b.shift and rng.random() < 0.5:
                hs.append("@@ ... @@\n" + body)
            else:
                hs.append("@@ -%d,%d +%d,%d @@\n%s" % (no, nold, no, nnew, body))
        if fmt == "patch":
            # Codex's own scenarios: padding spaces after the markers
            pad = (lambda: rng.choice(["", "", " ", "  "]))
            return "*** Begin Patch%s\n*** Update File: %s%s\n%s*** End Patch%s\n" % (
                pad(), shown, pad(), "".join(hs), pad())
        if fmt == "patchjson":
            if rng.random() < 0.5:  # Codex's apply_patch function tool
                text = "*** Begin Patch\n*** Update File: %s\n%s*** End Patch\n" % (
                    shown, "".join(hs))
                a = {"input": text}
                call = {"name": "apply_patch",
                        "arguments": json.dumps(a) if rng.random() < 0.5 else a}
                return json.dumps([call] if rng.random() < 0.5 else call, indent=1) + "\n"
            # the Responses API's built-in tool: the path outside the diff
            item = {"type": "apply_patch_call", "call_id": "call_1", "status": "completed",
                    "operation": {"type": "update_file", "path": shown, "diff": "".join(hs)}}
            return json.dumps([item], indent=1) + "\n"
        a = b_ = shown
        if fmt == "udiff" and variant and rng.random() < 0.5:
            a, b_ = "a/" + path, "b/" + path
        head = "--- %s\n+++ %s\n" % (a, b_)
        if fmt == "gitdiff":
            ga, gb = ("a/" + path, "b/" + path) if not variant else (path, path)
            head = "diff --git %s %s\nindex 1a2b3c4..5d6e7f8 100644\n--- %s\n+++ %s\n" % (
                ga, gb, ga, gb)
        return "```diff\n%s%s```\n" % (head, "".join(hs))
    if fmt == "whole":
        f = fence(whole_lines)
        return "%s\n%s\n%s%s\n" % (shown, f, "".join(x + "\n" for x in whole_lines), f)
    return None


def render_fastapply(rng, shown, name, lines, changes, want_lines):
    """A lazy snippet of the new file: each change with 1-3 lines of context, every left-out
    run written as one `... existing code ...` marker in the file's comment syntax."""
    c = comment_of(name)
    if not c:
        return None
    wins, shift = [], 0
    for start, old, new in sorted(changes):
        s = start + shift
        e = s + len(new)
        # 1-3 lines of context, and on each side at least one that is not blank: a marker
        # stands for the file lines up to the unchanged line next to it, blank lines aside
        k = rng.randint(1, 3)
        a, z = max(0, s - k), min(len(want_lines), e + k)
        while a > 0 and not any(x.strip() for x in want_lines[a:s]):
            a -= 1
        while z < len(want_lines) and not any(x.strip() for x in want_lines[e:z]):
            z += 1
        wins.append([a, z])
        shift += len(new) - len(old)
    merged = []
    for w in wins:
        if merged and w[0] <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], w[1])
        else:
            merged.append(w)
    # the markers of Cursor/Morph, Copilot (no spaces inside the dots) and Continue
    mark = rng.choice([" ... existing code ...", " ... existing code ...", " ...existing code...",
                       " ... rest of code ..."])
    out, pos = [], 0
    for s, e in merged:
        if s > pos:
            ind = re.match(r"[ \t]*", want_lines[s]).group(0)
            out.append(ind + c + mark)
        out += want_lines[s:e]
        pos = e
    if pos < len(want_lines):
        out.append(c + mark)
    if rng.random() < 0.3:  # the edit_file tool call {target_file, instructions, code_edit}
        a = {"target_file": shown.strip("*`"), "instructions": "I change the code.",
             "code_edit": "".join(x + "\n" for x in out)}
        if rng.random() < 0.5:
            return json.dumps(a, indent=1) + "\n"
        return tool_envelope(rng, [("edit_file", a)]) + "\n"
    f = fence(out)
    return "%s\n%s\n%s%s\n" % (shown, f, "".join(x + "\n" for x in out), f)


def pick_defects(rng, fmt, name):
    """The corpus' defects for one reply, and now and then one of SHAPES besides."""
    out = pick_corpus_defects(rng, fmt, name)
    if rng.random() < 0.3:
        shapes = [x for x in SHAPES if not (x == "move-run" and fmt in ("whole", "fastapply"))]
        out.append(rng.choice(shapes))
    return out


def pick_corpus_defects(rng, fmt, name):
    r = rng.random()
    if r < 0.08:
        return []
    extra = rng.sample(ANY_DEFECTS, rng.randint(0, 1))
    if fmt == "fastapply":
        return rng.sample(ANY_DEFECTS, rng.randint(1, 2))
    if fmt == "whole":
        return (["lazy"] if comment_of(name) and r < 0.5 else []) + \
            rng.sample(ANY_DEFECTS, rng.randint(1, 2))
    if r < 0.22:  # a refusal defect, alone or with path-variant/crlf
        pool = ["ambiguous", "foreign-hunk"] + (["lazy"] if comment_of(name) else [])
        return [rng.choice(pool)] + extra
    pool = [d for d in EDIT_DEFECTS if fmt in HUNKS or d != "unmarked-added"]
    if fmt not in NUMBERED and fmt != "udiff":
        pool.remove("wrong-lineno")
    if fmt in HUNKS or fmt == "lndiff":
        pool.remove("elision")
    if fmt in HUNKS:
        pool.remove("reindent")  # a shifted diff is a diff of other lines: not one defect
    pool += ANY_DEFECTS
    return rng.sample(pool, rng.randint(1, 3))


def gen_case(rng, files, fmt, want_defects):
    """One case (a dict), or None when the dice did not fit."""
    src = rng.choice(files)
    lines = read_lines(src)
    if not lines or len(lines) < 12:
        return None
    name = os.path.basename(src)
    path = "pkg/" + re.sub(r"[^A-Za-z0-9_.-]", "_", name)
    defects = pick_defects(rng, fmt, name) if want_defects is None else list(want_defects)
    if want_defects and want_defects[0] in ("lazy",) and not comment_of(name):
        return None
    expect = "apply"
    two = ("merged-hunks" in defects or "out-of-order" in defects or
           (rng.random() < 0.25 and "ambiguous" not in defects))
    gap = 0
    if "ambiguous" in defects:
        ch = make_ambiguous(rng, lines)
        if not ch:
            return None
        changes = [ch]
        if fmt in NUMBERED:
            defects[defects.index("ambiguous")] = "ambiguous-resolved"
        else:
            expect = "refuse"
    else:
        size = (8, 16) if "lazy" in defects and fmt != "whole" else (3, 9)
        edge = rng.choice(["top", "bottom"]) if "edge" in defects else None
        if edge == "bottom" and two:
            if "merged-hunks" in defects or "out-of-order" in defects:
                return None
            two = False  # nothing after the file's last lines
        c1 = make_change(rng, lines, size=size, edge=edge, name=name,
                         kinds=["move-run"] if "move-run" in defects else None)
        if not c1:
            return None
        changes = [c1]
        if two:
            e1 = c1[0] + len(c1[1])
            gap = rng.randint(1, 40) if "merged-hunks" in defects else rng.randint(1, 200)
            c2 = make_change(rng, lines, lo=e1 + gap, hi=min(len(lines), e1 + gap + 60),
                             name=name)
            if not c2:
                return None
            if "merged-hunks" in defects:
                # the lines at the gap stay as they are: the reply decides where every new line goes
                if c1[1][-1] != c1[2][-1] or c2[1][0] != c2[2][0]:
                    return None
                if not unique(lines, c1[1] + c2[1]):
                    return None
            changes.append(c2)
    want_lines = intended(lines, changes)
    meta = {"source": src, "format": fmt, "defects": defects,
            "changes": [[c[0] + 1, len(c[1]), len(c[2])] for c in changes]}
    if "lazy" in defects:
        expect = "lazy"
    if "foreign-hunk" in defects:
        # the block given for this file comes from another file: nowhere in this one
        other = rng.choice(files)
        olines = read_lines(other)
        if not olines or other == src:
            return None
        ch = make_change(rng, olines)
        if not ch:
            return None
        mine = {x.strip() for x in lines}
        if any(x.strip() in mine for x in ch[1] if solid(x)) or not any(solid(x) for x in ch[1]):
            return None
        changes = [ch]
        want_lines = list(lines)
        expect = "refuse"
        meta["foreign"] = other
    variant = "path-variant" in defects
    args = []
    if fmt == "fastapply":
        reply = render_fastapply(rng, show_path(rng, fmt, path, variant), name, lines, changes,
                                 want_lines)
    elif fmt == "whole":
        shown = list(want_lines)
        if "lazy" in defects:
            # a run of the file away from the change replaced by a placeholder
            k = rng.randint(3, 10)
            s = rng.randint(0, max(0, len(shown) - k))
            # each change where it stands in the new file: a change above shifts it by the
            # lines it adds or removes (in the file's numbers, a placeholder next to the second
            # of two changes could hide it, and the reply then no longer says it); and a line
            # of code between them (blank lines do not say where the placeholder's lines
            # begin: it may stand for a line the change deleted next to them)
            at, shift = [], 0
            for c in sorted(changes):
                at.append((c[0] + shift, len(c[2])))
                shift += len(c[2]) - len(c[1])
            if any(not any(solid(x) for x in (shown[c0 + n:s] if s >= c0 + n else
                                              shown[s + k:c0])) for c0, n in at) or \
                    not any(solid(x) for x in shown[s:s + k]):
                return None
            ind = re.match(r"[ \t]*", shown[s]).group(0)
            shown[s:s + k] = [ind + comment_of(name) + " ... rest of the file unchanged ..."]
        reply = render(rng, fmt, path, [], shown, variant, name, args)
    else:
        blocks = [Block(*c) for c in sorted(changes)]
        if "merged-hunks" in defects:
            blocks[0].merge(blocks[1])
            del blocks[1]
        if "out-of-order" in defects:
            if len(blocks) < 2:
                return None
            blocks.reverse()
        file_text = frozenset(x.strip() for x in lines)
        # unmarked-added last: the other defects are made on the file's lines, not on it
        for d in sorted(defects, key=lambda d: d == "unmarked-added"):
            if d in ANY_DEFECTS or d in ("merged-hunks", "out-of-order", "ambiguous",
                                         "ambiguous-resolved", "foreign-hunk"):
                continue
            if not inject_block(rng, fmt, rng.choice(blocks), d, name, file_text):
                return None
        # the corpus' rule: a defect is kept only when the intended place stays the one place
        # (a line left out of the old side can make it equal to another place of the file)
        if "ambiguous-resolved" not in defects and \
                any(fits_elsewhere(lines, b) for b in blocks):
            return None
        if fmt == "gitdiff" and "ambiguous-resolved" not in defects:
            for b in blocks:  # git's three lines of context, from the file
                s = b.nums[0] - 1 if b.nums else b.start
                e = b.nums[-1] if b.nums else b.start + len(b.old)
                pre = lines[max(0, s - 3):s]
                post = lines[e:e + 3]
                if b.nums is None:
                    continue
                b.ops = [(" ", x) for x in pre] + b.ops + [(" ", x) for x in post]
                b.start -= len(pre)
        for b in blocks:  # a claimed line is what resolves the ambiguity
            b.numbered = "ambiguous-resolved" in defects
        reply = render(rng, fmt, path, blocks, None, variant, name, args)
    if reply is None:
        return None
    if "crlf-reply" in defects:
        reply = reply.replace("\n", "\r\n")
    crlf = "crlf" in defects
    eol = "\r\n" if crlf else "\n"
    meta["args"] = args
    return {"name": path, "before": eol.join(lines) + eol, "reply": reply, "args": args,
            "want": eol.join(want_lines) + eol, "expect": expect, "meta": meta}


def squeeze(text):
    return "".join(text.split())


def run_case(seam, case):
    d = tempfile.mkdtemp(prefix="seam-oracle-")
    try:
        p = os.path.join(d, case["name"])
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(case["before"].encode("utf-8"))
        try:
            r = subprocess.run([seam, "apply", "-q", "-C", d] + case.get("args", []) + ["-"],
                               input=case["reply"].encode("utf-8"),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=20)
            rc, err = r.returncode, r.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            rc, err = 124, "timeout"
        with open(p, "rb") as f:
            got = f.read().decode("utf-8", "replace")
        return rc, got, err
    finally:
        shutil.rmtree(d, ignore_errors=True)


def judge(case, rc, got):
    """correct | ws-only | refused | failed"""
    want, before = case["want"], case["before"]
    if rc >= 124 or rc < 0:
        return "failed"  # a crash or a timeout
    if rc != 0:
        return "refused" if got == before else "failed"
    if got == want:
        return "correct"  # an ambiguous old side that the reply's line numbers decide
    if case["expect"] == "refuse":
        return "failed"
    if case["expect"] == "apply" and squeeze(got) == squeeze(want) and got != before:
        # as the corpus scores it: a blank line or trailing space more or less, where
        # the reply itself is ambiguous (a blank line left out of one side only)
        return "ws-only"
    return "failed"


def work(args):
    seam, case = args
    rc, got, err = run_case(seam, case)
    return judge(case, rc, got), rc, got, err


def save(out, idx, case, got, meta):
    d = os.path.join(out, "case-%05d" % idx)
    name = case["name"]
    for sub, text in (("before", case["before"]), ("intended", case["want"]), ("got", got)):
        os.makedirs(os.path.dirname(os.path.join(d, sub, name)), exist_ok=True)
        with open(os.path.join(d, sub, name), "wb") as f:
            f.write(text.encode("utf-8"))
    with open(os.path.join(d, "reply.md"), "w", encoding="utf-8") as f:
        f.write(case["reply"])
    with open(os.path.join(d, "case.json"), "w") as f:
        json.dump(meta, f, indent=1)


def default_files():
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    files = []
    for root, exts in ((os.path.join(here, "src"), (".c", ".h")),
                       (os.path.join(here, "tests"), (".c", ".h", ".sh", ".py")),
                       ("/usr/lib/python3", (".py",)),
                       ("/usr/share/doc", None)):
        for dp, dn, fn in os.walk(root):
            dn.sort()
            for f in sorted(fn):
                if exts is None and f.endswith((".gz", ".xz", ".bz2", ".png", ".jpg", ".html",
                                                 ".pdf", ".svg", ".css")):
                    continue
                if exts is not None and not f.endswith(exts):
                    continue
                files.append(os.path.join(dp, f))
    for d in sorted(os.listdir("/usr/lib")):
        if re.fullmatch(r"python3\.\d+", d):
            for dp, dn, fn in os.walk(os.path.join("/usr/lib", d)):
                dn[:] = sorted(x for x in dn if x not in ("test", "tests", "site-packages"))
                files += [os.path.join(dp, f) for f in sorted(fn) if f.endswith(".py")]
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=400, help="replies to generate")
    ap.add_argument("--jobs", type=int, default=1, help="seam processes at once")
    ap.add_argument("--seam", default=os.path.join(os.path.dirname(__file__), "..", "build", "seam"))
    ap.add_argument("--out", default="build/oracle", help="where failures are saved")
    ap.add_argument("--format", action="append", choices=FORMATS, help="only these formats")
    ap.add_argument("--defect", action="append", choices=DEFECTS,
                    help="exactly these defects (repeat for more)")
    ap.add_argument("--sources", choices=["synth", "tiny", "tree", "all"], default="all",
                    help="synth: files the generator makes from their names (the same on every "
                    "machine and commit: make oracle, make test); tiny: small files made the same way from a few "
                    "lines used many times (ties everywhere); tree: the project's src/ and "
                    "tests/, /usr/lib/python3*, /usr/share/doc; all: both (default)")
    ap.add_argument("-v", "--verbose", action="store_true", help="a line per class, not only failing ones")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    if a.files:
        files = [f for f in a.files if os.path.isfile(f)]
    elif a.sources == "synth":
        files = oracle_synth.synth_names()
    elif a.sources == "tiny":
        files = oracle_synth.tiny_names()
    else:
        files = [f for f in default_files() if os.path.isfile(f)]
        if a.sources == "all":
            files += oracle_synth.synth_names()
    if not files:
        print("oracle: no source files found", file=sys.stderr)
        return 2
    formats = a.format or FORMATS
    cases, tries = [], 0
    fmt = None
    # each attempt draws from its own generator: a file that differs on another machine changes
    # the cases drawn from it, not every case after it
    pick = random.Random("oracle-format:%d" % a.seed)
    while len(cases) < a.count and tries < a.count * 100:
        tries += 1
        fmt = fmt or pick.choice(formats)  # every format as often, whatever its rejects
        c = gen_case(random.Random("oracle:%d:%d" % (a.seed, tries)), files, fmt, a.defect)
        if c:
            c["meta"]["attempt"] = tries
            cases.append(c)
            fmt = None
    if os.path.isdir(a.out):  # the failures of an earlier run are not this run's
        for d in os.listdir(a.out):
            if d.startswith("case-"):
                shutil.rmtree(os.path.join(a.out, d), ignore_errors=True)
    stats = {"generated": len(cases), "correct": 0, "ws-only": 0, "refused": 0, "failed": 0}
    by = {}
    seam = os.path.abspath(a.seam)
    if a.jobs > 1:
        pool = multiprocessing.Pool(a.jobs)
        results = pool.imap(work, [(seam, c) for c in cases], chunksize=8)
    else:
        pool = None
        results = map(work, [(seam, c) for c in cases])
    for idx, (c, (verdict, rc, got, err)) in enumerate(zip(cases, results), 1):
        m = c["meta"]
        key = m["format"] + ":" + "+".join(sorted(m["defects"]))
        b = by.setdefault(key, {"n": 0, "correct": 0, "ws-only": 0, "refused": 0, "failed": 0})
        b["n"] += 1
        b[verdict] += 1
        stats[verdict] += 1
        if verdict == "failed":
            save(a.out, idx, c, got, dict(m, exit=rc, stderr=err[:2000], seed=a.seed,
                                          expect=c["expect"]))
    if pool:
        pool.close()
        pool.join()
    for k in sorted(by):
        v = by[k]
        if a.verbose or v["failed"]:
            print("%-60s n=%4d correct=%4d ws-only=%3d refused=%4d failed=%3d" % (
                k, v["n"], v["correct"], v["ws-only"], v["refused"], v["failed"]))
    print("seed %d: %d replies, %d correct, %d ws-only, %d refused, %d failed (saved under %s)"
          % (a.seed, stats["generated"], stats["correct"], stats["ws-only"], stats["refused"],
             stats["failed"], a.out))
    # the suite line of scripts/test.sh: a refusal is a pass, any other file a failure
    print("%d passed, %d failed" % (stats["generated"] - stats["failed"], stats["failed"]))
    return 1 if stats["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
