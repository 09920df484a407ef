"""Arrays owned by compiled code: `rtsys.get_allocation_stats()`, Numba's
`numba.core.runtime.rtsys.get_allocation_stats()` (also reachable under that name)."""
import collections

from .._native import ext

_nrt_mstats = collections.namedtuple("_nrt_mstats", ["alloc", "free", "mi_alloc", "mi_free"])


class _RuntimeSystem:
    """Numba's `rtsys`: the counters of the array runtime (src/nrt)."""

    def get_allocation_stats(self):
        """Blocks allocated and freed, headers made and released, since the process started."""
        return _nrt_mstats(*ext.allocation_stats())


rtsys = _RuntimeSystem()


def blas_library():
    """The CBLAS library np.dot and `@` use in compiled code (" (ILP64)" appended for NumPy's
    bundled scipy-openblas64), or "" when there is none and ujit computes with its own loops."""
    return ext.blas_library()
