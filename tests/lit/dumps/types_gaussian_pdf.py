# `ujit types` of the course's gaussian_pdf: float32 parameters and result, the float64
# exponent (-0.5 is a float64 literal) visible in the locals.
# RUN: %ujit types %s gaussian_pdf | FileCheck %s
import math
import numpy as np
from numba import vectorize

SQRT_2PI = np.float32((2 * math.pi) ** 0.5)


@vectorize(['float32(float32, float32, float32)'], target='cpu')
def gaussian_pdf(x, mean, sigma):
    z = (x - mean) / sigma
    e = math.exp(-0.5 * z ** 2)
    return e / (sigma * SQRT_2PI)


# CHECK: # gaussian_pdf (float32, float32, float32) -> float32
# CHECK: def gaussian_pdf(x, mean, sigma):
# CHECK-NEXT: #   x = float32
# CHECK-NEXT: #   mean = float32
# CHECK-NEXT: #   sigma = float32
# CHECK: z = (x - mean) / sigma
# CHECK-NEXT: #   z = float32
# CHECK: e = math.exp(-0.5 * z ** 2)
# CHECK-NEXT: #   e = float64
