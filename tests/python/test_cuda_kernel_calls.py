"""A @cuda.jit function (no device=True) called from CUDA code compiles there as a device
function, as numba-cuda does (its test_make_function_to_jit_function, test_device_func);
it stays a launchable kernel, and CPU code still cannot call it."""

import numpy as np
import pytest

import ujit
from ujit import cuda

pytestmark = pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPerformanceWarning")  # small grids


@cuda.jit
def add1(x):
    return x + 1


@cuda.jit
def store(out, v):
    out[0] = v


@cuda.jit
def calls_kernels(out, a):
    store(out, add1(a))


@ujit.njit
def cpu_calls_kernel(a):
    return add1(a)


def test_a_kernel_called_from_a_kernel_is_a_device_function():
    out = np.zeros(1)
    calls_kernels[1, 1](out, 2.5)
    assert out[0] == 3.5


def test_it_stays_a_kernel():
    out = np.zeros(1)
    store[1, 1](out, 7.0)
    assert out[0] == 7.0


def test_cpu_code_cannot_call_it():
    with pytest.raises(ujit.CompileError, match="'add1' is a CUDA kernel; kernels are launched from the host"):
        cpu_calls_kernel(1.0)


def test_the_ptx_has_the_callee_inlined_as_device_code():
    ptx, _ = cuda.compile_ptx(calls_kernels.py_func, (ujit.float64[::1], ujit.float64), cc=(9, 0))
    assert ".entry" in ptx and ptx.count(".entry") == 1  # store and add1: device code, not entries


def test_a_device_function_is_not_a_kernel():
    @cuda.jit(device=True)
    def f():
        pass

    with pytest.raises(RuntimeError, match="Cannot compile a device function as a kernel"):
        f[1, 1]()
    with pytest.raises(RuntimeError, match="Cannot inspect SASS of a device function"):
        f.inspect_sass(())


def test_inspect_sass_needs_nvdisasm_and_reads_the_kernel_s_cubin(monkeypatch, tmp_path):
    from ujit.cuda import _sass

    @cuda.jit((ujit.float32[::1],))
    def zero(x):
        x[0] = 0

    # The cubin it reads: ptxas's of the PTX (no link= files), for the PTX's target.
    sig = zero.signatures[0]
    assert _sass.kernel_cubin(zero._owner, sig)[:4] == b"\x7fELF"
    if _sass._toolkit_tool("nvdisasm"):
        assert ".text.zero" in zero.inspect_sass(sig)  # nvdisasm names the kernel's section
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("CUDA_HOME", str(tmp_path))
    with pytest.raises(RuntimeError, match="nvdisasm was not found"):
        zero.inspect_sass()


def test_an_njit_function_with_declared_signatures_is_not_compiled_for_the_device():
    # numba-cuda compiles an @jit function a kernel calls as a device function, unless its
    # signatures were declared (that disables its compilation): its TypingError.
    @ujit.jit
    def lazy(a, b):
        return a + b

    @ujit.jit("(i4, i4)")
    def declared(a, b):
        return a + b

    @cuda.jit
    def uses_lazy(ary):
        ary[0] = lazy(ary[0], 1)

    @cuda.jit
    def uses_declared(ary):
        ary[0] = declared(ary[0], 1)

    ary = np.zeros(1, dtype=np.int64)
    uses_lazy[1, 1](ary)
    assert ary[0] == 1
    with pytest.raises(ujit.CompileError, match="Untyped global name 'declared':.*using cpu function on device") as e:
        uses_declared[1, 1](ary)
    assert e.value.line == uses_declared.py_func.__code__.co_firstlineno + 2


def test_compile_device_names_the_symbol_in_the_llvm_ir_and_ptx():
    @cuda.jit(device=True)
    def foo(x, y):
        return x + y

    args = (ujit.int32, ujit.int32)
    cres = foo.compile_device(args)
    fname = cres.fndesc.mangled_name
    assert "foo" in fname and fname in foo.inspect_llvm(args) and fname in foo.inspect_asm(args)
    assert str(cres.signature) == "int64(int32, int32)"  # Numba's: int32 + int32 is int64
    assert str(foo.compile_device((ujit.int32, ujit.float64), ujit.float64).signature) == "float64(int32, float64)"
    with pytest.raises(NotImplementedError, match="returns float64, not float32"):
        foo.compile_device((ujit.int32, ujit.float64), ujit.float32)
