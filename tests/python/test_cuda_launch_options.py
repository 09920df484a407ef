"""@cuda.jit(launch_bounds=..., shared_memory_carveout=...) as numba-cuda takes them: checked at
decoration with its errors; the bounds in the kernel's PTX (.maxntid, .minnctapersm,
.maxclusterrank, assembled by ptxas for sm_90) and a block larger than the bound refused at
launch, on the GPU (the driver's limit for the kernel) and on the host device alike; the
carveout set on the loaded kernel (cuFuncSetAttribute) and the kernel's results unchanged."""
import os
import re
import shutil
import subprocess

import numpy as np
import pytest

from ujit import cuda, types

PTXAS = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)


def empty():
    pass


@pytest.mark.parametrize("bounds, directives", [
    (128, [r"\.maxntid\s+128, 1, 1\n"]),
    ((128,), [r"\.maxntid\s+128, 1, 1\n"]),
    ((128, 2), [r"\.maxntid\s+128, 1, 1\n", r"\.minnctapersm\s+2\n"]),
    ((128, 2, 4), [r"\.maxntid\s+128, 1, 1\n", r"\.minnctapersm\s+2\n", r"\.maxclusterrank\s+4\n"]),
])
def test_launch_bounds_are_ptx_directives(bounds, directives, tmp_path):
    ptx, resty = cuda.compile_ptx(empty, "void()", launch_bounds=bounds, cc=(9, 0))
    assert resty == types.void
    for d in directives:
        assert re.search(d, ptx), (d, ptx)
    if not isinstance(bounds, tuple) or len(bounds) < 2:
        assert ".minnctapersm" not in ptx
    if not isinstance(bounds, tuple) or len(bounds) < 3:
        assert ".maxclusterrank" not in ptx
    if PTXAS:
        (tmp_path / "k.ptx").write_text(ptx)
        subprocess.run([PTXAS, "-arch=sm_90", str(tmp_path / "k.ptx"), "-o", str(tmp_path / "k.cubin")], check=True)


def test_without_bounds_there_is_no_directive():
    ptx, _ = cuda.compile_ptx(empty, "void()")
    assert ".maxntid" not in ptx and ".minnctapersm" not in ptx


def test_bad_launch_bounds_are_errors_at_decoration():
    with pytest.raises(ValueError, match=r"Got 4 launch bounds: \(128, 2, 4, 8\)"):
        cuda.jit("void()", launch_bounds=(128, 2, 4, 8))(empty)
    with pytest.raises(ValueError, match="Got 4 launch bounds"):
        cuda.compile_ptx(empty, "void()", launch_bounds=(128, 2, 4, 8))
    with pytest.raises(ValueError, match="positive integers"):
        cuda.jit(launch_bounds=0)(empty)


def test_a_block_beyond_the_bound_does_not_launch():
    @cuda.jit("void(int32[::1])", launch_bounds=128)
    def fill(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = i

    x = cuda.to_device(np.zeros(256, np.int32))
    fill[2, 128](x)
    np.testing.assert_array_equal(x.copy_to_host(), np.arange(256))
    with pytest.raises(Exception, match=r"256 threads, more than the 128 per block this kernel allows"):
        fill[1, 256](x)
    assert re.search(r"\.maxntid\s+128, 1, 1\n", fill.inspect_asm(fill.signatures[0]))  # PTX on either device


@pytest.mark.parametrize("carveout, error, message", [
    (150, ValueError, "must be between -1 and 100"),
    (-2, ValueError, "must be between -1 and 100"),
    ("InvalidOption", ValueError, "Invalid carveout value"),
    (1.5, TypeError, "must be str or int, got float"),
])
def test_bad_carveouts_are_errors_at_decoration(carveout, error, message):
    with pytest.raises(error, match=message):
        cuda.jit(shared_memory_carveout=carveout)(empty)
    with pytest.raises(error, match=message):
        cuda.jit("void(int32[:])", shared_memory_carveout=carveout)(lambda x: None)


@pytest.mark.parametrize("carveout", ["MaxL1", "MaxShared", "default", 0, 50, 100, -1])
def test_a_carveout_leaves_the_results_alone(carveout):
    @cuda.jit(shared_memory_carveout=carveout)
    def add_one(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = i + 1

    d = cuda.to_device(np.zeros(10, np.int32))
    add_one[1, 10](d)
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(1, 11))
