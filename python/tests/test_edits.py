"""seam.apply_edits (the reply builder) and seam.Rounds (rounds on the overlay)."""
import os
import shutil
import tempfile
import unittest

import seam

SRC = 'def greet(name):\n    return "Hello " + name\n\n\nx = 1\ny = 2\nx = 1\n'
RETRY = 'a.py\n```\n<<<<<<< SEARCH\n    return "Hi " + name\n=======\n    return "Yo " + name\n>>>>>>> REPLACE\n```\n'


class Kinds(unittest.TestCase):
    def test_replace(self):
        old, new = '    return "Hello " + name\n', '    return "Hi " + name\n'
        r = seam.apply_edits({"a.py": SRC}, [seam.Replace("a.py", old, new)])
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files, {"a.py": SRC.replace('"Hello "', '"Hi "')})
        self.assertEqual(r.format, "auto")
        self.assertEqual([(e.index, e.status) for e in r.edits], [(0, "applied")])

    def test_replace_all_and_ambiguous(self):
        r = seam.apply_edits({"a.py": SRC}, [seam.Replace("a.py", "x = 1\n", "x = 3\n")])
        self.assertFalse(r.ok)
        self.assertEqual(r.edits[0].status, "ambiguous")
        self.assertEqual(r.files, {})
        self.assertIn("2 places", r.feedback)
        r = seam.apply_edits({"a.py": SRC}, [seam.Replace("a.py", "x = 1\n", "x = 3\n", all=True)])
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files["a.py"], SRC.replace("x = 1", "x = 3"))

    def test_insert(self):
        r = seam.apply_edits({"a.py": SRC}, [seam.Insert("a.py", 0, "import os\n"),
                                             seam.Insert("a.py", 6, "z = 3\n")])
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files["a.py"], "import os\n" + SRC.replace("y = 2\n", "y = 2\nz = 3\n"))
        r = seam.apply_edits({"a.py": SRC}, [seam.Insert("a.py", 99, "z\n")])
        self.assertFalse(r.ok)
        self.assertEqual(r.edits[0].status, "no-match")

    def test_hunk(self):
        r = seam.apply_edits({"a.py": SRC}, [seam.Hunk("a.py", "-x = 1\n y = 2\n+w = 0\n")])
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files["a.py"], SRC.replace("x = 1\ny = 2\n", "y = 2\nw = 0\n"))
        with self.assertRaises(seam.UsageError) as cm:  # a line that is no hunk line
            seam.apply_edits({"a.py": SRC}, [seam.Hunk("a.py", "*x = 1\n+y\n")])
        self.assertEqual(cm.exception.code, -6)

    def test_whole_create_delete(self):
        r = seam.apply_edits({"a.py": SRC, "b.py": "b\n"}, [
            seam.Whole("a.py", "new\n"), seam.Create("c/d.py", "d"), seam.Delete("b.py")])
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files, {"a.py": "new\n", "c/d.py": "d\n", "b.py": None})
        self.assertEqual([e.index for e in r.edits if e.path == "c/d.py"], [1])
        r = seam.apply_edits({"a.py": SRC}, [seam.Create("a.py", "other\n")])
        self.assertFalse(r.ok)
        self.assertEqual(r.file_results[0].status, "exists")
        r = seam.apply_edits({}, [seam.Delete("gone.py")])  # as a parsed reply: nothing to do
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files, {})
        self.assertFalse(r.file_results[0].changed)

    def test_index_follows_the_list(self):
        edits = [seam.Replace("a.py", "y = 2\n", "y = 3\n"), seam.Create("n.py", "n\n"),
                 seam.Replace("a.py", "no such line\n", "z\n"), seam.Insert("a.py", 0, "# top\n")]
        r = seam.apply_edits({"a.py": SRC}, edits)
        self.assertFalse(r.ok)
        got = {e.index: e.status for e in r.edits}
        self.assertEqual(got[2], "no-match")
        self.assertEqual(got[0], "applied")
        self.assertEqual(sorted(got), [0, 1, 2, 3])

    def test_disk_all_or_nothing_and_dry_run(self):
        root = tempfile.mkdtemp(prefix="seam-py-edits-")
        try:
            with open(os.path.join(root, "a.py"), "w") as f:
                f.write(SRC)
            r = seam.apply_edits(root, [seam.Replace("a.py", "y = 2", "y = 3")], dry_run=True)
            self.assertTrue(r.ok and r.dry_run and not r.written, r.report)
            self.assertIn("would", r.report)
            r = seam.apply_edits(root, [seam.Create("b.py", "b\n"),
                                        seam.Replace("a.py", "absent", "y")])
            self.assertFalse(r.ok or r.written)
            self.assertFalse(os.path.exists(os.path.join(root, "b.py")))
            r = seam.apply_edits(root, [seam.Create("b.py", "b\n"),
                                        seam.Replace("a.py", "y = 2", "y = 3")])
            self.assertTrue(r.ok and r.written, r.report)
            with open(os.path.join(root, "a.py")) as f:
                self.assertEqual(f.read(), SRC.replace("y = 2", "y = 3"))
            r = seam.apply_edits(root, [seam.Whole("../escape.py", "x\n")])
            self.assertFalse(r.ok)
            self.assertEqual(r.file_results[0].status, "refused-path")
            self.assertFalse(os.path.exists(os.path.join(os.path.dirname(root), "escape.py")))
        finally:
            shutil.rmtree(root)

    def test_matches_the_parsed_reply(self):
        text = ('a.py\n```\n<<<<<<< SEARCH\n    return "Hello " + name\n=======\n'
                '    return "Hi " + name\n>>>>>>> REPLACE\n```\n')
        built = seam.apply_edits({"a.py": SRC}, [seam.Replace("a.py", '    return "Hello " + name\n',
                                                              '    return "Hi " + name\n')])
        parsed = seam.apply_to({"a.py": SRC}, text)
        self.assertEqual(built.files, parsed.files)
        self.assertEqual(built.diff, parsed.diff)


