"""A sudoku solver by recursive backtracking on a 9x9 int array modified in place."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def allowed(g, r, c, v):
    for k in range(9):
        if g[r, k] == v or g[k, c] == v:
            return False
    br, bc = 3 * (r // 3), 3 * (c // 3)
    return not (g[br:br + 3, bc:bc + 3] == v).any()


@njit
def solve(g):
    for r in range(9):
        for c in range(9):
            if g[r, c] == 0:
                for v in range(1, 10):
                    if allowed(g, r, c, v):
                        g[r, c] = v
                        if solve(g):
                            return True
                        g[r, c] = 0
                return False
    return True


PUZZLE = """
530070000 600195000 098000060 800060003 400803001 700020006 060000280 000419005 000080079
"""


def check():
    g = np.array([[int(ch) for ch in row] for row in PUZZLE.split()], dtype=np.int64)
    check_same(solve, g)
    assert (np.sort(g, axis=1) == np.arange(1, 10)).all()
    assert (np.sort(g, axis=0).T == np.arange(1, 10)).all()
