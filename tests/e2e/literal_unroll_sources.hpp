// The functions of literal_unroll_test.cpp and the kernel of gpu_literal_unroll_test.cpp (run
// on a GPU, and on the CPU through cpu_literal_unroll_test.cpp): loops over tuples whose items
// differ in type, unrolled one copy of the body per item as Numba's literal_unroll does.
#pragma once

#include "ujit/ujit.hpp"

namespace ujit::gputest {

inline const char* kLiteralUnrollSource = R"PY(
import numpy as np
from numba import cuda, njit, literal_unroll


@njit
def sizes(t):
    n = 0.0
    for item in literal_unroll(t):
        if isinstance(item, int):
            n += 1
        elif isinstance(item, float):
            n += item
        else:
            n += len(item)
    return n


@njit
def first_str_length(t):
    for item in literal_unroll(t):
        if not isinstance(item, str):
            continue
        return len(item)
    return -1


# out[i] = 2.5 + a[i] + 30 + b[i]: each item of the tuple made in the kernel is its own copy
# of the body, the branches isinstance rules out never compiled for it.
@cuda.jit
def unroll_kernel(out, a, b):
    i = cuda.grid(1)
    if i < out.shape[0]:
        acc = 0.0
        for item in literal_unroll((a, 2.5, b, 3)):
            if isinstance(item, float):
                acc += item
            elif isinstance(item, int):
                acc += item * 10
            else:
                acc += item[i]
        out[i] = acc
)PY";

inline Module& literal_unroll_module() {
    static Module m = Module::from_string(kLiteralUnrollSource, "literal_unroll.py");
    return m;
}

}  // namespace ujit::gputest
