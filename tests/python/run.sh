#!/usr/bin/env bash
# The Python package's suite: builds the wheel (scripts/wheel.sh), then runs python/tests with
# the source tree's package against build/libseam.so, the wheel test included. Ends with
# "N passed, N failed".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 2
wheel=$(bash scripts/wheel.sh build/wheel) || { echo "0 passed, 1 failed"; exit 1; }
SEAM_LIBRARY=$(pwd)/build/libseam.so SEAM_WHEEL=$wheel python3 python/tests/run.py
