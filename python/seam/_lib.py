"""ctypes declarations of libseam's public API (include/seam.h), and finding the library.

Only what the Python API uses is declared. Structures the library fills (file and edit
views, options it reads) are followed by a reserved tail: a newer libseam that appends
fields to a struct then writes (or reads zeros, which mean "default") into memory that
belongs to us instead of past it.
"""
import ctypes
import ctypes.util
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
_TAIL = 256  # bytes of slack after every struct the library reads or writes


class _Options(ctypes.Structure):
    _fields_ = [
        ("version", ctypes.c_uint),
        ("format", ctypes.c_int),
        ("max_reply_bytes", ctypes.c_size_t),
        ("max_file_bytes", ctypes.c_size_t),
        ("max_edits", ctypes.c_size_t),
        ("flags", ctypes.c_uint),
        ("max_fuzzy_ms", ctypes.c_uint),
        ("lock_wait_ms", ctypes.c_uint),
        ("syntax", ctypes.c_int),
        ("lazy", ctypes.c_int),
        ("path", ctypes.c_char_p),
        ("strip_prefix", ctypes.c_char_p),
        ("strip_components", ctypes.c_uint),
        ("_tail", ctypes.c_char * _TAIL),
    ]


class _FileInfo(ctypes.Structure):
    _fields_ = [
        ("path", ctypes.c_char_p),
        ("asked_path", ctypes.c_char_p),
        ("op", ctypes.c_int),
        ("status", ctypes.c_int),
        ("message", ctypes.c_char_p),
        ("edit_count", ctypes.c_size_t),
        ("changed", ctypes.c_int),
        ("old_data", ctypes.c_void_p),
        ("old_len", ctypes.c_size_t),
        ("new_data", ctypes.c_void_p),
        ("new_len", ctypes.c_size_t),
        ("_tail", ctypes.c_char * _TAIL),
    ]


class _EditInfo(ctypes.Structure):
    _fields_ = [
        ("status", ctypes.c_int),
        ("strategy", ctypes.c_char_p),
        ("start_line", ctypes.c_long),
        ("end_line", ctypes.c_long),
        ("reply_line", ctypes.c_long),
        ("message", ctypes.c_char_p),
        ("_tail", ctypes.c_char * _TAIL),
    ]


class _Region(ctypes.Structure):
    _fields_ = [
        ("start_line", ctypes.c_long),
        ("end_line", ctypes.c_long),
        ("offset", ctypes.c_size_t),
        ("len", ctypes.c_size_t),
        ("similarity", ctypes.c_double),
    ]


LOCATE_MAX = 8


class _Location(ctypes.Structure):
    _fields_ = [
        ("status", ctypes.c_int),
        ("strategy", ctypes.c_char_p),
        ("count", ctypes.c_size_t),
        ("total", ctypes.c_size_t),
        ("regions", _Region * LOCATE_MAX),
        ("_tail", ctypes.c_char * _TAIL),
    ]


class _PathInfo(ctypes.Structure):
    _fields_ = [
        ("path", ctypes.c_char_p),
        ("old_data", ctypes.c_void_p),
        ("old_len", ctypes.c_size_t),
        ("new_data", ctypes.c_void_p),
        ("new_len", ctypes.c_size_t),
        ("old_mode", ctypes.c_uint),
        ("new_mode", ctypes.c_uint),
        ("from_", ctypes.c_long),
        ("copied", ctypes.c_int),
        ("changed", ctypes.c_int),
        ("_tail", ctypes.c_char * _TAIL),
    ]


def _candidates():
    env = os.environ.get("SEAM_LIBRARY")
    if env:
        yield env
        return
    # a wheel ships the library inside the package
    for name in sorted(os.listdir(_HERE)):
        if name.startswith("libseam.so") or name.startswith("libseam.") and name.endswith(".dylib"):
            yield os.path.join(_HERE, name)
    # a source checkout: python/seam/ -> build/
    build = os.path.join(os.path.dirname(os.path.dirname(_HERE)), "build", "libseam.so")
    if os.path.exists(build):
        yield build
    found = ctypes.util.find_library("seam")
    if found:
        yield found


def _load():
    tried = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
    raise ImportError(
        "seam: libseam not found; set SEAM_LIBRARY to its path, install it (make install), "
        "or build it (make) in the source tree. Tried: " + ("; ".join(tried) or "nothing"))


lib = _load()

_P = ctypes.c_void_p
_PP = ctypes.POINTER(ctypes.c_void_p)


