"""Dict and set arguments (Numba as the oracle for the semantics, CPython for the values): a
numba.typed.Dict passed in is changed in place by compiled code (Numba's typed Dict is
shared); a Python set is Numba's reflected set (its changes are written back, with
NumbaPendingDeprecationWarning); empty or untyped containers are Numba's typing errors; nothing
leaks."""
import warnings

import numpy as np
import pytest

import ujit
from ujit import njit, types
from ujit.runtime import rtsys
from ujit.typed import Dict


def bump(d, k):
    d[k] = d.get(k, 0.0) + 1.5
    return len(d)


def test_a_typed_dict_argument_is_changed_for_the_caller():
    d = Dict.empty(types.int64, types.float64)
    ref = {}
    f = njit(bump)
    for k in (3, 1, 3):
        assert f(d, k) == bump(ref, k)
        assert dict(d) == ref
    assert list(d) == list(ref)  # insertion order kept


def test_an_empty_typed_dict_with_types_is_typed_by_them():
    @njit
    def fill(d, n):
        for i in range(n):
            d[str(i)] = np.full(i + 1, float(i))

    d = Dict.empty(types.unicode_type, types.float64[:])
    assert fill(d, 3) is None
    assert list(d) == ["0", "1", "2"]
    np.testing.assert_array_equal(d["2"], [2.0, 2.0, 2.0])


def test_a_typed_dict_of_arrays_returned_and_passed_back_in_shares_the_arrays():
    @njit
    def make(n):
        d = Dict.empty(types.int64, types.float64[:])
        d[1] = np.ones(n)
        return d

    @njit
    def double(d):
        d[2] = d[1] * 2
        d[1][0] = 7.0  # the array itself, shared with the caller's value
        return len(d)

    d = make(3)
    a = d[1]
    assert double(d) == 2
    np.testing.assert_array_equal(d[2], [2.0, 2.0, 2.0])
    assert a[0] == 7.0 and d[1][0] == 7.0


def test_a_typed_dict_with_tuple_keys_and_a_deletion():
    @njit
    def move(d):
        v = d.pop((1, 2))
        d[(2, 1)] = v * 2
        return v

    d = Dict.empty(types.UniTuple(types.int64, 2), types.float64)
    d[(1, 2)] = 0.25
    d[(5, 5)] = 1.0
    assert move(d) == 0.25
    assert dict(d) == {(5, 5): 1.0, (2, 1): 0.5}


def test_a_set_argument_is_reflected_with_numbas_warning():
    def grow(s, n):
        for i in range(n):
            s.add(i * i)
        s.discard(0)
        return len(s)

    f = njit(grow)
    s, ref = {7, 4}, {7, 4}
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert f(s, 4) == grow(ref, 4)
        assert f(s, 2) == grow(ref, 2)  # compiled already: no second warning
    assert s == ref
    msgs = [str(x.message) for x in w if issubclass(x.category, ujit.errors.NumbaPendingDeprecationWarning)]
    assert len(msgs) == 1 and "type 'reflected set' found for argument 's' of function" in msgs[0]


def test_a_set_of_str_and_the_other_arguments_pass_through():
    @njit
    def has(words, w, n):
        return (w in words) + n

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert has({"a", "bc"}, "bc", 10) == 11
        assert has({"a", "bc"}, "x", 10) == 10


@pytest.mark.parametrize("arg, message", [
    (set(), r"argument 0 \('c'\): cannot determine Numba type of <class 'set'>: Cannot type empty set"),
    (Dict(), r"argument 0 \('c'\): cannot determine Numba type of an empty numba.typed.Dict without types"),
    ({1: 2.0}, r"argument 0 \('c'\): cannot determine Numba type of <class 'dict'>"),
])
def test_containers_numba_cannot_type_are_typing_errors(arg, message):
    @njit
    def size(c):
        return len(c)

    with pytest.raises(ujit.errors.TypingError, match=message):
        size(arg)


@pytest.mark.parametrize("arg, inner", [([[1], [2]], "list(int64)"), ([{1.5}], "set(float64)")])
def test_a_list_of_lists_or_sets_is_numbas_reflection_error(arg, inner):
    @njit
    def size(c):
        return len(c)

    with pytest.raises(TypeError, match=r"cannot reflect element of reflected container: reflected "
                                        r"list\(reflected %s<iv=None>\)<iv=None>" % inner.replace("(", r"\(").replace(")", r"\)")):
        size(arg)


def test_nothing_leaks():
    @njit
    def churn(d, s):
        for i in range(10):
            d[i] = np.ones(3) * i
            s.add(i)
        return len(d) + len(s)

    def live():
        st = rtsys.get_allocation_stats()
        return st.alloc - st.free, st.mi_alloc - st.mi_free

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        churn(Dict.empty(types.int64, types.float64[:]), {1})
        d = Dict.empty(types.int64, types.float64[:])
        s = {1}
        del d, s
        before = live()
        for _ in range(3):
            assert churn(Dict.empty(types.int64, types.float64[:]), {1}) == 20
    assert live() == before
