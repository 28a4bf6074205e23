#!/usr/bin/env bash
# The Dask suite: seam.dask on a LocalCluster of 2 worker processes (tests/dask/test_dask.py),
# with Debian's python3 and python3-distributed (scripts/deps.sh installs them). Ends with
# "N passed, N failed".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 2
py=/usr/bin/python3
if ! "$py" -c 'import distributed, dask.bag' 2>/dev/null; then
	echo "dask: Debian's python3-distributed is not installed (scripts/deps.sh installs it)"
	echo "0 passed, 1 failed"
	exit 1
fi
SEAM=$(pwd)/build/seam SEAM_LIBRARY=$(pwd)/build/libseam.so timeout 900 "$py" tests/dask/run_tests.py
