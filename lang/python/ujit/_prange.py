"""numba.prange: `range` when called from Python; in compiled code a loop over the range.

In a `parallel=True` function the loop runs on ujit's thread pool (its body outlined over
chunks of the iterations, reductions combined after it); elsewhere it is a plain range loop,
as in Numba.
"""


class prange:
    """prange(stop) / prange(start, stop[, step]): in Python, the range itself (as Numba)."""

    def __new__(cls, *args):
        return range(*args)
