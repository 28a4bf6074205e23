"""Runs the package's tests and ends with the "N passed, N failed" line scripts/test.sh reads."""
import os
import sys
import unittest

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(here))
suite = unittest.defaultTestLoader.discover(here, pattern="test_*.py")
result = unittest.TextTestRunner(verbosity=2).run(suite)
failed = len(result.failures) + len(result.errors)
print("%d passed, %d failed" % (result.testsRun - failed, failed))
sys.exit(1 if failed else 0)
