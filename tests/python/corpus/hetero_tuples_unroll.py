"""Tuples of mixed types: building and indexing a heterogeneous tuple, literal_unroll over
(str, number) pairs, iterating and slicing homogeneous tuples, tuples replaced in a loop,
swap/rotate and chained assignment, a set of tuples, nested tuple unpacking in a for target,
and zip over strings and ints."""
from numba import njit, literal_unroll
from _same import check_same


@njit
def hetero_tuple(n):
    t = (n, float(n) / 4, "n=" + str(n), n > 2, (n, n))
    return t, t[2], t[4][1]


@njit
def unroll_sum(tup):
    s = 0.0
    names = []
    for v in literal_unroll(tup):
        s += v[1]
        names.append(v[0])
    return s, names


@njit
def tuple_iter_homog(t):
    out = 0
    for v in t:
        out = out * 10 + v
    return out


@njit
def tuple_slicing(t):
    return t[1:], t[:-1], t[::2], t[::-1], len(t[1:3])


@njit
def tuple_build_loop(n):
    best = (0, -1.0)
    for i in range(n):
        cand = (i, (i * 37 % 11) / 3.0)
        if cand[1] > best[1]:
            best = cand
    return best


@njit
def swap_rotate(a, b, c):
    a, b, c = b, c, a
    x = y = a + b
    x += 1
    return a, b, c, x, y


@njit
def tuple_in_set(pairs, q):
    s = set(pairs)
    return [p in s for p in q]


@njit
def nested_unpack(data):
    total = 0
    for (a, b), (c, d) in data:
        total += a * d - b * c
    return total


@njit
def zip_unpack_strings(names, scores):
    best = ""
    bs = -1
    for n, s in zip(names, scores):
        if s > bs:
            bs = s
            best = n
    return best, bs


def check():
    check_same(hetero_tuple, 5)
    check_same(unroll_sum, (("a", 1.5), ("bb", 2), ("c", 3.25)))
    check_same(tuple_iter_homog, (1, 2, 3, 4))
    check_same(tuple_slicing, (1, 2, 3, 4, 5))
    check_same(tuple_build_loop, 20)
    check_same(swap_rotate, 1, 2, 3)
    check_same(tuple_in_set, [(1, 2), (3, 4)], [(1, 2), (2, 1), (3, 4)])
    check_same(nested_unpack, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    check_same(zip_unpack_strings, ["x", "y", "z"], [3, 9, 2])
