"""Optional values and type unification: a search returning an index or None, a running
best that starts as None, int/float unification across branches and returns, and a call to
a function that returns nothing."""
from numba import njit
from _same import check_same


@njit
def find_idx(xs, t):
    for i in range(len(xs)):
        if xs[i] == t:
            return i
    return None


@njit
def use_find(xs, qs):
    out = []
    for q in qs:
        r = find_idx(xs, q)
        if r is None:
            out.append(-1)
        else:
            out.append(r * 10)
    return out


@njit
def maybe_best(xs):
    best = None
    for x in xs:
        if x > 0:
            if best is None or x < best:
                best = x
    return best


@njit
def unify_num(flag, n):
    v = 0
    if flag:
        v = 2.5
    for i in range(n):
        v += i
    return v


@njit
def ret_unify(x):
    if x > 0:
        return 1
    return 0.5


@njit
def none_func(xs):
    xs.append(1)


@njit
def call_none(xs):
    r = none_func(xs)
    return r is None, len(xs)


def check():
    check_same(use_find, [4, 5, 6], [5, 9, 4])
    check_same(find_idx, [4, 5, 6], 9)
    check_same(find_idx, [4, 5, 6], 6)
    check_same(maybe_best, [-1, 5, 3, -2, 8])
    check_same(maybe_best, [-1, -3])
    check_same(unify_num, True, 4)
    check_same(unify_num, False, 4)
    check_same(ret_unify, 3)
    check_same(ret_unify, -3)
    check_same(call_none, [0])
