"""oracle_synth.py: source files the oracle makes itself, the same on every machine.

bench/oracle.py draws the files it changes from real trees for long runs, but the fixed-seed run
of `make test` must give the same replies on every commit and every machine: files of the
project's tree change with each commit, /usr/share/doc with what is installed, /usr/lib/python3
with each point release. These files are made from their name alone (`synth:N.EXT`, N the
file's number): Python, C, JavaScript, shell and prose, built of the shapes real files have and
models trip on (identical loops in two functions, runs of closing braces, blank lines, comments
that hold code words, repeated guard clauses, docstrings), with identifiers from a fixed list.
random.Random seeded with a string hashes it with SHA-512: the same on every Python 3.
"""
import random

EXTS = [".py", ".c", ".js", ".sh", ".txt"]

NOUNS = ["item", "record", "entry", "node", "buffer", "packet", "token", "frame", "route",
         "table", "column", "cursor", "handle", "socket", "window", "layer", "block", "chunk",
         "queue", "worker", "client", "server", "config", "option", "result", "value", "count",
         "index", "offset", "length", "name", "path", "state", "event", "timer", "limit"]
VERBS = ["load", "parse", "build", "check", "update", "write", "read", "flush", "reset",
         "merge", "split", "render", "encode", "decode", "resolve", "collect", "emit", "scan",
         "apply", "commit", "close", "open", "find", "insert", "remove", "sort", "count"]
ADJS = ["total", "last", "first", "next", "prev", "max", "min", "raw", "clean", "pending",
        "active", "local", "remote", "cached", "default", "current", "spare"]
WORDS = ("the a of to and in is that for it as with was on be by this are from or have an "
         "which one you had not but what all were when we there can been has more if will "
         "would each about how up out them then she many some so these would other into "
         "time could two may first water been call who its now find long down day did get "
         "come made part over new sound take only little work know place year live back give "
         "most very after thing our just name good sentence man think say great where help "
         "through much before line right too mean old any same tell boy follow came want "
         "show also around form three small set put end does another well large must big "
         "even such because turn here why ask went men read need land different home us move "
         "try kind hand picture again change off play spell air away animal house point page "
         "letter mother answer found study still learn should world high every near add food "
         "between own below country plant last school father keep tree never start city earth "
         "eye light thought head under story saw left few while along might close something "
         "seem next hard open example begin life always those both paper together got group "
         "often run important until children side feet car mile night walk white sea began "
         "grow took river four carry state once book hear stop without second later miss idea "
         "enough eat face watch far really almost let above girl sometimes mountain cut young "
         "talk soon list song being leave family").split()


class Names:
    def __init__(self, rng):
        self.rng = rng

    def var(self):
        r = self.rng
        k = r.random()
        if k < 0.4:
            return r.choice(NOUNS)
        if k < 0.8:
            return r.choice(ADJS) + "_" + r.choice(NOUNS)
        return r.choice(NOUNS) + "_" + r.choice(NOUNS)

    def func(self):
        r = self.rng
        return r.choice(VERBS) + "_" + r.choice(NOUNS) + (r.choice(["", "", "s", "_all"]))

    def camel(self, s):
        a, *b = s.split("_")
        return a + "".join(x.capitalize() for x in b)

    def cls(self):
        r = self.rng
        return r.choice(NOUNS).capitalize() + r.choice(["Manager", "Reader", "Writer", "Pool",
                                                         "Cache", "Builder", "Store", "Index"])

    def sentence(self, lo=5, hi=14):
        r = self.rng
        w = [r.choice(WORDS) for _ in range(r.randint(lo, hi))]
        return " ".join(w).capitalize() + r.choice([".", ".", ".", ":", ";", ","])


