"""numba.typed List and Dict passed in from Python and built in compiled code: Dict.empty,
Dict.get, a list mutated in place (seen by the caller), nested typed lists, a dict of typed
lists, and the typed List's insert/extend/pop/reverse/sort/index/count."""
from numba import njit, types
from numba.typed import List, Dict
from _same import check_same


@njit
def build_index(words):
    idx = Dict.empty(key_type=types.unicode_type, value_type=types.int64[:])  # noqa: F841
    counts = Dict.empty(key_type=types.unicode_type, value_type=types.int64)
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return counts


@njit
def add_to(d, k, v):
    d[k] = d.get(k, 0.0) + v
    return len(d)


@njit
def sum_list(l):
    s = 0
    for x in l:
        s += x
    l.append(s)
    return s


@njit
def nested_typed(n):
    outer = List()
    for i in range(n):
        inner = List()
        for j in range(i):
            inner.append(j * 1.5)
        outer.append(inner)
    return outer


@njit
def dict_of_list(pairs):
    d = Dict()
    for k, v in pairs:
        if k not in d:
            d[k] = List.empty_list(types.int64)
        d[k].append(v)
    return d


@njit
def typed_list_methods(l):
    l.insert(0, 100)
    l.extend(l[1:3])
    x = l.pop(1)
    l.reverse()
    l.sort()
    return x, l.index(100), l.count(3), len(l)


def check():
    d = Dict.empty(key_type=types.int64, value_type=types.float64)
    d[1] = 1.0
    assert add_to(d, 2, 3.5) == 2
    assert add_to(d, 1, 1.0) == 2
    assert dict(d) == {1: 2.0, 2: 3.5}

    l = List([1, 2, 3])
    assert sum_list(l) == 6
    assert list(l) == [1, 2, 3, 6]

    o = nested_typed(4)
    assert [list(x) for x in o] == [[], [0.0], [0.0, 1.5], [0.0, 1.5, 3.0]]

    dl = dict_of_list([(1, 2), (3, 4), (1, 7)])
    assert {k: list(v) for k, v in dl.items()} == {1: [2, 7], 3: [4]}

    tl = List([5, 3, 1, 3])
    pl = [5, 3, 1, 3]
    assert typed_list_methods(tl) == typed_list_methods.py_func(pl)
    assert list(tl) == pl
    check_same(typed_list_methods, [5, 3, 1, 3])

    c = build_index(List(["a", "b", "a"]))
    assert dict(c) == {"a": 2, "b": 1}
