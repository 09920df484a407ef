"""Generators (issue 19 item 3). Numba compiles generator functions (a state machine that
compiled code iterates, and a generator object returned to Python); ujit does not yet. Its
parser refuses `yield` with a located CompileError, at the `yield`, whether the generator is
compiled itself or called from a compiled function; the process stays usable."""
import pytest

import ujit
from ujit import njit


@njit
def squares(n):
    for i in range(n):
        yield i * i


@njit
def total_of_squares(n):
    s = 0
    for x in squares(n):
        s += x
    return s


YIELD_LINE = squares.__wrapped__.__code__.co_firstlineno + 3  # the decorator's line, then 3 down


@pytest.mark.parametrize("fn, args", [(squares, (3,)), (total_of_squares, (3,))])
def test_yield_is_a_located_error(fn, args):
    with pytest.raises(ujit.CompileError, match="'yield' expressions are not supported by ujit") as info:
        fn(*args)
    assert (info.value.line, info.value.col) == (YIELD_LINE, 9)


def sum_of_squares(n):
    return sum([i * i for i in range(n)])


def test_the_process_stays_usable():
    with pytest.raises(ujit.CompileError):
        total_of_squares(2)
    assert njit(sum_of_squares)(4) == sum_of_squares(4) == 14
