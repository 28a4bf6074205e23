"""seam: apply the edits a language model wrote about code, correctly and safely.

A thin client of libseam (loaded with ctypes; no compiler needed):

    import seam
    r = seam.apply(reply_text, root="path/to/project")          # on disk, all or nothing
    r = seam.apply(reply_text, root=".", dry_run=True)           # locate only
    r = seam.apply_to({"app.py": "..."}, reply_text)             # in memory
    r.ok, r.files, r.edits, r.feedback, r.diff
    loc = seam.locate(file_text, snippet)                        # snippet -> exact region
    r = seam.apply_edits(".", [seam.Replace("app.py", old, new)])   # edits built, not written
    with seam.Rounds(root=".") as rounds:                        # reply 2 planned on reply 1
        rounds.plan(reply1); rounds.plan(reply2); rounds.commit()   # both written at once
    r = seam.apply_store(store, reply_text)                      # store.read/write/list

An edit that cannot be applied is not an exception: the Result says which and why
(r.ok is False, r.feedback is the text to send back to the model). Exceptions are for
replies holding no edit (ParseError), limits (LimitError), files that cannot be read or
written (SeamIOError), files changed meanwhile (ChangedError), a busy tree (BusyError) and
bad arguments (UsageError).

Every call makes its own library session, so calls from several threads do not share state;
ctypes releases the GIL while the library works.
"""
import ctypes
import os
import json as _json
from dataclasses import dataclass, field
from typing import Dict, List, Mapping, Optional, Union

from . import _lib

__all__ = [
    "apply", "apply_to", "apply_batch", "locate", "detect", "Result", "FileResult", "Edit", "Location",
    "Region", "SeamError", "ParseError", "LimitError", "SeamIOError", "ChangedError",
    "BusyError", "UsageError", "FORMATS", "apply_edits", "Replace", "Insert", "Hunk", "Whole",
    "Create", "Delete", "Rounds", "apply_store", "DictStore",
]

Text = Union[str, bytes]

FORMATS = ("auto", "editblock", "udiff", "gitdiff", "whole", "patch", "lndiff", "toolcall",
           "numbered", "snippet")


class SeamError(Exception):
    """A call into seam failed as a whole. .code is the library's seam_error_t."""

    def __init__(self, message: str, code: int = -1):
        super().__init__(message)
        self.code = code


class ParseError(SeamError):
    """The reply holds no edit seam can read (SEAM_EPARSE), or mixes formats."""


class LimitError(SeamError):
    """A size limit was exceeded (SEAM_ELIMIT)."""


class SeamIOError(SeamError):
    """A file could not be read or written (SEAM_EIO); nothing was left half-written."""


class ChangedError(SeamError):
    """A file changed on disk between planning and writing (SEAM_ECHANGED); nothing written."""


class BusyError(SeamError):
    """Another seam process holds the tree's lock (SEAM_EBUSY)."""


class UsageError(SeamError):
    """An argument was invalid (SEAM_EUSAGE)."""


_ERRORS = {-3: ParseError, -7: LimitError, -5: SeamIOError, -8: ChangedError, -9: BusyError,
           -6: UsageError}


def _raise(code: int, sess) -> None:
    msg = _lib.session_errmsg(sess) if sess else None
    msg = msg.decode("utf-8", "replace") if msg else "seam error %d" % code
    if code == -4:
        raise MemoryError(msg)
    raise _ERRORS.get(code, SeamError)(msg, code)


def _bytes(x: Text, what: str) -> bytes:
    if isinstance(x, bytes):
        return x
    if isinstance(x, str):
        return x.encode("utf-8", "surrogateescape")
    raise TypeError("%s must be str or bytes, not %s" % (what, type(x).__name__))


def _str(b: Optional[bytes]) -> str:
    return b.decode("utf-8", "surrogateescape") if b else ""


