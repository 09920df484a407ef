# `ujit run` of a literal_unroll loop over a tuple of an int, a float and a str (CPython's
# answers): the body is compiled once per item, isinstance choosing each copy's branch; `ujit
# types` shows each copy's own loop variable, on the loop's line.
# RUN: %ujit run %s describe "(3, 2.5, 'hello')" | FileCheck %s --check-prefix=OUT
# RUN: %ujit run %s describe "(1,)" | FileCheck %s --check-prefix=ONE
# RUN: %ujit types %s describe --sig 'int64(Tuple(int64, float64, unicode_type))' | FileCheck %s --check-prefix=TYPES
# ONE: {{^}}-1{{$}}
# OUT: {{^}}8{{$}}
# TYPES: for item in literal_unroll(t):
# TYPES-NEXT: #   item$u{{[0-9]+}}_0 = int64
# TYPES-NEXT: #   item$u{{[0-9]+}}_1 = float64
# TYPES-NEXT: #   item$u{{[0-9]+}}_2 = unicode_type
from numba import literal_unroll, njit


@njit
def describe(t):
    n = 0
    for item in literal_unroll(t):
        if isinstance(item, str):
            n += len(item)
        elif isinstance(item, float):
            n += 2
        else:
            n += item - 2
    return n
