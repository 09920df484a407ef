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
from ujit import cuda, get_num_threads, get_thread_id, njit, prange, set_num_threads


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


@njit(parallel=True)
def ids_of(ids, work):
    for i in prange(ids.shape[0]):
        t = 0.0
        for k in range(work):
            t += math.sqrt(k + i)
        ids[i] = get_thread_id() + 0 * t


def test_more_than_one_thread_is_used():
    n = get_num_threads()
    assert n == os.cpu_count() or "NUMBA_NUM_THREADS" in os.environ or "UJIT_NUM_THREADS" in os.environ
    ids = np.full(64, -1, np.int64)
    seen = set()
    for _ in range(20):
        ids_of(ids, 200_000)
        seen |= set(ids.tolist())
        if len(seen) > 1:
            break
    assert all(0 <= t < n for t in seen)
    if n > 1:
        assert len(seen) > 1


def test_set_num_threads_one_runs_on_the_caller_only():
    n = get_num_threads()
    try:
        set_num_threads(1)
        assert get_num_threads() == 1
        ids = np.full(64, -1, np.int64)
        ids_of(ids, 1000)
        assert set(ids.tolist()) == {0}
    finally:
        set_num_threads(n)
    assert get_num_threads() == n


def test_threads_inside_a_region_inherit_the_launchers_count():
    @njit(parallel=True)
    def counts(out):
        for i in prange(out.shape[0]):
            out[i] = get_num_threads()

    n = get_num_threads()
    out = np.zeros(16, np.int64)
    try:
        set_num_threads(1)
        counts(out)
        assert (out == 1).all()
    finally:
        set_num_threads(n)
    counts(out)
    assert (out == n).all()


def test_prange_without_parallel_is_serial():
    @njit
    def f(ids):
        for i in prange(ids.shape[0]):
            ids[i] = get_thread_id()

    ids = np.full(1000, -1, np.int64)
    f(ids)
    assert set(ids.tolist()) == {0}


def test_set_num_threads_errors_are_numbas():
    n = get_num_threads()
    with pytest.raises(ValueError, match="^The number of threads must be between 1 and %d$" % n):
        set_num_threads(n + 1)
    with pytest.raises(ValueError, match="between 1 and"):
        set_num_threads(0)
    with pytest.raises(TypeError, match="must be an integer"):
        set_num_threads(1.5)

    @njit
    def inside(k):
        set_num_threads(k)
        return get_num_threads()

    try:
        assert inside(1) == 1  # this thread's count, as Numba's
    finally:
        set_num_threads(n)
    with pytest.raises(ValueError, match="^The number of threads must be between 1 and %d$" % n):
        inside(0)


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
                      "@njit\n"
                      "def threads():\n"
                      "    return ujit.get_num_threads()\n\n\n"
                      "print(ujit.get_num_threads(), threads(), total(1000))\n")
    for var in ("NUMBA_NUM_THREADS", "UJIT_NUM_THREADS"):
        env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_NUM_THREADS", "UJIT_NUM_THREADS")}
        env[var] = "3"
        out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, check=True)
        assert out.stdout.split() == ["3", "3", "499500"]


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


def _live_allocations():
    s = ujit.runtime.rtsys.get_allocation_stats()
    return s.alloc - s.free


@njit(parallel=True)
def _rows_doubled_and_summed(m, out):
    for i in prange(m.shape[0]):
        row = m[i]  # a view of a captured array: the chunk's variable holds a reference
        t = np.empty(row.shape[0])  # a new array per iteration, released by the chunk
        t[:] = row * 2.0
        out[i] = t.sum()
    return out.sum()


@njit(parallel=True)
def _store_parallel(src, dest):
    dest[:] = src * 2.0 + 1.0  # large: split in chunks on the pool; src may be dest
    return dest[0, 0]


def test_prange_bodies_own_arrays_and_release_them():
    # The chunks of a parallel loop own what their code allocates and the arrays their
    # variables hold, as the function's own code does: nothing leaks, nothing is freed early.
    m = np.random.default_rng(5).random((4000, 30))
    out = np.empty(4000)
    before = _live_allocations()
    total = _rows_doubled_and_summed(m, out)
    assert _live_allocations() == before
    np.testing.assert_allclose(out, (m * 2.0).sum(axis=1), rtol=1e-13)
    assert total == pytest.approx(out.sum(), rel=1e-13)


