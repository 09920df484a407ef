"""Literal expressions that CPython folds when it compiles a function, so that Numba (which reads
bytecode) sees their value: `2 ** -2` is the float 0.25 there, while an int ** int computed at run
time stays an int in Numba. CPython is the oracle for the folded forms."""
from ujit import njit


@njit
def _folded_powers():
    return 2 ** -2, -2 ** -2, (3) ** -(1), 10 ** -3, 2 ** 3


@njit
def _run_time_power(x, y):
    return x ** y


def test_a_literal_to_a_negative_literal_power_is_a_float_as_cpython_folds_it():
    got = _folded_powers()
    assert got == _folded_powers.py_func()
    assert [type(v) for v in got] == [float, float, float, float, int]


def test_an_int_to_a_negative_power_at_run_time_is_an_int_as_in_numba():
    # Numba 0.68: 3 ** -1 with both arguments int64 gives 0 (integer power), not CPython's 0.333.
    assert _run_time_power(3, -1) == 0
    assert isinstance(_run_time_power(3, -1), int)
