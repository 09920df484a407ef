#!/usr/bin/env bash
# A binary wheel of the Python package for one Python: the extension built for it, and
# libujit with LLVM linked statically beside it (plus libfmt, the one shared library of
# ujit's own that a machine may lack), so `pip install --no-deps ujit-*.whl` needs nothing
# else: no LLVM, no environment variables.
#   tools/scripts/wheel.sh [--libdir DIR] [--python PY] [-o DIST]
# --libdir: a folder with a static-LLVM libujit.so (build/static/src from gpu_pack.sh, or a
#   GPU machine's unpacked .device-bin); default: build build/static here first.
# --python: the Python the wheel is for (default python3); it needs NumPy (its headers),
#   pip and setuptools. On a machine with only the wheel's Python (the lent GPU machine),
#   run it there with --libdir.
set -euo pipefail
cd "$(dirname "$0")/../.."
libdir="" python=python3 dist=dist
while (($#)); do
  case $1 in
    --libdir) libdir=$(realpath "$2"); shift 2 ;;
    --python) python=$2; shift 2 ;;
    -o) dist=$2; shift 2 ;;
    *) echo "usage: $0 [--libdir DIR] [--python PY] [-o DIST]" >&2; exit 2 ;;
  esac
done
if [[ -z $libdir ]]; then
  tools/scripts/build.sh build/static -DCMAKE_BUILD_TYPE=Release -DUJIT_WERROR=ON -DUJIT_LLVM_STATIC=ON
  libdir=$PWD/build/static/src
fi
[[ -e $libdir/libujit.so || -e $libdir/libujit.so.0 ]] || { echo "wheel.sh: no libujit.so in $libdir" >&2; exit 1; }
[[ -e $libdir/libujit.so ]] || ln -sf libujit.so.0 "$libdir/libujit.so"
if ldd "$libdir/libujit.so" | grep -q 'libLLVM'; then
  echo "wheel.sh: $libdir/libujit.so links libLLVM dynamically; build with -DUJIT_LLVM_STATIC=ON" >&2
  exit 1
fi
# libfmt: from the library folder if it carries one, else where the loader finds it here.
fmt=$(ls "$libdir"/libfmt.so.* 2>/dev/null | head -1 || true)
[[ -n $fmt ]] || fmt=$(ldd "$libdir/libujit.so" | awk '/libfmt/{print $3; exit}')
# setuptools builds in lang/python/build: stale objects of another Python or library must not ship
rm -rf lang/python/build && mkdir -p "$dist"
UJIT_LIBDIR=$libdir UJIT_BUNDLE_LIBS=$fmt "$python" -m pip wheel --no-deps --no-build-isolation \
  --no-index -w "$dist" ./lang/python
ls -la "$dist"/ujit-*.whl
