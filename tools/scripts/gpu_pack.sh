#!/usr/bin/env bash
# Packs what a GPU machine without LLVM needs to run ujit's GPU tests and benchmarks:
# a Release build with LLVM linked statically (build/static), its binaries stripped and
# xz-compressed into .device-bin/ (git-ignored; small enough to carry to a lent GPU machine).
# There, tools/scripts/gpu_check.sh unpacks and runs them.
# The carry limit is 64 MiB: each binary with LLVM inside is about 13 MB compressed, the
# ones linked to libujit.so (the C API test, bench_call/ufunc/gufunc/cpu/kernel_cpu) are small.
#   tools/scripts/gpu_pack.sh [BINARY...]    # builds build/static first; default: the set below
set -euo pipefail
cd "$(dirname "$0")/../.."
# -DUJIT_WERROR=ON as build/release has it: the same compile flags, so ccache serves the
# objects build/release compiled and only the link with LLVM is new work.
static_flags=(-DCMAKE_BUILD_TYPE=Release -DUJIT_WERROR=ON -DUJIT_LLVM_STATIC=ON -DUJIT_BENCH_ARCH=x86-64-v3)
bins=("$@")
if ((${#bins[@]})); then
  # Only the binaries asked for (and libujit.so): quicker than the whole build, which ccache
  # mostly serves from build/release anyway (tests/support/build_outputs.cpp holds the only
  # compile definitions that name the build directory; a full pack took 4.5 minutes here).
  targets=(ujit)
  for bin in "${bins[@]}"; do
    name=$(basename "$bin")
    [[ $name == ujit ]] && targets+=(ujit_cli) || targets+=("$name")
  done
  cmake -S . -B build/static -G Ninja "${static_flags[@]}" >/dev/null
  cmake --build build/static -j "${UJIT_JOBS:-2}" --target "${targets[@]}"
else
  tools/scripts/build.sh build/static "${static_flags[@]}"
fi
rm -rf .device-bin && mkdir -p .device-bin
((${#bins[@]})) || bins=(tools/ujit/ujit tests/ujit_tests tests/unit/capi/ujit_capi_test tools/bench/bench_call
                        tools/bench/bench_ufunc tools/bench/bench_gpu tools/bench/bench_gufunc tools/bench/bench_cpu
                        tools/bench/bench_kernel_cpu tools/bench/bench_launch)
for bin in "${bins[@]}"; do
  [[ -x build/static/$bin ]] || { echo "gpu_pack: build/static/$bin missing, skipped"; continue; }
  name=$(basename "$bin")
  strip -o ".device-bin/$name" "build/static/$bin"
  xz -T2 -6 -f ".device-bin/$name"
done
# The C API test and bench_call load libujit.so (by its soname, from LD_LIBRARY_PATH there).
strip -o .device-bin/libujit.so.0 build/static/src/libujit.so.0.* && xz -T2 -6 -f .device-bin/libujit.so.0
# fmt stays a shared library in the static build; the GPU machine may not have it.
cp -L "$(ldconfig -p | awk '/libfmt.so.9 /{print $NF; exit}')" .device-bin/
# The build's compile-time paths (examples, oracle data) point into this checkout.
echo "$PWD" > .device-bin/source_dir
# cffi for the GPU machine's Python (numba-cuda's suite imports it): where this machine has one to pack.
tools/scripts/pack_cffi_for_device.sh || echo "gpu_pack: no cffi for Python 3.12 here; the suite's cffi files will not import there"
du -sh .device-bin/*
