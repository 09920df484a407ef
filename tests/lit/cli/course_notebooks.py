# The course's notebooks as scripts (tests/python/notebooks, run by test_notebooks.py):
# `ujit check` accepts each whole file, host code, `import ujit as numba`-style imports
# and redefined functions included, and `ujit run` runs their functions without a GPU.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %expect-status 0 %ujit check %S/../../python/notebooks/nb1_basics.py 2>&1 | FileCheck %s --check-prefix=NB1
# RUN: %expect-status 0 %ujit check %S/../../python/notebooks/nb2_cuda_basics.py 2>&1 | FileCheck %s --check-prefix=NB2
# RUN: %expect-status 0 %ujit check %S/../../python/notebooks/nb3_memory.py 2>&1 | FileCheck %s --check-prefix=NB3
# RUN: %expect-status 0 %ujit check %S/../../python/notebooks/nb3_memory_device.py 2>&1 | FileCheck %s --check-prefix=NB3D
# RUN: %expect-status 0 %ujit check %S/../../python/notebooks/nb4_kernels.py 2>&1 | FileCheck %s --check-prefix=NB4
# RUN: %expect-status 0 %ujit check %S/../../python/notebooks/nb4_kernels_device.py 2>&1 | FileCheck %s --check-prefix=NB4D
# RUN: %expect-status 0 %ujit check %S/../../python/notebooks/nb5_debugging.py 2>&1 | FileCheck %s --check-prefix=NB5
# RUN: %expect-status 0 %ujit check %S/../../python/notebooks/nb6_extra.py 2>&1 | FileCheck %s --check-prefix=NB6
# RUN: %expect-status 0 %ujit check %S/../../python/notebooks/nb6_random.py 2>&1 | FileCheck %s --check-prefix=NB6R
#
# Their functions through `ujit run`: hypot (float and int arguments), the later add_kernel,
# the tile transpose, and the debug=True kernel whose 'or' bug indexes past the histogram.
# RUN: %ujit run %S/../../python/notebooks/nb1_basics.py hypot 3.0 4.0 | FileCheck %s --check-prefix=HYPOT
# RUN: %ujit run %S/../../python/notebooks/nb1_basics.py hypot 5 12 | FileCheck %s --check-prefix=HYPOT-INT
# RUN: %python -c "import numpy as np; x = np.arange(1000, dtype=np.float32); np.save('%t/x.npy', x); np.save('%t/y.npy', 2 * x); np.save('%t/o32.npy', np.zeros(1000, dtype=np.float32)); np.save('%t/a.npy', np.arange(64 * 64, dtype=np.int32).reshape(64, 64)); np.save('%t/b.npy', np.zeros((64, 64), dtype=np.int32)); np.save('%t/far.npy', np.full(50, 12.0, dtype=np.float32)); np.save('%t/h.npy', np.zeros(10, dtype=np.int32))"
# RUN: %ujit run %S/../../python/notebooks/nb4_kernels.py add_kernel %t/x.npy %t/y.npy %t/o32.npy --launch 4,128 --target cpu --save %t/add
# RUN: %python -c "import numpy as np; x = np.arange(1000, dtype=np.float32); o = np.load('%t/add/out.npy'); assert (o == 3 * x).all(), o"
# RUN: %ujit run %S/../../python/notebooks/nb6_extra.py tile_transpose %t/a.npy %t/b.npy --launch 2x2,32x8 --target cpu --save %t/tr
# RUN: %python -c "import numpy as np; a = np.arange(64 * 64, dtype=np.int32).reshape(64, 64); b = np.load('%t/tr/a_out.npy'); assert (b == a.T).all(), b"
# RUN: %expect-status 1 %ujit run %S/../../python/notebooks/nb5_debugging.py histogram_out_of_bounds %t/far.npy -4.0 4.0 %t/h.npy --launch 64,64 --target cpu 2>&1 | FileCheck %s --check-prefix=OOB

# NB1: nb1_basics.py: note: 16 top-level statements left to Python (--verbose lists them)
# NB1-NEXT: nb1_basics.py: ok (5 functions, 0 signatures compiled)
# NB2: nb2_cuda_basics.py: ok (5 functions, 4 signatures compiled)
# NB3: nb3_memory.py: ok (2 functions, 2 signatures compiled)
# NB3D: nb3_memory_device.py: ok (2 functions, 2 signatures compiled)
# NB4: nb4_kernels.py: ok (5 functions, 0 signatures compiled)
# NB4D: nb4_kernels_device.py: ok (2 functions, 0 signatures compiled)
# NB5: nb5_debugging.py: ok (4 functions, 0 signatures compiled)
# NB6: nb6_extra.py: ok (3 functions, 1 signature compiled)
# NB6R: nb6_random.py: ok (1 function, 0 signatures compiled)
# HYPOT: {{^}}5.0{{$}}
# HYPOT-INT: {{^}}13.0{{$}}
# OOB: error: IndexError: index out of bounds (in histogram_out_of_bounds at {{.*}}nb5_debugging.py:34:13; kernel 'histogram_out_of_bounds'
