"""oracle_render.py: a generated change written out in each format seam reads.

editblock, udiff, gitdiff, patch, lndiff, whole, the agents' cline, roo, openhands, fastapply,
the JSON tools (toolcall), Codex's apply_patch calls (patchjson) and Zed's edits.
"""
import difflib
import json
import re

from oracle_change import comment_of, fits_other_place

FORMATS = ["editblock", "udiff", "gitdiff", "patch", "lndiff", "whole",
           "cline", "roo", "openhands", "fastapply", "toolcall", "patchjson", "zed"]
# an old side and a new side (toolcall: the JSON tools of Anthropic, Claude Code, Gemini CLI,
# Zed and Copilot; zed: Zed's <edits> text and its diff-fenced form, the file given by --path)
SIDES = {"editblock", "cline", "roo", "openhands", "lndiff", "toolcall", "zed"}
HUNKS = {"udiff", "gitdiff", "patch", "patchjson"}  # lines ' ', '-', '+' (patchjson: Codex's
                                                    # apply_patch call, Responses' apply_patch_call)
NUMBERED = {"lndiff", "roo", "gitdiff", "zed"}     # the reply says where
# the corpus README's list (path-variant and crlf fit every format)


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


def kept_from(lines, changes, n, late=False):
    """For each of the n lines of the intended file, the line of lines it keeps (None for a
    line a change adds): a change keeps the lines its old and new sides have in common. late:
    of equal runs in common, the last ones (a run moved past another as long: either is the
    one kept, the other the one moved)."""
    src, pos = [], 0
    for start, old, new in sorted(changes):
        while pos < start:
            src.append(pos)
            pos += 1
        mine = [None] * len(new)
        if late:
            sm = difflib.SequenceMatcher(None, old[::-1], new[::-1], autojunk=False)
            pairs = [(len(old) - a - k, len(new) - b - k, k)
                     for a, b, k in sm.get_matching_blocks()]
        else:
            pairs = difflib.SequenceMatcher(None, old, new, autojunk=False).get_matching_blocks()
        for a, b, k in pairs:
            for t in range(k):
                mine[b + t] = start + a + t
        src += mine
        pos = start + len(old)
    while len(src) < n:
        src.append(pos)
        pos += 1
    return src


def run_fits_elsewhere(lines, changes, want_lines, s, e):
    """True when the lines a snippet's run want_lines[s:e] keeps fit the file at a place other
    than the region they come from with no more file lines between them than the intended
    place has (the lines its changes replace): there the run reads as its added lines put
    among them and those lines deleted, a reading as cheap as the intended one at least, so
    the snippet says either, and the intended file is not its one right answer (a renamed line
    beside a copy of its neighbours reads as a new line after that copy's first line; a name
    renamed on three lines, as two lines changed and one added where a copy of the block holds
    one line fewer). A run with no marker before it (after it) starts at the file's first line
    (ends at its last). Which lines a change keeps is one reading of it: a run moved past
    another as long keeps either (late), and a line it adds beside a copy of itself may be read
    as that copy, the copy's neighbour then the line deleted: each reading is tried, the last
    one with every line of the run taken for a file line (deleting no more lines)."""
    readings = []
    for late in (False, True):
        src = kept_from(lines, changes, len(want_lines), late)[s:e]
        at = [x for x in src if x is not None]
        if not at:
            return False
        key = [want_lines[s + t] for t, x in enumerate(src) if x is not None]
        lo, hi = at[0], at[-1] + 1
        gone = sum(1 for x in lines[lo:hi] if x.strip()) - sum(1 for x in key if x.strip())
        solid_at = [x for x in at if lines[x].strip()]
        if not solid_at:
            return False
        readings.append((key, lo, hi, gone, (solid_at[0], solid_at[-1])))
    key, lo, hi, gone, ends = readings[0]
    readings.append((want_lines[s:e], lo, hi, gone, ends))
    return any(fits_other_place(lines, k, a, z, top=s == 0, bottom=e == len(want_lines),
                                skips=g, ends=n) for k, a, z, g, n in readings)


def align_cost(lines, run, lo, hi, top, bottom):
    """The fewest (deleted file lines, new run lines) of an alignment of a snippet's run to
    lines, as one number (deletions weigh more than every addition): each run line stands for
    an equal file line or is new, each file line in the aligned region stands for a run line
    or is deleted, and the run's first and last lines that are not blank (the anchors next to
    its markers) stand for file lines. With lo, hi the region is lines[lo:hi]; with None, any
    region (a marker stands for the lines around it; top / bottom: none before / after it, the
    region then starts at the file's first line / ends at its last). None when none fits."""
    key = [x.rstrip() for x in run]
    solid = [j for j, x in enumerate(key) if x.strip()]
    if not solid:
        return None
    anchors = {solid[0], solid[-1]}
    w = len(run) + 1  # one deletion outweighs every addition
    inf = float("inf")
    a, z = (0, len(lines)) if lo is None else (lo, hi)
    have = [x.rstrip() for x in lines[a:z]]
    n = len(have)
    if lo is None and not top:
        row = [0] * (n + 1)  # the marker before stands for the lines up to the region
    else:
        row = [i * w for i in range(n + 1)]
    for j, k in enumerate(key):
        cur = [inf] * (n + 1)
        for i in range(n + 1):
            c = inf if j in anchors else row[i] + 1
            if i and have[i - 1] == k and row[i - 1] < c:
                c = row[i - 1]
            if i and cur[i - 1] + w < c:
                cur[i] = cur[i - 1] + w
            else:
                cur[i] = c
        row = cur
    if lo is None and not bottom:
        best = min(row)
    else:
        best = row[n]
    return None if best == inf else best


def cheaper_elsewhere(lines, changes, want_lines, s, e):
    """True when the snippet's run want_lines[s:e] aligns somewhere at a lower cost than over
    the region it comes from (fewer file lines deleted, or as many and fewer lines new): the
    cheapest reading is then another file (a moved run's line read as a copy beside it, a
    marker standing for more lines), and the intended one is not the snippet's answer. Each
    run alone, wherever it fits (a marker between runs stands for any lines)."""
    src = kept_from(lines, changes, len(want_lines))[s:e]
    at = [x for x in src if x is not None]
    if not at:
        return False
    mine = align_cost(lines, want_lines[s:e], at[0], at[-1] + 1, False, False)
    if mine is None:
        return True  # the anchors fit nowhere in their own region: not a snippet to keep
    best = align_cost(lines, want_lines[s:e], None, None, s == 0, e == len(want_lines))
    return best is not None and best < mine


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
    if any(run_fits_elsewhere(lines, changes, want_lines, s, e) or
           cheaper_elsewhere(lines, changes, want_lines, s, e) for s, e in merged):
        return None
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
