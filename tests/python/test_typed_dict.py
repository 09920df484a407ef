"""ujit.typed.Dict (numba.typed.Dict) on the Python side: Dict.empty's types convert what is
stored, the mapping protocol behaves as a dict's (CPython's dict is the oracle), and Numba's
spellings of its type."""
import pytest

import ujit
from ujit import typed, types


def test_empty_converts_to_its_types():
    d = typed.Dict.empty(key_type=types.int64, value_type=types.float64)
    d[1] = 2
    d[2] = 3.5
    assert d[1] == 2.0 and type(d[1]) is float
    assert list(d.items()) == [(1, 2.0), (2, 3.5)]
    assert repr(d) == "DictType[int64,float64]<iv=None>({1: 2.0, 2: 3.5})"
    assert str(d) == "{1: 2.0, 2: 3.5}"
    with pytest.raises(TypeError):
        d[1.5] = 1.0
    with pytest.raises(KeyError):
        d[7]


def test_mapping_protocol_matches_dict():
    d = typed.Dict.empty(types.int32, types.int64)
    ref = {}
    for i in range(20):
        d[i * 3 % 7] = i
        ref[i * 3 % 7] = i
    del d[3]
    del ref[3]
    assert d.pop(4) == ref.pop(4)
    assert d.get(99, -1) == ref.get(99, -1)
    assert d.setdefault(50, 5) == ref.setdefault(50, 5)
    assert list(d) == list(ref) and list(d.values()) == list(ref.values())
    assert len(d) == len(ref) and (2 in d) == (2 in ref) and d == ref
    assert d.copy() == ref


def test_untyped_dict_takes_the_first_items_types_and_tuple_keys():
    d = typed.Dict()
    d[(1, 2)] = 0.5
    assert d._numba_type_ == "DictType[UniTuple(int64 x 2),float64]<iv=None>"
    assert d[1, 2] == 0.5


def test_reached_as_numba_typed():
    import importlib
    assert importlib.import_module("ujit.typed").Dict is typed.Dict
    assert ujit.typed.Dict is typed.Dict


def test_a_function_may_share_a_name_with_the_wrappers_locals():
    # The wrapper passing a typed Dict, a set or a list of tuples names its locals _ujit_*:
    # a user's function named n, r, k or c0 is still the one called (red-team finding).
    from ujit import njit as _njit

    ns = {}
    exec("def n(d):\n    return len(d)\n"
         "def r(s):\n    return len(s)\n"
         "def k(l):\n    return l[0][1]\n"
         "def p0(d, x):\n    return len(d) + x\n", ns)
    d = ujit.typed.Dict.empty(ujit.types.int64, ujit.types.int64)
    d[1] = 2
    assert _njit(ns["n"])(d) == 1
    assert _njit(ns["r"])({1, 2, 3}) == 3
    assert _njit(ns["k"])([(1, 5), (2, 6)]) == 5
    assert _njit(ns["p0"])(d, 10) == 11