class Hostile(unittest.TestCase):
    def test_none_and_wrong_types(self):
        for edits in ([seam.Replace("a.py", None, "x")], [seam.Replace(None, "x", "y")],
                      [seam.Insert("a.py", 0, None)], [seam.Whole("a.py", None)],
                      [seam.Hunk("a.py", 5)], [None], ["a.py"], "a.py", None, 7):
            with self.assertRaises(TypeError, msg=repr(edits)):
                seam.apply_edits({"a.py": SRC}, edits)
        for bad in (-1, True, 1.5, "3", 2 ** 70):
            with self.assertRaises(seam.UsageError, msg=repr(bad)):
                seam.apply_edits({"a.py": SRC}, [seam.Insert("a.py", bad, "x\n")])
        with self.assertRaises(TypeError):
            seam.apply_edits(42, [seam.Delete("a.py")])
        with self.assertRaises(TypeError):
            seam.apply_edits({}, [seam.Delete("a.py")], format="udiff")

    def test_hostile_paths(self):
        for path in ("x" * 100000, "a\nb.py", "   "):
            with self.assertRaises(seam.UsageError, msg=path[:20]):
                seam.apply_edits({"a.py": SRC}, [seam.Create(path, "y\n")])
        for path in ("..", "/etc/passwd", "a/../../b", ".git/config", "\\..\\x"):
            r = seam.apply_edits({"a.py": SRC}, [seam.Create(path, "y\n")])
            self.assertFalse(r.ok, path)
            self.assertEqual((r.file_results[0].status, r.files), ("refused-path", {}), path)

    def test_threads(self):
        import threading
        errors = []

        def work(k):
            try:
                for i in range(20):
                    d = {"a.py": SRC}
                    r = seam.apply_edits(seam.DictStore(d), [
                        seam.Replace("a.py", "y = 2\n", "y = %d\n" % k),
                        seam.Create("t%d.py" % i, "t\n")])
                    if not r.ok or d["a.py"] != SRC.replace("y = 2", "y = %d" % k):
                        errors.append((k, r.report))
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append((k, repr(e)))

        ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        self.assertEqual(errors, [])

    def test_empty_texts(self):
        with self.assertRaises(seam.UsageError):
            seam.apply_edits({"a.py": SRC}, [seam.Replace("a.py", "", "x")])
        with self.assertRaises(seam.UsageError):
            seam.apply_edits({"a.py": SRC}, [seam.Insert("a.py", 1, "")])
        with self.assertRaises(seam.UsageError):
            seam.apply_edits({"a.py": SRC}, [seam.Delete("")])
        r = seam.apply_edits({"a.py": SRC}, [seam.Replace("a.py", "y = 2\n", "")])  # deletes it
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files["a.py"], SRC.replace("y = 2\n", ""))
        r = seam.apply_edits({"a.py": SRC}, [])  # nothing asked, nothing done
        self.assertTrue(r.ok)
        self.assertEqual((r.files, r.edits), ({}, []))

    def test_nul_bytes(self):
        with self.assertRaises(seam.UsageError):
            seam.apply_edits({"a.py": SRC}, [seam.Whole("a\0b.py", "x\n")])
        r = seam.apply_edits({"a.py": SRC}, [seam.Whole("bin.dat", b"a\0b\n")])
        self.assertTrue(r.ok, r.report)  # content is bytes as they are
        self.assertEqual(r.files["bin.dat"], "a\0b\n")
        r = seam.apply_edits({"a.txt": "x\ny\n"}, [seam.Replace("a.txt", "y\n", "y\0\n")])
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files["a.txt"], "x\ny\0\n")
        r = seam.apply_edits({"a.py": SRC}, [seam.Replace("a.py", "y = 2\n", "y = '\0'\n")])
        self.assertFalse(r.ok)  # NUL in Python source: the syntax check refuses it
        self.assertEqual(r.edits[0].status, "syntax")
        r = seam.apply_edits({"a.py": "x\0y\n"}, [seam.Replace("a.py", "x", "z")])
        self.assertFalse(r.ok)
        self.assertEqual(r.file_results[0].status, "binary")

    def test_non_utf8(self):
        latin = b"s = '\xe9'\nx = 1\n"
        r = seam.apply_edits({"a.py": latin}, [seam.Replace("a.py", b"s = '\xe9'\n", b"s = '\xff'\n")])
        self.assertTrue(r.ok, r.report)
        self.assertEqual(r.files["a.py"].encode("utf-8", "surrogateescape"), b"s = '\xff'\nx = 1\n")
        r = seam.apply_edits({}, [seam.Create(b"n\xe9.py", b"\xfe\n")])
        self.assertTrue(r.ok, r.report)
        self.assertEqual({k.encode("utf-8", "surrogateescape"): v.encode("utf-8", "surrogateescape")
                          for k, v in r.files.items()}, {b"n\xe9.py": b"\xfe\n"})

    def test_huge_texts_and_limits(self):
        big = "z = 0\n" * (2 << 20)  # 12 MiB
        r = seam.apply_edits({"a.py": SRC}, [seam.Whole("big.py", big)])
        self.assertTrue(r.ok, r.report)
        self.assertEqual(len(r.files["big.py"]), len(big))
        with self.assertRaises(seam.LimitError):
            seam.apply_edits({"a.py": SRC}, [seam.Whole("big.py", big)], max_reply_bytes=1 << 20)
        with self.assertRaises(seam.LimitError):
            seam.apply_edits({"a.py": SRC}, [seam.Insert("a.py", 0, "x\n")] * 5, max_edits=3)
        r = seam.apply_edits({"a.py": SRC}, [seam.Replace("a.py", big, "x\n")])
        self.assertFalse(r.ok)
        self.assertEqual(r.edits[0].status, "no-match")