def _decl(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


session_new = _decl("seam_session_new", ctypes.c_int, _PP, ctypes.POINTER(_Options))
session_free = _decl("seam_session_free", None, _P)
session_errmsg = _decl("seam_session_errmsg", ctypes.c_char_p, _P)
reply_parse = _decl("seam_reply_parse", ctypes.c_int, _PP, _P, ctypes.c_char_p, ctypes.c_size_t)
reply_free = _decl("seam_reply_free", None, _P)
reply_format = _decl("seam_reply_format", ctypes.c_int, _P)
reply_file_count = _decl("seam_reply_file_count", ctypes.c_size_t, _P)
reply_file_path = _decl("seam_reply_file_path", ctypes.c_char_p, _P, ctypes.c_size_t)
reply_file_op = _decl("seam_reply_file_op", ctypes.c_int, _P, ctypes.c_size_t)
reply_edit_count = _decl("seam_reply_edit_count", ctypes.c_size_t, _P, ctypes.c_size_t)
tree_open_dir = _decl("seam_tree_open_dir", ctypes.c_int, _PP, _P, ctypes.c_char_p)
tree_new_memory = _decl("seam_tree_new_memory", ctypes.c_int, _PP, _P)
tree_put = _decl("seam_tree_put", ctypes.c_int, _P, ctypes.c_char_p, ctypes.c_char_p,
                 ctypes.c_size_t, ctypes.c_uint)
tree_free = _decl("seam_tree_free", None, _P)
tree_lock = _decl("seam_tree_lock", ctypes.c_int, _P)
tree_unlock = _decl("seam_tree_unlock", None, _P)
plan_new = _decl("seam_plan_new", ctypes.c_int, _PP, _P, _P, _P)
plan_free = _decl("seam_plan_free", None, _P)
plan_commit = _decl("seam_plan_commit", ctypes.c_int, _P)
plan_file_count = _decl("seam_plan_file_count", ctypes.c_size_t, _P)
plan_file = _decl("seam_plan_file", ctypes.c_int, _P, ctypes.c_size_t, ctypes.POINTER(_FileInfo))
plan_edit = _decl("seam_plan_edit", ctypes.c_int, _P, ctypes.c_size_t, ctypes.c_size_t,
                  ctypes.POINTER(_EditInfo))
plan_ok = _decl("seam_plan_ok", ctypes.c_int, _P)
plan_render = _decl("seam_plan_render", ctypes.c_int, _P, ctypes.c_int,
                    ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t))
plan_written = _decl("seam_plan_written", ctypes.c_int, _P)
plan_dry_run = _decl("seam_plan_dry_run", ctypes.c_int, _P)
plan_path_count = _decl("seam_plan_path_count", ctypes.c_size_t, _P)
plan_path = _decl("seam_plan_path", ctypes.c_int, _P, ctypes.c_size_t, ctypes.POINTER(_PathInfo))
tree_new_overlay = _decl("seam_tree_new_overlay", ctypes.c_int, _PP, _P)
reply_new = _decl("seam_reply_new", ctypes.c_int, _PP, _P)
reply_add_file = _decl("seam_reply_add_file", ctypes.c_int, _P, _P, ctypes.c_char_p, ctypes.c_int,
                       ctypes.POINTER(ctypes.c_size_t))
reply_add_replace = _decl("seam_reply_add_replace", ctypes.c_int, _P, _P, ctypes.c_size_t,
                          ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t,
                          ctypes.c_uint)
reply_add_hunk = _decl("seam_reply_add_hunk", ctypes.c_int, _P, _P, ctypes.c_size_t,
                       ctypes.c_char_p, ctypes.c_size_t)
reply_add_insert = _decl("seam_reply_add_insert", ctypes.c_int, _P, _P, ctypes.c_size_t,
                         ctypes.c_long, ctypes.c_char_p, ctypes.c_size_t)
reply_add_whole = _decl("seam_reply_add_whole", ctypes.c_int, _P, _P, ctypes.c_size_t,
                        ctypes.c_char_p, ctypes.c_size_t)
locate = _decl("seam_locate", ctypes.c_int, _P, ctypes.c_char_p, ctypes.c_size_t,
               ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(_Location))
batch_apply_lines = _decl("seam_batch_apply_lines", ctypes.c_int, ctypes.POINTER(_Options),
                          ctypes.c_char_p, ctypes.c_size_t, ctypes.c_long, ctypes.c_uint,
                          ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t))
free = _decl("seam_free", None, _P)
status_name = _decl("seam_status_name", ctypes.c_char_p, ctypes.c_int)
format_name = _decl("seam_format_name", ctypes.c_char_p, ctypes.c_int)
op_name = _decl("seam_op_name", ctypes.c_char_p, ctypes.c_int)
format_from_name = _decl("seam_format_from_name", ctypes.c_int, ctypes.c_char_p)

OPTIONS_VERSION = 1
RENDER_TEXT, RENDER_JSON, RENDER_DIFF, RENDER_FEEDBACK = 0, 1, 2, 3
SYNTAX = {"check": 0, "warn": 1, "off": 2}
LAZY = {"expand": 0, "refuse": 1, "allow": 2}
FLAG_NO_NAME_RESOLVE = 1 << 0
FLAG_KEEP_NO_EOL = 1 << 1
FLAG_NO_WAIT = 1 << 2
FLAG_DRY_RUN = 1 << 3
FLAG_STRIP_COMPONENTS = 1 << 4
FLAG_STRICT = 1 << 5
FLAG_REVERSE = 1 << 6
OP_UPDATE, OP_CREATE, OP_DELETE, OP_WHOLE = 0, 1, 2, 3
REPLACE_ALL = 1 << 0
LONG_MAX = (1 << (8 * ctypes.sizeof(ctypes.c_long) - 1)) - 1
