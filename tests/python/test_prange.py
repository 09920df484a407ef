"""parallel=True: prange loops on ujit's thread pool, with Numba's semantics. NumPy (or the
same function run as plain Python, where prange is range) is the oracle for every pattern;
floating-point sums are compared up to the order of the reduction."""
import importlib.util
import math
import os
import subprocess
import sys

import numpy as np
import pytest

import ujit
from ujit import cuda, get_num_threads, njit, prange, set_num_threads


@njit(parallel=True)
def fill(out):
    for i in prange(out.shape[0]):
        out[i] = math.sin(i) ** 2


def test_fill_equals_numpy_and_the_one_thread_run():
    out = np.empty(200_001)
    fill(out)
    # ujit's vectorized sin is within an ulp of NumPy's, not bit for bit
    np.testing.assert_allclose(out, np.sin(np.arange(200_001.0)) ** 2, rtol=1e-14, atol=1e-15)
    n = get_num_threads()
    one = np.empty_like(out)
    try:
        set_num_threads(1)
        fill(one)
    finally:
        set_num_threads(n)
    np.testing.assert_array_equal(out, one)


def _reduce(a):
    s = 0.0
    d = 0.0
    p = 1.0
    q = 1.0
    lo = a[0]
    hi = a[0]
    o = 0
    x = 0
    n = -1
    for i in prange(a.shape[0]):
        v = a[i]  # a private body local
        s += v
        d -= v
        p *= 1.0 + v * 1e-7
        q /= 1.0 + v * 1e-7
        lo = min(lo, v)
        hi = max(v, hi)
        o |= 1 << (i % 50)
        x ^= i
        n &= ~(1 << (i % 7))
    return s, d, p, q, lo, hi, o, x, n


def test_scalar_reductions_equal_python():
    a = np.random.default_rng(1).normal(size=100_003) * 10
    got = njit(parallel=True)(_reduce)(a)
    want = _reduce(a)  # prange is range in Python
    np.testing.assert_allclose(got[:4], want[:4], rtol=1e-10)
    assert got[4:] == want[4:]


def test_assignment_form_reductions():
    @njit(parallel=True)
    def f(a):
        s = 0
        m = 1
        best = 10**9
        for i in prange(a.shape[0]):
            s = s + a[i]
            m = (1 + (a[i] == 7)) * m
            best = min(best, a[i])
        return s, m, best

    a = np.arange(1, 5001, dtype=np.int64)
    assert f(a) == (int(a.sum()), 2, 1)


def test_start_stop_step_and_private_locals():
    @njit(parallel=True)
    def f(out, start, stop, step):
        total = 0
        for i in prange(start, stop, step):
            t = i * 3  # private to the iteration
            u = t + 1
            out[i] = u
            total += u
        return total

    for start, stop, step in [(2, 10_000, 3), (9_999, -1, -7), (5, 5, 1), (0, 10, 20)]:
        out = np.zeros(10_000, np.int64)
        idx = np.arange(start, stop, step)
        assert f(out, start, stop, step) == int((idx * 3 + 1).sum())
        want = np.zeros(10_000, np.int64)
        want[idx] = idx * 3 + 1
        np.testing.assert_array_equal(out, want)


def test_nested_prange_outer_parallel_inner_serial():
    @njit(parallel=True)
    def f(a):
        acc = 0.0
        for i in prange(a.shape[0]):
            for j in prange(a.shape[1]):
                acc += a[i, j] * (i + 1)
        return acc

    a = np.random.default_rng(2).random((301, 77))
    assert f(a) == pytest.approx((a * np.arange(1, 302)[:, None]).sum(), rel=1e-12)


def test_set_num_threads_errors_are_numbas():
    n = get_num_threads()
    with pytest.raises(ValueError, match="^The number of threads must be between 1 and %d$" % n):
        set_num_threads(n + 1)
    with pytest.raises(ValueError, match="between 1 and"):
        set_num_threads(0)
    with pytest.raises(TypeError, match="must be an integer"):
        set_num_threads(1.5)


def test_numba_num_threads_at_start(tmp_path):
    script = tmp_path / "threads_at_start.py"
    script.write_text("import ujit\n"
                      "from ujit import njit, prange\n\n\n"
                      "@njit(parallel=True)\n"
                      "def total(n):\n"
                      "    s = 0\n"
                      "    for i in prange(n):\n"
                      "        s += i\n"
                      "    return s\n\n\n"
                      "print(ujit.get_num_threads(), total(1000))\n")
    for var in ("NUMBA_NUM_THREADS", "UJIT_NUM_THREADS"):
        env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_NUM_THREADS", "UJIT_NUM_THREADS")}
        env[var] = "3"
        out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, check=True)
        assert out.stdout.split() == ["3", "499500"]


