"""Idioms the corpus's programs use that ujit refused while Numba compiles them (each found
by a tests/python/corpus program): tuple comparisons, `in` a tuple, list orderings (and
sorting lists of lists), a reflected list argument inside a list of made lists, a list's truth, min/max of a list of
tuples or strings, a 1-D boolean mask of rows, and a guvectorize '()' core declared as a 1-d
array.
CPython running the same source is the oracle (twin_modules.py)."""
import numpy as np
import pytest

from twin_modules import twins

SOURCE = '''
import numpy as np
from ujit import njit


@njit
def tuple_compares(a, b):
    return a == b, a != b, a < b, a <= b, a > b, a >= b


@njit
def mixed_lengths(x):
    return (x, 2) < (x, 2, 0), (x, 2, 0) > (x, 2), (x, 2) == (x, 2, 0), (x, 1.5) <= (x, 2), (1, (x, 3)) < (1, (x, 4))


@njit
def operators(expr):
    ops = 0
    digits = 0
    for tok in expr.split():
        if tok in ("+", "-", "*", "/"):
            ops += 1
        elif tok not in ("(", ")"):
            digits += len(tok)
    return ops, digits, 3 in (1, 2, 3), 2.5 not in (1.0, 2.0), (1, 2) in ((0, 1), (1, 2))


@njit
def list_orders(words):
    groups = [["b", "a"], ["a", "c"], ["a"], ["a", "c", "d"], []]
    for w in words:
        groups.append([w, w.upper()])
    groups.sort()
    nums = [[3, 1], [1, 2, 3], [1, 2], [2], [1, 2]]
    return (groups, sorted(nums, reverse=True), [1, 2] < [1, 3], [1, 2] <= [1, 2], [2] > [1, 9], [1] >= [1, 0],
            [[1, 2], [3]] < [[1, 2], [2]], [1.5, 2.0] < [1.5])


@njit
def permutations(items):
    if len(items) <= 1:
        return [items]  # a list of the reflected argument, unified with the made lists below
    out = []
    for i in range(len(items)):
        for p in permutations(items[:i] + items[i + 1:]):
            out.append([items[i]] + p)
    return out


@njit
def heterogeneous_in(x):
    return x in (1, 2.5)


@njit
def drain(n):
    stack = [n]
    steps = 0
    while stack:
        v = stack.pop()
        steps += 1
        if v > 1:
            stack.append(v // 2)
            stack.append(v - v // 2 - 1)
    return steps, not stack, 1 if [1] else 0


@njit
def extreme_pairs(xs, ys):
    pairs = [(xs[i], ys[i]) for i in range(len(xs))]
    return min(pairs), max(pairs)


@njit
def extreme_words(s):
    words = s.split()
    junk = [str(i) * 3 for i in range(500)]  # reuses any block the results were wrongly freed to
    return min(words), max(words), min([(len(w), w) for w in words]), max([w.upper() for w in words]), len(junk)


@njit
def rows_where(x, labels, k):
    return x[labels == k]


@njit
def zero_rows(x, labels, k):
    y = x.copy()
    y[labels == k] = 0.0
    y[labels == k + 1] = x[0]
    return y
'''


@pytest.fixture(scope="module")
def mods(tmp_path_factory):
    return twins(tmp_path_factory.mktemp("corpus_idioms"), SOURCE)


@pytest.mark.parametrize("a, b", [((1, 2), (1, 3)), ((2, 0.5), (2, 0.5)), ((3, 1), (2, 9)), ((1, float("nan")), (1, 0.0))])
def test_tuple_compares(mods, a, b):
    jit, py = mods
    assert jit.tuple_compares(a, b) == py.tuple_compares(a, b)


def test_tuples_of_other_lengths_and_nested(mods):
    jit, py = mods
    for x in (-1, 4):
        assert jit.mixed_lengths(x) == py.mixed_lengths(x)


def test_in_a_tuple(mods):
    jit, py = mods
    e = "( 12 + 3 ) * 45 / 6 - 7"
    assert jit.operators(e) == py.operators(e)


def test_list_orderings_and_sorting_lists_of_lists(mods):
    from ujit.runtime import rtsys

    jit, py = mods
    words = ["x", "a", "m"]
    assert jit.list_orders(words) == py.list_orders(words)
    s = rtsys.get_allocation_stats()
    for _ in range(20):
        jit.list_orders(words)
    t = rtsys.get_allocation_stats()
    assert t.alloc - t.free == s.alloc - s.free


def test_a_reflected_list_unifies_with_made_lists(mods):
    jit, py = mods
    for items in ([1, 2, 3], [7]):
        arg = list(items)
        assert jit.permutations(arg) == py.permutations(list(items)) and arg == items


def test_in_a_heterogeneous_tuple_is_refused_as_numba_does(mods):
    import ujit

    with pytest.raises(ujit.CompileError, match=r"unsupported comparison: int64 in Tuple\(int64, float64\)"):
        mods[0].heterogeneous_in(1)


def test_list_truth(mods):
    jit, py = mods
    assert jit.drain(20) == py.drain(20)


def test_min_max_of_list_of_tuples(mods):
    jit, py = mods
    args = ([3, 1, 2, 1], [0.5, 2.0, 1.0, -1.0])
    assert jit.extreme_pairs(*args) == py.extreme_pairs(*args)


def test_min_max_of_list_of_strings(mods):
    jit, py = mods
    s = "the quick brown fox jumps over the lazy dog"
    assert jit.extreme_words(s) == py.extreme_words(s)


def test_boolean_mask_of_rows(mods):
    jit, py = mods
    x = np.arange(12.0).reshape(6, 2)
    labels = np.array([0, 1, 0, 2, 1, 0])
    for k in (0, 1, 3):
        np.testing.assert_array_equal(jit.rows_where(x, labels, k), py.rows_where(x, labels, k))
        np.testing.assert_array_equal(jit.zero_rows(x, labels, k), py.zero_rows(x, labels, k))
    assert jit.rows_where(x, labels, 3).shape == (0, 2)


def test_guvectorize_scalar_core_as_array():
    # Numba's move_mean example: the window, a '()' core, declared 'int64[:]' and read as w[0].
    from ujit import guvectorize

    @guvectorize(["void(float64[:], int64[:], float64[:])"], "(n),()->(n)")
    def running_sum(a, w, out):
        acc = 0.0
        for i in range(a.shape[0]):
            acc += a[i]
            if i >= w[0]:
                acc -= a[i - w[0]]
            out[i] = acc

    a = np.arange(10.0).reshape(2, 5)
    want = np.array([[0, 1, 3, 5, 7], [5, 11, 13, 15, 17]], dtype=np.float64)
    np.testing.assert_array_equal(running_sum(a, 2), want)
    np.testing.assert_array_equal(running_sum(a, np.array([2, 2])), want)
