"""Lists and sets passed from Python and mutated in compiled code (reflection): in-place
dedupe with pop, append/insert/reverse, clear, sort and item assignment, set add/discard,
string items replaced, a list of tuples sorted and extended, and slice assignment with del;
the caller's list afterwards must match what Python leaves."""
import copy

from numba import njit
from _same import same


@njit
def dedupe_inplace(xs):
    seen = set()
    i = 0
    while i < len(xs):
        if xs[i] in seen:
            xs.pop(i)
        else:
            seen.add(xs[i])
            i += 1
    return len(xs)


@njit
def grow(xs, n):
    for i in range(n):
        xs.append(xs[-1] * 2)
    xs.insert(0, -1)
    xs.reverse()
    return 0


@njit
def shrink_all(xs):
    xs.clear()
    return 1


@njit
def sort_inplace(xs):
    xs.sort()
    xs[0] = -99.5
    return xs[-1]


@njit
def set_mutate(s, extra):
    for e in extra:
        s.add(e)
    s.discard(1)
    return len(s)


@njit
def str_list_mutate(words):
    for i in range(len(words)):
        words[i] = words[i].upper()
    words.append("END")
    return len(words)


@njit
def tuple_list_mutate(pts):
    pts.sort()
    pts.append((0, 0))
    return pts[0]


@njit
def slice_mutate(xs):
    xs[1:3] = [7, 7, 7]
    del xs[-1]
    return len(xs)


def check_reflect(f, *args):
    """Results agree, and so do the list and set arguments after the call (sets compared
    sorted: their iteration order is not part of the comparison)."""
    py_args = copy.deepcopy(args)
    same(f(*args), f.py_func(*py_args))
    for i, (a, b) in enumerate(zip(args, py_args)):
        if isinstance(b, set):
            assert sorted(a) == sorted(b), "argument %d: %r != %r" % (i, a, b)
        elif isinstance(b, list):
            same(a, b, path="argument %d after the call" % i)


def check():
    check_reflect(dedupe_inplace, [3, 1, 3, 2, 1, 5, 2])
    check_reflect(grow, [1, 2], 3)
    check_reflect(shrink_all, [1, 2, 3])
    check_reflect(sort_inplace, [3.0, 1.0, 2.0])
    check_reflect(set_mutate, {1, 2, 3}, [9, 10, 2])
    check_reflect(str_list_mutate, ["ab", "cd"])
    check_reflect(tuple_list_mutate, [(3, 1), (1, 2), (2, 0)])
    check_reflect(slice_mutate, [1, 2, 3, 4, 5])
