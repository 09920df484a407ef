#!/usr/bin/env bash
# Runs on a lent GPU machine after tools/scripts/gpu_pack.sh (it unpacks .device-bin/ the way
# gpu_check.sh does): builds the Python extension there for its Python against the packed
# libujit (LLVM inside), then runs the GPU-facing Python tests, the Python benchmarks against
# NumPy and Numba (the machine's Numba 0.68), and, where .device-bin/cudapy holds numba-cuda's
# tests/cudapy, that suite with `numba` resolving to ujit. Output to stdout.
#   tools/scripts/gpu_python.sh [tests|bench|suite|wheel|dask|all]...
# wheel: builds the binary wheel there (tools/scripts/wheel.sh against the packed libujit),
#   installs it into a new venv and runs the Python suite against the installed package from
#   outside the tree. dask: bench_dask_gpus.py (needs 2 or more GPUs, and Dask there: pack_dask_for_device.sh).
set -uo pipefail
cd "$(dirname "$0")/../.."
what=("${@:-all}")
has() { local w; for w in "${what[@]}"; do [[ $w == "$1" || $w == all ]] && return 0; done; return 1; }
mkdir -p bin
for f in .device-bin/*.xz; do
  [[ $f == *.tar.xz || -e bin/$(basename "$f" .xz) ]] || xz -dc "$f" > "bin/$(basename "$f" .xz)"
done
chmod +x bin/* 2>/dev/null
cp .device-bin/libfmt.so* bin/ 2>/dev/null
ln -sf libujit.so.0 bin/libujit.so
export LD_LIBRARY_PATH="$PWD/bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# numba-cuda with NumPy 2.x there needs np.row_stack before `import numba` (the peers).
mkdir -p /tmp/ujit-site && printf 'import numpy as np\nif not hasattr(np, "row_stack"):\n    np.row_stack = np.vstack\n' > /tmp/ujit-site/sitecustomize.py
export UJIT_CACHE_DIR=/tmp/ujit-gpu-cache PYTHONPATH="$PWD/lang/python:/tmp/ujit-site"
# Dask, packed by tools/scripts/pack_dask_for_device.sh (that machine has none); exported, so
# the Dask workers' processes find it too.
if [[ -f .device-bin/dask-py.tar.xz ]]; then
  mkdir -p /tmp/dask-py && tar xJf .device-bin/dask-py.tar.xz -C /tmp/dask-py
  PYTHONPATH="$PYTHONPATH:/tmp/dask-py"
fi
# cffi for its Python 3.12, packed by tools/scripts/pack_cffi_for_device.sh (that machine has
# none; numba-cuda's suite imports it in three files).
if [[ -f .device-bin/cffi-py.tar.xz ]]; then
  mkdir -p /tmp/cffi-py && tar xJf .device-bin/cffi-py.tar.xz -C /tmp/cffi-py
  PYTHONPATH="$PYTHONPATH:/tmp/cffi-py"
fi
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
python3 -c "import sys, numpy; print(sys.version.split()[0], 'numpy', numpy.__version__)"
bash lang/python/build_ext.sh bin build/python >/dev/null || { echo "build_ext failed"; exit 1; }
export UJIT_PYTHON_EXT_DIR="$PWD/build/python"
python3 -c "import ujit, ujit.cuda as c; print('ujit', ujit.__version__, 'cuda available:', c.is_available())"

if has tests; then
  echo "=== Python tests on the GPU"
  python3 -m pytest -q -p no:cacheprovider -x --timeout=600 tests/python/test_cuda*.py 2>&1 | tail -15 ||
    python3 -m pytest -q -p no:cacheprovider tests/python/test_cuda*.py 2>&1 | tail -15
fi
if has bench; then
  echo "=== NumPy in @njit against NumPy and Numba (one thread)"
  for b in tools/bench/bench_nplib.py tools/bench/bench_alloc.py tools/bench/prange_peers.py tools/bench/bench_lists.py \
           tools/bench/bench_dicts.py tools/bench/bench_recursion.py tools/bench/bench_calls.py; do
    [[ -f $b ]] && { echo "--- $b"; timeout 500 python3 "$b" 2>&1 | tail -25; }
  done
fi
[[ -f .device-bin/cudapy.tar.xz && ! -d .device-bin/cudapy ]] && tar xJf .device-bin/cudapy.tar.xz -C .device-bin
if has bench && [[ -x bin/bench_prange ]]; then
  echo "=== parallel=True against Numba ($(nproc) cores)"
  mkdir -p bin-build/tools/bench && ln -sf "$PWD/bin/bench_prange" bin-build/tools/bench/bench_prange
  timeout 300 bash tools/bench/run_prange.sh "$PWD/bin-build" 2>&1 | tail -20
fi
if has suite && [[ -d .device-bin/cudapy ]]; then
  echo "=== numba-cuda tests/cudapy with numba resolving to ujit"
  timeout 560 python3 tools/cuda_suite/run_suite.py --suite .device-bin/cudapy --jobs 8 \
    --summary /tmp/cuda_suite.json 2>&1 | tail -60
  mkdir -p "${OUT:-/tmp}" && cp /tmp/cuda_suite.json "${OUT:-/tmp}/" 2>/dev/null
fi
if has wheel; then
  echo "=== the binary wheel, installed into this machine's Python (a lent, throwaway venv)"
  rm -rf /tmp/ujit-dist
  bash tools/scripts/wheel.sh --libdir bin --python python3 -o /tmp/ujit-dist 2>&1 | tail -2
  python3 -m pip install --no-deps --no-index --force-reinstall /tmp/ujit-dist/ujit-*.whl 2>&1 | tail -2
  # No sitecustomize here (it imports NumPy, which a test checks scalar programs never do).
  ( cd /tmp && env -u UJIT_PYTHON_EXT_DIR -u LD_LIBRARY_PATH -u PYTHONPATH \
      python3 -c "import ujit, ujit.cuda as c; print('installed', ujit.__file__, 'cuda', c.is_available())" &&
    env -u UJIT_PYTHON_EXT_DIR -u LD_LIBRARY_PATH -u PYTHONPATH \
      timeout 500 python3 -m pytest -q -p no:cacheprovider -W ignore "$OLDPWD/tests/python" \
      --deselect "$OLDPWD/tests/python/test_pip_install.py" 2>&1 | tail -12 )
  python3 -m pip uninstall -y -q ujit 2>&1 | tail -1
fi
if has dask; then
  echo "=== Dask over the GPUs"
  python3 -c "import dask, distributed" 2>&1 | tail -1
  PYTHONPATH="$PYTHONPATH:$PWD/tools/bench" timeout 500 python3 tools/bench/bench_dask_gpus.py 2>&1 | grep -v INFO | tail -8
fi
