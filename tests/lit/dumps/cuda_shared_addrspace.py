# cuda.shared.array lives in the shared address space (addrspace(3)) and syncthreads is
# the barrier intrinsic. Like Numba, the IR reaches the array through a generic pointer
# (an addrspacecast); NVPTX's address-space inference turns the accesses back into
# st.shared / ld.shared, which the PTX check makes sure of. Rows of 64 bytes get one
# element of padding (16 x 17 floats) so that reading a column hits 16 different banks.
# RUN: %ujit llvm %s transpose --target cuda --sig 'void(float32[:, :], float32[:, :])' | FileCheck %s
# RUN: %ujit ptx %s transpose --arch sm_90 --sig 'void(float32[:, :], float32[:, :])' | FileCheck %s --check-prefix=PTX
import numba
from numba import cuda

TILE = 16


@cuda.jit
def transpose(a_in, a_out):
    tile = cuda.shared.array((TILE, TILE), numba.float32)
    x = cuda.blockIdx.x * TILE + cuda.threadIdx.x
    y = cuda.blockIdx.y * TILE + cuda.threadIdx.y
    tile[cuda.threadIdx.y, cuda.threadIdx.x] = a_in[y, x]
    cuda.syncthreads()
    x = cuda.blockIdx.y * TILE + cuda.threadIdx.x
    y = cuda.blockIdx.x * TILE + cuda.threadIdx.y
    a_out[y, x] = tile[cuda.threadIdx.x, cuda.threadIdx.y]


# CHECK: addrspace(3) global [272 x float]
# CHECK: define {{.*}}void @{{.*}}transpose
# CHECK: addrspacecast (ptr addrspace(3) @{{.*}} to ptr)
# CHECK: store float
# CHECK: call void @llvm.nvvm.barrier0()
# CHECK: load float

# PTX: .entry
# PTX: .shared .align {{[0-9]+}} .b8 {{.*}}[1088];
# PTX: st.shared.f32
# PTX: bar.sync 0;
# PTX: ld.shared.f32
