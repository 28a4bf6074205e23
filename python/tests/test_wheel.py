"""The wheel scripts/wheel.sh built (path in $SEAM_WHEEL) holds the library and works alone:
unpacked where no source tree is around, with SEAM_LIBRARY unset."""
import os
import subprocess
import sys
import tempfile
import unittest
import zipfile

WHEEL = os.environ.get("SEAM_WHEEL")

PROG = r'''
import seam, seam._lib as L, os
assert os.path.dirname(L.lib._name) == os.path.dirname(seam.__file__), L.lib._name
r = seam.apply_to({"a.py": "x = 1\n"}, "a.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n")
assert r.ok and r.files == {"a.py": "x = 2\n"}, r.report
print("wheel ok")
'''


@unittest.skipUnless(WHEEL, "SEAM_WHEEL not set (scripts/wheel.sh builds the wheel)")
class Wheel(unittest.TestCase):
    def test_wheel_holds_the_library_and_runs(self):
        with zipfile.ZipFile(WHEEL) as z:
            names = z.namelist()
            self.assertIn("seam/libseam.so.0", names)
            self.assertIn("seam/__init__.py", names)
            with tempfile.TemporaryDirectory() as d:
                z.extractall(d)
                env = {k: v for k, v in os.environ.items() if k not in ("SEAM_LIBRARY", "PYTHONPATH")}
                env["PYTHONPATH"] = d
                out = subprocess.run([sys.executable, "-c", PROG], cwd=d, env=env,
                                     capture_output=True, text=True, timeout=60)
                self.assertEqual(out.returncode, 0, out.stderr)
                self.assertIn("wheel ok", out.stdout)
        self.assertRegex(os.path.basename(WHEEL), r"^seam-[0-9.]+-py3-none-linux_\w+\.whl$")
