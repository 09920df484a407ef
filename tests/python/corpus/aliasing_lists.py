"""List aliasing as Python has it: [[0] * 3] * 3 repeats one inner list (a write shows in every
row), a list assigned to a second name is the same list, and copies made with list() or a
slice are not."""
from numba import njit
from _same import check_same


@njit
def repeated_rows():
    grid = [[0] * 3] * 3
    grid[0][1] = 5
    return grid


@njit
def names_and_copies(n):
    a = list(range(n))
    b = a
    c = a[:]
    d = list(a)
    b.append(99)
    c[0] = -1
    d.pop()
    return a, b, c, d


def check():
    check_same(repeated_rows)
    check_same(names_and_copies, 4)
