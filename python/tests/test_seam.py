"""Tests of the Python package against the built library (python/tests/run.py runs them)."""
import os
import shutil
import tempfile
import threading
import unittest

import seam

GREET = 'def greet(name):\n    return "Hello " + name\n\n\ndef bye():\n    return "bye"\n'

FIX = '''Here is the change.

greet.py
```python
<<<<<<< SEARCH
    return "Hello " + name
=======
    return f"Hello, {name}!"
>>>>>>> REPLACE
```
'''

WRONG = '''greet.py
```python
<<<<<<< SEARCH
    return "Howdy " + person
=======
    return f"Howdy, {person}!"
>>>>>>> REPLACE
```
'''

TWO = FIX + '''
greet.py
```python
<<<<<<< SEARCH
    return "ciao"
=======
    return "goodbye"
>>>>>>> REPLACE
```
'''


class Disk(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="seam-py-")
        with open(os.path.join(self.root, "greet.py"), "w") as f:
            f.write(GREET)

    def tearDown(self):
        shutil.rmtree(self.root)

    def read(self, name="greet.py"):
        with open(os.path.join(self.root, name)) as f:
            return f.read()

    def test_apply_writes_and_reports(self):
        r = seam.apply(FIX, root=self.root)
        self.assertTrue(r.ok)
        self.assertTrue(r.written)
        self.assertEqual(r.format, "editblock")
        self.assertIn('return f"Hello, {name}!"', self.read())
        self.assertEqual(r.files, {"greet.py": self.read()})
        self.assertEqual(len(r.edits), 1)
        e = r.edits[0]
        self.assertEqual((e.status, e.strategy, e.start_line, e.end_line), ("applied", "exact", 2, 2))
        self.assertIn('+    return f"Hello, {name}!"', r.diff)
        self.assertEqual(r.json()["files"][0]["path"], "greet.py")

    def test_dry_run_writes_nothing(self):
        r = seam.apply(FIX, root=self.root, dry_run=True)
        self.assertTrue(r.ok)
        self.assertFalse(r.written)
        self.assertTrue(r.dry_run)
        self.assertIn("would apply", r.report)
        self.assertEqual(self.read(), GREET)
        self.assertIn('return f"Hello, {name}!"', r.files["greet.py"])

    def test_failure_gives_feedback_and_writes_nothing(self):
        r = seam.apply(TWO, root=self.root)
        self.assertFalse(r.ok)
        self.assertFalse(bool(r))
        self.assertFalse(r.written)
        self.assertEqual(self.read(), GREET)  # all or nothing: the first edit is not written
        self.assertEqual([e.status for e in r.edits], ["applied", "no-match"])
        self.assertTrue(r.edits[0].ok)
        self.assertFalse(r.edits[1].ok)
        self.assertIn('return "ciao"', r.edits[1].message)
        self.assertIn("not found", r.feedback)
        self.assertEqual(r.diff, "")  # no diff of half a reply

    def test_path_escape_is_refused(self):
        outside = os.path.join(os.path.dirname(self.root), "seam-py-victim.txt")
        reply = "../seam-py-victim.txt\n```\npwned\n```\n"
        r = seam.apply(reply, root=self.root)
        self.assertFalse(r.ok)
        self.assertEqual(r.file_results[0].status, "refused-path")
        self.assertFalse(os.path.exists(outside))
        r = seam.apply("/etc/seam-py-victim\n```\npwned\n```\n", root=self.root)
        self.assertFalse(r.ok)
        self.assertFalse(os.path.exists("/etc/seam-py-victim"))

    def test_missing_root_is_an_io_error(self):
        with self.assertRaises(seam.SeamError):
            seam.apply(FIX, root=os.path.join(self.root, "nope"))

    def test_pathlike_root(self):
        import pathlib
        r = seam.apply(FIX, root=pathlib.Path(self.root), dry_run=True)
        self.assertTrue(r.ok)


