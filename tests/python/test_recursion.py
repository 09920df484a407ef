"""Self and mutual recursion in compiled code, the return type inferred as Numba infers it
(from the returns that do not recurse) or declared by a signature. CPython running the same
source is the oracle (twin_modules.py)."""
import time

import pytest

import ujit
from twin_modules import twins

SOURCE = '''
from ujit import njit


@njit
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@njit
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


@njit
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


@njit
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


@njit
def halves(x):
    # The base case returns a float: the recursive call is typed float64 from it.
    if x < 1.0:
        return x
    return halves(x / 2.0) + 1.0


@njit
def widen(n):
    # The base case is int64; the recursive path adds 0.5, so the result is float64 (the
    # recursive call is retyped until the two agree).
    if n <= 0:
        return 1
    return widen(n - 1) + 0.5


@njit("int64(int64)")
def declared(n):
    if n > 0:
        return declared(n - 1) + 2
    return 0


@njit
def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)


@njit
def power_sum(n, x):
    # Recursion with a tuple result.
    if n == 0:
        return (1.0, 0)
    s, k = power_sum(n - 1, x)
    return (s * x + 1.0, k + 1)


@njit
def calls_fib(n):
    return fib(n) * 2
'''


@pytest.fixture(scope="module")
def mods(tmp_path_factory):
    return twins(tmp_path_factory.mktemp("recursion"), SOURCE)


def test_self_recursion(mods):
    jit, py = mods
    for n in (0, 1, 2, 10, 20):
        assert jit.fib(n) == py.fib(n)
        assert jit.calls_fib(n) == py.calls_fib(n)
    assert jit.gcd(1071, 462) == py.gcd(1071, 462)
    assert jit.ackermann(2, 3) == py.ackermann(2, 3)
    assert jit.power_sum(5, 2.0) == py.power_sum(5, 2.0)


def test_mutual_recursion(mods):
    jit, py = mods
    for n in (0, 1, 7, 10):
        assert jit.is_even(n) is py.is_even(n)
        assert jit.is_odd(n) is py.is_odd(n)


def test_return_type_from_the_base_case(mods):
    jit, py = mods
    assert jit.halves(100.0) == py.halves(100.0)
    assert jit.widen(3) == py.widen(3) == 2.5
    assert isinstance(jit.widen(3), float)


def test_declared_signature(mods):
    jit, py = mods
    assert jit.declared(21) == py.declared(21) == 42


def test_deep_recursion_is_a_real_call(mods):
    # 100,000 levels: the compile does not unroll it, and the call stack holds.
    jit, py = mods
    assert jit.gcd(2**40 + 1, 3**20) == py.gcd(2**40 + 1, 3**20)
    assert jit.is_even(100_000) is True


def test_fib30_is_fast(mods):
    jit, _ = mods
    jit.fib(5)
    t = time.perf_counter()
    assert jit.fib(30) == 832040
    # Numba runs this in about 5 ms; CPython takes about 150 ms.
    assert time.perf_counter() - t < 0.05


def test_runaway_recursion_is_numbas_error(tmp_path):
    jit, _ = twins(tmp_path, '''
from ujit import njit


@njit
def forever(n):
    return forever(n + 1)
''')
    with pytest.raises(ujit.CompileError, match="cannot type infer runaway recursion") as e:
        jit.forever(1)
    assert e.value.line == 7


def test_recursive_device_function(tmp_path):
    # Runs on the host device without a GPU (kernels compiled for the CPU).
    import numpy as np
    jit, py = twins(tmp_path, '''
from ujit import cuda


@cuda.jit(device=True)
def dfib(n):
    if n < 2:
        return n
    return dfib(n - 1) + dfib(n - 2)


@cuda.jit
def kernel(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = dfib(i)


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
''')
    out = np.zeros(20, dtype=np.int64)
    jit.kernel[3, 8](out)
    assert list(out) == [py.fib(i) for i in range(20)]


def test_recursive_function_called_by_another_name(tmp_path):
    # numba-cuda's test_recursion: a kernel calls `cfunc`, which is fib1 (declared or
    # inferred); fib1's body calls fib1 by its own name.
    import numpy as np
    jit, py = twins(tmp_path, '''
from ujit import cuda, njit


@cuda.jit("i8(i8)", device=True)
def fib1(n):
    if n < 2:
        return n
    return fib1(n - 1) + fib1(n - 2)


@cuda.jit(device=True)
def fib3(n, k=1):
    if n < 2:
        return n * k
    return fib3(n - 1, k) + fib3(n - 2, k=k)


@njit
def nfib(n):
    if n < 2:
        return n
    return nfib(n - 1) + nfib(n - 2)


def kernel_for(cfunc):
    @cuda.jit
    def kernel(r, x):
        r[0] = cfunc(x[0])
    return kernel


def calls_for(cfunc):
    @njit
    def calls(x):
        return cfunc(x)
    return calls


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
''')
    for cfunc in (jit.fib1, jit.fib3):
        r = np.zeros(1, dtype=np.int64)
        jit.kernel_for(cfunc)[1, 1](r, np.array([10], dtype=np.int64))
        assert r[0] == py.fib(10)
    assert jit.calls_for(jit.nfib)(12) == py.fib(12)


def test_growing_recursive_return_type_is_numbas_error(tmp_path):
    jit, _ = twins(tmp_path, '''
from ujit import njit


@njit
def make_list(n):
    if n <= 0:
        return None
    return (n, make_list(n - 1))
''')
    with pytest.raises(ujit.CompileError, match="Return type of recursive function does not converge") as e:
        jit.make_list(100)
    assert e.value.line == 6
