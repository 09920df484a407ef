# thread_counter_race_condition / thread_counter_safe(global_counter): every thread adds 1
# to global_counter[0]. The first races (lost updates); the second uses an atomic add and
# counts every thread. From the Numba course ("Writing CUDA Kernels": atomics).
from numba import cuda


@cuda.jit
def thread_counter_race_condition(global_counter):
    global_counter[0] += 1  # This is bad


@cuda.jit
def thread_counter_safe(global_counter):
    cuda.atomic.add(global_counter, 0, 1)  # Safely add 1 to offset 0 in global_counter array