@dataclass
class Edit:
    """One edit of the reply: where it went, how it was found, or why it failed."""
    path: str
    status: str           # "applied", "already-applied", "no-match", "ambiguous", "lazy", ...
    strategy: str         # "exact", "whitespace", ..., "" when not located
    start_line: int       # located lines of the file before the reply (0 when not located)
    end_line: int
    reply_line: int       # where the edit starts in the reply
    message: str          # the diagnostic, written for the model ("" when none)
    index: Optional[int] = None  # apply_edits / Rounds: the position in the list of edits given

    @property
    def ok(self) -> bool:
        return self.status in ("applied", "already-applied")


@dataclass
class FileResult:
    """One file the reply touches."""
    path: str
    asked_path: str
    op: str               # "update", "create", "delete", "whole"
    status: str
    message: str
    changed: bool
    old: Optional[str]    # content before (None when the file did not exist)
    new: Optional[str]    # content after (None when deleted)


@dataclass
class Result:
    """What seam did with a reply (or would do, on a dry run)."""
    ok: bool
    written: bool
    dry_run: bool
    format: str
    files: Dict[str, Optional[str]]      # changed path -> new text (None: deleted)
    file_results: List[FileResult]
    edits: List[Edit]
    feedback: str                        # what to tell the model (failures, what applied)
    diff: str                            # unified diff of the change
    report: str                          # the human report
    _json: str = field(default="", repr=False)

    def json(self) -> dict:
        """The report as `seam apply --json` prints it."""
        return _json.loads(self._json) if self._json else {}

    def __bool__(self) -> bool:
        return self.ok


@dataclass
class Region:
    start_line: int
    end_line: int
    offset: int
    length: int
    similarity: float
    text: str


@dataclass
class Location:
    status: str           # "found", "ambiguous", "no-match", "binary"
    strategy: str
    regions: List[Region]
    total: int
    message: str

    @property
    def found(self) -> bool:
        return self.status == "found"


def _path_option(name: str, v) -> Optional[bytes]:
    if v is None:
        return None
    if isinstance(v, os.PathLike):
        v = os.fspath(v)
    if isinstance(v, str):
        v = v.encode("utf-8", "surrogateescape")
    if not isinstance(v, bytes) or not v or b"\0" in v:
        raise UsageError("%s must be a non-empty path without NUL" % name, -6)
    return v


def _options(format=None, dry_run=False, lazy=None, syntax=None, max_reply_bytes=0, max_file_bytes=0,
         max_edits=0, max_fuzzy_ms=0, lock_wait_ms=None, resolve_names=True,
         keep_no_eol=False, path=None, strip_prefix=None, strip=None, strict=False,
         reverse=False):
    o = _lib._Options()
    o.version = _lib.OPTIONS_VERSION
    fmt = format or "auto"
    f = _lib.format_from_name(fmt.encode())
    if f < 0:
        raise UsageError("unknown format %r (one of %s)" % (fmt, ", ".join(FORMATS)), -6)
    o.format = f
    if lazy is not None:
        if lazy not in _lib.LAZY:
            raise UsageError("lazy must be one of %s" % ", ".join(_lib.LAZY), -6)
        o.lazy = _lib.LAZY[lazy]
    if syntax is not None:
        if syntax not in _lib.SYNTAX:
            raise UsageError("syntax must be one of %s" % ", ".join(_lib.SYNTAX), -6)
        o.syntax = _lib.SYNTAX[syntax]
    for name, v in (("max_reply_bytes", max_reply_bytes), ("max_file_bytes", max_file_bytes),
                    ("max_edits", max_edits), ("max_fuzzy_ms", max_fuzzy_ms)):
        if not isinstance(v, int) or v < 0:
            raise UsageError("%s must be a non-negative int" % name, -6)
        setattr(o, name, v)
    if not resolve_names:
        o.flags |= _lib.FLAG_NO_NAME_RESOLVE
    if keep_no_eol:
        o.flags |= _lib.FLAG_KEEP_NO_EOL
    if dry_run:
        o.flags |= _lib.FLAG_DRY_RUN
    if lock_wait_ms is not None:
        if lock_wait_ms == 0:
            o.flags |= _lib.FLAG_NO_WAIT
        else:
            o.lock_wait_ms = lock_wait_ms
    # the file of edits that name none (--path), a workspace prefix (--strip-prefix), patch's -p N
    o.path = _path_option("path", path)
    o.strip_prefix = _path_option("strip_prefix", strip_prefix)
    if strip is not None:
        if isinstance(strip, bool) or not isinstance(strip, int) or not 0 <= strip <= 64:
            raise UsageError("strip must be an int from 0 to 64 (as patch -p N)", -6)
        o.flags |= _lib.FLAG_STRIP_COMPONENTS
        o.strip_components = strip
    for name, v, flag in (("strict", strict, _lib.FLAG_STRICT),
                          ("reverse", reverse, _lib.FLAG_REVERSE)):
        if not isinstance(v, bool):
            raise UsageError("%s must be True or False" % name, -6)
        if v:
            o.flags |= flag
    return o