class Memory(unittest.TestCase):
    def test_apply_to(self):
        files = {"greet.py": GREET}
        r = seam.apply_to(files, FIX)
        self.assertTrue(r.ok)
        self.assertEqual(files, {"greet.py": GREET})  # the input is not changed
        self.assertEqual(list(r.files), ["greet.py"])
        self.assertEqual(r.files["greet.py"], GREET.replace('"Hello " + name', 'f"Hello, {name}!"'))

    def test_delete_and_create(self):
        reply = ("```diff\n--- a/old.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-x = 1\n```\n\n"
                 "```diff\n--- /dev/null\n+++ b/new.py\n@@ -0,0 +1 @@\n+y = 2\n```\n")
        r = seam.apply_to({"old.py": "x = 1\n"}, reply)
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files, {"old.py": None, "new.py": "y = 2\n"})

    def test_rename_gives_both_paths(self):
        # Result.files comes from the plan's paths: a move writes two
        reply = ("```diff\ndiff --git a/old.py b/new.py\nsimilarity index 100%\n"
                 "rename from old.py\nrename to new.py\n```\n")
        r = seam.apply_to({"old.py": "x = 1\n"}, reply)
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files, {"old.py": None, "new.py": "x = 1\n"})

    def test_path_for_edits_that_name_none(self):
        # a SEARCH/REPLACE block with no file name above it: refused, or for the path given
        bare = FIX.split("greet.py\n", 1)[1]
        with self.assertRaises(seam.ParseError):
            seam.apply_to({"greet.py": GREET}, bare)
        r = seam.apply_to({"greet.py": GREET}, bare, path="greet.py")
        self.assertTrue(r.ok, r.report)
        self.assertIn('f"Hello, {name}!"', r.files["greet.py"])

    def test_strip_components_as_patch_p(self):
        reply = ("```diff\n--- x/y/a.py\n+++ x/y/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n```\n")
        r = seam.apply_to({"y/a.py": "x = 1\n"}, reply, strip=1)
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files, {"y/a.py": "x = 2\n"})
        r = seam.apply_to({"a.py": "x = 1\n"}, reply, strip=2)
        self.assertEqual(r.files, {"a.py": "x = 2\n"})

    def test_strict_refuses_a_tolerant_place(self):
        # the context line differs from the file: a tolerant tier places it, --strict does not
        reply = ("```diff\n--- a/a.py\n+++ b/a.py\n@@ -1,3 +1,3 @@\n"
                 " def f():\n-    x = 1\n+    x = 2\n     return xx\n```\n")
        files = {"a.py": "def f():\n    x = 1\n    return x\n"}
        self.assertTrue(seam.apply_to(files, reply).ok)
        r = seam.apply_to(files, reply, strict=True)
        self.assertFalse(r.ok)
        self.assertFalse(r.written)
        self.assertIn("--strict", r.report)

    def test_reverse_undoes_a_diff(self):
        reply = "```diff\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n```\n"
        r = seam.apply_to({"a.py": "x = 2\n"}, reply, reverse=True)
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files, {"a.py": "x = 1\n"})

    def test_strip_prefix_maps_a_workspace_path(self):
        reply = ('{"name": "str_replace_based_edit_tool", "input": {"command": "str_replace", '
                 '"path": "/workspace/a.py", "old_str": "x = 1", "new_str": "x = 2"}}')
        self.assertFalse(seam.apply_to({"a.py": "x = 1\n"}, reply).ok)
        r = seam.apply_to({"a.py": "x = 1\n"}, reply, strip_prefix="/workspace")
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files, {"a.py": "x = 2\n"})

    def test_new_options_hostile_values(self):
        for bad in ({"strip": -1}, {"strip": 65}, {"strip": True}, {"strip": "1"},
                    {"path": ""}, {"path": "a\0b"}, {"path": 3}, {"strip_prefix": b"/w\0"},
                    {"strict": "yes"}, {"reverse": 1}):
            with self.assertRaises(seam.UsageError, msg=repr(bad)):
                seam.apply_to({"a.py": "x\n"}, FIX, **bad)

    def test_bytes_in_bytes_out_roundtrip(self):
        latin = b"s = '\xe9'\nx = 1\n"  # not UTF-8: kept byte for byte
        reply = "a.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n"
        r = seam.apply_to({"a.py": latin}, reply)
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files["a.py"].encode("utf-8", "surrogateescape"), b"s = '\xe9'\nx = 2\n")

    def test_failure(self):
        r = seam.apply_to({"greet.py": GREET}, WRONG)
        self.assertFalse(r.ok)
        self.assertEqual(r.files, {})
        self.assertEqual(r.edits[0].status, "no-match")
        self.assertIn("SEARCH", r.feedback)

    def test_no_edit_raises_parse_error(self):
        with self.assertRaises(seam.ParseError) as cm:
            seam.apply_to({"a.py": "x\n"}, "Sure, I can help with that.")
        self.assertEqual(cm.exception.code, -3)
        self.assertIn("no edit", str(cm.exception))

    def test_limits(self):
        with self.assertRaises(seam.LimitError):
            seam.apply_to({"greet.py": GREET}, FIX, max_reply_bytes=10)
        r = seam.apply_to({"greet.py": GREET}, FIX, max_file_bytes=8)
        self.assertFalse(r.ok)
        self.assertEqual(r.file_results[0].status, "too-large")
        with self.assertRaises(seam.LimitError):
            seam.apply_to({"greet.py": GREET}, TWO, max_edits=1)

    def test_bad_arguments(self):
        with self.assertRaises(seam.UsageError):
            seam.apply_to({}, FIX, format="klingon")
        with self.assertRaises(seam.UsageError):
            seam.apply_to({}, FIX, lazy="sometimes")
        with self.assertRaises(seam.UsageError):
            seam.apply_to({}, FIX, max_edits=-1)
        with self.assertRaises(TypeError):
            seam.apply_to({}, 42)

    def test_hostile_paths_in_memory(self):
        for path in ("../x.py", "/abs.py", "a/../../x.py", ".git/hooks/pre-commit"):
            r = seam.apply_to({}, path + "\n```\nboom\n```\n")
            self.assertFalse(r.ok, path)
            self.assertEqual(r.files, {}, path)
        with self.assertRaises(seam.UsageError):
            seam.apply_to({"a\0b": "x"}, FIX)

    def test_lazy_modes(self):
        body = "".join("    x%d = %d\n" % (i, i) for i in range(6))
        old = "def f():\n" + body + "    return 1\n"
        reply = ("a.py\n```python\n<<<<<<< SEARCH\n" + old + "=======\n"
                 "def f():\n    # ... existing code ...\n    x5 = 5\n    return 2\n>>>>>>> REPLACE\n```\n")
        r = seam.apply_to({"a.py": old}, reply, lazy="refuse")
        self.assertFalse(r.ok)
        self.assertEqual(r.edits[0].status, "lazy")
        r = seam.apply_to({"a.py": old}, reply)  # the default restores the code
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files["a.py"], "def f():\n" + body + "    return 2\n")

    def test_threads(self):
        errors = []

        def work(k):
            try:
                for _ in range(30):
                    r = seam.apply_to({"greet.py": GREET, "n%d.py" % k: "v = %d\n" % k}, FIX)
                    if not r.ok or "f\"Hello, {name}!\"" not in r.files["greet.py"]:
                        errors.append((k, r.report))
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append((k, repr(e)))

        ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        self.assertEqual(errors, [])


