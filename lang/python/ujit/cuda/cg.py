"""numba.cuda.cg: cooperative groups. Inside @cuda.jit code ujit compiles `cuda.cg.this_grid()`
and the grid group's `sync()` (a barrier of every thread of the grid); a kernel that uses them
is linked with CUDA's device runtime and always launched cooperatively, every block resident at
once (its overloads' `cooperative`, `max_cooperative_grid_blocks(blockdim)`). From Python they
only name things, as the rest of the kernel API does."""
from ._kernelapi import _KernelOnly


class GridGroup:
    """The type of `this_grid()`'s value in kernels: the grid of a cooperative launch."""

    def sync(self):
        raise RuntimeError("GridGroup.sync() can only be called from code compiled by @cuda.jit")


this_grid = _KernelOnly("cg.this_grid")
