"""heapq in compiled code, as Numba supports it (numba/cpython/heapq.py): the functions work on
a list in place; CPython's heapq on the same inputs is the oracle, for the list afterwards and
for what each call returns."""
import heapq

import numpy as np
import pytest

import ujit
from ujit import njit


def push_all(xs):
    h = [xs[0]]
    for x in xs[1:]:
        heapq.heappush(h, x)
    return h


def push_then_pop_all(xs):
    h = [xs[0]]
    for x in xs[1:]:
        heapq.heappush(h, x)
    out = []
    while len(h) > 0:
        out.append(heapq.heappop(h))
    return out


def heapify_list(xs):
    h = list(xs)
    heapq.heapify(h)
    return h


def replace_and_pushpop(xs, ys):
    h = list(xs)
    heapq.heapify(h)
    got = []
    for i in range(len(ys)):
        if i % 2 == 0:
            got.append(heapq.heapreplace(h, ys[i]))
        else:
            got.append(heapq.heappushpop(h, ys[i]))
    return got, h


def smallest_largest(a, n):
    return heapq.nsmallest(n, a), heapq.nlargest(n, a)


def tuples(ds, ns):
    h = [(ds[0], ns[0])]
    for i in range(1, len(ds)):
        heapq.heappush(h, (ds[i], ns[i]))
    out = []
    while len(h) > 0:
        d, n = heapq.heappop(h)
        out.append(n)
    return out


def strings(words):
    h = [words[0]]
    for w in words[1:]:
        heapq.heappush(h, w)
    first = heapq.heappop(h)
    return first, heapq.heappushpop(h, "m"), heapq.nsmallest(2, h)


RNG = np.random.RandomState(11)
FLOATS = list(RNG.rand(40))
INTS = [int(v) for v in RNG.randint(-50, 50, 33)]


@pytest.mark.parametrize("xs", [FLOATS, INTS, [3.0], [2.0, 1.0], [5, 5, 1, 5, 1]])
def test_push_pop_heapify_match_cpython(xs):
    for fn in (push_all, push_then_pop_all, heapify_list):
        assert njit(fn)(list(xs)) == fn(list(xs))


@pytest.mark.parametrize("xs,ys", [(FLOATS[:10], FLOATS[10:30]), (INTS[:7], INTS[7:20]), ([4], [1, 9, 2])])
def test_replace_and_pushpop_match_cpython(xs, ys):
    assert njit(replace_and_pushpop)(list(xs), list(ys)) == replace_and_pushpop(list(xs), list(ys))


@pytest.mark.parametrize("n", [-2, 0, 1, 3, 39, 40, 100])
def test_nsmallest_nlargest_of_arrays_and_lists(n):
    a = np.array(FLOATS)
    assert njit(smallest_largest)(a, n) == smallest_largest(a, n)
    assert njit(smallest_largest)(list(INTS), n) == smallest_largest(list(INTS), n)


def test_tuples_order_by_first_then_second_item():
    ds = [3.0, 1.0, 2.0, 1.0, 0.5, 3.0]
    ns = [1, 9, 2, 4, 7, 0]
    assert njit(tuples)(ds, ns) == tuples(ds, ns)


def test_strings_are_ordered_as_python_orders_them():
    words = ["pear", "apple", "zoo", "fig", "Banana", "kiwi"]
    assert njit(strings)(list(words)) == strings(list(words))


def test_popping_an_empty_heap_is_index_error():
    @njit
    def pop_empty(n):
        h = [1.0]
        for _ in range(n):
            heapq.heappop(h)
        return len(h)

    assert pop_empty(1) == 0
    with pytest.raises(IndexError, match="pop from empty list"):
        pop_empty(2)


def test_a_typed_list_is_a_heap_too():
    @njit
    def typed(xs):
        h = ujit.typed.List()
        for x in xs:
            heapq.heappush(h, x)
        return [heapq.heappop(h) for _ in range(len(h))]

    xs = np.array(FLOATS)
    assert typed(xs) == sorted(FLOATS)


def test_pushing_another_type_is_numbas_typing_error():
    @njit
    def mixed(n):
        h = [1.5]
        heapq.heappush(h, n)
        return h

    with pytest.raises(ujit.CompileError, match="heap type must be the same as item type"):
        mixed(1)
