"""min, max and sum over tuples and the iterables Numba allows (ranges, 1-D arrays, lists,
dicts, sets and dict views), and
range with any step. CPython running the same source is the oracle (twin_modules.py)."""
import numpy as np
import pytest

import ujit
from twin_modules import twins

SOURCE = '''
from ujit import njit


@njit
def min_max_args(a, b, c):
    return min(a, b, c), max(a, b, c), min(a, 2.5), max(c, a)


@njit
def of_tuple(t):
    return min(t), max(t), sum(t), sum(t, 10)


@njit
def mixed_tuple(x):
    t = (1, x, 3)
    return min(t), max(t), sum(t)


@njit
def of_range(a, b, c):
    return sum(range(a, b, c)), sum(range(b)), max(range(c, b + 20))


@njit
def of_array(x):
    return sum(x), min(x), max(x), sum(x, 0.5)


@njit
def of_containers(n):
    d = {}
    for i in range(n):
        d[i * 3 - 4] = i * 0.5
    s = {i % 4 for i in range(n)}
    return (sum(d.values()), sum(d.keys()), sum(d), min(d), max(d.values()), sum(d.values(), 1.5),
            sum(s), min(s), max(s), sum([v * 2 for v in d.values()]))


@njit
def min_of_empty_set(n):
    s = {i for i in range(n)}
    return min(s)


@njit
def stepped(a, b, c):
    s = 0
    for i in range(a, b, c):
        s = s * 3 + i
    return s


@njit
def star_args(*args):
    return len(args)


@njit
def no_args():
    return star_args() + star_args(1, 2.0)
'''


@pytest.fixture(scope="module")
def mods(tmp_path_factory):
    return twins(tmp_path_factory.mktemp("iterables"), SOURCE)


def test_min_max_of_numbers(mods):
    jit, py = mods
    for args in ((3, -1, 2), (1.5, 7.0, -2.0), (4, 4.5, 4)):
        assert jit.min_max_args(*args) == py.min_max_args(*args)


def test_tuples(mods):
    jit, py = mods
    for t in ((3, 9, -4), (2.5, -1.0, 8.25, 0.0)):
        assert jit.of_tuple(t) == py.of_tuple(t)
    assert jit.mixed_tuple(2.5) == py.mixed_tuple(2.5)


@pytest.mark.parametrize("args", [(0, 10, 1), (10, 0, -3), (-7, 20, 4), (5, 6, 2)])
def test_ranges(mods, args):
    jit, py = mods
    assert jit.of_range(*args) == py.of_range(*args)
    assert jit.stepped(*args) == py.stepped(*args)


def test_arrays(mods):
    jit, py = mods
    x = np.array([3.0, -1.5, 8.0, 2.25])
    assert jit.of_array(x) == py.of_array(x)
    i = np.array([4, 9, -2], dtype=np.int32)
    assert jit.of_array(i) == py.of_array(i)
    # float32 items sum in float64, as Numba's `acc = 0; acc += x` does.
    f = np.array([0.1, 0.2, 0.3], dtype=np.float32)
    assert jit.of_array(f)[0] == sum(float(v) for v in f)


def test_max_of_empty_array_raises(mods):
    jit, _ = mods
    # Numba takes the first item with next(): StopIteration (CPython's builtin says ValueError).
    with pytest.raises(StopIteration):
        jit.of_array(np.zeros(0))


@pytest.mark.parametrize("n", [1, 5, 9])
def test_dicts_sets_and_views(mods, n):
    jit, py = mods
    assert jit.of_containers(n) == py.of_containers(n)


def test_min_of_empty_set_raises(mods):
    jit, _ = mods
    with pytest.raises(StopIteration):  # Numba's next() on the empty iterator
        jit.min_of_empty_set(0)


def test_empty_star_args(mods):
    jit, py = mods
    assert jit.no_args() == py.no_args() == 2
