#!/usr/bin/env python3
"""The include graph of seam's sources, and its circles.

Reads every `#include "..."` of the .c and .h files under src/ and resolves it as the
compiler does (the including file's folder, then -Isrc, then -Iinclude). Files are grouped
into modules: a .c and its .h are one module (module = path without extension), so
src/lib/plan/plan.c including src/lib/plan/plan.h is no edge. Prints:

  - the figures: files, modules, include edges between files and between modules;
  - the modules of each folder, and the includes between folders (how many);
  - the circles: strongly connected components of two or more modules in the module graph
    (Tarjan's algorithm), each with its members and the includes that close it.

--calls adds the calls: each use of an sm_* or seam_* function in a .c file leads to the
.c file that defines it (plan.c calls sm_plan_update_edit, defined in plan_edit.c, which
includes plan.h: a circle the includes alone do not show, as both sides share one header).
Names are found by pattern, not by a compiler: a macro or a name in a string may add an
edge. The figures are then given for both graphs; --check checks the graph printed.

The layers: every folder of src/ has a rank (LAYERS below, drawn in ARCHITECTURE.md); a file
may include (and, with --calls, call) files of its own folder and of folders of a lower or
equal rank, never of a higher one. A header named *_impl.h is private to its folder. The
clients of the library (SEAM_H_ONLY: the CLI, the renderings) include seam.h and their own
folder only (util/ too for the renderings, which are part of the library). Each breach is a
module edge "FROM -> TO"; --check fails on one that the baseline does not list (a line
"layer: FROM -> TO").

--check compares the circles with a baseline (scripts/deps-baseline.txt, written for the
graph with --calls, which holds the circles of the include graph: one circle a line, its
modules separated by spaces, '#' starts a comment). A circle passes when all its members
are in one circle of the baseline (a circle that shrank or split is progress); a new circle,
or one that took in a module, fails. Ends with "N passed, N failed" (one check per circle,
and one for every quoted include resolving to a file) and exits 1 on any failure. With
--calls, a baseline circle that no longer exists is named, so that it can be taken out.

    scripts/deps-graph.py [--root DIR] [--calls] [--check] [--baseline FILE] [--quiet]

Standard library only (python3).
"""
import argparse
import os
import re
import sys
from collections import defaultdict

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def sources(root):
    """Every .c and .h under root/src, as paths relative to root (sorted)."""
    out = []
    for d, dirs, files in os.walk(os.path.join(root, "src")):
        dirs.sort()
        for f in sorted(files):
            if f.endswith((".c", ".h")):
                out.append(os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/"))
    return sorted(out)


def strip_comments(text):
    """The text without C comments (an #include in a comment is no include)."""
    return re.sub(r"/\*.*?\*/|//[^\n]*", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text,
                  flags=re.S)


def resolve(root, src, name):
    """Where #include "name" in file src leads: a path relative to root, or None."""
    for base in (os.path.dirname(src), "src", "include"):
        p = os.path.normpath(os.path.join(base, name)).replace(os.sep, "/")
        if os.path.isfile(os.path.join(root, p)):
            return p
    return None


CALL = re.compile(r"\b((?:sm|seam)_\w+)\s*\(")
# a definition at file scope: the name at the start of a line or after its type, then the
# parameters and a brace, no semicolon between
DEFN = re.compile(r"^(?:[A-Za-z_][\w \t\*]*?[\s\*])?((?:sm|seam)_\w+)\s*\([^;{}]*\)\s*\{",
                  re.M)


def c_files(root, files):
    """.c file -> its text without comments and string literals."""
    out = {}
    for f in files:
        if f.endswith(".c"):
            with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
                out[f] = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', strip_comments(fh.read()))
    return out


def calls(root, files):
    """(caller file, callee's defining file, function) for every call between two files."""
    texts = c_files(root, files)
    defs = {}
    for f, text in texts.items():
        for name in DEFN.findall(text):
            defs.setdefault(name, f)
    out = set()
    for f, text in texts.items():
        for name in set(CALL.findall(text)):
            d = defs.get(name)
            if d and d != f:
                out.add((f, d, name))
    return out


# the rank of each folder (path under src/); a folder not listed takes its parent's rank
LAYERS = {
    "util": 0,
    "lib/core": 1, "lib/syntax": 1,   # options, limits, errors, languages; tree-sitter parsing
    "lib/ir": 2,                      # the edit representation
    "lib/read": 3, "lib/tree": 3,     # the reply's lines and names; files on disk or in memory
    "lib/format": 4,                  # one reader per format, detection
    "lib/match": 5,                   # images, the ladder and its tiers, the lazy guard
    "lib/plan": 6,                    # planning each edit kind, checks, reports
    "lib/render": 7, "lib/stream": 7, "lib/prompt": 7,
    "lib/loop": 8, "lib/batch": 8, "lib/bench": 8,
    "cli": 9,
}
# folders that use the public header alone (and their own folder; extra: what else they may)
SEAM_H_ONLY = {"cli": (), "lib/render": ("util",)}


def folder_of(path):
    d = os.path.dirname(path)
    return d[len("src/"):] if d.startswith("src/") else d


def rank(folder):
    while folder:
        if folder in LAYERS:
            return LAYERS[folder]
        folder = os.path.dirname(folder)
    return None


def client_root(folder):
    for c in SEAM_H_ONLY:
        if folder == c or folder.startswith(c + "/"):
            return c
    return None


def layer_breach(f, p):
    """Why file f may not include or call file p, or None."""
    a, b = folder_of(f), folder_of(p)
    if a == b:
        return None
    if p.endswith("_impl.h"):
        return "private header of %s/" % b
    c = client_root(a)
    if c is not None:
        if b == c or b.startswith(c + "/") or any(b == x or b.startswith(x + "/")
                                                  for x in SEAM_H_ONLY[c]):
            return None
        return "%s/ uses seam.h alone" % c
    ra, rb = rank(a), rank(b)
    if ra is None or rb is None:
        return "folder without a layer"
    if rb > ra:
        return "up a layer (%s/ %d -> %s/ %d)" % (a, ra, b, rb)
    return None


def module(path):
    return os.path.splitext(path)[0]


def tarjan(nodes, succ):
    """Strongly connected components (iterative Tarjan), each a sorted list."""
    index, low, on, stack, comps = {}, {}, set(), [], []
    counter = 0
    for start in nodes:
        if start in index:
            continue
        work = [(start, iter(succ.get(start, ())))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(succ.get(w, ()))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                comps.append(sorted(comp))
    return comps


def short(mod):
    return mod[len("src/"):] if mod.startswith("src/") else mod


def read_baseline(path):
    circles = []
    if not os.path.exists(path):
        return circles
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.split("#", 1)[0].split()
            if line and line[0] != "layer:":
                circles.append(set(line))
    return circles


def read_layer_baseline(path):
    out = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                w = line.split("#", 1)[0].split()
                if len(w) == 4 and w[0] == "layer:" and w[2] == "->":
                    out.add((w[1], w[3]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                   ".."), help="the repository (default: this one)")
    ap.add_argument("--check", action="store_true", help="fail on a circle not in the baseline")
    ap.add_argument("--baseline", help="default: ROOT/scripts/deps-baseline.txt")
    ap.add_argument("--quiet", action="store_true", help="only the figures and the circles")
    ap.add_argument("--calls", action="store_true",
                    help="add the calls between files to the include graph")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    baseline = a.baseline or os.path.join(root, "scripts", "deps-baseline.txt")

    files = sources(root)
    edges = set()            # (file, included file), both under src/
    outside = defaultdict(int)  # includes of files outside src/ (include/seam.h)
    unresolved = []
    for f in files:
        with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
            text = strip_comments(fh.read())
        for name in INCLUDE.findall(text):
            p = resolve(root, f, name)
            if p is None:
                unresolved.append((f, name))
            elif p.startswith("src/"):
                edges.add((f, p))
            else:
                outside[p] += 1

    mods = sorted({module(f) for f in files})

    def graph(with_calls):
        """Module successors, what is behind each module edge, the circles."""
        msucc, why = defaultdict(set), defaultdict(list)
        links = [(f, p, "%s -> %s" % (f, p)) for f, p in sorted(edges)]
        if with_calls:
            links += [(f, d, "%s calls %s (%s)" % (f, name, d))
                      for f, d, name in sorted(calls(root, files))]
        for f, q, how in links:
            m, n = module(f), module(q)
            if m != n:
                msucc[m].add(n)
                why[(m, n)].append(how)
        comps = [c for c in tarjan(mods, msucc) if len(c) > 1]
        comps.sort(key=lambda c: (-len(c), c))
        return msucc, why, comps

    msucc, why, circles = graph(False)
    medges = sum(len(v) for v in msucc.values())
    include_circles = circles
    if a.calls:
        msucc, why, circles = graph(True)

    folders = defaultdict(list)
    for m in mods:
        folders[os.path.dirname(m)].append(os.path.basename(m))
    fedges = defaultdict(int)
    for f, p in edges:
        if os.path.dirname(f) != os.path.dirname(p):
            fedges[(os.path.dirname(f), os.path.dirname(p))] += 1

    print("files %d, modules %d (a .c and its .h are one), include edges %d between files, "
          "%d between modules, circles %d (%d modules in them)"
          % (len(files), len(mods), len(edges), medges, len(include_circles),
             sum(map(len, include_circles))))
    if a.calls:
        print("with the calls between files: %d module edges, circles %d (%d modules in them)"
              % (sum(len(v) for v in msucc.values()), len(circles), sum(map(len, circles))))
    for p, k in sorted(outside.items()):
        print("  includes of %s: %d" % (p, k))
    if not a.quiet:
        print("\nmodules by folder:")
        for d in sorted(folders):
            print("  %s/ (%d): %s" % (short(d), len(folders[d]), " ".join(folders[d])))
        print("\nincludes between folders:")
        for (x, y), k in sorted(fedges.items()):
            print("  %s/ -> %s/: %d" % (short(x), short(y), k))
        print("\nmodule edges:")
        for m in mods:
            if msucc[m]:
                print("  %s -> %s" % (short(m), " ".join(short(n) for n in sorted(msucc[m]))))
    print("\ncircles:" if circles else "\ncircles: none")
    for c in circles:
        print("  %d modules: %s" % (len(c), " ".join(short(m) for m in c)))
        if not a.quiet:
            inside = set(c)
            for m in c:
                for n in sorted(msucc[m] & inside):
                    print("      %s" % "; ".join(why[(m, n)]))
    for f, name in unresolved:
        print("unresolved: %s includes \"%s\"" % (f, name))

    links = [(f, p) for f, p in edges]
    if a.calls:  # a client calling seam_* goes through seam.h: no breach
        links += [(f, d) for f, d, name in calls(root, files)
                  if not (name.startswith("seam_") and client_root(folder_of(f)))]
    breaches = defaultdict(set)  # (module, module) -> reasons
    for f, p in links:
        why_not = layer_breach(f, p)
        if why_not:
            breaches[(short(module(f)), short(module(p)))].add(why_not)
    ups = sum(1 for r in breaches.values() if any(x.startswith("up") for x in r))
    print("\nlayer breaches: %d module edges (%d up a layer)" % (len(breaches), ups)
          if breaches else "\nlayer breaches: none")
    if not a.quiet:
        for (m, n), r in sorted(breaches.items()):
            print("  %s -> %s: %s" % (m, n, "; ".join(sorted(r))))

    if not a.check:
        return 0
    known = read_baseline(baseline)
    passed = failed = 0
    print("\ncheck against %s:" % os.path.relpath(baseline, root))
    for c in circles:
        names = {short(m) for m in c}
        if any(names <= k for k in known):
            passed += 1
        else:
            failed += 1
            print("  NEW circle (not within one of the baseline): %s" % " ".join(sorted(names)))
    # the baseline lists the circles of the fuller graph: only that one can say one is gone
    for k in known if a.calls else ():
        if not any({short(m) for m in c} & k for c in circles):
            print("  gone, take it out of the baseline: %s" % " ".join(sorted(k)))
    allowed = read_layer_baseline(baseline)
    for e in sorted(breaches):
        if e in allowed:
            passed += 1
        else:
            failed += 1
            print("  NEW layer breach: %s -> %s (%s)" % (e[0], e[1], "; ".join(sorted(breaches[e]))))
    for e in sorted(allowed) if a.calls else ():
        if e not in breaches:
            print("  gone, take it out of the baseline: layer: %s -> %s" % e)
    if unresolved:
        failed += 1
        print("  %d quoted includes lead to no file" % len(unresolved))
    else:
        passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