def _py_stmt(n, r, ind, depth, body_vars):
    """One Python statement (a list of lines) at indentation ind."""
    v = n.var()
    k = r.random()
    if k < 0.30 or depth >= 3:
        a = r.choice(body_vars) if body_vars else n.var()
        body_vars.append(v)
        return [ind + "%s = %s(%s, %s)" % (v, n.func(), a, r.choice(["None", "0", "True",
                                                                         repr(n.var()), "[]"]))]
    if k < 0.40:
        return [ind + "# " + n.sentence(3, 9).rstrip(".:;,")]
    if k < 0.55:
        a = r.choice(body_vars) if body_vars else n.var()
        out = [ind + "for %s in %s:" % (v, a)]
        for _ in range(r.randint(1, 3)):
            out += _py_stmt(n, r, ind + "    ", depth + 1, body_vars + [v])
        return out
    if k < 0.70:
        a = r.choice(body_vars) if body_vars else n.var()
        out = [ind + "if %s %s %s:" % (a, r.choice(["is", "==", ">", "<", "!="]),
                                        r.choice(["None", "0", "1", "limit", "self.%s" % n.var()]))]
        for _ in range(r.randint(1, 2)):
            out += _py_stmt(n, r, ind + "    ", depth + 1, list(body_vars))
        if r.random() < 0.3:
            out.append(ind + "else:")
            out += _py_stmt(n, r, ind + "    ", depth + 1, list(body_vars))
        return out
    if k < 0.78:
        return [ind + "if not %s:" % (r.choice(body_vars) if body_vars else v),
                ind + "    return None"]
    if k < 0.86:
        out = [ind + "try:"]
        out += _py_stmt(n, r, ind + "    ", depth + 1, list(body_vars))
        out += [ind + "except %s:" % r.choice(["ValueError", "KeyError", "OSError"]),
                ind + "    " + r.choice(["pass", "raise", "continue" if depth else "pass"])]
        return out
    if k < 0.93:
        return [ind + "%s.%s(%s)" % (r.choice(body_vars) if body_vars else "self", n.func(), v)]
    return [ind + "log.debug(%r, %s)" % (n.sentence(2, 5), r.choice(body_vars) if body_vars else v)]


def _py_func(n, r, ind, method, reuse):
    name = n.func()
    args = ", ".join((["self"] if method else []) + [n.var() for _ in range(r.randint(0, 3))])
    out = [ind + "def %s(%s):" % (name, args)]
    if r.random() < 0.5:
        out.append(ind + '    """%s"""' % n.sentence(4, 10))
    vs = [a.strip() for a in args.split(",") if a.strip() and a.strip() != "self"]
    for _ in range(r.randint(2, 7)):
        if reuse and r.random() < 0.15:
            out += [ind + "    " + x for x in r.choice(reuse)]
            continue
        s = _py_stmt(n, r, ind + "    ", 1, vs)
        if len(s) >= 2 and r.random() < 0.3:
            reuse.append([x[len(ind) + 4:] for x in s])
        out += s
    out.append(ind + "    return %s" % (r.choice(vs) if vs and r.random() < 0.7 else "None"))
    return out


def make_py(r):
    n = Names(r)
    out = ['"""%s' % n.sentence(4, 9), "", n.sentence(8, 16), '"""']
    out += ["import %s" % m for m in sorted(r.sample(["os", "re", "sys", "json", "logging",
                                                       "time", "shutil"], r.randint(1, 4)))]
    out += ["", "log = logging.getLogger(__name__)", ""]
    for _ in range(r.randint(0, 4)):
        out.append("%s = %d" % (n.var().upper(), r.randint(0, 4096)))
    reuse = []
    for _ in range(r.randint(3, 8)):
        out += ["", ""]
        if r.random() < 0.35:
            out.append("class %s:" % n.cls())
            if r.random() < 0.5:
                out.append('    """%s"""' % n.sentence(4, 10))
            for m in range(r.randint(1, 4)):
                if m:
                    out.append("")
                out += _py_func(n, r, "    ", True, reuse)
        else:
            out += _py_func(n, r, "", False, reuse)
    return out


