"""numba.prange: `range` when called from Python; in compiled code a loop over the range.

ujit runs a prange loop serially, with or without `parallel=True`: the same results as
Numba's (up to the order of floating-point reductions), not its threads.
"""


class prange:
    """prange(stop) / prange(start, stop[, step]): in Python, the range itself (as Numba)."""

    def __new__(cls, *args):
        return range(*args)
