"""numba.cuda.kernels.transpose: a 2-D device array transposed into another, through tiles of
shared memory (one element per thread, a tile per block, rows padded by one element so that
the transposed reads do not conflict on shared memory banks), as Numba's kernel does."""
import math

from ... import _types, cuda
from .._devicearray import device_array


def transpose(a, b=None):
    """Writes a's transpose into the device array `b` (made, C-ordered, where not given) and
    returns `b`. `a` is a 2-D device array; b's shape must be a's reversed."""
    if b is None:
        b = device_array(a.shape[::-1], a.dtype)
    if a.ndim != 2 or tuple(b.shape) != tuple(a.shape[::-1]):
        raise ValueError("transpose: b's shape must be a's reversed, got %s and %s" % (a.shape, b.shape))
    dt = _types.scalar_type_of_dtype(a.dtype)
    tpb = cuda.get_current_device().MAX_THREADS_PER_BLOCK
    tile_width = int(math.pow(2, math.log(tpb, 2) / 2))  # the threads of a block as a square
    tile_height = tpb // tile_width
    tile_shape = (tile_height, tile_width + 1)

    @cuda.jit
    def kernel(input, output):
        tile = cuda.shared.array(shape=tile_shape, dtype=dt)
        tx = cuda.threadIdx.x
        ty = cuda.threadIdx.y
        bx = cuda.blockIdx.x * cuda.blockDim.x
        by = cuda.blockIdx.y * cuda.blockDim.y
        x = by + tx
        y = bx + ty
        if by + ty < input.shape[0] and bx + tx < input.shape[1]:
            tile[ty, tx] = input[by + ty, bx + tx]
        cuda.syncthreads()
        if y < output.shape[0] and x < output.shape[1]:
            output[y, x] = tile[tx, ty]

    blocks = b.shape[0] // tile_height + 1, b.shape[1] // tile_width + 1  # one per tile, and the rest
    kernel[blocks, (tile_height, tile_width)](a, b)
    return b
