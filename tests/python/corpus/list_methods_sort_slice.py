"""List methods (append/extend/insert/pop/remove/index/count/reverse/clear/copy), sorted and
list.sort with reverse and key, slicing, slice assignment and del, lists of lists,
concatenation and repetition, and lists of tuples."""
from numba import njit
from _same import check_same


@njit
def list_ops(n):
    a = [0]
    a.pop()
    for i in range(n):
        a.append(i * 3 % 7)
    a.extend([100, 200])
    a.insert(0, -1)
    a.insert(-1, 55)
    a.insert(100, 77)
    x = a.pop()
    y = a.pop(0)
    z = a.pop(-2)
    a.remove(100)
    k = a.index(3)
    c = a.count(0)
    a.reverse()
    return a, x, y, z, k, c


@njit
def sort_forms(a):
    b = sorted(a)
    c = sorted(a, reverse=True)
    d = list(a)
    d.sort()
    e = list(a)
    e.sort(reverse=True)
    return b, c, d, e


@njit
def sort_key(pairs):
    p = list(pairs)
    p.sort(key=lambda t: t[1])
    q = sorted(pairs, key=lambda t: -t[0])
    return p, q


@njit
def slicing(n):
    a = list(range(n))
    return a[2:5], a[::-1], a[-3:], a[1::3], a[:-2], a[5:2:-1]


@njit
def slice_assign(n):
    a = list(range(n))
    a[1:3] = [10, 20, 30, 40]
    del a[0]
    del a[2:4]
    return a


@njit
def list_of_lists(n):
    g = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            g[i][j] = i * j
    g[0].append(9)
    return g, sum([sum(r) for r in g])


@njit
def list_in(a, v):
    return v in a, v not in a


@njit
def list_concat(a, b):
    c = a + b
    c += [1]
    d = c * 2
    return d, len(d), a == b, a < b


@njit
def tuple_list(n):
    t = []
    for i in range(n):
        t.append((i % 3, float(i) / 2, i * i))
    t.sort()
    return t


@njit
def nested_comp(n):
    return [(i, j) for i in range(n) for j in range(i) if (i + j) % 2 == 0]


@njit
def list_clear(n):
    a = [1, 2, 3]
    a.clear()
    for i in range(n):
        a.append(i)
    b = a.copy()
    b[0] = 99
    return a, b


def check():
    check_same(list_ops, 10)
    check_same(sort_forms, [5, 3, -1, 8, 3, 0])
    check_same(sort_forms, [2.5, -1.0, 3.25])
    # Sort keys without ties: Numba's sort is not stable.
    check_same(sort_key, [(1, 5.0), (2, -1.0), (3, 2.0), (4, -0.5)])
    check_same(slicing, 10)
    check_same(slice_assign, 8)
    check_same(list_of_lists, 4)
    check_same(list_in, [1, 2, 3], 2)
    check_same(list_in, [1.5, 2.5], 3.0)
    check_same(list_concat, [1, 2], [1, 3])
    check_same(tuple_list, 7)
    check_same(nested_comp, 6)
    check_same(list_clear, 4)
