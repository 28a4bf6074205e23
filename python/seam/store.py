"""Stores: files only the caller can reach (an editor's buffers, a database, a remote
filesystem), read and written through its own methods (the library's callback tree,
seam_tree_new_callbacks).

A store is any object with

    read(path) -> str | bytes | None     the file's content, None when there is no such file
    write(changes)                       optional: {path: new text, None: delete}, all or none
    list() -> iterable of paths          optional: every file, to resolve a name a reply got
                                         a little wrong (as on disk)

Paths are relative and clean ("src/app.py"). seam reads each file the edits name, plans,
reads every file again just before writing (it must be as the plan read it: ChangedError
otherwise) and hands write() every change of the plan in one call. An exception a method
raises is raised again by the seam call that made it (nothing is written).
"""
import ctypes
from typing import Dict, MutableMapping, Optional

from . import _lib

_READ = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p,
                         ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t))


class _TreeWrite(ctypes.Structure):
    _fields_ = [("path", ctypes.c_char_p), ("data", ctypes.c_void_p), ("len", ctypes.c_size_t),
                ("mode", ctypes.c_uint)]


_WRITE = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(_TreeWrite),
                          ctypes.c_size_t)
_ADD = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)
_LIST = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, _ADD, ctypes.c_void_p)


class _Callbacks(ctypes.Structure):
    _fields_ = [("read", _READ), ("write", _WRITE), ("list", _LIST)]


_new = _lib.lib.seam_tree_new_callbacks
_new.restype = ctypes.c_int
_new.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p, ctypes.POINTER(_Callbacks),
                 ctypes.c_void_p]


def run(store, call):
    """call(make_tree) with the store's tree; an exception of the store is raised again."""
    from . import SeamError
    a = Adapter(store)
    try:
        res = call(a.make_tree)
    except SeamError as e:
        if a.error is not None:
            raise a.error from e
        raise
    a.reraise()
    return res


class DictStore:
    """A store over a mutable mapping {path: text}, which a commit changes in place (unlike
    apply_to, which leaves its mapping alone)."""

    def __init__(self, files: MutableMapping):
        self.files = files

    def read(self, path):
        return self.files.get(path)

    def write(self, changes):
        for path, text in changes.items():
            if text is None:
                self.files.pop(path, None)
            else:
                self.files[path] = text

    def list(self):
        return list(self.files)


class Adapter:
    """The C callbacks of one store; keeps them (and the last content read) alive, and the
    first exception the store raised, for the caller to raise again."""

    def __init__(self, store):
        from . import _str
        if not callable(getattr(store, "read", None)):
            raise TypeError("a store has a read(path) method; %s has none" % type(store).__name__)
        self.store = store
        self.error: Optional[BaseException] = None
        self._buf = None

        def read(ctx, path, data, n):
            try:
                content = store.read(_str(path))
                if content is None:
                    return 1
                from . import _bytes
                b = _bytes(content, "the content read(%r) returned" % _str(path))
                self._buf = ctypes.create_string_buffer(b, len(b) + 1)
                data[0] = ctypes.addressof(self._buf)
                n[0] = len(b)
                return 0
            except BaseException as e:  # noqa: BLE001 - raised again after the call
                return self._fail(e)

        def write(ctx, files, n):
            try:
                changes: Dict[str, Optional[str]] = {}
                for i in range(n):
                    w = files[i]
                    changes[_str(w.path)] = (None if not w.data
                                             else _str(ctypes.string_at(w.data, w.len)))
                store.write(changes)
                return 0
            except BaseException as e:  # noqa: BLE001
                return self._fail(e)

        def list_(ctx, add, arg):
            try:
                from . import _bytes
                for path in store.list():
                    b = _bytes(path, "a path list() gave")
                    if b"\0" not in b:
                        add(arg, b)
                return 0
            except BaseException as e:  # noqa: BLE001
                return self._fail(e)

        self.cb = _Callbacks()
        self._fns = (_READ(read), _WRITE(write) if callable(getattr(store, "write", None)) else None,
                     _LIST(list_) if callable(getattr(store, "list", None)) else None)
        self.cb.read = self._fns[0]
        if self._fns[1]:
            self.cb.write = self._fns[1]
        if self._fns[2]:
            self.cb.list = self._fns[2]

    def _fail(self, e):
        from . import SeamError
        if self.error is None:
            self.error = e
        if isinstance(e, SeamError) and e.code < 0:
            return e.code
        return -4 if isinstance(e, MemoryError) else -5

    def make_tree(self, s, t):
        return _new(ctypes.byref(t), s.h, ctypes.byref(self.cb), None)

    def reraise(self):
        """Raises the store's exception, once."""
        e, self.error = self.error, None
        if e is not None:
            raise e
