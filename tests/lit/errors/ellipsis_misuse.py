# Ellipsis is an array index only (nplib6): a bare `...` value, two of them in one index and
# an Ellipsis beside an integer-array index are located errors; `...` as a statement is a
# placeholder, as `pass`.
# RUN: %ujit check --verify %s
from numba import njit


@njit("float64(float64[:, :])")
def as_value(m):
    # expected-error@+1:9 {{Ellipsis ('...') is only supported as an array index by ujit}}
    x = ...
    return m[0, 0]


@njit("float64[:, :](float64[:, :])")
def twice(m):
    # expected-error@+1:14 {{an index can only have a single ellipsis ('...')}}
    return m[..., ...]


@njit("float64[:](float64[:, :], int64[:])")
def with_fancy(m, idx):
    # expected-error@+1:19 {{Ellipsis ('...') together with an array index is not supported by ujit}}
    return m[..., idx]


@njit("none()")
def placeholder():
    ...
