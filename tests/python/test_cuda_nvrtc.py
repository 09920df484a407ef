"""CUDA C++ through NVRTC: ujit.cuda.RawKernel (CuPy's), cuda.declare_device and
@cuda.jit(link=[...]) (Numba's), NVRTC's errors at the .cu line, the disk cache across
processes, and a missing libnvrtc (kernels calling declared functions:
test_cuda_declare_device.py). Compiling needs the CUDA toolkit (not a GPU); launches are
marked `gpu`."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import ujit
from ujit import cuda

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
FUNCTIONS_CU = os.path.join(DATA, "nvrtc_functions.cu")
ERROR_CU = os.path.join(DATA, "nvrtc_error.cu")

SCALE = r'''
extern "C" __global__ void scale(float* a, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] *= s;
}
'''


def _toolkit_or_skip():
    try:
        cuda.compile_cuda_ptx('extern "C" __global__ void k() {}')
    except RuntimeError as e:
        pytest.skip("no CUDA toolkit (NVRTC): %s" % e)


@pytest.fixture(autouse=True)
def _toolkit():
    _toolkit_or_skip()


def test_raw_kernel_compiles_for_the_device_architecture():
    k = cuda.RawKernel(SCALE, "scale")
    assert ".visible .entry scale(" in k.ptx
    want = "sm_%d%d" % cuda.get_current_device().compute_capability if cuda.is_available() else "sm_75"
    assert k.arch == want
    assert ".target %s" % want in k.ptx


def test_raw_kernel_error_at_the_source_line():
    src = 'extern "C" __global__ void k(float* a) {\n    int i = threadIdx.x;\n    a[i] = zz + 1;\n}\n'
    with pytest.raises(ujit.CompileError) as info:
        cuda.RawKernel(src, "k")
    assert str(info.value).startswith('kernel.cu:3:12: error: identifier "zz" is undefined')
    assert (info.value.file, info.value.line, info.value.col) == ("kernel.cu", 3, 12)


def test_raw_kernel_unknown_name_lists_the_kernels():
    with pytest.raises(TypeError, match=r"kernel.cu has no __global__ function named 'scal' \(its kernels: scale\)"):
        cuda.RawKernel(SCALE, "scal")


def test_raw_kernel_options_reach_nvrtc():
    src = 'extern "C" __global__ void k(float* a) { a[0] = VALUE; }'
    with pytest.raises(ujit.CompileError, match="identifier \"VALUE\" is undefined"):
        cuda.RawKernel(src, "k")
    # 1.5f stored as its bits, 0x3FC00000
    assert "%d" % np.float32(1.5).view(np.uint32) in cuda.RawKernel(src, "k", options=("-DVALUE=1.5f",)).ptx


def test_raw_module_kernels_and_errors():
    m = cuda.RawModule(code=SCALE + 'extern "C" __global__ void zero(float* a) { a[threadIdx.x] = 0; }\n')
    assert ".visible .entry zero(" in m.get_function("zero").ptx
    assert m.get_function("scale") is m.get_function("scale")
    with pytest.raises(TypeError, match="has no __global__ function named 'one' \\(its kernels: scale, zero\\)"):
        m.get_function("one")
    with pytest.raises(ujit.CompileError, match=r"kernel.cu:1:\d+: error"):
        cuda.RawModule(code="__global__ void k() { nope; }")
    with pytest.raises(NotImplementedError, match="path="):
        cuda.RawModule(path="k.cubin")


def test_raw_kernel_argument_types_are_checked():
    k = cuda.RawKernel(SCALE, "scale")
    with pytest.raises(TypeError, match="argument 0 is a host array"):
        k((1,), (32,), (np.zeros(4, np.float32), np.float32(2), np.int32(4)))
    with pytest.raises(TypeError, match="argument 1 has unsupported type str"):
        k((1,), (32,), (cuda.device_array(4, np.float32), "2", np.int32(4)))


def test_raw_kernel_on_the_host_device_names_the_kernel():
    if cuda.is_available():
        pytest.skip("a CUDA device is usable: the launch runs (test_raw_kernel_launch)")
    k = cuda.RawKernel(SCALE, "scale")
    with pytest.raises(cuda.CudaSupportError, match="RawKernel 'scale' is CUDA C\\+\\+ compiled by NVRTC, which runs "
                                                    "only on a CUDA device, not on the CPU"):
        k((1,), (32,), (cuda.device_array(4, np.float32), np.float32(2), np.int32(4)))


@pytest.mark.gpu
def test_raw_kernel_launch():
    k = cuda.RawKernel(SCALE, "scale")
    a = np.arange(100, dtype=np.float32)
    d = cuda.to_device(a)
    k((4,), (32,), (d, np.float32(3), np.int32(100)))  # CuPy's call
    np.testing.assert_array_equal(d.copy_to_host(), a * 3)
    k[4, 32](d, np.float32(0.5), np.int32(50))  # Numba's launch syntax
    expect = a * 3
    expect[:50] *= 0.5
    np.testing.assert_array_equal(d.copy_to_host(), expect)


@pytest.mark.gpu
def test_raw_kernel_python_scalars_are_int64_and_float64():
    k = cuda.RawKernel(r'''
    extern "C" __global__ void put(double* out, double x, long long n) { out[0] = x; out[1] = (double)n; }''', "put")
    d = cuda.device_array(2, np.float64)
    k((1,), (1,), (d, 2.5, 7))
    np.testing.assert_array_equal(d.copy_to_host(), [2.5, 7.0])


def test_nvrtc_compilation_is_cached_across_processes(tmp_path):
    script = textwrap.dedent('''
        from ujit import cuda
        from ujit._native import ext
        cuda.compile_cuda_ptx('extern "C" __global__ void cached_k(int* a) { a[0] = 42; }', "sm_80")
        s = ext.cache_stats()
        print(s["hits"], s["stores"], int("libnvrtc" in open("/proc/self/maps").read()))
    ''')
    env = dict(os.environ, UJIT_CACHE_DIR=str(tmp_path / "cache"), UJIT_CACHE="1")
    runs = [subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
            for _ in range(2)]
    first, second = (tuple(int(x) for x in r.stdout.split()) for r in runs)
    assert first == (0, 1, 1)   # compiled and stored
    assert second == (1, 0, 0)  # read back: NVRTC was not even loaded (~100 ms of dlopen)


def test_missing_nvrtc_names_the_library():
    script = 'from ujit import cuda\ncuda.compile_cuda_ptx("__global__ void k() {}")\n'
    env = dict(os.environ, UJIT_NVRTC_LIBRARY="/nonexistent/libnvrtc.so.99")
    r = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert r.returncode != 0
    assert "NVRTC (libnvrtc.so) could not be loaded ($UJIT_NVRTC_LIBRARY is set)" in r.stderr
    assert "/nonexistent/libnvrtc.so.99" in r.stderr


# ---------------------------------------------------------------- declare_device, link=

def test_declare_device_signature_forms():
    from ujit.types import float32, int32

    for sig in ("int32(float32[:])", int32(float32[:])):
        f1 = cuda.declare_device("f1", sig)
        assert f1.name == "f1"
        assert f1.sig.args == (float32[:],)
        assert f1.sig.return_type == int32


@pytest.mark.parametrize("sig", ["(float32[:],)", ("float32[:]",)])
def test_declare_device_needs_a_return_type(sig):
    with pytest.raises(TypeError, match="Return type must be provided for device declarations"):
        cuda.declare_device("f1", sig)


def test_declare_device_is_not_callable_from_python():
    mul = cuda.declare_device("mul_f32_f32", "float32(float32, float32)", link=[FUNCTIONS_CU])
    assert mul.link == [FUNCTIONS_CU]
    with pytest.raises(TypeError, match="'mul_f32_f32' is a CUDA C\\+\\+ device function"):
        mul(1.0, 2.0)


def test_link_cu_error_is_reported_at_its_line():
    with pytest.raises(ujit.CompileError) as info:
        cuda.declare_device("bar", "int32(int32)", link=[ERROR_CU])
    assert str(info.value).startswith(ERROR_CU + ':3:16: error: identifier "undefined_name" is undefined')
    with pytest.raises(ujit.CompileError, match="undefined_name"):
        cuda.jit(link=[ERROR_CU])(lambda a: None)


def test_link_cusource_in_memory():
    good = cuda.CUSource('extern "C" __device__ int times2(int* out, int a) { *out = 2 * a; return 0; }')
    assert cuda.declare_device("times2", "int32(int32)", link=good).link == [good]
    with pytest.raises(ujit.CompileError, match=r"cusource.cu:1:\d+: error"):
        cuda.declare_device("times2", "int32(int32)", link=cuda.CUSource("int x = ;"))


def test_link_file_kinds(tmp_path):
    for ext in (".ptx", ".cubin", ".fatbin", ".o", ".a", ".ltoir"):
        p = tmp_path / ("f" + ext)
        p.write_bytes(b"")
        cuda.jit(link=[str(p)])  # accepted kinds
    with pytest.raises(ValueError, match="Don't know how to link file with extension .cpp"):
        cuda.jit(link=[str(tmp_path / "f.cpp")])
    with pytest.raises(FileNotFoundError, match="link file .*missing.ptx.* cannot be read"):
        cuda.jit(link=[str(tmp_path / "missing.ptx")])


def test_toolkit_headers_that_include_cccl_compile():
    # curand_kernel.h includes <cuda/std/type_traits>, which CUDA 13 keeps under include/cccl
    # (numba-cuda's test_include_cuda_header).
    ptx = cuda.compile_cuda_ptx(r'''
#include <curand_kernel.h>
extern "C" __global__ void draw(unsigned int* r, unsigned long long seed) {
    curandState s;
    curand_init(seed, 0, 0, &s);
    *r = curand(&s);
}''')
    assert ".entry draw" in ptx
