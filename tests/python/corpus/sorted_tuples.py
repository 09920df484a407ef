"""sorted() of lists of tuples without a key (lexicographic), min/max of tuples, and ranking
scores with ties broken by name."""
from numba import njit
from _same import check_same


@njit
def order_pairs(xs, ys):
    pairs = [(xs[i], ys[i]) for i in range(len(xs))]
    s = sorted(pairs)
    r = sorted(pairs, reverse=True)
    return s, r[0], min(pairs), max(pairs)


@njit
def ranking(names, scores):
    rows = []
    for i in range(len(names)):
        rows.append((-scores[i], names[i]))
    rows.sort()
    return [name for _, name in rows]


def check():
    check_same(order_pairs, [3, 1, 2, 1, 3], [0.5, 2.0, 1.0, -1.0, 0.25])
    check_same(ranking, ["bob", "amy", "cat", "dan"], [70, 90, 70, 85])
