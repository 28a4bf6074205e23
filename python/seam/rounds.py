"""Rounds: replies planned one on top of another and written at once (seam_tree_new_overlay).

    with seam.Rounds(root=".") as rounds:       # or seam.Rounds(files={path: text})
        r1 = rounds.plan(reply)                  # planned on the files as they are
        if not r1.ok:
            r2 = rounds.plan(retry)              # on top of every round kept so far
        rounds.files                             # {path: new text or None} over every kept round
        rounds.commit()                          # every kept round written at once, all or nothing

A round whose edits all apply is kept: the next round reads the files as it left them. A
round with a failed edit is not kept (its Result says what failed, r.feedback is for the
model): send the edits again, fixed, in the next round. Nothing is written before commit(),
which writes the files of every kept round, each checked against what the round that first
read it read: a file changed meanwhile raises ChangedError and nothing is written.
"""
import ctypes
import os
from typing import Dict, Mapping, Optional, Sequence, Union

from . import _lib
from .edits import builder


class Rounds:
    """Plans replies (text, or a list of seam.Replace, ... edits) on top of each other.

    Give root (a directory), files (a mapping {path: text}, read now and never changed;
    commit() then returns the new texts) or store (an object with read(path), see
    seam.store). options as for seam.apply(), format included. Not
    for several threads at once; close() (or a with block) frees it."""

    def __init__(self, root: Union[str, "os.PathLike", None] = None,
                 files: Optional[Mapping] = None, store=None, **options):
        from . import _Session, _dir_tree, _memory_tree, _raise, UsageError
        from .store import Adapter
        if sum(x is not None for x in (root, files, store)) != 1:
            raise UsageError("Rounds takes one of root, files or store", -6)
        if options.get("dry_run"):
            raise UsageError("Rounds plans without writing until commit(): no dry_run", -6)
        self._store = Adapter(store) if store is not None else None
        make_tree = (_dir_tree(root) if root is not None else _memory_tree(files)
                     if files is not None else self._store.make_tree)
        self._s = _Session(**options)
        self._trees = []          # the base, then an overlay per kept round but the last
        self._last = None         # (plan, reply) of the last kept round, on self._trees[-1]
        self._base: Dict[str, Optional[bytes]] = {}  # path -> content before the first round
        self._now: Dict[str, Optional[bytes]] = {}   # path -> content after the kept rounds
        self.rounds = 0           # rounds kept since the last commit
        t = ctypes.c_void_p()
        rc = make_tree(self._s, t)
        if rc:
            if t:
                _lib.tree_free(t)
            self._s.close()
            _raise(rc, None)
        self._trees.append(t)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()

    def close(self):
        """Frees the library's objects; what was not committed is dropped."""
        if getattr(self, "_s", None) is None:
            return
        self._drop_last()
        for t in reversed(self._trees):  # an overlay before the tree under it
            _lib.tree_free(t)
        self._trees = []
        self._s.close()
        self._s = None

    def _drop_last(self):
        if self._last:
            p, r = self._last
            _lib.plan_free(p)
            _lib.reply_free(r)
            self._last = None

    def _check(self):
        from . import UsageError
        if self._s is None:
            raise UsageError("the Rounds object is closed", -6)

    def plan(self, reply):
        """Plans a reply (its text, or a list of edits as seam.apply_edits takes) on the files as
        the kept rounds left them. Returns a Result (written is False); the round is kept when
        result.ok."""
        return self._guard(self._plan, reply)

    def _guard(self, fn, *args):
        """fn(*args), raising again what the store raised in it."""
        from . import SeamError
        if not self._store:
            return fn(*args)
        try:
            res = fn(*args)
        except SeamError as e:
            if self._store.error is not None:
                e2, self._store.error = self._store.error, None
                raise e2 from e
            raise
        self._store.reraise()
        return res

    def _plan(self, reply):
        from . import _parse, _raise, _result
        self._check()
        if isinstance(reply, (str, bytes)):
            make_reply = _parse(reply)
        elif isinstance(reply, Sequence):
            make_reply = builder(reply)
        else:
            raise TypeError("a round is a reply's text or a list of edits, not %s"
                            % type(reply).__name__)
        s = self._s
        r, p, ov = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p()
        keep = False
        try:
            rc, index = make_reply(s, r)
            if rc:
                _raise(rc, s.h)
            tree = self._trees[-1]
            if self._last:
                rc = _lib.tree_new_overlay(ctypes.byref(ov), self._last[0])
                if rc:
                    _raise(rc, s.h)
                tree = ov
            rc = _lib.plan_new(ctypes.byref(p), s.h, r, tree)
            if rc and rc != -2:
                _raise(rc, s.h)
            res = _result(p, r, rc == 0, False, False, index)
            if rc == 0:
                self._track(p)
                if ov:
                    self._trees.append(ov)
                    ov = ctypes.c_void_p()
                self._drop_last()
                self._last = (p, r)
                self.rounds += 1
                keep = True
            return res
        finally:
            if not keep:
                if p:
                    _lib.plan_free(p)
                if r:
                    _lib.reply_free(r)
            if ov:
                _lib.tree_free(ov)

    def _track(self, p):
        for i in range(_lib.plan_path_count(p)):
            pi = _lib._PathInfo()
            if _lib.plan_path(p, i, ctypes.byref(pi)):
                continue
            path = pi.path.decode("utf-8", "surrogateescape")
            if path not in self._base:
                self._base[path] = None if not pi.old_data else ctypes.string_at(pi.old_data, pi.old_len)
            self._now[path] = None if not pi.new_data else ctypes.string_at(pi.new_data, pi.new_len)

    @property
    def files(self) -> Dict[str, Optional[str]]:
        """Every path the kept rounds change -> its new text (None: deleted), against the files
        as they were before the first round."""
        from . import _str
        return {k: (None if v is None else _str(v) if v else "")
                for k, v in self._now.items() if v != self._base.get(k)}

    def commit(self) -> Dict[str, Optional[str]]:
        """Writes every kept round at once, all files or none, and returns what it wrote
        ({path: new text, None: deleted}; {} with no round kept). ChangedError when a file
        changed since the round that read it (nothing written); BusyError, SeamIOError. The
        object goes on, on the files as written."""
        return self._guard(self._commit)

    def _commit(self) -> Dict[str, Optional[str]]:
        from . import _raise
        self._check()
        if not self._last:
            return {}
        written = self.files
        rc = _lib.plan_commit(self._last[0])
        if rc:
            _raise(rc, self._s.h)
        self._drop_last()
        self._base, self._now = {}, {}
        self.rounds = 0
        return written
