#!/usr/bin/env python3
"""oracle.py: replies nobody has written yet, and the one right answer for each.

Takes text files (--sources: the files bench/oracle_synth.py makes from their names, the same
on every machine; or real trees: the project's own src/ and tests/, /usr/lib/python3*, and the
plain files of /usr/share/doc; the before/ trees of ../shared/corpus beside the project, when it
is there; or all), makes a real-looking change in one or two regions of one (rename an
identifier, insert lines, delete a line, change a line, move a line or a run of lines, wrap a run
in a new block or unwrap one; now and then at the file's first or last lines: oracle_change.py),
renders it in one of the formats seam reads (oracle_render.py: editblock, udiff, gitdiff, patch,
lndiff, whole, and the agents' cline, roo, openhands, fastapply, the JSON tools (toolcall),
Codex's apply_patch calls (patchjson) and Zed's edits),
injects one to three of the defects models make (the list of ../shared/corpus/README.md; and
now and then CR LF line ends on the reply, or a mistake the list does not hold: a made-up or cut
old-side line, an edit the file already holds: oracle_defects.py), and runs `seam apply` on a
copy of the file (a re-sent edit: on the file that holds it, which must stay as it is). seam
must write exactly the intended file or refuse: a refusal is fine, any other file is a failure,
saved under
--out (before/, reply.md, intended/, got/, case.json) to be read and turned into a test of
neutral content. Replies that must be refused (an ambiguous old side the reply does not decide,
a hunk of another file) fail when anything is written; a lazy placeholder may be refused or
restored to the intended file.

    python3 bench/oracle.py [--seed N] [--count N] [--jobs N] [--seam build/seam] [--out DIR]
                            [--sources synth|tiny|tree|corpus|all] [--format F] [--defect D]
                            [FILES...]

--defect D (repeat for more) makes exactly those defects, in the formats that can hold them
(oracle_defects.carried: unmarked-added the diffs, wrong-lineno the formats that give a number,
elision the blocks of two sides...); defects that cannot stand in one reply are refused at once
(clash); a format that holds them but draws none from the sources (typography on the tiny files,
which hold no quote) leaves the format lottery after 3000 tries in a row.

A fixed --seed on --sources synth gives the same replies on every commit and machine (make oracle,
a suite of make check and make test: seed 1); each attempt draws from its own generator, so on
real trees a file that differs changes only the cases drawn from it. A long run (make
oracle-long) takes another seed, a larger --count and --sources all. The last line is
"N passed, N failed" (a refusal passes); exit 1 when a failure was found.
"""
import argparse
import hashlib
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
from oracle_change import (solid, comment_of, make_change, make_ambiguous,  # noqa: E402
                           intended, unique, nowhere)
from oracle_defects import (EDIT_DEFECTS, REFUSE_DEFECTS, ANY_DEFECTS, SHAPES,  # noqa: E402
                            DEFECTS, MISTAKES, Block, inject_block, fits_elsewhere, stands_as_read,
                            carried, clash, piece_stands)
from oracle_render import (FORMATS, HUNKS, NUMBERED, render, render_fastapply,  # noqa: E402
                           show_path)

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

