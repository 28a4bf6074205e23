"""Runs tests/dask/test_dask.py and ends with "N passed, N failed". A file, not stdin: Dask's
worker processes are started by multiprocessing, which imports the main module again."""
import os
import sys
import unittest

if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import test_dask
    r = unittest.TextTestRunner(verbosity=2).run(
        unittest.defaultTestLoader.loadTestsFromModule(test_dask))
    failed = len(r.failures) + len(r.errors)
    print("%d passed, %d failed" % (r.testsRun - failed, failed))
    sys.exit(1 if failed else 0)