def test_raise_in_a_prange_body_reaches_the_caller():
    @njit(parallel=True)
    def f(a, bad):
        s = 0
        for i in prange(a.shape[0]):
            if i == bad:
                raise ValueError("bad index")
            s += a[i] // (i - bad + 1 if i >= bad else 1)
        return s

    a = np.arange(20_000)
    for bad in (0, 7_777, 19_999):
        with pytest.raises(ValueError, match="^bad index$"):
            f(a, bad)
    assert f(a, -5) == sum(int(a[i]) // (i + 6) for i in range(20_000))

    @njit(parallel=True)
    def g(a, d):
        for i in prange(a.shape[0]):
            a[i] = a[i] // d[i]

    d = np.ones(20_000, np.int64)
    d[12_345] = 0
    with pytest.raises(ZeroDivisionError):
        g(a.copy(), d)


def test_loops_numba_does_not_convert_run_serially():
    @njit(parallel=True)
    def first_negative(a):
        for i in prange(a.shape[0]):
            if a[i] < 0:
                return i
        return -1

    @njit(parallel=True)
    def until(a):
        s = 0
        for i in prange(a.shape[0]):
            if a[i] < 0:
                break
            s += a[i]
        return s

    a = np.array([3, 1, 4, -1, 5, -9])
    assert first_negative(a) == 3
    assert until(a) == 8


@pytest.mark.parametrize("body, message, line", [
    ("s //= a[i]", "Parallel floordiv reductions are not supported", 9),
    ("s %= a[i] + 1", "Use of reduction variable s in an unsupported reduction function.", 9),
    ("s += a[i]\n        t = s", "Use of reduction variable s other than in a supported reduction function", 9),
    ("s += a[i]\n        s *= 2", "Reduction variable s has multiple conflicting reduction operators.", 10),
    ("s = a[i] - s", "Use of reduction variable s in an unsupported reduction function.", 9),
])
def test_reductions_numba_refuses_are_located_errors(tmp_path, body, message, line):
    src = tmp_path / ("bad_reduction_%d.py" % abs(hash(body)))
    src.write_text("from ujit import njit, prange\n\n\n"
                   "@njit(parallel=True)\n"
                   "def f(a):\n"
                   "    s = 1\n"
                   "    t = 0\n"
                   "    for i in prange(a.shape[0]):\n"
                   "        %s\n"
                   "    return s + t\n" % body)
    spec = importlib.util.spec_from_file_location(src.stem, src)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    with pytest.raises(ujit.CompileError) as e:
        mod.f(np.arange(10))
    assert message in str(e.value)
    assert e.value.file == str(src)
    assert e.value.line == line


def test_prange_in_a_cuda_kernel_is_a_plain_range():
    @cuda.jit
    def scale(a, k):
        for i in prange(a.shape[0]):
            a[i] *= k

    ptx = scale.inspect_asm("void(float32[::1], float32)")
    assert ".entry" in ptx and "ujit_rt_parallel" not in ptx
    a = np.arange(100, dtype=np.float32)
    scale[1, 1](a, np.float32(2.0))
    np.testing.assert_array_equal(a, np.arange(100, dtype=np.float32) * 2)


@njit(parallel=True)
def _reductions_of(a, b):
    return (a.sum(), np.mean(a * b), np.min(a), np.max(a - b), (a * 1e-6 + 1.0).prod(), (a > 0.999).any(),
            (a >= 0).all(), np.sum(a > 0.5))


@pytest.mark.parametrize("n", [1000, 300_001])  # serial below the size threshold, parallel above
def test_whole_array_reductions_in_parallel_functions_equal_numpy(n):
    rng = np.random.default_rng(3)
    a, b = rng.random(n), rng.random(n)
    got = _reductions_of(a, b)
    want = (a.sum(), np.mean(a * b), a.min(), (a - b).max(), (a * 1e-6 + 1.0).prod(), (a > 0.999).any(),
            (a >= 0).all(), np.sum(a > 0.5))
    np.testing.assert_allclose(got[:2], want[:2], rtol=1e-12)
    assert got[2:4] == want[2:4]
    assert got[4] == pytest.approx(want[4], rel=1e-12)
    assert got[5:] == want[5:]
    a[n // 2] = np.nan
    assert math.isnan(_reductions_of(a, b)[2])


def test_two_d_reductions_and_stores_split_by_rows():
    @njit(parallel=True)
    def f(m, out):
        out[:] = m * 2.0 + 1.0
        out += m
        return m.sum(), out.max()

    m = np.random.default_rng(4).random((517, 301))
    out = np.empty_like(m)
    s, mx = f(m, out)
    np.testing.assert_array_equal(out, m * 2.0 + 1.0 + m)
    assert s == pytest.approx(m.sum(), rel=1e-12)
    assert mx == (m * 3.0 + 1.0).max()


def test_array_expression_stores_run_in_chunks_on_the_pool():
    @njit(parallel=True)
    def scale(x, out):
        out[:] = np.sqrt(x) * 2.0

    @njit
    def serial(x, out):
        out[:] = np.sqrt(x) * 2.0

    x = np.random.default_rng(5).random(1_000_003)
    out, ref = np.empty_like(x), np.empty_like(x)
    scale(x, out)
    serial(x, ref)
    np.testing.assert_array_equal(out, ref)
    sig = scale.signatures[0]
    assert ".store" in scale.inspect_llvm(sig) and "ujit_rt_parallel_for" in scale.inspect_llvm(sig)
    assert "ujit_rt_parallel_for" not in serial.inspect_llvm(serial.signatures[0])