class _Session:
    def __init__(self, **options):
        o = _options(**options)
        self.h = ctypes.c_void_p()
        rc = _lib.session_new(ctypes.byref(self.h), ctypes.byref(o))
        if rc:
            _raise(rc, None)

    def close(self):
        if self.h:
            _lib.session_free(self.h)
            self.h = ctypes.c_void_p()


def _render(plan, how: int) -> str:
    out = ctypes.c_void_p()
    n = ctypes.c_size_t()
    if _lib.plan_render(plan, how, ctypes.byref(out), ctypes.byref(n)):
        return ""
    try:
        return _str(ctypes.string_at(out, n.value))
    finally:
        _lib.free(out)


def _data(p, n) -> Optional[str]:
    return None if not p else _str(ctypes.string_at(p, n))


def _paths(plan) -> Dict[str, Optional[str]]:
    """Every path the plan changes -> its new text (None: deleted), both sides of a move."""
    out = {}
    for i in range(_lib.plan_path_count(plan)):
        pi = _lib._PathInfo()
        if _lib.plan_path(plan, i, ctypes.byref(pi)) == 0 and pi.changed:
            out[_str(pi.path)] = _data(pi.new_data, pi.new_len)
    return out


def _result(plan, reply, ok: bool, written: bool, dry_run: bool, index=None) -> Result:
    files, frs, edits = _paths(plan), [], []
    for i in range(_lib.plan_file_count(plan)):
        fi = _lib._FileInfo()
        if _lib.plan_file(plan, i, ctypes.byref(fi)):
            continue
        path = _str(fi.path)
        fr = FileResult(path=path, asked_path=_str(fi.asked_path),
                        op=_str(_lib.op_name(fi.op)), status=_str(_lib.status_name(fi.status)),
                        message=_str(fi.message), changed=bool(fi.changed),
                        old=_data(fi.old_data, fi.old_len), new=_data(fi.new_data, fi.new_len))
        frs.append(fr)
        for j in range(fi.edit_count):
            ei = _lib._EditInfo()
            if _lib.plan_edit(plan, i, j, ctypes.byref(ei)):
                continue
            edits.append(Edit(path=path, status=_str(_lib.status_name(ei.status)),
                              strategy=_str(ei.strategy), start_line=ei.start_line,
                              end_line=ei.end_line, reply_line=ei.reply_line,
                              message=_str(ei.message),
                              index=index(ei.reply_line) if index else None))
    edits.sort(key=lambda e: e.reply_line)
    return Result(ok=ok, written=written, dry_run=dry_run,
                  format=_str(_lib.format_name(_lib.reply_format(reply))),
                  files=files, file_results=frs, edits=edits,
                  feedback=_render(plan, _lib.RENDER_FEEDBACK),
                  diff=_render(plan, _lib.RENDER_DIFF) if ok else "",
                  report=_render(plan, _lib.RENDER_TEXT),
                  _json=_render(plan, _lib.RENDER_JSON))


def _parse(reply: Text):
    """make_reply for a reply's text."""
    data = _bytes(reply, "reply")

    def make_reply(s, r):
        return _lib.reply_parse(ctypes.byref(r), s.h, data, len(data)), None
    return make_reply


