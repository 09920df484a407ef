# numba.cuda.random from the command line: `ujit rng-states` writes Numba's states (checked
# against the independent oracle), `ujit run` passes them to the course's compute_pi kernel
# (on the CPU here, --save gives the states it advanced), `ujit ptx` builds valid PTX.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %ujit rng-states 1536 1 -o %t/states.npy
# RUN: %ujit rng-states 3 12345 --subsequence-start 2 -o %t/sub.npy
# RUN: %python -c "import sys; sys.path.insert(0, '%examples/../../tools/scripts'); import numpy as np, xoroshiro_oracle as o; s = np.load('%t/states.npy'); assert s.dtype == np.uint64 and s.shape == (1536, 2); assert [tuple(map(int, r)) for r in s[:4]] == o.create_states(4, 1); t = np.load('%t/sub.npy'); assert [tuple(map(int, r)) for r in t] == o.create_states(3, 12345, 2)"
# RUN: %python -c "import numpy as np; np.save('%t/out.npy', np.zeros(1536, dtype=np.float32))"
# RUN: %ujit run %s compute_pi %t/states.npy 10000 %t/out.npy --launch 24,64 --target cpu --save %t/pi
# RUN: %python -c "import numpy as np; o = np.load('%t/pi/out.npy'); assert abs(o.mean() - np.pi) < 0.01, o.mean(); s = np.load('%t/pi/rng_states.npy'); assert (s != np.load('%t/states.npy')).all()"
#
# The PTX assembles; the uniform draw is the float64 product rounded to float32.
# RUN: %ujit ptx %s compute_pi --sig 'void(uint64[:, ::1], int32, float32[::1])' --arch sm_90 > %t/pi.ptx
# RUN: FileCheck %s < %t/pi.ptx
# RUN: ptxas -arch=sm_90 %t/pi.ptx -o %t/pi.cubin
# RUN: %ujit check %s
#
# Bad command lines.
# RUN: %expect-status 2 %ujit rng-states 4 1 2>&1 | FileCheck %s --check-prefix=NOOUT
# RUN: %expect-status 2 %ujit rng-states -4 1 -o %t/x.npy 2>&1 | FileCheck %s --check-prefix=NEG
from numba import cuda
from numba.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float32


@cuda.jit
def compute_pi(rng_states, iterations, out):
    thread_id = cuda.grid(1)
    inside = 0
    for i in range(iterations):
        x = xoroshiro128p_uniform_float32(rng_states, thread_id)
        y = xoroshiro128p_uniform_float32(rng_states, thread_id)
        if x**2 + y**2 <= 1.0:
            inside += 1
    out[thread_id] = 4.0 * inside / iterations


# CHECK: .entry {{.*}}compute_pi
# CHECK: cvt.rn.f32.f64
# NOOUT: rng-states needs -o STATES.npy
# NEG: invalid number of states '-4'
