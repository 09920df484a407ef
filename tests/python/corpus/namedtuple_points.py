"""collections.namedtuple values in compiled code: built inside, read by attribute and by
index, returned to Python, and passed in from Python."""
from collections import namedtuple

from numba import njit
from _same import check_same


Point = namedtuple("Point", ["x", "y"])


@njit
def midpoint(a, b):
    return Point((a.x + b.x) / 2, (a.y + b.y) / 2)


@njit
def perimeter(xs, ys):
    pts = [Point(xs[i], ys[i]) for i in range(len(xs))]
    total = 0.0
    for i in range(len(pts)):
        p, q = pts[i], pts[(i + 1) % len(pts)]
        total += ((p.x - q.x) ** 2 + (p[1] - q[1]) ** 2) ** 0.5
    return total


def check():
    m = check_same(midpoint, Point(0.0, 0.0), Point(3.0, 4.0))
    assert m.x == 1.5 and m.y == 2.0
    check_same(perimeter, [0.0, 3.0, 3.0, 0.0], [0.0, 0.0, 4.0, 4.0])
