"""Free names: resolved from the function's globals and closure at first compile, frozen."""
import math
import math as m
from math import sqrt

import numpy as np
import numpy as xp
import pytest

import ujit
from ujit import njit, vectorize

SCALE = np.float32(2.5)
OFFSETS = (1, 2, 3)
LIMIT = 10
MUTABLE = 1.0


def test_numpy_scalar_global_keeps_its_type():
    @njit
    def scaled(x):
        return x * SCALE

    assert scaled(np.float32(2.0)) == 5.0
    assert "float32(float32)" in scaled.signatures  # float32 * float32 stays float32


def test_tuple_global_and_indexing():
    @njit
    def pick(i):
        return OFFSETS[0] * i + OFFSETS[2] + LIMIT

    assert [pick(i) for i in range(3)] == [13, 14, 15]


def test_globals_are_frozen_at_first_compile():
    global MUTABLE

    @njit
    def read(x):
        return x + MUTABLE

    assert read(1.0) == 2.0
    MUTABLE = 100.0
    try:
        assert read(1.0) == 2.0  # as Numba: the value seen at compile time
    finally:
        MUTABLE = 1.0


def test_module_aliases_and_imported_functions():
    @njit
    def f(x):
        return m.floor(x) + sqrt(x) + xp.sin(0.0) + math.pi * 0

    assert f(4.0) == 6.0


def test_closure_variables_are_frozen_too():
    k = 3

    @njit
    def add_k(x):
        return x + k

    assert add_k(4) == 7


def test_calls_between_ujit_functions():
    @njit
    def square(x):
        return x * x

    @njit
    def sum_of_squares(a, b):
        return square(a) + square(b)

    assert sum_of_squares(3, 4) == 25


def test_ufunc_reads_a_float32_global():
    @vectorize(["float32(float32)"])
    def times_scale(x):
        return x * SCALE

    assert times_scale(np.float32([1, 2])).tolist() == [2.5, 5.0]


def test_unsupported_global_is_an_error_naming_it():
    table = {"a": 1}

    @njit
    def lookup(x):
        return table

    with pytest.raises(ujit.CompileError) as info:
        lookup(1)
    e = info.value
    assert "global 'table' is a dict" in str(e)
    assert e.file == __file__
    assert e.line == lookup.py_func.__code__.co_firstlineno + 2
    assert e.col == 16  # `table` in `        return table`, 1-based


def test_unsupported_module_is_an_error():
    import os

    @njit
    def f(x):
        return os.sep

    with pytest.raises(ujit.CompileError, match="module 'os'"):
        f(1)


FLAG = np.bool_(True)
SMALL = np.int16(-3)


def test_numpy_bool_and_int_globals():
    @njit
    def f(x):
        if FLAG:
            return x + SMALL
        return x

    assert f(np.int16(5)) == 2
    assert f.signatures == ["int64(int16)"]  # small ints add as int64, as in Numba