class RoundsTest(unittest.TestCase):
    def test_two_rounds_in_memory(self):
        files = {"a.py": SRC}
        with seam.Rounds(files=files) as rounds:
            r1 = rounds.plan([seam.Replace("a.py", '    return "Hello " + name\n',
                                           '    return "Hi " + name\n'), seam.Create("b.py", "b\n")])
            self.assertTrue(r1.ok, r1.report)
            self.assertFalse(r1.written)
            r2 = rounds.plan(RETRY)  # reads a.py as round 1 left it
            self.assertTrue(r2.ok, r2.report)
            self.assertEqual(r2.files, {"a.py": SRC.replace('"Hello "', '"Yo "')})
            self.assertEqual(rounds.rounds, 2)
            want = {"a.py": SRC.replace('"Hello "', '"Yo "'), "b.py": "b\n"}
            self.assertEqual(rounds.files, want)
            self.assertEqual(rounds.commit(), want)
            self.assertEqual(rounds.files, {})
            self.assertEqual(rounds.commit(), {})  # nothing left to write
        self.assertEqual(files, {"a.py": SRC})

    def test_failed_round_is_not_kept(self):
        with seam.Rounds(files={"a.py": SRC}) as rounds:
            r1 = rounds.plan([seam.Replace("a.py", "y = 2", "y = 3")])
            self.assertTrue(r1.ok)
            bad = rounds.plan([seam.Replace("a.py", "y = 2", "y = 4")])  # round 1 changed it
            self.assertFalse(bad.ok)
            self.assertEqual(bad.edits[0].status, "no-match")
            r3 = rounds.plan([seam.Replace("a.py", "y = 3", "y = 5")])
            self.assertTrue(r3.ok, r3.report)
            self.assertEqual(rounds.rounds, 2)
            self.assertEqual(rounds.commit(), {"a.py": SRC.replace("y = 2", "y = 5")})

    def test_create_then_delete_is_no_change(self):
        with seam.Rounds(files={"a.py": SRC}) as rounds:
            self.assertTrue(rounds.plan([seam.Create("tmp.py", "t\n")]).ok)
            self.assertTrue(rounds.plan([seam.Delete("tmp.py")]).ok)
            self.assertEqual(rounds.files, {})

    def test_disk_both_or_nothing(self):
        root = tempfile.mkdtemp(prefix="seam-py-rounds-")
        try:
            a, b = os.path.join(root, "a.py"), os.path.join(root, "b.py")
            for p in (a, b):
                with open(p, "w") as f:
                    f.write(SRC)
            rounds = seam.Rounds(root=root)
            self.assertTrue(rounds.plan([seam.Replace("a.py", "y = 2", "y = 3")]).ok)
            with open(a, "w") as f:  # someone changes a.py between the rounds
                f.write(SRC + "# edited by hand\n")
            self.assertTrue(rounds.plan([seam.Replace("b.py", "y = 2", "y = 4"),
                                         seam.Replace("a.py", "y = 3", "y = 6")]).ok)
            with open(b) as f:
                self.assertEqual(f.read(), SRC)  # nothing written before commit
            with self.assertRaises(seam.ChangedError) as cm:
                rounds.commit()
            self.assertEqual(cm.exception.code, -8)
            with open(a) as f:
                self.assertEqual(f.read(), SRC + "# edited by hand\n")
            with open(b) as f:
                self.assertEqual(f.read(), SRC)  # round 2's other file is not written either
            rounds.close()

            with seam.Rounds(root=root) as rounds:
                self.assertTrue(rounds.plan([seam.Replace("b.py", "y = 2", "y = 7")]).ok)
                self.assertTrue(rounds.plan([seam.Create("c.py", "c\n")]).ok)
                self.assertEqual(set(rounds.commit()), {"b.py", "c.py"})
                with open(b) as f:
                    self.assertEqual(f.read(), SRC.replace("y = 2", "y = 7"))
                with open(os.path.join(root, "c.py")) as f:
                    self.assertEqual(f.read(), "c\n")
                # the object goes on, on the files as written
                self.assertTrue(rounds.plan([seam.Replace("c.py", "c\n", "d\n")]).ok)
                self.assertEqual(rounds.commit(), {"c.py": "d\n"})
        finally:
            shutil.rmtree(root)

    def test_disk_change_after_the_last_round(self):
        root = tempfile.mkdtemp(prefix="seam-py-rounds-")
        try:
            a = os.path.join(root, "a.py")
            with open(a, "w") as f:
                f.write(SRC)
            with seam.Rounds(root=root) as rounds:
                self.assertTrue(rounds.plan([seam.Create("n.py", "n\n")]).ok)
                self.assertTrue(rounds.plan([seam.Replace("a.py", "y = 2", "y = 3")]).ok)
                with open(a, "a") as f:
                    f.write("# appended\n")
                with self.assertRaises(seam.ChangedError):
                    rounds.commit()
            self.assertFalse(os.path.exists(os.path.join(root, "n.py")))  # round 1 neither
            with open(a) as f:
                self.assertEqual(f.read(), SRC + "# appended\n")
        finally:
            shutil.rmtree(root)

    def test_errors(self):
        with self.assertRaises(seam.UsageError):
            seam.Rounds()
        with self.assertRaises(seam.UsageError):
            seam.Rounds(root=".", files={})
        with self.assertRaises(seam.UsageError):
            seam.Rounds(files={}, dry_run=True)
        with self.assertRaises(seam.SeamError):
            seam.Rounds(root="/nonexistent/seam/dir")
        rounds = seam.Rounds(files={"a.py": SRC})
        with self.assertRaises(seam.ParseError):
            rounds.plan("no edit here")
        with self.assertRaises(TypeError):
            rounds.plan(None)
        with seam.Rounds(files={}, max_reply_bytes=150) as small:
            with self.assertRaises(seam.LimitError):
                small.plan([seam.Whole("x", "y" * 100), seam.Whole("z", "y" * 100)])
        rounds.close()
        rounds.close()
        with self.assertRaises(seam.UsageError):
            rounds.plan(RETRY)


