#!/usr/bin/env bash
# Packs numba-cuda's tests/cudapy, with the data files its tests link (tests/data: jitlink.cu,
# cta_barrier.cu, ...), into .device-bin/cudapy.tar.xz; tools/scripts/gpu_python.sh suite
# unpacks it beside them there and runs tools/cuda_suite/run_suite.py on it. tests/cudadrv
# (device arrays, records, memory managers: gpu_check_rt21.sh runs some) goes in beside it.
#   tools/scripts/pack_cudapy_for_device.sh NUMBA_CUDA_CHECKOUT
# NUMBA_CUDA_CHECKOUT: a checkout of github.com/NVIDIA/numba-cuda (its numba_cuda/ folder inside).
set -euo pipefail
cd "$(dirname "$0")/../.."
tests=${1:?a numba-cuda checkout}/numba_cuda/numba/cuda/tests
mkdir -p .device-bin
tar cJf .device-bin/cudapy.tar.xz -C "$tests" cudapy cudadrv data
echo ".device-bin/cudapy.tar.xz: $(du -h .device-bin/cudapy.tar.xz | cut -f1)"
