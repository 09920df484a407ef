"""Functions as values and call forms: bisection over a passed @njit function, compose and
fold with function arguments, default and keyword arguments, *args, an explicit signature
with recursion, memoized recursion through a dict, a lambda closing over an argument, and
recursive path counting on a list grid."""
from numba import njit
from _same import check_same


@njit
def bisect_root(f, lo, hi, tol):
    flo = f(lo)
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        fm = f(mid)
        if abs(fm) < tol:
            return mid
        if (fm < 0) == (flo < 0):
            lo = mid
            flo = fm
        else:
            hi = mid
    return 0.5 * (lo + hi)


@njit
def cubic(x):
    return x * x * x - 2 * x - 5


@njit
def cosm(x):
    return x - 0.5


@njit
def solve_all():
    return bisect_root(cubic, 0.0, 3.0, 1e-12), bisect_root(cosm, -1.0, 2.0, 1e-12)


@njit
def compose_apply(f, g, xs):
    return [f(g(x)) for x in xs]


@njit
def inc(x):
    return x + 1


@njit
def dbl(x):
    return x * 2


@njit
def fold(f, xs, init):
    acc = init
    for x in xs:
        acc = f(acc, x)
    return acc


@njit
def add2(a, b):
    return a + b


@njit
def mx2(a, b):
    return a if a > b else b


@njit
def use_fold(xs):
    return fold(add2, xs, 0), fold(mx2, xs, -1000)


@njit
def default_args(a, b=2, c=3.0):
    return a * b + c


@njit
def call_defaults(x):
    return default_args(x), default_args(x, 5), default_args(x, c=0.5), default_args(b=1, a=x)


@njit
def star_args(*args):
    s = 0
    for a in args:
        s += a
    return s, len(args)


@njit
def call_star(x):
    t = (x, x + 1, x + 2)
    return star_args(*t), star_args(1, 2), star_args(5)


@njit("int64(int64)")
def tri(n):
    if n <= 0:
        return 0
    return n + tri(n - 1)


@njit
def memo_fib(n, memo):
    if n in memo:
        return memo[n]
    r = memo_fib(n - 1, memo) + memo_fib(n - 2, memo)
    memo[n] = r
    return r


@njit
def run_memo(n):
    memo = {0: 0, 1: 1}
    return memo_fib(n, memo), len(memo)


@njit
def lam(xs, k):
    f = lambda v: v * k + 1  # noqa: E731
    return [f(x) for x in xs]


@njit
def count_paths(grid, r, c):
    if r >= len(grid) or c >= len(grid[0]) or grid[r][c] == 1:
        return 0
    if r == len(grid) - 1 and c == len(grid[0]) - 1:
        return 1
    return count_paths(grid, r + 1, c) + count_paths(grid, r, c + 1)


@njit
def paths_main(n):
    g = [[0] * n for _ in range(n)]
    g[1][1] = 1
    g[2][0] = 1
    return count_paths(g, 0, 0)


def check():
    check_same(solve_all)
    check_same(compose_apply, inc, dbl, [1, 2, 3])
    check_same(compose_apply, dbl, inc, [1.5, 2.5])
    check_same(use_fold, [3, 9, -2, 7])
    check_same(call_defaults, 4)
    check_same(call_star, 10)
    check_same(tri, 50)
    check_same(lam, [1, 2, 3], 4)
    # run_memo and paths_main hand a dict / a list of lists to compiled callees, which their
    # Python originals cannot do (nopython mode takes neither from Python): known values.
    assert run_memo(60) == (1548008755920, 61)
    assert paths_main(5) == 15
