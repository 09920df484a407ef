# polar_distance(rho1, theta1, rho2, theta2): the Euclidean distance between two points
# given in polar coordinates, as a float32 CPU ufunc. polar_to_cartesian is a helper in the
# role of a device function: it returns a tuple, a value that never touches memory.
# From the Numba course ("CUDA Basics": device functions); polar_distance_cuda.py is the
# course's GPU version, with @cuda.jit(device=True) and target='cuda'.
import math
from numba import njit, vectorize


@njit
def polar_to_cartesian(rho, theta):
    x = rho * math.cos(theta)
    y = rho * math.sin(theta)
    return x, y  # This is Python, so let's return a tuple


@vectorize(['float32(float32, float32, float32, float32)'])
def polar_distance(rho1, theta1, rho2, theta2):
    x1, y1 = polar_to_cartesian(rho1, theta1)
    x2, y2 = polar_to_cartesian(rho2, theta2)
    return ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5