class Counting(seam.DictStore):
    """A DictStore that counts its calls to write and can be made to fail."""

    def __init__(self, files, fail=None):
        super().__init__(files)
        self.writes = []
        self.fail = fail

    def read(self, path):
        if self.fail == "read":
            raise KeyError(path)
        if self.fail == "read-type":
            return 42
        return super().read(path)

    def write(self, changes):
        if self.fail == "write":
            raise OSError("disk full")
        self.writes.append(dict(changes))
        super().write(changes)


class Stores(unittest.TestCase):
    def test_apply_store_writes_into_it(self):
        d = {"a.py": SRC}
        st = Counting(d)
        r = seam.apply_store(st, RETRY.replace('"Hi "', '"Hello "'))
        self.assertTrue(r.ok and r.written, r.report)
        self.assertEqual(d["a.py"], SRC.replace('"Hello "', '"Yo "'))
        self.assertEqual(len(st.writes), 1)

    def test_list_resolves_a_name(self):
        d = {"pkg/app.py": "x = 1\n"}
        r = seam.apply_edits(seam.DictStore(d), [seam.Replace("pkg/App.py", "x = 1\n", "x = 2\n")])
        self.assertTrue(r.ok, r.report)
        self.assertEqual(d, {"pkg/app.py": "x = 2\n"})

    def test_store_exceptions_are_raised_again(self):
        with self.assertRaises(KeyError):
            seam.apply_edits(Counting({"a.py": SRC}, "read"), [seam.Delete("a.py")])
        with self.assertRaises(TypeError):
            seam.apply_edits(Counting({"a.py": SRC}, "read-type"), [seam.Delete("a.py")])
        d = {"a.py": SRC}
        with self.assertRaises(OSError):
            seam.apply_edits(Counting(d, "write"), [seam.Whole("a.py", "new\n")])
        self.assertEqual(d, {"a.py": SRC})
        with self.assertRaises(TypeError):
            seam.apply_store(object(), RETRY)

    def test_read_only_store(self):
        class ReadOnly:
            def read(self, path):
                return {"a.py": SRC}.get(path)
        r = seam.apply_edits(ReadOnly(), [seam.Replace("a.py", "y = 2\n", "y = 3\n")], dry_run=True)
        self.assertTrue(r.ok and not r.written, r.report)
        with self.assertRaises(seam.UsageError):
            seam.apply_edits(ReadOnly(), [seam.Replace("a.py", "y = 2\n", "y = 3\n")])

    def test_binary_in_a_store(self):
        r = seam.apply_edits(seam.DictStore({"a.bin": b"\0\1\2\n"}),
                             [seam.Replace("a.bin", "\1", "x")])
        self.assertFalse(r.ok)
        self.assertEqual(r.file_results[0].status, "binary")

    def test_rounds_on_a_store(self):
        d = {"a.py": SRC}
        st = Counting(d)
        with seam.Rounds(store=st) as rounds:
            self.assertTrue(rounds.plan([seam.Replace("a.py", "y = 2\n", "y = 3\n")]).ok)
            self.assertTrue(rounds.plan([seam.Replace("a.py", "y = 3\n", "y = 4\n"),
                                         seam.Create("b.py", "b\n")]).ok)
            self.assertEqual(d, {"a.py": SRC})
            rounds.commit()
        self.assertEqual(st.writes, [{"a.py": SRC.replace("y = 2", "y = 4"), "b.py": "b\n"}])
        self.assertEqual(d, {"a.py": SRC.replace("y = 2", "y = 4"), "b.py": "b\n"})

    def test_rounds_on_a_store_changed_between_rounds(self):
        d = {"a.py": SRC, "b.py": SRC}
        st = Counting(d)
        with seam.Rounds(store=st) as rounds:
            self.assertTrue(rounds.plan([seam.Replace("a.py", "y = 2\n", "y = 3\n")]).ok)
            d["a.py"] = SRC + "# by hand\n"
            self.assertTrue(rounds.plan([seam.Replace("b.py", "y = 2\n", "y = 4\n")]).ok)
            with self.assertRaises(seam.ChangedError):
                rounds.commit()
        self.assertEqual(st.writes, [])
        self.assertEqual(d, {"a.py": SRC + "# by hand\n", "b.py": SRC})
        with self.assertRaises(seam.UsageError):
            seam.Rounds(store=st, files={})
