"""Kernels calling CUDA C++ device functions: cuda.declare_device + link= (numba-cuda's
TestDeclareDevice, TestDeclareDeviceCABI and test_linker's file kinds as the spec).

Without a GPU the kernel is compiled and linked all the same: its PTX calls the declared
symbol, nvJitLink links it with each kind of file into a cubin (inspect_linked_cubin), and a
launch on the host device is a located error (CUDA C++ cannot run on the CPU). Launches with
numbers checked are marked `gpu`. Linking needs the CUDA toolkit's NVRTC and nvJitLink (not a
GPU); the .cubin/.fatbin/.o/.a/.ltoir inputs are made with nvcc, skipped where it is absent."""
import math
import os
import shutil
import subprocess

import numpy as np
import pytest

import ujit
from ujit import cuda

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
FUNCTIONS_CU = os.path.join(DATA, "declared_functions.cu")
FUNCTIONS_PTX = os.path.join(DATA, "declared_functions.ptx")
TIMES4_CU = os.path.join(DATA, "declared_times4.cu")
ELF = b"\x7fELF"


def _arch():
    """The architecture linked for: the GPU's, else sm_80 (the PTX ujit makes without one)."""
    if cuda.is_available():
        return "sm_%d%d" % cuda.get_current_device().compute_capability
    return "sm_80"


@pytest.fixture(autouse=True)
def _toolkit():
    try:
        cuda.compile_cuda_ptx('extern "C" __global__ void k() {}')
    except RuntimeError as e:
        pytest.skip("no CUDA toolkit (NVRTC): %s" % e)


def _nvcc():
    for d in (os.environ.get("CUDA_HOME"), "/usr/local/cuda"):
        if d and os.path.exists(os.path.join(d, "bin", "nvcc")):
            return os.path.join(d, "bin", "nvcc")
    return shutil.which("nvcc")


def _built(tmp_path, kind):
    """declared_functions.cu as a `kind` file for this machine's architecture (nvcc)."""
    if kind == ".cu":
        return FUNCTIONS_CU
    if kind == ".ptx":
        return FUNCTIONS_PTX
    nvcc = _nvcc()
    if nvcc is None:
        pytest.skip("nvcc not found: the %s input is made with it" % kind)
    sm = _arch()
    out = str(tmp_path / ("functions" + kind))
    base = [nvcc, "-rdc=true", FUNCTIONS_CU]
    if kind == ".cubin":
        cmd = base + ["-arch=" + sm, "-cubin", "-o", out]
    elif kind == ".fatbin":
        cmd = base + ["-arch=" + sm, "-fatbin", "-o", out]
    elif kind == ".o":
        cmd = [nvcc, "-arch=" + sm, "-dc", FUNCTIONS_CU, "-o", out]
    elif kind == ".a":
        obj = str(tmp_path / "lib.o")
        subprocess.run([nvcc, "-arch=" + sm, "-dc", FUNCTIONS_CU, "-o", obj], check=True)
        cmd = [nvcc, "-lib", obj, "-o", out]
    elif kind == ".ltoir":
        cmd = [nvcc, "-arch=lto_" + sm[3:], "-dc", FUNCTIONS_CU, "-o", out]
    elif kind == "-lto.o":  # an object holding only LTO-IR: links only with -lto (retried so)
        out = str(tmp_path / "functions_lto.o")
        cmd = [nvcc, "-arch=lto_" + sm[3:], "-dc", FUNCTIONS_CU, "-o", out]
    subprocess.run(cmd, check=True)
    return out


def _times2_kernel(link_decl=None, link_kernel=None):
    times2 = cuda.declare_device("times2", "int32(int32)", link=link_decl)

    @cuda.jit(link=link_kernel)
    def kernel(r, x):
        i = cuda.grid(1)
        if i < len(r):
            r[i] = times2(x[i])

    return kernel


SIG = "void(int32[::1], int32[::1])"

# ---------------------------------------------------------------- compiled and linked here


