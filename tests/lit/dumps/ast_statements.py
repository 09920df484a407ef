# `ujit ast`: every statement form the parser accepts, each line of the tree pinned.
# imports (dotted, as, parenthesized), module constants, assignments (chained, tuple
# unpacking, subscript and attribute targets), all twelve augmented assignments,
# if/elif/else (an elif is an if in the else part), for/while with break, continue and
# else clauses, return with and without a value, pass, expression statements, ';' and
# one-line suites, nested defs, decorators (plain, attribute, called with positional and
# keyword arguments, stacked) and docstrings (the module's is dropped, a function's is
# (doc ...), a later string is an expression statement). A name rebound where its earlier
# value is never read again shows as Numba's next version (`i.1`: syntax/split_variables.hpp).
# RUN: %ujit ast %s | FileCheck %s --match-full-lines
"""A module docstring: dropped from the tree."""
import math
import numpy as np, os.path
import os.path as osp
from numba import njit
from numba import cuda, jit as J
from numba import (vectorize,
                   float32 as f32,)

N = 10
a, b = 1, 2
x = y = 0
(p, q), r = (1, 2), 3
s, = (1,)


@njit
def assignments(arr, obj, i):
    """Docs of the function."""
    arr[i] = 1
    arr[i, 0] = arr[0, i]
    arr[1:] = 0
    obj.attr = 2
    t = arr[i], obj.attr
    u, v = t
    'a later string is an expression statement'
    return u


@njit
def augmented(x, y):
    x += y
    x -= y
    x *= y
    x /= y
    x //= y
    x %= y
    x **= y
    x <<= y
    x >>= y
    x &= y
    x |= y
    x ^= y
    return x


@njit('int64(int64)')
def branches(n):
    if n < 0:
        return -1
    elif n == 0:
        return 0
    elif n == 1:
        pass
    else:
        n = n - 1
    if n: n += 1; n -= 1
    return n


@jit(nopython=True)
def loops(n):
    total = 0
    for i in range(n):
        if i % 2:
            continue
        total += i
    else:
        total += 100
    i = 0
    while i < n:
        i += 1
        if i > 5:
            break
    else:
        total = -1
    for j, k in zip(range(n), range(n)):
        total += j * k
    while True: break
    return total


def nested(x):
    def inner(y):
        return y + 1
    inner(x); x = inner(x)
    return


@cuda.jit(device=True)
@njit
def decorated(a):
    return a


# CHECK: (import math)
# CHECK-NEXT: (import (as numpy np) os.path)
# CHECK-NEXT: (import (as os.path osp))
# CHECK-NEXT: (from numba njit)
# CHECK-NEXT: (from numba cuda (as jit J))
# CHECK-NEXT: (from numba vectorize (as float32 f32))
# CHECK-NEXT: (= N 10)
# CHECK-NEXT: (= (tuple a b) (tuple 1 2))
# CHECK-NEXT: (= x y 0)
# CHECK-NEXT: (= (tuple (tuple p q) r) (tuple (tuple 1 2) 3))
# CHECK-NEXT: (= (tuple s) (tuple 1))
# CHECK-NEXT: (def assignments (params arr obj i) (decorators njit) (doc "Docs of the function.")
# CHECK-NEXT:   (body
# CHECK-NEXT:     (= ([] arr i) 1)
# CHECK-NEXT:     (= ([] arr (tuple i 0)) ([] arr (tuple 0 i)))
# CHECK-NEXT:     (= ([] arr (: 1 _ _)) 0)
# CHECK-NEXT:     (= (. obj attr) 2)
# CHECK-NEXT:     (= t (tuple ([] arr i) (. obj attr)))
# CHECK-NEXT:     (= (tuple u v) t)
# CHECK-NEXT:     (expr "a later string is an expression statement")
# CHECK-NEXT:     (return u)))
# CHECK-NEXT: (def augmented (params x y) (decorators njit)
# CHECK-NEXT:   (body
# CHECK-NEXT:     (+= x y)
# CHECK-NEXT:     (-= x y)
# CHECK-NEXT:     (*= x y)
# CHECK-NEXT:     (/= x y)
# CHECK-NEXT:     (//= x y)
# CHECK-NEXT:     (%= x y)
# CHECK-NEXT:     (**= x y)
# CHECK-NEXT:     (<<= x y)
# CHECK-NEXT:     (>>= x y)
# CHECK-NEXT:     (&= x y)
# CHECK-NEXT:     (|= x y)
# CHECK-NEXT:     (^= x y)
# CHECK-NEXT:     (return x)))
# CHECK-NEXT: (def branches (params n) (decorators (call njit "int64(int64)"))
# CHECK-NEXT:   (body
# CHECK-NEXT:     (if (cmp n < 0)
# CHECK-NEXT:       (body
# CHECK-NEXT:         (return (- 1)))
# CHECK-NEXT:       (else
# CHECK-NEXT:         (if (cmp n == 0)
# CHECK-NEXT:           (body
# CHECK-NEXT:             (return 0))
# CHECK-NEXT:           (else
# CHECK-NEXT:             (if (cmp n == 1)
# CHECK-NEXT:               (body
# CHECK-NEXT:                 (pass))
# CHECK-NEXT:               (else
# CHECK-NEXT:                 (= n (- n 1))))))))
# CHECK-NEXT:     (if n
# CHECK-NEXT:       (body
# CHECK-NEXT:         (+= n 1)
# CHECK-NEXT:         (-= n 1)))
# CHECK-NEXT:     (return n)))
# CHECK-NEXT: (def loops (params n) (decorators (call jit (= nopython True)))
# CHECK-NEXT:   (body
# CHECK-NEXT:     (= total 0)
# CHECK-NEXT:     (for i (call range n)
# CHECK-NEXT:       (body
# CHECK-NEXT:         (if (% i 2)
# CHECK-NEXT:           (body
# CHECK-NEXT:             (continue)))
# CHECK-NEXT:         (+= total i))
# CHECK-NEXT:       (else
# CHECK-NEXT:         (+= total 100)))
# CHECK-NEXT:     (= i.1 0)
# CHECK-NEXT:     (while (cmp i.1 < n)
# CHECK-NEXT:       (body
# CHECK-NEXT:         (+= i.1 1)
# CHECK-NEXT:         (if (cmp i.1 > 5)
# CHECK-NEXT:           (body
# CHECK-NEXT:             (break))))
# CHECK-NEXT:       (else
# CHECK-NEXT:         (= total (- 1))))
# CHECK-NEXT:     (for (tuple j k) (call zip (call range n) (call range n))
# CHECK-NEXT:       (body
# CHECK-NEXT:         (+= total (* j k))))
# CHECK-NEXT:     (while True
# CHECK-NEXT:       (body
# CHECK-NEXT:         (break)))
# CHECK-NEXT:     (return total)))
# CHECK-NEXT: (def nested (params x)
# CHECK-NEXT:   (body
# CHECK-NEXT:     (def inner (params y)
# CHECK-NEXT:       (body
# CHECK-NEXT:         (return (+ y 1))))
# CHECK-NEXT:     (expr (call inner x))
# CHECK-NEXT:     (= x.1 (call inner x))
# CHECK-NEXT:     (return)))
# CHECK-NEXT: (def decorated (params a) (decorators (call (. cuda jit) (= device True)) njit)
# CHECK-NEXT:   (body
# CHECK-NEXT:     (return a)))