def _run(make_reply, make_tree, dry_run: bool, opts: dict) -> Result:
    s = _Session(dry_run=dry_run, **opts)
    r, t, p = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p()
    try:
        rc, index = make_reply(s, r)
        if rc:
            _raise(rc, s.h)
        rc = make_tree(s, t)
        if rc:
            _raise(rc, s.h)
        locked = False
        if not dry_run:
            rc = _lib.tree_lock(t)
            if rc:
                _raise(rc, s.h)
            locked = True
        try:
            rc = _lib.plan_new(ctypes.byref(p), s.h, r, t)
            if rc and rc != -2:
                _raise(rc, s.h)
            ok = rc == 0
            if ok and not dry_run:
                rc = _lib.plan_commit(p)
                if rc:
                    _raise(rc, s.h)
            return _result(p, r, ok, bool(_lib.plan_written(p)), bool(_lib.plan_dry_run(p)),
                           index)
        finally:
            if locked:
                _lib.tree_unlock(t)
    finally:
        if p:
            _lib.plan_free(p)
        if t:
            _lib.tree_free(t)
        if r:
            _lib.reply_free(r)
        s.close()


def _dir_tree(root):
    """make_tree for a directory."""
    root_b = _bytes(root.__fspath__() if hasattr(root, "__fspath__") else root, "root")

    def make_tree(s, t):
        return _lib.tree_open_dir(ctypes.byref(t), s.h, root_b)
    return make_tree


def _memory_tree(files: Mapping[str, Text]):
    """make_tree for in-memory files ({path: text}), read now."""
    if not isinstance(files, Mapping):
        raise TypeError("files must be a mapping of path to text, not %s" % type(files).__name__)
    items = [(_bytes(k, "path"), _bytes(v, "file content")) for k, v in files.items()]
    for path, _ in items:
        if b"\0" in path:
            raise UsageError("a path holds a NUL byte: %r" % path, -6)

    def make_tree(s, t):
        rc = _lib.tree_new_memory(ctypes.byref(t), s.h)
        for path, data in items:
            if rc:
                break
            rc = _lib.tree_put(t, path, data, len(data), 0o644)
        return rc
    return make_tree


def apply(reply: Text, root: str = ".", dry_run: bool = False, format: Optional[str] = None,
          **options) -> Result:
    """Applies every edit of a model's reply to the directory root, all files or none.

    format: one of FORMATS (default: detected). dry_run: locate only, write nothing.
    options: lazy ("expand", "refuse", "allow"), syntax ("check", "warn", "off"),
    max_reply_bytes, max_file_bytes, max_edits, max_fuzzy_ms, lock_wait_ms,
    resolve_names (default True), keep_no_eol (default False).
    """
    return _run(_parse(reply), _dir_tree(root), dry_run, dict(options, format=format))


def apply_to(files: Mapping[str, Text], reply: Text, format: Optional[str] = None,
             **options) -> Result:
    """Applies a reply to in-memory files ({path: text}); nothing touches the disk.

    The mapping is not changed: Result.files maps each changed path to its new text (None
    for a deleted file). Options as for apply().
    """
    make_tree = _memory_tree(files)
    return _run(_parse(reply), make_tree, False, dict(options, format=format))


def locate(file: Text, snippet: Text, **options) -> Location:
    """Finds the exact region of file that a snippet written from memory stands for."""
    fb, sb = _bytes(file, "file"), _bytes(snippet, "snippet")
    s = _Session(**options)
    try:
        loc = _lib._Location()
        rc = _lib.locate(s.h, fb, len(fb), sb, len(sb), ctypes.byref(loc))
        if rc and rc != -2:
            _raise(rc, s.h)
        status = {0: "found", 3: "ambiguous", 2: "no-match", 6: "binary"}.get(
            loc.status, _str(_lib.status_name(loc.status)))
        regions = []
        for i in range(min(loc.count, _lib.LOCATE_MAX)):
            g = loc.regions[i]
            regions.append(Region(start_line=g.start_line, end_line=g.end_line, offset=g.offset,
                                  length=g.len, similarity=g.similarity,
                                  text=_str(fb[g.offset:g.offset + g.len])))
        msg = _str(_lib.session_errmsg(s.h)) if rc else ""
        return Location(status=status, strategy=_str(loc.strategy), regions=regions,
                        total=loc.total, message=msg)
    finally:
        s.close()