def _c_stmt(n, r, ind, depth, vs, js):
    v = n.var() if not js else n.camel(n.var())
    k = r.random()
    decl = "const " if js else r.choice(["int ", "size_t ", "long "])
    if k < 0.30 or depth >= 3:
        a = r.choice(vs) if vs else "0"
        vs.append(v)
        f = n.func() if not js else n.camel(n.func())
        return [ind + "%s%s = %s(%s);" % (decl, v, f, a)]
    if k < 0.40:
        return [ind + "/* %s */" % n.sentence(3, 9).rstrip(".:;,")]
    if k < 0.48:
        return [ind + "// %s" % n.sentence(3, 9)]
    if k < 0.62:
        a = r.choice(vs) if vs else "n"
        i = r.choice(["i", "j", "k"])
        head = ("for (let %s = 0; %s < %s.length; %s++) {" if js else
                "for (size_t %s = 0; %s < %s; %s++) {") % (i, i, a, i)
        out = [ind + head]
        for _ in range(r.randint(1, 3)):
            out += _c_stmt(n, r, ind + ("  " if js else "\t"), depth + 1, vs + [i], js)
        out.append(ind + "}")
        return out
    if k < 0.76:
        a = r.choice(vs) if vs else "n"
        out = [ind + "if (%s %s %s) {" % (a, r.choice(["==", ">", "<", "!="]),
                                          r.choice(["0", "1", "NULL" if not js else "null", "limit"]))]
        for _ in range(r.randint(1, 2)):
            out += _c_stmt(n, r, ind + ("  " if js else "\t"), depth + 1, list(vs), js)
        if r.random() < 0.3:
            out.append(ind + "} else {")
            out += _c_stmt(n, r, ind + ("  " if js else "\t"), depth + 1, list(vs), js)
        out.append(ind + "}")
        return out
    if k < 0.84:
        return [ind + "if (!%s)" % (r.choice(vs) if vs else v),
                ind + ("  " if js else "\t") + "return %s;" % ("null" if js else "-1")]
    return [ind + "%s(%s, %s);" % (n.camel(n.func()) if js else n.func(),
                                   r.choice(vs) if vs else v, r.choice(["0", "1", "true" if js else "NULL"]))]


def _c_func(n, r, js, reuse):
    name = n.func()
    ind = "  " if js else "\t"
    if js:
        args = [n.camel(n.var()) for _ in range(r.randint(0, 3))]
        out = ["function %s(%s) {" % (n.camel(name), ", ".join(args))]
    else:
        args = [n.var() for _ in range(r.randint(0, 3))]
        out = ["%s %s(%s)" % (r.choice(["int", "static int", "void", "static size_t"]), name,
                              ", ".join("int " + a for a in args) or "void"), "{"]
    vs = list(args)
    for _ in range(r.randint(2, 7)):
        if reuse and r.random() < 0.15:
            out += [ind + x for x in r.choice(reuse)]
            continue
        s = _c_stmt(n, r, ind, 1, vs, js)
        if len(s) >= 2 and r.random() < 0.3:
            reuse.append([x[len(ind):] for x in s])
        out += s
    out.append(ind + "return %s;" % (r.choice(vs) if vs and r.random() < 0.7 else "0"))
    out.append("}")
    return out


def make_c(r, js=False):
    n = Names(r)
    if js:
        out = ["// %s" % n.sentence(4, 10), "'use strict';", ""]
        out += ["const %s = require('%s');" % (n.camel(n.var()), n.var()) for _ in range(r.randint(1, 3))]
    else:
        out = ["/*", " * %s" % n.sentence(4, 10), " * %s" % n.sentence(6, 12), " */", ""]
        out += ["#include <%s.h>" % h for h in sorted(r.sample(["stdio", "stdlib", "string",
                                                                 "errno", "stdint"], r.randint(1, 4)))]
        out += ["", "#define %s %d" % (n.var().upper(), r.randint(1, 999))]
    reuse = []
    for _ in range(r.randint(3, 8)):
        out.append("")
        if r.random() < 0.4:
            out.append("/* %s */" % n.sentence(4, 10).rstrip(".:;,") if not js else
                       "// %s" % n.sentence(4, 10))
        out += _c_func(n, r, js, reuse)
    if js:
        out += ["", "module.exports = { %s };" % ", ".join(
            n.camel(n.func()) for _ in range(r.randint(1, 3)))]
    return out