def test_parallel_array_store_from_an_overlapping_source():
    # The store's chunks copy a source that may overlap the destination (the same array
    # here) into a temporary each chunk owns and releases.
    m = np.random.default_rng(6).random((517, 301))
    want = m * 2.0 + 1.0
    before = _live_allocations()
    assert _store_parallel(m, m) == want[0, 0]
    np.testing.assert_array_equal(m, want)
    other = np.empty_like(m)
    _store_parallel(want, other)
    np.testing.assert_array_equal(other, want * 2.0 + 1.0)
    assert _live_allocations() == before


@njit(parallel=True)
def _shift_and_scale(a):
    a[1:] = a[:-1] * 2.0  # overlapping other than element for element: NumPy copies first
    a *= 0.5  # in place, element for element: each chunk its own rows once


def test_parallel_stores_in_place_and_shifted_equal_numpy():
    a = np.random.default_rng(7).random(400_000)
    want = a.copy()
    want[1:] = want[:-1] * 2.0
    want *= 0.5
    _shift_and_scale(a)
    np.testing.assert_array_equal(a, want)


def test_whole_array_reductions_in_prange():
    @njit(parallel=True)
    def rows_into(x, y, z):
        for i in prange(x.shape[0]):
            y += x[i]  # Numba's array reduction: each chunk its own copy of y
            z *= 1.0 + x[i, 0] * 1e-3

    @njit(parallel=True)
    def masks(x, bits):
        for i in prange(x.shape[0]):
            bits |= x[i]

    x = np.random.default_rng(6).random((2001, 5))
    y, z = np.full(5, 2.0), np.ones((3, 2))
    rows_into(x, y, z)
    np.testing.assert_allclose(y, 2.0 + x.sum(axis=0), rtol=1e-12)
    np.testing.assert_allclose(z, np.prod(1.0 + x[:, 0] * 1e-3) * np.ones((3, 2)), rtol=1e-12)
    xi = np.random.default_rng(7).integers(0, 1 << 20, (999, 4))
    bits = np.zeros(4, np.int64)
    masks(xi, bits)
    np.testing.assert_array_equal(bits, np.bitwise_or.reduce(xi, axis=0))


def test_set_num_threads_limits_parallel_ufuncs():
    @ujit.vectorize(["int64(int64)"], target="parallel")
    def tid(x):
        return get_thread_id() + 0 * x

    n = get_num_threads()
    x = np.arange(1 << 20, dtype=np.int64)
    assert set(np.unique(tid(x)).tolist()) <= set(range(n))
    try:
        set_num_threads(1)
        assert set(np.unique(tid(x)).tolist()) == {0}
    finally:
        set_num_threads(n)


def test_set_num_threads_in_a_region_stays_in_the_region():
    @njit(parallel=True)
    def inner(out):
        for i in prange(out.shape[0]):
            set_num_threads(1)  # for what this iteration would launch
            out[i] = get_num_threads()

    n = get_num_threads()
    out = np.zeros(1000, np.int64)
    inner(out)
    assert (out == 1).all()
    assert get_num_threads() == n  # the launching thread's own count is unchanged


def test_array_operations_with_effects_stay_serial():
    @njit
    def scale():
        print("scale")
        return 2.0

    @njit(parallel=True)
    def f(x, out):
        out[:] = x * scale()
        return np.sum(x * scale())

    x = np.ones(200_000)
    out = np.empty_like(x)
    assert f(x, out) == 400_000.0
    assert (out == 2.0).all()
    assert "ujit_rt_parallel_for" not in f.inspect_llvm(f.signatures[0])


def test_array_reduction_copies_are_freed_also_after_a_raise():
    from ujit.runtime import rtsys

    @njit(parallel=True)
    def f(x, y, bad):
        for i in prange(x.shape[0]):
            if i == bad:
                raise ValueError("bad row")
            y += x[i]

    x, y = np.ones((1000, 3)), np.zeros(3)
    f(x, y, -1)  # compiled before counting
    before = rtsys.get_allocation_stats()
    f(x, y, -1)
    with pytest.raises(ValueError, match="^bad row$"):
        f(x, y, 500)
    after = rtsys.get_allocation_stats()
    assert after.alloc - before.alloc == 2  # one block of copies per call
    assert after.alloc - after.free == before.alloc - before.free
