#!/usr/bin/env bash
# Installs what building and testing ujit needs (Debian 12 packages), and nothing when it is
# all there already: each package is checked with dpkg first, and apt-get runs only for the
# missing ones. The CUDA toolkit (headers, libdevice, ptxas) is not a Debian package here;
# it is looked for at UJIT_CUDA_HOME (default /usr/local/cuda). No GPU is needed.
set -euo pipefail

PACKAGES=(
  # compiler and build
  g++ cmake ninja-build ccache clang-format-19
  # the libFuzzer targets (tools/fuzz, tools/scripts/fuzz.sh): clang 19 and its runtimes
  clang-19 libclang-rt-19-dev
  # LLVM 19 (libLLVM, headers, CMake package; lit and FileCheck are in llvm-19-tools) and
  # the libraries its CMake package asks for (LLVMConfig.cmake: FFI, LibEdit, ZLIB, zstd,
  # LibXml2, CURL; LLVMExports names libz3)
  llvm-19-dev llvm-19-tools libffi-dev libedit-dev zlib1g-dev libzstd-dev libxml2-dev
  libcurl4-openssl-dev libz3-dev
  # ujit's own dependencies
  libfmt-dev libdlpack-dev catch2
  # BLAS for np.dot / @ in compiled code, opened with dlopen at run time (src/cpu/blas_loader.cpp);
  # without it ujit computes the products with its own loops
  libopenblas-dev
  # the oracle scripts and lit; the Python package (lang/python): its extension's headers,
  # its tests, and the Dask example; pip, venv and setuptools for `pip install ./lang/python`
  python3 python3-numpy python3-dev python3-pytest python3-dask python3-distributed
  python3-pip python3-venv python3-setuptools
)

missing=()
for p in "${PACKAGES[@]}"; do
  if [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]]; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cuda="${UJIT_CUDA_HOME:-/usr/local/cuda}"
for f in include/cuda.h nvvm/libdevice/libdevice.10.bc; do
  if [[ ! -e "$cuda/$f" ]]; then
    echo "setup: $cuda/$f not found: ujit needs the CUDA toolkit's headers and libdevice" \
         "(no GPU); install the toolkit or set UJIT_CUDA_HOME" >&2
    exit 1
  fi
done
echo "setup: all ${#PACKAGES[@]} packages present, CUDA toolkit at $cuda"

# `import ujit` for Debian's python3: a .pth file naming this tree's lang/python, in the
# first site directory we may write (the system's when root, else the user's). The package
# finds its extension in build/release (lang/python/ujit/_native.py) once that is built.
pkg="$(cd "$(dirname "$0")/../.." && pwd)/lang/python"
# Debian's python3, and the python3 first on PATH when that is another one (pyenv, a venv):
# `import ujit` works in both (the extension loads where the Python ABI matches the build's).
pythons=(/usr/bin/python3)
path_python="$(command -v python3 || true)"
if [[ -n "$path_python" && "$(readlink -f "$path_python")" != "$(readlink -f /usr/bin/python3)" ]]; then
  pythons+=("$path_python")
fi
for py in "${pythons[@]}"; do
  site_dir=$("$py" - <<'PY' 2>/dev/null
import os, site, sys
dirs = [d for d in site.getsitepackages() if d.startswith(("/usr/local", sys.prefix))] + [site.getusersitepackages()]
for d in dirs:
    try:
        os.makedirs(d, exist_ok=True)
    except OSError:
        continue
    if os.access(d, os.W_OK):
        print(d)
        break
PY
)
  if [[ -n "$site_dir" ]]; then
    if [[ "$(cat "$site_dir/ujit.pth" 2>/dev/null)" != "$pkg" ]]; then
      echo "$pkg" > "$site_dir/ujit.pth"
      echo "setup: import ujit -> $pkg (for $py, via $site_dir/ujit.pth)"
    fi
  else
    echo "setup: no writable site directory for $py: use PYTHONPATH=$pkg for import ujit" >&2
  fi
done
