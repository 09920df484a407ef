#!/usr/bin/env bash
# Issue 25 / issue 22 item 2 on the lent GPU machine, after tools/scripts/gpu_pack.sh (run from
# the repository root, as gpu_python.sh is): builds the Python extension there, runs the launch
# and CUDA-ufunc tests on the GPU, then tools/bench/bench_calls.py: @njit calls with arrays,
# kernel launches and CUDA ufuncs for ujit, Numba, CuPy and the C++ API (bin/bench_launch)
# in one run, naming the GPU, and bench_python.py's add_ufunc rows. Output to stdout.
#   tools/scripts/gpu_check_pylaunch.sh [tests|bench|all]
set -uo pipefail
cd "$(dirname "$0")/../.."
what=${1:-all}
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
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
bash lang/python/build_ext.sh bin build/python >/dev/null || { echo "build_ext failed"; exit 1; }
export UJIT_PYTHON_EXT_DIR="$PWD/build/python"
python3 -c "import ujit, ujit.cuda as c; print('ujit', ujit.__version__, 'cuda available:', c.is_available())"
if [[ $what == tests || $what == all ]]; then
  echo "=== launch and CUDA ufunc tests on the GPU"
  timeout 500 python3 -m pytest -q -p no:cacheprovider tests/python/test_cuda_launch_config.py \
    tests/python/test_cuda_python_calls.py tests/python/test_cuda_ufunc_args.py tests/python/test_cuda_device_views.py 2>&1 | tail -15
fi
if [[ $what == bench || $what == all ]]; then
  echo "=== bench_calls.py (issue 25): ujit, Numba, CuPy, C++ API in one run"
  [[ -x bin/bench_launch ]] || echo "(bin/bench_launch not packed: no C++ column)"
  timeout 500 python3 tools/bench/bench_calls.py --cxx bin/bench_launch 2>&1 | tail -30
  echo "=== bench_python.py --only gpu (issue 22 item 2)"
  timeout 300 python3 tools/bench/bench_python.py --only gpu 2>&1 | tail -12
fi
