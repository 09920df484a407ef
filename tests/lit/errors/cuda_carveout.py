# shared_memory_carveout= of @cuda.jit names a carveout numba-cuda knows.
# RUN: %ujit check --verify %s
from numba import cuda


# expected-error@+1:34 {{Invalid carveout value: Most. Must be -1 to 100 or one of ['default', 'maxl1', 'maxshared']}}
@cuda.jit(shared_memory_carveout="Most")
def unknown(a):
    a[0] = 1
