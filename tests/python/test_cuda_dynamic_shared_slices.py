"""Slices of dynamic shared memory (cuda.shared.array(0, ...)) are as long as the launch's
sharedmem allows, so disjoint slices are disjoint (Numba's issue 5073, numba-cuda's
test_sm.test_dynshared_slice_*): on the host device, and in the PTX (%dynamic_smem_size)."""
import os
import shutil
import subprocess

import numpy as np
import pytest

from ujit import cuda, int32, types

pytestmark = pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPerformanceWarning")  # small grids


@cuda.jit
def slice_write(x):
    dynsmem = cuda.shared.array(0, dtype=int32)
    sm1 = dynsmem[0:1]
    sm2 = dynsmem[1:2]
    sm1[0] = 1
    sm2[0] = 2
    x[0] = dynsmem[0]
    x[1] = dynsmem[1]


@cuda.jit
def dynamic_len(x):
    dynsmem = cuda.shared.array(0, dtype=np.float64)
    x[0] = len(dynsmem)
    x[1] = dynsmem[2:].size


def test_disjoint_slices_do_not_alias():
    arr = np.zeros(2, dtype=np.int32)
    slice_write[1, 1, 0, arr.nbytes](arr)
    np.testing.assert_array_equal(arr, [1, 2])


def test_the_length_is_the_launch_sharedmem_over_the_itemsize():
    out = np.zeros(2, dtype=np.int64)
    dynamic_len[1, 1, 0, 10 * 8 + 7](out)  # a partial element does not count
    np.testing.assert_array_equal(out, [10, 8])
    dynamic_len[1, 1, 0, 0](out)
    np.testing.assert_array_equal(out, [0, 0])


PTXAS = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)


def test_the_ptx_reads_dynamic_smem_size(tmp_path):
    ptx, _ = cuda.compile_ptx(slice_write.py_func, (types.int32[::1],), cc=(9, 0))
    assert "%dynamic_smem_size" in ptx
    if PTXAS is None:
        pytest.skip("ptxas is not installed")
    path = tmp_path / "k.ptx"
    path.write_text(ptx)
    subprocess.run([PTXAS, "-arch=sm_90", str(path), "-o", str(tmp_path / "k.cubin")], check=True)
