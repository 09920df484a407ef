# tile_transpose(a_in, a_out): a_out = a_in.T for float32 matrices, one TILE_DIM x TILE_DIM
# tile per block: the tile is read row-wise into shared memory, then written out transposed,
# so both global reads and writes are coalesced.
# Launch with blockdim (TILE_DIM, TILE_DIM) and griddim (cols // TILE_DIM, rows // TILE_DIM);
# both dimensions must be multiples of TILE_DIM.
# From the Numba course ("Extra Topics": shared memory).
import numba
from numba import cuda

TILE_DIM = 32


@cuda.jit
def tile_transpose(a_in, a_out):
    tile = cuda.shared.array((TILE_DIM, TILE_DIM), numba.float32)

    x = cuda.blockIdx.x * TILE_DIM + cuda.threadIdx.x
    y = cuda.blockIdx.y * TILE_DIM + cuda.threadIdx.y
    tile[cuda.threadIdx.y, cuda.threadIdx.x] = a_in[y, x]  # read the tile into shared memory

    cuda.syncthreads()  # wait until the whole block has written the tile

    # Compute transposed offsets
    x = cuda.blockIdx.y * TILE_DIM + cuda.threadIdx.x
    y = cuda.blockIdx.x * TILE_DIM + cuda.threadIdx.y
    a_out[y, x] = tile[cuda.threadIdx.x, cuda.threadIdx.y]
