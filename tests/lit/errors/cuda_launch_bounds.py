# launch_bounds= of @cuda.jit takes at most three bounds, as numba-cuda.
# RUN: %ujit check --verify %s
from numba import cuda


# expected-error@+1:25 {{Got 4 launch bounds. A maximum of three are supported: (max_threads_per_block, min_blocks_per_sm, max_blocks_per_cluster)}}
@cuda.jit(launch_bounds=(128, 2, 4, 8))
def four(a):
    a[0] = 1