def pick_defects(rng, fmt, name):
    """The corpus' defects for one reply, and now and then one of SHAPES besides."""
    out = pick_corpus_defects(rng, fmt, name)
    if rng.random() < 0.3:
        shapes = [x for x in SHAPES if not (x == "move-run" and fmt in ("whole", "fastapply"))]
        out.append(rng.choice(shapes))
    if rng.random() < 0.25 and fmt != "whole" and not set(out) & set(REFUSE_DEFECTS):
        # a mistake of MISTAKES (fastapply has no old side to get wrong: only a re-sent edit)
        out.append(rng.choice(MISTAKES if fmt != "fastapply" else ["resent", "resent-half"]))
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
    if want_defects is not None and (clash(defects) or
                                     not all(carried(fmt, d) for d in defects)):
        return None  # asked for a defect this format cannot hold: not one to label with it
    if "lazy" in defects and not comment_of(name):  # a placeholder is a comment
        return None
    expect = "apply"
    resent, half = "resent" in defects, "resent-half" in defects
    if (resent or half) and (fmt == "whole" or set(defects) & set(REFUSE_DEFECTS)):
        return None
    two = ("merged-hunks" in defects or "out-of-order" in defects or half or
           (rng.random() < 0.25 and "ambiguous" not in defects))
    # a merged hunk put out of order: a third change, the one not merged
    three = "merged-hunks" in defects and "out-of-order" in defects
    gap = 0
    if "ambiguous" in defects or "ambiguous-resolved" in defects:
        ch = make_ambiguous(rng, lines)
        if not ch:
            return None
        changes = [ch]
        if fmt in NUMBERED:
            if "ambiguous" in defects:
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
            if resent or half:
                gap = max(gap, 4)  # a diff's context lines stay clear of the other change
            c2 = make_change(rng, lines, lo=e1 + gap, hi=min(len(lines), e1 + gap + 60),
                             name=name)
            if not c2:
                return None
            if "merged-hunks" in defects:
                # the lines at the gap stay as they are: the reply decides where every new line goes
                if c1[1][-1] != c1[2][-1] or c2[1][0] != c2[2][0]:
                    return None
                # the two old sides one after another, the lines between them left out,
                # stand nowhere in the file as one run (there the reply would mean that run:
                # each side alone is unique, so the pair of places is the one pair)
                if not nowhere(lines, c1[1] + c2[1]):
                    return None
            changes.append(c2)
            if three:  # before the merged pair or after it
                g3 = rng.randint(1, 40)
                if rng.random() < 0.5:
                    e2 = c2[0] + len(c2[1])
                    c3 = make_change(rng, lines, lo=e2 + g3, hi=min(len(lines), e2 + g3 + 60),
                                     name=name)
                else:
                    c3 = make_change(rng, lines, lo=max(0, c1[0] - g3 - 60), hi=c1[0] - g3,
                                     name=name)
                if not c3:
                    return None
                changes.append(c3)
    want_lines = intended(lines, changes)
    meta = {"source": src, "format": fmt, "defects": defects,
            "changes": [[c[0] + 1, len(c[1]), len(c[2])] for c in changes]}
    # the file the reply is applied to: the one it was written for, or (a re-sent edit) one
    # that already holds all its changes (resent) or one of two (resent-half)
    before_lines, applied = lines, []
    if resent:
        applied = list(changes)
    elif half:
        if len(changes) < 2:
            return None
        applied = [changes[rng.randrange(2)]]
        meta["applied"] = changes.index(applied[0])
    if applied:
        before_lines = intended(lines, applied)
        if resent:
            want_lines = before_lines
        if any(not unique(before_lines, c[1]) for c in changes if c not in applied):
            return None
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
        if "merged-hunks" in defects:  # the first two changes made, one after the other
            k = sorted(changes).index(changes[0])
            blocks[k].merge(blocks[k + 1])
            del blocks[k + 1]
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
        # (an ambiguous old side the reply does not resolve fits other places by design:
        # the reply is to be refused)
        if "ambiguous-resolved" not in defects and expect != "refuse" and \
                any(fits_elsewhere(lines, b) for b in blocks):
            return None
        # an applied change's old side no longer stands in the file, as written or as a reader
        # places its defects (else applying it again is what the reply asks)
        done = {c[0] for c in applied}
        if any(stands_as_read(before_lines, b) for b in blocks
               if b.start in done or (b.nums and b.nums[0] - 1 in done) or set(b.starts) & done):
            return None
        # nor, in a merged hunk, the old side of the change the file holds (else the hunk
        # reads as that change made again there, beside the other one)
        if any(piece_stands(before_lines, b, c[1]) for b in blocks if b.merged
               for c in applied if c[0] in b.starts):
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
        if expect != "apply" or "ambiguous-resolved" in defects:
            # a repeated line claimed at a wrong number: the copy nearest the number is the
            # one the reply names, so the intended copy must be nearer than every other
            key = "".join(changes[0][1][0].split())
            for b in blocks:
                if b.shift:
                    claim = b.start + 1 + b.shift
                    if any(abs(i + 1 - claim) <= abs(b.shift) for i, x in enumerate(lines)
                           if i != b.start and "".join(x.split()) == key):
                        return None
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
    return {"name": path, "before": eol.join(before_lines) + eol, "reply": reply, "args": args,
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


def corpus_files():
    """The files of the shared corpus' sets (../shared/corpus beside the project root), each
    case's before/ tree, when it is there: real projects in JavaScript, TypeScript, Go, Rust,
    Java, C++, Ruby... read where they stand, never copied. One path per distinct content (the
    cases of one repository share most of their files). Empty when there is no corpus."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "corpus")
    if not os.path.isdir(root):
        return []
    files, seen = [], set()
    for s in sorted(os.listdir(root)):
        sd = os.path.join(root, s)
        if not os.path.isdir(sd):
            continue
        for case in sorted(os.listdir(sd)):
            for dp, dn, fn in os.walk(os.path.join(sd, case, "before")):
                dn.sort()
                for f in sorted(fn):
                    p = os.path.join(dp, f)
                    try:
                        with open(p, "rb") as fh:
                            h = hashlib.sha1(fh.read()).digest()
                    except OSError:
                        continue
                    if h not in seen:
                        seen.add(h)
                        files.append(p)
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
    ap.add_argument("--sources", choices=["synth", "tiny", "tree", "corpus", "all"], default="all",
                    help="synth: files the generator makes from their names (the same on every "
                    "machine and commit: make oracle, make test); tiny: small files made the same way from a few "
                    "lines used many times (ties everywhere); tree: the project's src/ and "
                    "tests/, /usr/lib/python3*, /usr/share/doc; corpus: the before/ trees of "
                    "../shared/corpus beside the project root, when it is there (read in place); "
                    "all: synth, tree and corpus when present (default)")
    ap.add_argument("-v", "--verbose", action="store_true", help="a line per class, not only failing ones")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    if a.files:
        files = [f for f in a.files if os.path.isfile(f)]
    elif a.sources == "synth":
        files = oracle_synth.synth_names()
    elif a.sources == "tiny":
        files = oracle_synth.tiny_names()
    elif a.sources == "corpus":
        files = corpus_files()
    else:
        files = [f for f in default_files() if os.path.isfile(f)]
        if a.sources == "all":
            files += oracle_synth.synth_names() + corpus_files()
    if not files:
        print("oracle: no source files found", file=sys.stderr)
        return 2
    # asked for by --defect, a format that cannot hold one of the defects (carried: a shifted
    # diff is a diff of other lines, a whole file holds no re-sent edit...) would draw no case
    # and hold the format lottery until the tries run out
    want = a.defect or []
    why = clash(want)
    if why:
        print("oracle: %s do not combine: %s" % ("+".join(want), why), file=sys.stderr)
        return 2
    formats = [f for f in (a.format or FORMATS) if all(carried(f, d) for d in want)]
    if not formats:
        print("oracle: no format of %s holds %s" % (",".join(a.format or FORMATS), "+".join(want)),
              file=sys.stderr)
        return 2
    cases, tries = [], 0
    fmt = None
    # each attempt draws from its own generator: a file that differs on another machine changes
    # the cases drawn from it, not every case after it
    pick = random.Random("oracle-format:%d" % a.seed)
    # a format that can hold the defects but not on these sources (a curly quote needs a
    # quote, and the tiny files hold none) draws nothing: after STUCK tries in a row with no
    # case it leaves the lottery (the random mix draws a case in a few dozen tries at most)
    STUCK, miss = 3000, 0
    while len(cases) < a.count and tries < a.count * 100 and formats:
        tries += 1
        fmt = fmt or pick.choice(formats)  # every format as often, whatever its rejects
        c = gen_case(random.Random("oracle:%d:%d" % (a.seed, tries)), files, fmt, a.defect)
        if c:
            c["meta"]["attempt"] = tries
            cases.append(c)
            fmt, miss = None, 0
        else:
            miss += 1
            if miss >= STUCK:
                print("oracle: %s: no case of %s in %d tries, left out" % (
                    fmt, "+".join(want) or "the mix", STUCK), file=sys.stderr)
                formats.remove(fmt)
                fmt, miss = None, 0
    if len(cases) < a.count:  # the sources cannot hold what was asked, or seldom do
        print("oracle: %d of %d replies made in %d tries%s" % (
            len(cases), a.count, tries, "" if formats else " (no format left)"), file=sys.stderr)
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
