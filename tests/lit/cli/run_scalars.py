# `ujit run` with Python literals: results printed as Python's repr.
# RUN: %ujit run %s hypot 3.0 4.0 | FileCheck %s --check-prefix=HYPOT
# RUN: %ujit run %s hypot 3 4 | FileCheck %s --check-prefix=HYPOT
# RUN: %ujit run %s hypot -- -3.0 4 | FileCheck %s --check-prefix=HYPOT
# RUN: %ujit run %s hypot inf 1.0 | FileCheck %s --check-prefix=INF
# RUN: %ujit run %s divmod_floor -7 2 | FileCheck %s --check-prefix=TUPLE
# RUN: %ujit run %s is_positive -0.5 | FileCheck %s --check-prefix=BOOL
# RUN: %ujit run %s half --sig 'float32(float32)' 3 | FileCheck %s --check-prefix=F32
# RUN: %ujit run %s nothing 1 | FileCheck %s --check-prefix=NONE
import math
from numba import njit


@njit
def hypot(x, y):
    return math.sqrt(x * x + y * y)


@njit
def divmod_floor(a, b):
    return a // b, a % b


@njit
def is_positive(x):
    return x > 0


@njit
def half(x):
    return x / 2


@njit
def nothing(x):
    pass


# HYPOT: {{^}}5.0{{$}}
# INF: {{^}}inf{{$}}
# TUPLE: {{^}}(-4, 1){{$}}
# BOOL: {{^}}False{{$}}
# F32: {{^}}1.5{{$}}
# NONE: {{^}}None{{$}}
