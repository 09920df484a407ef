"""Functions and number types as values: a compiled function passed to another and called
(one specialization per function, as Numba's dispatcher types give), called through a local
name, device functions and cuda.atomic.add passed to device functions (numba-cuda's tests do
this), and `ty(x)` with `ty` a NumPy or Numba number type passed in or global. CPython (or
NumPy, for the kernels) running the same source is the oracle (twin_modules.py)."""
import numpy as np
import pytest

import ujit
from ujit import cuda
from twin_modules import twins

SOURCE = '''
import numpy as np
from ujit import njit

U32 = np.uint32


@njit
def square(x):
    return x * x


@njit
def halve(x):
    return x / 2


@njit
def apply(f, x):
    return f(x)


@njit
def apply_twice(f, g, x):
    return g(f(x)) + f(g(x))


@njit
def compose_all(x):
    # The same function specialized for two callees, and a call through a local name.
    h = square
    return apply(square, x) + apply(halve, x) + h(x + 1.0)


@njit
def fold(f, n, acc):
    for i in range(n):
        acc = f(acc + i)
    return acc


@njit
def passes_on(f, x):
    return apply(f, x) * 2


@njit
def uses_all(x):
    return apply_twice(square, halve, x) + fold(halve, 5, x) + passes_on(square, 7)


@njit
def convert(ty, x):
    return ty(x) + ty(1)


@njit
def conversions(x):
    a = convert(np.float32, x)
    b = convert(np.int16, x)
    c = U32(x)
    return a, b, c


@njit
def convert_int8(x):
    return convert(np.int8, x)


@njit
def builtin_value(x):
    return apply(abs, x) + apply(np.sqrt, 16.0)
'''


@pytest.fixture(scope="module")
def mods(tmp_path_factory):
    return twins(tmp_path_factory.mktemp("function_values"), SOURCE)


def test_function_arguments(mods):
    jit, py = mods
    assert jit.compose_all(3.0) == py.compose_all(3.0)
    assert jit.uses_all(6.0) == py.uses_all(6.0)
    assert jit.builtin_value(-3) == py.builtin_value(-3)


def test_types_as_values(mods):
    jit, py = mods
    a, b, c = jit.conversions(3.75)
    pa, pb, pc = py.conversions(3.75)
    assert (a, b, c) == (pa, pb, pc)
    assert c == np.uint32(3)
    for x in (-2.5, 100.0):
        assert jit.convert_int8(x) == py.convert_int8(x)


CUDA_SOURCE = '''
import numpy as np
from ujit import cuda


@cuda.jit(device=True)
def add_one(x):
    return x + 1


@cuda.jit(device=True)
def twice(x):
    return 2 * x


@cuda.jit(device=True)
def apply_dev(f, x):
    return f(x)


@cuda.jit(device=True)
def accumulate(op, arr, i, v):
    op(arr, i, v)


@cuda.jit
def kernel(x, out, total):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = apply_dev(add_one, x[i]) + apply_dev(twice, x[i])
        accumulate(cuda.atomic.add, total, 0, x[i])


@cuda.jit
def cast_kernel(ty, x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = ty(x[i])
'''


def test_functions_as_values_in_kernels(tmp_path):
    path = tmp_path / "fv_kernels.py"
    path.write_text(CUDA_SOURCE)
    import importlib.util
    spec = importlib.util.spec_from_file_location("fv_kernels", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    x = np.arange(10, dtype=np.int64)
    out = np.zeros(10, dtype=np.int64)
    total = np.zeros(1, dtype=np.int64)
    mod.kernel[2, 8](x, out, total)
    np.testing.assert_array_equal(out, (x + 1) + 2 * x)
    assert total[0] == x.sum()
