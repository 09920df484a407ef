# tile_transpose_padded(a_in, a_out): the same transpose as tile_transpose.py, with the
# shared tile padded by one column (TILE_DIM + 1) so that reading a tile column hits 32
# different shared-memory banks instead of one (no bank conflicts).
# Launch with blockdim (TILE_DIM, TILE_DIM) and griddim (cols // TILE_DIM, rows // TILE_DIM).
# From the Numba course ("Extra Topics": shared memory, Mark Harris' padding trick).
import numba
from numba import cuda

TILE_DIM = 32
TILE_DIM_PADDED = TILE_DIM + 1  # a module constant computed from another one


@cuda.jit
def tile_transpose_padded(a_in, a_out):
    tile = cuda.shared.array((TILE_DIM, TILE_DIM_PADDED), numba.float32)

    x = cuda.blockIdx.x * TILE_DIM + cuda.threadIdx.x
    y = cuda.blockIdx.y * TILE_DIM + cuda.threadIdx.y
    tile[cuda.threadIdx.y, cuda.threadIdx.x] = a_in[y, x]

    cuda.syncthreads()

    x = cuda.blockIdx.y * TILE_DIM + cuda.threadIdx.x
    y = cuda.blockIdx.x * TILE_DIM + cuda.threadIdx.y
    a_out[y, x] = tile[cuda.threadIdx.x, cuda.threadIdx.y]
