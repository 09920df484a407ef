"""The allocation paths issue 18's speed rows go through (nrt/blocks.hpp): small temporaries
recycled per thread, small arrays returned to Python, large arrays on whole huge pages, and
the counters kept per thread. NumPy is the oracle for values; the allocation counters for
leaks."""
import threading

import numpy as np

from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


@njit
def temporaries(n):
    s = 0.0
    for i in range(n):
        t = np.empty(3)
        t[0] = i
        t[1] = 0.5 * i
        t[2] = 1.0
        s += t.sum()
    return s


@njit
def sized_temporaries(n):
    # Temporaries of many sizes, some kept across iterations: recycled blocks never overlap.
    keep = np.zeros(1)
    total = 0.0
    for i in range(n):
        t = np.full(i % 40, 1.0)
        if i % 7 == 0:
            keep = t
        total += t.sum() + keep.sum()
    return total


def test_loop_temporaries_are_correct_and_freed():
    before = live()
    n = 20_000
    assert temporaries(n) == sum(i + 0.5 * i + 1.0 for i in range(n))
    want = 0.0
    keep = 1.0
    for i in range(2_000):
        if i % 7 == 0:
            keep = float(i % 40)
        want += (i % 40) + keep
    assert sized_temporaries(2_000) == want
    assert live() == before


@njit
def empty10():
    return np.empty(10)


@njit
def arange10():
    return np.arange(10.0)


def test_small_results_are_distinct_owned_arrays():
    before = live()
    results = [arange10() for _ in range(200)]
    for k, r in enumerate(results):
        assert r.shape == (10,) and r.dtype == np.float64 and r.flags.writeable and r.flags.c_contiguous
        r[0] = k
    assert len({r.ctypes.data for r in results}) == len(results)
    assert [r[0] for r in results] == list(range(200))
    np.testing.assert_array_equal(results[-1][1:], np.arange(1.0, 10.0))
    assert empty10().shape == (10,)
    del results, r
    assert live() == before


@njit
def axpy(a, x, y):
    return a * x + y


def test_large_results_match_numpy_and_sit_on_huge_page_boundaries():
    rng = np.random.RandomState(18)
    n = (1 << 20) + 3  # 8 MiB and a bit: a large block with a partial last huge page
    a, y = rng.random_sample(n), rng.random_sample(n)
    before = live()
    for _ in range(3):
        r = axpy(a, 2.5, y)
        np.testing.assert_array_equal(r, a * 2.5 + y)
        assert r.ctypes.data % (2 << 20) == 0
        r[-1] = 7.0  # the whole buffer is writable
        del r
    assert live() == before


def test_counts_are_exact_across_threads():
    before = live()
    out = []

    def work():
        out.append(temporaries(5_000))
        out.append(arange10())

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert live() != before  # the four returned arrays are alive
    del out[:]
    assert live() == before
