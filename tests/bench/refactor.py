#!/usr/bin/env python3
"""A scripted model for tests/bench/run.sh: writes the correct refactor of each task as a
whole-file answer (prose, then the file in a fence), for tests/ask/server.py.

    refactor.py TASKS.jsonl SCENARIO.json [MAX]

Only tasks a plain text move can do right are kept (the method's lines all indented at least
as its `def`); the kept tasks are written to TASKS.jsonl.kept.
"""
import json, re, sys, textwrap

tasks = [json.loads(l) for l in open(sys.argv[1])]
limit = int(sys.argv[3]) if len(sys.argv) > 3 else len(tasks)
out, kept = [], []
for t in tasks:
    if len(kept) == limit:
        break
    src = open(t["root"] + "/" + t["file"]).read().split("\n")
    a, b = t["method_lines"]
    body = src[a - 1:b]
    ind = len(body[0]) - len(body[0].lstrip())
    if any(l.strip() and len(l) - len(l.lstrip()) < ind for l in body):
        continue  # a string literal at a lesser indentation: a text move would change it
    rest = src[:a - 1] + src[b:]
    fn = textwrap.dedent("\n".join(body))
    m = t["method"]
    if t["lang"] == "python":
        fn = re.sub(r"def %s\(\s*self\s*,\s*" % m, "def %s(" % m, fn, count=1)
        fn = re.sub(r"def %s\(\s*self\s*\)" % m, "def %s()" % m, fn, count=1)
        pre, lang = "self.", "python"
    else:
        fn = re.sub(r"^(static\s+)?(async\s+)?",
                    lambda mm: (mm.group(2) or "") + "function ", fn, count=1)
        pre, lang = "this.", "javascript"
    text = "\n".join(rest)
    for old in (pre + m + "(", t["class"] + "." + m + "("):
        text = text.replace(old, m + "(")
        fn = fn.replace(old, m + "(")
    text = text.rstrip("\n") + "\n\n\n" + fn + "\n"
    out.append({"text": "The method `%s` never uses its instance, so it moves to module level; "
                        "its calls now use the function.\n\n%s\n```%s\n%s```\n\nThat is "
                        "the whole file.\n" % (m, t["file"], lang, text), "piece": 4000})
    kept.append(t)
json.dump({"responses": out}, open(sys.argv[2], "w"))
with open(sys.argv[1] + ".kept", "w") as f:
    for t in kept:
        f.write(json.dumps(t) + "\n")
