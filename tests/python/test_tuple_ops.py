"""Tuple slices (constant bounds, as Numba's static_getitem), hash() as CPython's (tuples,
nested ones, floats, strings, bools), t + t2 of any item types, and dict and set
comprehensions. CPython runs the same source (`.py_func`) as the oracle; refusals carry
Numba's messages."""
import importlib.util
import itertools
import os
import tempfile

import pytest

from ujit import njit, typed
from ujit.runtime import rtsys

_modules = itertools.count()


def load(src):
    path = os.path.join(tempfile.mkdtemp(), "tuple_ops_%d.py" % next(_modules))
    with open(path, "w") as f:
        f.write("import numpy as np\n" + src)
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def same(src, *args):
    """The compiled f's result equals CPython's (type included), and the call leaks nothing."""
    fn = njit(load(src).f)
    expected = fn.py_func(*args)
    fn(*args)
    before = live()
    got = fn(*args)
    assert live() == before
    assert got == expected and type(got) is type(expected), (got, expected)
    return got


SLICES = {
    "middle": "def f(t):\n    return t[1:3]\n",
    "reversed": "def f(t):\n    return t[::-1]\n",
    "negative_bounds": "def f(t):\n    return t[-3:-1]\n",
    "step_two": "def f(t):\n    return t[::2]\n",
    "backward_from": "def f(t):\n    return t[2::-2]\n",
    "past_the_end": "def f(t):\n    return t[1:100]\n",
    "empty": "def f(t):\n    return t[3:1]\n",
    "none_bounds": "def f(t):\n    return t[None:2:None]\n",
    "global_bound": "K = 2\ndef f(t):\n    return t[K:]\n",
    "local_constant": "def f(t):\n    k = -2\n    return t[:k]\n",
}


@pytest.mark.parametrize("name", sorted(SLICES))
@pytest.mark.parametrize("t", [(1, 2, 3, 4), (1, 2.5, 3, "four")])
def test_tuple_slices_match_cpython(name, t):
    same(SLICES[name], t)


def test_slice_of_a_slice_and_of_a_tuple_of_arrays():
    got = same("def f(t):\n    u = t[::-1]\n    return u[1:] + u[:1]\n", (1, 2.5, 3))
    assert got == (2.5, 1, 3)
    fn = njit(load("def f(n):\n    t = (np.ones(n), np.zeros(n), n)\n    a, b = t[:2]\n"
                   "    return a.sum() - b.sum() + t[1:][1]\n").f)
    assert fn(3) == 6.0


def test_slices_and_sums_of_tuples_holding_arrays_and_strings_leak_nothing():
    fn = njit(load("def f(n):\n    t = (np.ones(n), str(n), np.zeros(n))\n    u = t[::-1] + t[1:2]\n"
                   "    v = u[1:]\n    return v[0] + v[2] + str(v[1].size), u[0].sum() + u[2].sum()\n").f)
    fn(3)
    before = live()
    assert fn(3) == fn.py_func(3)
    assert live() == before


def test_run_time_slice_bounds_are_refused_as_numba():
    fn = njit(load("def f(t, k):\n    return t[:k]\n").f)
    with pytest.raises(Exception, match=r"getitem\(UniTuple\(int64 x 3\), slice<a:b>\)"):
        fn((1, 2, 3), 1)
    fn = njit(load("def f(t):\n    return t[::0]\n").f)
    with pytest.raises(Exception, match="slice step cannot be zero"):
        fn((1, 2, 3))


HASHED = [
    (1, 2, 3),
    (1, 2.5),
    (),
    (-1,),
    (2**61 - 1, -(2**61) + 5, 2**62),
    ("ab", 3),
    (True, False, 1),
    ((1, 2), 3),
    (((1,), ("x", 2.0)), -7.25),
    (1.5, float("inf"), float("-inf"), -0.0),
]


@pytest.mark.parametrize("t", HASHED, ids=repr)
def test_hash_of_tuples_is_cpythons(t):
    fn = njit(load("def f(t):\n    return hash(t)\n").f)
    assert fn(t) == hash(t)


def test_hash_values_numba_prints():
    fn = njit(load("def f():\n    return hash((1, 2, 3)), hash((1, 2.5))\n").f)
    assert fn() == (529344067295497451, 396935360214441795)


@pytest.mark.parametrize("x", [0.0, 2.5, -3.75, 1e300, 1e-300, float("inf"), 7, -1, True, "text", 1 + 2j, -1 - 0j],
                         ids=repr)
def test_hash_of_scalars_is_cpythons(x):
    fn = njit(load("def f(x):\n    return hash(x)\n").f)
    assert fn(x) == hash(x)


ADDS = {
    "mixed": "def f():\n    return (1, 2) + (3.0,)\n",
    "strings": "def f():\n    return ('a', 1) + ('b',) + ()\n",
    "same_type": "def f():\n    t = (1, 2)\n    return t + t\n",
    "nested": "def f():\n    return ((1, 2),) + ((3.5, 'x'),)\n",
}


@pytest.mark.parametrize("name", sorted(ADDS))
def test_tuple_concatenation_matches_cpython(name):
    same(ADDS[name])


def test_tuple_repetition_is_refused_as_numba():
    fn = njit(load("def f(t):\n    return t * 2\n").f)
    with pytest.raises(Exception, match=r"Function\(<built-in function mul>\) found for signature: "
                                        r"mul\(UniTuple\(int64 x 2\), int64\)"):
        fn((1, 2))


COMPREHENSIONS = {
    "squares": "def f(n):\n    return {i: i * i for i in range(n)}\n",
    "mixed_types": "def f(n):\n    return {i: float(j) for i, j in zip(range(n), range(n, 0, -1))}\n",
    "filtered": "def f(n):\n    return {i % 5: i for i in range(n) if i % 3}\n",
    "nested_loops": "def f(n):\n    return {(i, j): i * j for i in range(n) for j in range(i)}\n",
    "from_a_dict": "def f(n):\n    a = {0: 'A', 1: 'B', 2: 'C'}\n    return {3 + i: a[i] for i in range(3)}\n",
    "string_keys": "def f(n):\n    return {str(i): [i] * i for i in range(n)}\n",
}


@pytest.mark.parametrize("name", sorted(COMPREHENSIONS))
def test_dict_comprehensions_match_cpython(name):
    fn = njit(load(COMPREHENSIONS[name]).f)
    fn(6)
    before = live()
    got = fn(6)
    assert isinstance(got, typed.Dict)
    assert dict(got) == fn.py_func(6) and list(got) == list(fn.py_func(6))
    del got
    assert live() == before


def test_set_comprehensions_match_cpython():
    fn = njit(load("def f(n):\n    return {i * i % 7 for i in range(n)}\n").f)
    got = fn(20)
    assert type(got) is set and got == fn.py_func(20)
    same("def f(n):\n    s = {(i, str(i)) for i in range(n) if i != 2}\n    return len(s), (3, '3') in s\n", 5)


def test_comprehension_variables_stay_inside():
    same("def f(n):\n    i = 100\n    d = {i: i for i in range(n)}\n    return i + len(d)\n", 4)


def test_unhashable_comprehension_keys_are_refused():
    fn = njit(load("def f(n):\n    return {np.ones(i): i for i in range(n)}\n").f)
    with pytest.raises(Exception, match="unhashable type"):
        fn(3)
