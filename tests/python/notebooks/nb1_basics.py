"""Notebook 1 (Numba basics), cell by cell, through `import ujit as numba`.

The cells' constructs in our own code (the course's text stays in its repository): @jit
bare and with nopython=True, .py_func, a %timeit'ed call as a plain call,
.inspect_types(), the dict argument nopython mode rejects, and the exercise (a loop that
calls another jitted function). tests/python/test_notebooks.py checks the results.
"""
import math

import numpy as np

import ujit as numba  # was: import numba
from ujit import jit  # was: from numba import jit


# Cell: the first @jit function.
@jit
def hypot(x, y):
    # Overflow-safe hypotenuse: scale by the larger side.
    x = abs(x)
    y = abs(y)
    t = min(x, y)
    x = max(x, y)
    t = t / x
    return x * math.sqrt(1 + t * t)


# Cells: the compiled call, the Python original, and the %timeit lines as plain calls.
first = hypot(3.0, 4.0)
original = hypot.py_func(3.0, 4.0)
hypot(3.0, 4.0)
math.hypot(3.0, 4.0)

# Cell: the annotated source of the float64 specialization.
hypot.inspect_types()


# Cell: a dict argument. Numba before 0.59 fell back to object mode here; ujit, like
# Numba today, compiles nopython only, and the call is a TypingError.
@jit
def lookup(d):
    return d["key"]


@jit(nopython=True)
def lookup_nopython(d):
    return d["key"]


def typing_error_of(fn, arg):
    try:
        fn(arg)
    except numba.TypingError as e:
        return e
    return None


object_mode_error = typing_error_of(lookup, dict(key="value"))
nopython_error = typing_error_of(lookup_nopython, dict(key="value"))


# Exercise: a loop over arrays, first adding, then (the solution) calling hypot.
@jit(nopython=True)
def ex1_add(x, y, out):
    for i in range(x.shape[0]):
        out[i] = x[i] + y[i]


@jit(nopython=True)
def ex1(x, y, out):
    for i in range(x.shape[0]):
        out[i] = hypot(x[i], y[i])


in1 = np.arange(10, dtype=np.float64)
in2 = 2 * in1 + 1
out_add = np.empty_like(in1)
ex1_add(in1, in2, out_add)
out = np.empty_like(in1)
ex1(in1, in2, out)
print("in1:", in1)
print("in2:", in2)
print("out:", out)