def detect(reply: Text, format: Optional[str] = None) -> dict:
    """The format of a reply and the files it touches: {"format", "files": [{path, op, edits}]}."""
    data = _bytes(reply, "reply")
    s = _Session(format=format)
    r = ctypes.c_void_p()
    try:
        rc = _lib.reply_parse(ctypes.byref(r), s.h, data, len(data))
        if rc:
            _raise(rc, s.h)
        out = []
        for i in range(_lib.reply_file_count(r)):
            out.append({"path": _str(_lib.reply_file_path(r, i)),
                        "op": _str(_lib.op_name(_lib.reply_file_op(r, i))),
                        "edits": _lib.reply_edit_count(r, i)})
        return {"format": _str(_lib.format_name(_lib.reply_format(r))), "files": out}
    finally:
        if r:
            _lib.reply_free(r)
        s.close()


def apply_batch(records, jobs: int = 1, **options) -> List[dict]:
    """Applies many records in one call into the library, on up to `jobs` threads.

    A record is a dict of the `seam apply --batch` schema: {"id", "reply", "files": {path:
    text}} in memory, or {"id", "reply", "root": DIR} on disk, with optional "format",
    "lazy", "syntax", "max_*", "no_resolve", "keep_no_eol", "dry_run", "reverse",
    "include" / "exclude" (a glob or a list of globs). The result is one dict per record, in
    order, of the same schema as --batch prints: "id", "ok", "files" (path -> new text, None
    when deleted), "edits", "excluded" when globs left files out, "feedback" / "error" when
    not ok.
    A record that cannot be run (not a dict, not JSON-serialisable, a missing field) gives
    {"ok": False, "error": ...}: nothing a record holds raises. options are the defaults
    every record starts from (as for apply()).
    """
    lines, results = [], []
    for rec in records:
        try:
            if not isinstance(rec, dict):
                raise TypeError("a record is a dict, not %s" % type(rec).__name__)
            line = _json.dumps(rec, ensure_ascii=False, separators=(",", ":"))
            results.append(None)
            lines.append(line)
        except (TypeError, ValueError) as e:
            rid = rec.get("id") if isinstance(rec, dict) else None
            results.append({"id": rid if isinstance(rid, (str, int)) else None, "ok": False,
                            "error": "the record cannot be sent: %s" % e})
            lines.append("{}")  # keeps the line numbers; its result is replaced below
    if not lines:
        return []
    if not isinstance(jobs, int) or jobs < 1:
        raise UsageError("jobs must be a positive int", -6)
    data = "\n".join(lines).encode("utf-8", "surrogatepass") + b"\n"
    o = _options(**options)
    out = ctypes.c_void_p()
    n = ctypes.c_size_t()
    rc = _lib.batch_apply_lines(ctypes.byref(o), data, len(data), 1, jobs, ctypes.byref(out),
                                ctypes.byref(n))
    if rc:
        if rc == -4:
            raise MemoryError("seam: out of memory in a batch")
        raise SeamError("seam: the batch failed (%d)" % rc, rc)
    try:
        text = ctypes.string_at(out, n.value).decode("utf-8")
    finally:
        _lib.free(out)
    done = [_json.loads(l) for l in text.split("\n") if l]
    if len(done) != len(lines):
        raise SeamError("seam: %d results for %d records" % (len(done), len(lines)))
    return [r if r is not None else d for r, d in zip(results, done)]


from .edits import Create, Delete, Hunk, Insert, Replace, Whole, apply_edits  # noqa: E402
from .rounds import Rounds  # noqa: E402
from .store import DictStore  # noqa: E402
from . import store as _store  # noqa: E402


def apply_store(store, reply: Text, dry_run: bool = False, format: Optional[str] = None,
                **options) -> Result:
    """Applies a reply to the files of a store (an object with read(path), and write(changes),
    list() when it can: see seam.store), all or none. Options as for apply()."""
    return _store.run(store, lambda make_tree: _run(_parse(reply), make_tree, dry_run,
                                                    dict(options, format=format)))