def test_kernel_ptx_calls_the_declared_symbol():
    kernel = _times2_kernel(link_decl=[FUNCTIONS_CU])
    ptx = kernel.inspect_asm(SIG)
    # Numba's ABI: a pointer to the result, then the arguments; a status int returned.
    assert ".extern .func  (.param .b32 func_retval0) times2\n" in ptx
    assert "call.uni" in ptx
    llvm = kernel.inspect_llvm(SIG)
    assert "declare i32 @times2(ptr, i32)" in llvm
    ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
    if os.path.exists(ptxas):  # relocatable: times2 is resolved by the link
        arch = ptx.split(".target ")[1].split()[0]
        r = subprocess.run([ptxas, "-c", "-arch=" + arch, "-o", os.devnull, "-"], input=ptx.encode(),
                           capture_output=True)
        assert r.returncode == 0, r.stderr.decode()


times2_global = cuda.declare_device("times2", "int32(int32)", link=[FUNCTIONS_CU])


def calls_times2(r, x):
    r[0] = times2_global(x[0])


def test_compile_ptx_of_a_function_calling_a_declaration():
    ptx, resty = cuda.compile_ptx(calls_times2, SIG)
    assert ".extern .func  (.param .b32 func_retval0) times2\n" in ptx
    assert ".visible .entry " in ptx


@pytest.mark.parametrize("kind", [".cu", ".ptx", ".cubin", ".fatbin", ".o", ".a", ".ltoir", "-lto.o"])
def test_every_file_kind_links_to_a_cubin(tmp_path, kind, monkeypatch):
    monkeypatch.setenv("UJIT_CUDA_LTO", "0")  # the kernel as PTX: times2 stays a function
    path = _built(tmp_path, kind)
    kernel = _times2_kernel(link_kernel=[path])  # link= on the kernel (test_cffi's way)
    cubin = kernel.inspect_linked_cubin(SIG, _arch())
    assert cubin[:4] == ELF
    assert b"times2" in cubin  # defined in the image, not left undefined


@pytest.mark.parametrize("kind", [".cu", ".ltoir"])
def test_a_cuda_cpp_function_is_inlined_by_lto(tmp_path, kind, monkeypatch):
    """With a .cu or LTO-IR file the kernel goes into the link as LTO-IR (libNVVM makes it of
    ujit's NVVM IR), so nvJitLink inlines times2: no function of that name is left."""
    log = tmp_path / "lto.log"
    monkeypatch.setenv("UJIT_CUDA_LTO_LOG", str(log))
    path = _built(tmp_path, kind)
    kernel = _times2_kernel(link_kernel=[path])
    cubin = kernel.inspect_linked_cubin(SIG, _arch())
    assert cubin[:4] == ELF
    how = log.read_text().split("\t", 1)[1].strip()
    if how != "lto":
        pytest.skip("the kernel was linked as PTX here (%s)" % how)
    assert b"times2" not in cubin


def test_linking_for_an_older_architecture_than_the_ptx_is_refused():
    kernel = _times2_kernel(link_decl=[FUNCTIONS_CU])
    with pytest.raises(TypeError, match=r"'kernel' was compiled to PTX for sm_\d+: it links for sm_\d+ or a newer "
                                        r"architecture, not sm_50"):
        kernel.inspect_linked_cubin(SIG, "sm_50")


def test_declaration_link_and_kernel_link_are_one_file():
    # numba-cuda's docs name the file on both: linked once (no duplicate definitions).
    kernel = _times2_kernel(link_decl=[FUNCTIONS_CU], link_kernel=[FUNCTIONS_CU])
    assert kernel.inspect_linked_cubin(SIG)[:4] == ELF


def test_cusource_and_multiple_sources():
    times4 = cuda.declare_device("times4", "int32(int32)", link=(TIMES4_CU, FUNCTIONS_CU))
    src = cuda.CUSource('extern "C" __device__ int plus1(int* out, int a) { *out = a + 1; return 0; }')
    plus1 = cuda.declare_device("plus1", "int32(int32)", link=src)

    @cuda.jit
    def kernel(r, x):
        i = cuda.grid(1)
        if i < len(r):
            r[i] = plus1(times4(x[i]))

    assert kernel.inspect_linked_cubin(SIG)[:4] == ELF


