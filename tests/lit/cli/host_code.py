# A user's real Numba file: the decorated functions are compiled; the script around them
# (host code: prints, loops, classes, `with`, comprehensions, f-strings, arrays made at
# run time, imports of other libraries, `if __name__ == "__main__":`) is left to Python,
# as Numba leaves it, and `ujit check` says so.
# RUN: %expect-status 0 %ujit check %s 2>&1 | FileCheck %s --check-prefix=COUNT
# RUN: %expect-status 0 %ujit check --verbose %s 2>&1 | FileCheck %s --check-prefix=VERBOSE
# RUN: %ujit run %s scale 4.0 | FileCheck %s --check-prefix=SCALE
# RUN: %ujit run %s tile_sum 2 | FileCheck %s --check-prefix=TILE
import time

import matplotlib.pyplot as plt
import numba
import numba.cuda
import numpy as np
from numba import cuda, float32, types
from numba.cuda import jit as cuda_jit

N = 10
x = np.random.rand(N)
TILE = 16
TILE_PADDED = TILE + 1
for k in range(3):
    N += k


@numba.njit
def scale(a):
    return a * 2.0


@numba.njit(types.int64(types.int64))
def tile_sum(n):
    return n * TILE_PADDED + numba.types.int32(1)


@cuda_jit
def shared_kernel(out):
    s = cuda.shared.array((TILE, TILE_PADDED), numba.types.int32)
    s[0, 0] = 1
    out[0] = s[0, 0]


class Point:
    def __init__(self):
        self.v = [i for i in range(3)]


with open("/dev/null") as fh:
    pass

try:
    import scipy
except ImportError:
    scipy = None

print(f"result: {scale(4.0):.2f}", {"a": 1})
data = {"k": lambda z: z + 1}

if __name__ == "__main__":
    t0 = time.time()
    print(scale(4.0))
else:
    pass

# COUNT: host_code.py: note: 10 top-level statements left to Python (--verbose lists them)
# COUNT: host_code.py: ok (3 functions, 1 signature compiled)
# VERBOSE: host_code.py:9:8: note: left to Python: 'import time' is left to Python
# VERBOSE: host_code.py:11:8: note: left to Python: 'import matplotlib.pyplot' is left to Python
# VERBOSE: host_code.py:19:1: note: left to Python: module-level variable 'x' must be a constant expression: calls to 'np.random.rand' are not supported in a constant expression
# VERBOSE: host_code.py:22:1: note: left to Python: module-level 'for' loops are left to Python
# VERBOSE: host_code.py:43:1: note: left to Python: class definitions are not supported by ujit
# VERBOSE: host_code.py:48:1: note: left to Python: 'with' statements are not supported by ujit
# VERBOSE: host_code.py:51:1: note: left to Python: 'try' statements are not supported by ujit
# VERBOSE: host_code.py:56:1: note: left to Python: f-strings with a format spec are not supported by ujit
# VERBOSE: host_code.py:57:1: note: left to Python: module-level variable 'data' must be a constant expression: set and dict literals are not supported by ujit
# VERBOSE: host_code.py:59:1: note: left to Python: module-level 'if' statements are left to Python
# VERBOSE: host_code.py: ok (3 functions, 1 signature compiled)
# SCALE: 8.0
# TILE: 35
