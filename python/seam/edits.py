"""Edits made by calls, not written as text: the library's reply builder (seam_reply_new, ...).

    seam.apply_edits(root_or_files, [
        seam.Replace("app.py", old, new),              # old must fit one place (all=True: every)
        seam.Insert("app.py", 12, "log()\\n"),          # after line 12 of the file as it was (0: top)
        seam.Hunk("app.py", " ctx\\n-old\\n+new\\n"),     # a unified diff's hunk body, no @@ header
        seam.Whole("README.md", text),                 # the whole new content (made if missing)
        seam.Create("NOTES.md", text),                 # a new file (refused if one with other text is there)
        seam.Delete("old.py"),
    ])

A built edit is located, guarded and written exactly as the same edit read from a model's
reply; the Result is the one apply() gives, and Result.edits[k].index is the position in the
list of the edit it reports on.
"""
import ctypes
import os
from dataclasses import dataclass
from typing import List, Mapping, Optional, Sequence, Union

from . import _lib

Text = Union[str, bytes]


@dataclass(frozen=True)
class Replace:
    """Replace old (not empty) by new in path; all=True replaces every place old fits."""
    path: str
    old: Text
    new: Text
    all: bool = False


@dataclass(frozen=True)
class Insert:
    """Insert text after line `after` (1-based) of path as it was before the edits; 0: the top."""
    path: str
    after: int
    text: Text


@dataclass(frozen=True)
class Hunk:
    """A hunk of a unified diff without its "@@" header: lines starting ' ', '-' or '+'."""
    path: str
    body: Text


@dataclass(frozen=True)
class Whole:
    """The whole new content of path (the file is made when missing)."""
    path: str
    content: Text


@dataclass(frozen=True)
class Create:
    """A new file (refused, exists, when path holds other content)."""
    path: str
    content: Text = ""


@dataclass(frozen=True)
class Delete:
    """Remove path."""
    path: str


EditSpec = Union[Replace, Insert, Hunk, Whole, Create, Delete]
KINDS = (Replace, Insert, Hunk, Whole, Create, Delete)


def _usage(msg):
    from . import UsageError
    return UsageError(msg, -6)


def build(s, r, edits: Sequence[EditSpec]):
    """Adds edits to the empty built reply r of session s. Returns (rc, index): index maps an
    edit's reply line (the Nth call that added a file or an edit) to its position in edits."""
    from . import _bytes
    if isinstance(edits, (str, bytes)) or not isinstance(edits, Sequence):
        raise TypeError("edits must be a list of seam.Replace, Insert, Hunk, Whole, Create or Delete")
    calls: List[int] = []  # the position in edits of each call, in order
    updates = {}           # path -> file index of its update (two updates of a path are one file)

    def add_file(k, path, op):
        f = ctypes.c_size_t()
        rc = _lib.reply_add_file(r, s.h, path, op, ctypes.byref(f))
        if not rc:
            calls.append(k)
        return rc, f.value

    for k, e in enumerate(edits):
        if not isinstance(e, KINDS):
            raise TypeError("edit %d is a %s, not one of seam.Replace, Insert, Hunk, Whole, "
                            "Create, Delete" % (k, type(e).__name__))
        path = _bytes(e.path.__fspath__() if hasattr(e.path, "__fspath__") else e.path,
                      "edit %d's path" % k)
        if b"\0" in path:
            raise _usage("edit %d's path holds a NUL byte: %r" % (k, path))
        if not path:
            raise _usage("edit %d has an empty path" % k)
        if isinstance(e, (Replace, Insert, Hunk)):
            if path not in updates:
                rc, updates[path] = add_file(k, path, _lib.OP_UPDATE)
                if rc:
                    return rc, None
            f = updates[path]
            if isinstance(e, Replace):
                old, new = _bytes(e.old, "edit %d's old" % k), _bytes(e.new, "edit %d's new" % k)
                if not old:
                    raise _usage("edit %d: a Replace needs old text (Insert adds text)" % k)
                rc = _lib.reply_add_replace(r, s.h, f, old, len(old), new, len(new),
                                            _lib.REPLACE_ALL if e.all else 0)
            elif isinstance(e, Insert):
                if isinstance(e.after, bool) or not isinstance(e.after, int) or \
                        not 0 <= e.after <= _lib.LONG_MAX:
                    raise _usage("edit %d: Insert's after is a line number (an int, 0: the top)" % k)
                text = _bytes(e.text, "edit %d's text" % k)
                if not text:
                    raise _usage("edit %d: an Insert needs text" % k)
                rc = _lib.reply_add_insert(r, s.h, f, e.after, text, len(text))
            else:
                body = _bytes(e.body, "edit %d's body" % k)
                rc = _lib.reply_add_hunk(r, s.h, f, body, len(body))
        elif isinstance(e, Delete):
            rc, _ = add_file(k, path, _lib.OP_DELETE)
        else:
            content = _bytes(e.content, "edit %d's content" % k)
            rc, f = add_file(k, path, _lib.OP_WHOLE if isinstance(e, Whole) else _lib.OP_CREATE)
            if not rc:
                rc = _lib.reply_add_whole(r, s.h, f, content, len(content))
        if rc:
            return rc, None
        if isinstance(e, (Replace, Insert, Hunk, Whole, Create)):
            calls.append(k)

    def index(reply_line: int) -> Optional[int]:
        return calls[reply_line - 1] if 1 <= reply_line <= len(calls) else None
    return 0, index


def builder(edits: Sequence[EditSpec]):
    """make_reply (see seam._run) for a list of edits."""
    edits = list(edits) if not isinstance(edits, (str, bytes, Sequence)) else edits

    def make_reply(s, r):
        rc = _lib.reply_new(ctypes.byref(r), s.h)
        if rc:
            return rc, None
        return build(s, r, edits)
    return make_reply


def apply_edits(target: Union[str, "os.PathLike", Mapping[str, Text], object], edits: Sequence[EditSpec],
                dry_run: bool = False, **options):
    """Applies a list of edits (Replace, Insert, Hunk, Whole, Create, Delete) to a directory
    (target a path: all files or none, as apply()), to in-memory files (target a mapping
    {path: text}, left unchanged: as apply_to()) or to a store (an object with read(path):
    as apply_store()). Returns a Result; Result.edits[k].index is the
    position in edits of the edit it reports on. Options as for apply() (not format)."""
    from . import _dir_tree, _memory_tree, _run
    if "format" in options:
        raise TypeError("apply_edits takes no format: the edits are built, not read")
    if callable(getattr(target, "read", None)):
        from . import store
        return store.run(target, lambda make_tree: _run(builder(edits), make_tree, dry_run,
                                                        options))
    if isinstance(target, Mapping):
        return _run(builder(edits), _memory_tree(target), dry_run, options)
    if isinstance(target, (str, bytes)) or hasattr(target, "__fspath__"):
        return _run(builder(edits), _dir_tree(target), dry_run, options)
    raise TypeError("target must be a directory or a mapping of path to text, not %s"
                    % type(target).__name__)
