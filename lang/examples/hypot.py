# hypot(x, y): the length of the vector (x, y), sqrt(x*x + y*y), computed without
# overflowing for large inputs: scale by the larger magnitude first.
# From the Numba course ("Numba Basics"): the first @jit function.
import math
from numba import jit


@jit
def hypot(x, y):
    # Implementation from https://en.wikipedia.org/wiki/Hypot
    x = abs(x)
    y = abs(y)
    t = min(x, y)
    x = max(x, y)
    t = t / x
    return x * math.sqrt(1 + t * t)
