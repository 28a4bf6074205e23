#!/usr/bin/env bash
# Builds the Python wheel of seam: python/seam/ with build/libseam.so inside it, tagged for
# this platform. Staged under build/python/ so that no binary lands in the source tree.
#
#     scripts/wheel.sh [OUTDIR]        (default build/wheel; prints the wheel's path)
#
# Uses the setuptools build backend directly (no pip, no network): Debian's python3 with
# python3-setuptools and python3-wheel, which scripts/deps.sh installs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=$(mkdir -p "${1:-build/wheel}" && cd "${1:-build/wheel}" && pwd)
py=${PYTHON:-/usr/bin/python3}
[ -x "$py" ] || py=python3
so=$(readlink -f build/libseam.so)
[ -f "$so" ] || { echo "wheel.sh: build/libseam.so is missing: run make first" >&2; exit 2; }

stage=build/python
rm -rf "$stage"
mkdir -p "$stage/seam"
cp python/pyproject.toml python/setup.py python/README.md "$stage/"
cp python/seam/*.py "$stage/seam/"
# the soname, so that the name the library carries is the name it is loaded by
cp "$so" "$stage/seam/libseam.so.0"
# debug info is most of its size (11 MB of 12); a wheel is for running, not debugging
strip --strip-debug "$stage/seam/libseam.so.0" 2>/dev/null || true
(cd "$stage" && "$py" -c 'import sys; from setuptools import build_meta as b; print(b.build_wheel(sys.argv[1]))' "$out" >build.log 2>&1) ||
	{ cat "$stage/build.log" >&2; echo "wheel.sh: the wheel build failed" >&2; exit 2; }
ls -t "$out"/seam-*.whl | head -n 1
