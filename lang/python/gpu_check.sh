#!/usr/bin/env bash
# On a GPU machine (any Python 3 with NumPy; CuPy, PyTorch and Numba are used where present):
# builds the extension for that Python against an existing libujit.so, runs the whole
# pytest suite (the GPU tests included) and the Python benchmark against Numba.
#   lang/python/gpu_check.sh LIBDIR     e.g. build/release/src, or a bundle's lib
# Exit status: pytest's (5 when no test ran counts as a failure).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
libdir="${1:?usage: gpu_check.sh LIBDIR}"
py="${PYTHON:-python3}"
ext=$(PYTHON="$py" "$here/build_ext.sh" "$libdir" "$repo/build/python")
echo "gpu_check: extension $ext"
export PYTHONPATH="$repo/lang/python${PYTHONPATH:+:$PYTHONPATH}"
export UJIT_PYTHON_EXT_DIR="$(dirname "$ext")"
export UJIT_CACHE_DIR="${UJIT_CACHE_DIR:-$(mktemp -d)}"
"$py" -c 'from ujit import cuda; print("gpu_check: CUDA", cuda.is_available() or cuda.unavailable_reason()); cuda.detect()'
status=0
"$py" -m pytest -q -p no:cacheprovider -rs "$repo/tests/python" || status=$?
# numba.cuda.random against Numba itself, where numba-cuda is installed.
if "$py" -c 'import numpy as np; np.row_stack = np.vstack; import numba.cuda' 2>/dev/null; then
  "$py" "$repo/tools/scripts/xoroshiro_numba_check.py" || status=$?
fi
"$py" "$repo/tools/bench/bench_python.py" || true
exit "$status"
