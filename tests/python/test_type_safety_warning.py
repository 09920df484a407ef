"""NumbaTypeSafetyWarning (issue 19, item 3): a typed container (numba.typed.Dict or List, a
dict made in compiled code) that stores or looks up a number through an unsafe cast warns as
Numba's typedobjectutils._sentry_safe_cast does, with Numba's message and class; a cast that
changes domain (float key into an int-keyed dict) is Numba's TypingError; a safe cast is
silent. The stored values are checked against CPython's int()/float() of the same numbers."""
import warnings

import numpy as np
import pytest

import ujit
from ujit import types
from ujit.core.errors import NumbaTypeSafetyWarning, NumbaWarning
from ujit.typed import Dict, List


def test_unsafe_cast_into_a_typed_dict_warns():
    @ujit.njit
    def narrow(n):
        d = Dict.empty(types.int32, types.int32)
        for i in range(n):
            d[i] = i * 2
        return d

    with pytest.warns(NumbaTypeSafetyWarning, match=r"unsafe cast from int64 to int32\. Precision may be lost\.") as w:
        d = narrow(3)
    assert dict(d) == {0: 0, 1: 2, 2: 4}
    assert issubclass(NumbaTypeSafetyWarning, NumbaWarning)
    assert w[0].filename == __file__  # located in the user's source, at the store
    assert w[0].lineno == narrow.py_func.__code__.co_firstlineno + 4


def test_unsafe_cast_into_a_typed_list_warns():
    @ujit.njit
    def halves(n):
        l = List.empty_list(types.float32)
        for i in range(n):
            l.append(i * 0.5)
        return l

    with pytest.warns(NumbaTypeSafetyWarning, match="unsafe cast from float64 to float32"):
        out = halves(3)
    assert list(out) == [float(np.float32(i * 0.5)) for i in range(3)]


def test_a_warnings_filter_set_to_error_raises_it():
    @ujit.njit
    def narrow_once(x):
        d = Dict.empty(types.int64, types.float32)
        d[1] = x
        return d[1]

    with warnings.catch_warnings():
        warnings.simplefilter("error", NumbaTypeSafetyWarning)
        with pytest.raises(NumbaTypeSafetyWarning, match="unsafe cast from float64 to float32"):
            narrow_once(0.5)


def test_a_safe_cast_is_silent():
    @ujit.njit
    def widen(n):
        d = Dict.empty(types.int64, types.float64)
        for i in range(n):
            d[i] = i  # int64 to float64: Numba's safe conversion
        return d

    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert dict(widen(2)) == {0: 0.0, 1: 1.0}
    assert [w for w in seen if issubclass(w.category, NumbaTypeSafetyWarning)] == []


def test_a_cast_across_domains_is_a_typing_error():
    @ujit.njit
    def float_key():
        d = Dict.empty(types.int64, types.float64)
        d[1.5] = 1.0
        return d

    with pytest.raises(ujit.core.errors.TypingError, match=r"cannot safely cast float64 to int64\. Please cast explicitly\."):
        float_key()
