# datetime64 / timedelta64 in a kernel lower to int64 arithmetic on both targets: a month plus
# days goes through the calendar (codegen/lower_datetime.cpp), with no branch and no table, and
# the PTX assembles. `ujit types` spells the types as Numba does.
# REQUIRES: ptxas
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %ujit ptx %s shift --arch sm_90 --sig 'void(datetime64[M][::1], timedelta64[D], datetime64[D][::1])' > shift.ptx
# RUN: FileCheck %s < shift.ptx
# RUN: ptxas -arch=sm_90 -c shift.ptx -o shift.o
# RUN: %ujit types %s shift --sig 'void(datetime64[M][::1], timedelta64[D], datetime64[D][::1])' | FileCheck %s --check-prefix=TYPES
from numba import cuda


@cuda.jit
def shift(months, by, out):
    i = cuda.grid(1)
    if i < out.size:
        day = months[i] + by
        out[i] = day


# CHECK: .visible .entry
# TYPES: months = array(datetime64[M], 1d, C)
# TYPES: by = timedelta64[D]
# TYPES: day = datetime64[D]
