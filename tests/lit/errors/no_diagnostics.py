# The course examples' kind of code checks cleanly (the verifier's other half: no
# diagnostic may appear where none is expected).
# RUN: %ujit check --verify %s
# expected-no-diagnostics
# verify-sig: hypot float32(float32, float32)
import math
from numba import jit


@jit('float64(float64, float64)')
def hypot(x, y):
    x = abs(x)
    y = abs(y)
    t = min(x, y)
    x = max(x, y)
    t = t / x
    return x * math.sqrt(1 + t * t)