def make_sh(r):
    n = Names(r)
    out = ["#!/bin/sh", "# %s" % n.sentence(4, 10), "set -eu", ""]
    for _ in range(r.randint(3, 7)):
        f = n.func()
        out.append("%s() {" % f)
        for _ in range(r.randint(2, 6)):
            k = r.random()
            v = n.var()
            if k < 0.35:
                out.append('\t%s="${%s:-%s}"' % (v, r.choice(NOUNS).upper(), r.choice(WORDS)))
            elif k < 0.55:
                out += ['\tif [ -n "$%s" ]; then' % v, '\t\techo "%s: $%s"' % (f, v), "\tfi"]
            elif k < 0.7:
                out += ['\tfor %s in "$@"; do' % v, '\t\t%s "$%s"' % (n.func(), v), "\tdone"]
            elif k < 0.8:
                out.append("\t# %s" % n.sentence(3, 8))
            else:
                out.append(("\t%s %s" % (n.func(), " ".join("$" + n.var() for _ in range(r.randint(0, 2))))).rstrip())
        out += ["}", ""]
    out.append('%s "$@"' % n.func())
    return out


def make_txt(r):
    n = Names(r)
    out = []
    for _ in range(r.randint(3, 8)):
        out += [n.sentence(2, 5).rstrip(".:;,").title(), ""]
        for _ in range(r.randint(1, 3)):
            para = []
            for _ in range(r.randint(2, 6)):
                para.append(" ".join(n.sentence(6, 12) for _ in range(1)))
            out += para + [""]
        if r.random() < 0.4:
            out += ["  * " + n.sentence(3, 8) for _ in range(r.randint(2, 5))] + [""]
    return out[:-1]


# tiny files: few distinct lines, each used many times, so that an old side, a placeholder's
# neighbours or a diff of two sides has several equally good pairings (the ties a real file has
# only now and then: runs of `}`, repeated guard clauses, the same `try:` in each function)
TINY_PY = [["    try:", "        {v} = {f}()", "    except {c}:", "        pass"],
           ["    if {v}:", "        return {v}"],
           ["    {v} = {f}()"], ["    {v} += 1"], ["    return {v}"], [""],
           ["    # {s}"], ["    for {v} in {v}s:", "        {f}({v})"]]
TINY_C = [["\tif ({v}) {{", "\t\treturn {v};", "\t}}"], ["\t{v}++;"], ["\t{f}({v});"],
          ["\treturn 0;"], [""], ["\t/* {s} */"],
          ["\tfor (i = 0; i < {v}; i++) {{", "\t\t{f}(i);", "\t}}"],
          ["\twhile ({v}) {{", "\t\t{v}--;", "\t}}"]]


def make_tiny(r, ext):
    """A small file of a few functions, each body drawn from a vocabulary of 4 to 8 statements
    made of 2 or 3 names: most of its lines stand several times in it."""
    n = Names(r)
    py = ext == ".py"
    names = [n.var() for _ in range(r.randint(1, 3))]
    funcs = [n.func() for _ in range(r.randint(1, 3))]
    cls = n.cls()
    sent = n.sentence(3, 6).rstrip(".:;,")
    vocab = r.sample(TINY_PY if py else TINY_C, r.randint(4, 8 if py else 8))
    out = []
    for k in range(r.randint(2, 5)):
        name = r.choice(funcs) if r.random() < 0.5 else n.func()
        out.append("def %s():" % name if py else "int %s(void)" % name)
        if not py:
            out.append("{")
        body = []
        for _ in range(r.randint(2, 7)):
            for ln in r.choice(vocab):
                body.append(ln.format(v=r.choice(names), f=r.choice(funcs), c=cls, s=sent))
        if not any(x.strip() for x in body):
            body.append("    pass" if py else "\treturn 0;")
        out += body
        if not py:
            out.append("}")
        out.append("")
    while out and not out[-1]:
        out.pop()
    return out


def tiny_names(count=300):
    """The tiny files of a run: `tiny:N.EXT` (Python and C)."""
    return ["tiny:%d%s" % (i, (".py", ".c")[i % 2]) for i in range(count)]


def synth_names(count=400):
    """The synthetic files of a run: `synth:N.EXT`."""
    return ["synth:%d%s" % (i, EXTS[i % len(EXTS)]) for i in range(count)]


def synth_lines(name):
    """The lines of the synthetic file `synth:N.EXT` (made from the name alone)."""
    r = random.Random("oracle-synth/1:" + name)
    ext = name[name.rindex("."):]
    if name.startswith("tiny:"):
        return make_tiny(r, ext)
    if ext == ".py":
        return make_py(r)
    if ext in (".c", ".js"):
        return make_c(r, js=ext == ".js")
    if ext == ".sh":
        return make_sh(r)
    return make_txt(r)