def test_declared_in_called_device_function():
    times2 = cuda.declare_device("times2", "int32(int32)", link=[FUNCTIONS_CU])

    @cuda.jit(device=True)
    def device_func(x):
        return times2(x)

    @cuda.jit
    def kernel(r, x):
        i = cuda.grid(1)
        if i < len(r):
            r[i] = device_func(x[i]) + times2(x[i])

    assert "call.uni" in kernel.inspect_asm(SIG)
    assert kernel.inspect_linked_cubin(SIG)[:4] == ELF


def test_device_function_link_reaches_the_kernel():
    # link= on a device function: its files are linked into every kernel that calls it.
    times3 = cuda.declare_device("times3", "int32(int32)")

    @cuda.jit(device=True, link=[FUNCTIONS_PTX])
    def thrice(x):
        return times3(x)

    @cuda.jit
    def kernel(r, x):
        i = cuda.grid(1)
        if i < len(r):
            r[i] = thrice(x[i])

    assert b"times3" in kernel.inspect_linked_cubin(SIG, _arch())

    @cuda.jit
    def alone(r, x):
        r[0] = x[0]

    with pytest.raises(TypeError, match="'alone' links no device code"):
        alone.inspect_linked_cubin(SIG)


def test_a_def_with_only_a_docstring_is_not_a_declaration():
    # A declaration is a body-less def inside ujit; a Python def whose body is only its
    # docstring has an empty body too, and stays an ordinary (inlined) device function.
    times2 = cuda.declare_device("times2", "int32(int32)", link=[FUNCTIONS_CU])

    @cuda.jit(device=True)
    def nothing(x):
        """Only a docstring."""

    @cuda.jit
    def kernel(r, x):
        nothing(x[0])
        r[0] = times2(x[0])

    llvm = kernel.inspect_llvm(SIG)
    assert "nothing$" not in llvm  # inlined: no call, no declaration
    assert "declare i32 @times2(ptr, i32)" in llvm


def _conversions_kernel():
    mix = cuda.declare_device("mix", "float32(float64, int8, boolean)", link=[FUNCTIONS_CU])
    is_even = cuda.declare_device("is_even", "boolean(uint16)", link=[FUNCTIONS_CU])

    @cuda.jit
    def kernel(r, b, x):
        i = cuda.grid(1)
        if i < len(r):
            r[i] = mix(x[i], i, x[i] < 0)  # int64 i -> int8, a comparison -> bool
            b[i] = is_even(i)

    return kernel


CONVERSIONS_SIG = "void(float32[::1], boolean[::1], float64[::1])"


def test_argument_and_result_conversions_follow_c():
    kernel = _conversions_kernel()
    llvm = kernel.inspect_llvm(CONVERSIONS_SIG)
    assert "declare i32 @mix(ptr, double, i8 signext, i8 zeroext)" in llvm
    assert "declare i32 @is_even(ptr, i16 zeroext)" in llvm
    assert kernel.inspect_linked_cubin(CONVERSIONS_SIG)[:4] == ELF


def _c_abi_kernel():
    src = cuda.CUSource('extern "C" __device__ int times2(int a) { return 2 * a; }\n'
                        'extern "C" __device__ int const42() { return 42; }\n'
                        'extern "C" __device__ void consume(int a) { asm volatile("" : : "r"(a) : "memory"); }\n')
    times2 = cuda.declare_device("times2", "int32(int32)", link=src, abi="c")
    const42 = cuda.declare_device("const42", "int32()", link=src, abi="c")
    consume = cuda.declare_device("consume", "void(int32)", link=src, abi="c")

    @cuda.jit
    def kernel(r, x):
        i = cuda.grid(1)
        if i < len(r):
            consume(x[i])
            r[i] = times2(x[i]) + const42()

    return kernel