class Batch(unittest.TestCase):
    def test_batch_in_order_with_bad_records(self):
        recs = []
        for i in range(40):
            if i % 7 == 3:
                recs.append({"id": i, "reply": WRONG, "files": {"greet.py": GREET}})
            elif i % 7 == 5:
                recs.append({"id": i, "reply": FIX})  # neither files nor root
            else:
                recs.append({"id": i, "reply": FIX, "files": {"greet.py": GREET}})
        recs.insert(10, "not a record")
        recs.insert(20, {"id": "bytes", "reply": FIX, "files": {"greet.py": b"x"}})
        one = seam.apply_batch(recs)
        four = seam.apply_batch(recs, jobs=4)
        self.assertEqual(one, four)
        self.assertEqual(len(one), len(recs))
        for rec, res in zip(recs, one):
            if not isinstance(rec, dict):
                self.assertFalse(res["ok"])
                self.assertIn("a record is a dict", res["error"])
            elif rec["id"] == "bytes":
                self.assertFalse(res["ok"])
                self.assertIn("cannot be sent", res["error"])
            elif "files" not in rec:
                self.assertFalse(res["ok"])
                self.assertIn("not both", res["error"])
            elif rec["reply"] is WRONG:
                self.assertFalse(res["ok"])
                self.assertEqual(res["edits"][0]["status"], "no-match")
                self.assertIn("reply line 3 for greet.py was not found", res["feedback"])
            else:
                self.assertTrue(res["ok"], res)
                self.assertEqual(res["id"], rec["id"])
                self.assertIn('f"Hello, {name}!"', res["files"]["greet.py"])

    def test_batch_defaults_and_empty(self):
        self.assertEqual(seam.apply_batch([]), [])
        r = seam.apply_batch([{"id": 1, "reply": FIX, "files": {"greet.py": GREET}}], max_edits=0)
        self.assertTrue(r[0]["ok"])
        with self.assertRaises(seam.UsageError):
            seam.apply_batch([{"id": 1, "reply": FIX, "files": {}}], jobs=0)


class Locate(unittest.TestCase):
    def test_found(self):
        loc = seam.locate(GREET, "def bye():\n    return 'bye'\n")
        self.assertTrue(loc.found)
        self.assertEqual((loc.regions[0].start_line, loc.regions[0].end_line), (5, 6))
        self.assertEqual(loc.regions[0].text, 'def bye():\n    return "bye"\n')

    def test_ambiguous_and_none(self):
        loc = seam.locate("x = 1\ny = 2\nx = 1\n", "x = 1\n")
        self.assertEqual(loc.status, "ambiguous")
        self.assertEqual([g.start_line for g in loc.regions], [1, 3])
        loc = seam.locate(GREET, "class Zebra(Animal):\n    stripes = 42\n")
        self.assertEqual(loc.status, "no-match")
        self.assertFalse(loc.found)
        self.assertTrue(loc.message)


class Detect(unittest.TestCase):
    def test_detect(self):
        d = seam.detect(FIX)
        self.assertEqual(d, {"format": "editblock",
                             "files": [{"path": "greet.py", "op": "update", "edits": 1}]})


if __name__ == "__main__":
    unittest.main()
