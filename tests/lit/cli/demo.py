# `ujit demo` runs the course examples, checks them, and prints add_kernel's PTX.
# RUN: %ujit demo --examples %examples | FileCheck %s --implicit-check-not=MISMATCH
# RUN: %expect-status 1 %ujit demo --examples %t.nonexistent 2>&1 | FileCheck %s --check-prefix=NODIR
# CHECK: the Numba course examples from
# CHECK: hypot(3.0, 4.0){{ +}}5.0
# CHECK: monte_carlo_pi(10000000){{ +}}3.1
# CHECK: gaussian_pdf
# CHECK: polar_distance
# CHECK: add_kernel
# CHECK: .entry
# NODIR: error: cannot find the examples