def test_c_abi_declarations():
    kernel = _c_abi_kernel()
    llvm = kernel.inspect_llvm(SIG)
    assert "declare i32 @times2(i32)" in llvm
    assert "declare i32 @const42()" in llvm
    assert "declare void @consume(i32)" in llvm
    assert kernel.inspect_linked_cubin(SIG)[:4] == ELF


def test_undefined_symbol_is_the_linkers_error():
    kernel = _times2_kernel()  # declared, linked with nothing
    with pytest.raises(TypeError, match="'kernel' links no device code"):
        kernel.inspect_linked_cubin(SIG)
    other = cuda.CUSource('extern "C" __device__ int times3(int* out, int a) { *out = 3 * a; return 0; }')
    kernel = _times2_kernel(link_decl=other)
    with pytest.raises(RuntimeError) as info:
        kernel.inspect_linked_cubin(SIG)
    assert "times2" in str(info.value)
    assert "linking device code" in str(info.value)


def test_typing_errors_are_located():
    times2 = cuda.declare_device("times2", "int32(int32)", link=[FUNCTIONS_CU])
    takes_array = cuda.declare_device("f1", "int32(float32[:])", link=[FUNCTIONS_CU])

    @cuda.jit
    def two_args(r, x):
        r[0] = times2(x[0], x[1])

    with pytest.raises(ujit.CompileError, match=r"'times2' takes 1 argument \(declared 'int32\(int32\)'\), 2 given"):
        two_args.inspect_asm(SIG)

    @cuda.jit
    def keyword_arg(r, x):
        r[0] = times2(x=x[0])

    with pytest.raises(ujit.CompileError, match=r"keyword arguments are not supported in calls to 'times2'"):
        keyword_arg.inspect_asm(SIG)

    @cuda.jit
    def array_arg(r, x):
        r[0] = takes_array(x)

    with pytest.raises(ujit.CompileError, match=r"ujit passes numbers .* to CUDA C\+\+ device functions"):
        array_arg.inspect_asm("void(int32[::1], float32[::1])")

    @ujit.njit
    def on_cpu(x):
        return times2(x)

    with pytest.raises(ujit.CompileError, match=r"'times2' is a CUDA C\+\+ device function \(cuda.declare_device\): "
                                                r"only CUDA kernels and device functions can call it") as info:
        on_cpu(3)
    assert info.value.line == on_cpu.py_func.__code__.co_firstlineno + 2


@pytest.mark.skipif(cuda.is_available(), reason="the host device runs kernels only without a GPU")
def test_host_device_launch_says_why_it_cannot_run():
    kernel = _times2_kernel(link_decl=[FUNCTIONS_CU])
    x = np.arange(10, dtype=np.int32)
    with pytest.raises(ujit.CompileError) as info:
        kernel[1, 32](np.empty_like(x), x)
    msg = str(info.value)
    assert "'kernel' calls 'times2', a CUDA C++ device function (cuda.declare_device)" in msg
    assert "CUDA C++ runs only on a GPU" in msg
    # The process stays usable, and compiling for the GPU still works.
    assert ".extern .func" in kernel.inspect_asm(SIG)


# ---------------------------------------------------------------- launched on a GPU


def _run(kernel, x, n=32):
    r = np.zeros_like(x)
    kernel[1, n](r, x)
    return r


@pytest.mark.gpu
@pytest.mark.parametrize("kind", [".cu", ".ptx", ".cubin", ".fatbin", ".o", ".a", ".ltoir", "-lto.o"])
def test_gpu_times2_from_every_file_kind(tmp_path, kind):
    kernel = _times2_kernel(link_kernel=[_built(tmp_path, kind)])
    x = np.arange(10, dtype=np.int32)
    np.testing.assert_equal(_run(kernel, x), x * 2)


@pytest.mark.gpu
def test_gpu_numba_declare_device_cases():
    times2 = cuda.declare_device("times2", "int32(int32)", link=[FUNCTIONS_CU])
    times3 = cuda.declare_device("times3", "int32(int32)", link=[FUNCTIONS_CU])
    times4 = cuda.declare_device("times4", "int32(int32)", link={TIMES4_CU, FUNCTIONS_CU})

    @cuda.jit(device=True)
    def device_func(x):
        return times2(x)

    @cuda.jit
    def kernel(r, x):
        i = cuda.grid(1)
        if i < len(r):
            r[i] = device_func(x[i]) + device_func(x[i] + i) + times3(x[i]) + times4(x[i])

    x = np.arange(10, dtype=np.int32)
    np.testing.assert_equal(_run(kernel, x), 2 * x + 2 * (x + np.arange(10)) + 3 * x + 4 * x)


@pytest.mark.gpu
def test_gpu_conversions():
    x = np.array([1.5, -2.0, 3.25, -0.5], np.float64)
    r, b = np.zeros(4, np.float32), np.zeros(4, np.bool_)
    _conversions_kernel()[1, 32](r, b, x)
    k = np.arange(4)
    np.testing.assert_equal(r, np.where(x < 0, -x * k, x * k).astype(np.float32))
    np.testing.assert_equal(b, k % 2 == 0)


@pytest.mark.gpu
def test_gpu_c_abi():
    x = np.arange(10, dtype=np.int32)
    np.testing.assert_equal(_run(_c_abi_kernel(), x), 2 * x + 42)


@pytest.mark.gpu
def test_gpu_lto_kernel_keeps_ieee_extremes_and_math(tmp_path, monkeypatch):
    """A kernel linked through LTO (its NVVM IR through libNVVM) computes what the same kernel
    linked as PTX computes: max/min reductions with NaN and zeros (LLVM's maximum/minimum,
    which the NVVM IR writer spells with compares; which zero is larger is left open, as
    ujit's reductions leave it, nplib/lower_reductions.cpp), division and libdevice's exp bit
    for bit, and the linked times2."""
    times2 = cuda.declare_device("times2", "int32(int32)", link=[FUNCTIONS_CU])
    body = ("(r, k, x, y):\n"
            "    if cuda.grid(1) == 0:\n"
            "        r[0] = x.max()\n"
            "        r[1] = x.min()\n"
            "        r[2] = x[0] / y[0]\n"
            "        r[3] = math.exp(y[1]) / y[2]\n"
            "        k[0] = times2(np.int32(len(x)))\n")

    def kernel(name):  # a kernel of its own per link mode: a loaded kernel keeps its link
        path = tmp_path / (name + ".py")
        path.write_text("def " + name + body)
        scope = {"cuda": cuda, "math": math, "np": np, "times2": times2}
        exec(compile(path.read_text(), str(path), "exec"), scope)
        return cuda.jit(scope[name])

    log = tmp_path / "lto.log"
    monkeypatch.setenv("UJIT_CUDA_LTO_LOG", str(log))
    kernels = {"1": kernel("linked_lto"), "0": kernel("linked_ptx")}
    y = np.array([3.0, 0.75, 1e-310], np.float64)
    for x in map(np.array, [[1.0, np.nan, 2.0], [-0.0, 0.0, -0.0], [0.0, -0.0, 0.0], [np.inf, -np.inf, 3.0],
                            [5.0, -7.5, 1e-300]]):
        got = {}
        for lto, k in kernels.items():
            monkeypatch.setenv("UJIT_CUDA_LTO", lto)
            r, n = np.zeros(4), np.zeros(1, np.int32)
            k[1, 32](r, n, x, y)
            got[lto] = (r, int(n[0]))
        (lto_r, lto_n), (ptx_r, ptx_n) = got["1"], got["0"]
        np.testing.assert_array_equal(lto_r[:2], ptx_r[:2])  # NaN equals NaN; 0.0 equals -0.0
        np.testing.assert_array_equal(lto_r[:2], [x.max(), x.min()])
        assert lto_r[2:].view(np.int64).tolist() == ptx_r[2:].view(np.int64).tolist(), x
        assert lto_n == ptx_n == 2 * len(x)
    lines = log.read_text().splitlines()
    assert any(l.startswith("linked_lto") and l.endswith("\tlto") for l in lines), lines
    assert any(l.startswith("linked_ptx") and l.endswith("\tptx: UJIT_CUDA_LTO=0") for l in lines), lines
