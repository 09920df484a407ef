# int // int rounds toward negative infinity (Python), not toward zero (C's sdiv): the
# quotient is corrected when the remainder is non-zero and its sign differs from the
# divisor's. Division by zero raises instead of trapping.
# RUN: %ujit llvm %s floordiv --sig 'int64(int64, int64)' -O 0 | FileCheck %s
# RUN: %ujit run %s floordiv -- -7 2 | FileCheck %s --check-prefix=OUT
from numba import njit


@njit
def floordiv(a, b):
    return a // b


# CHECK: define {{.*}}i64 @{{.*}}floordiv
# CHECK-DAG: icmp eq i64 {{.*}}, 0
# CHECK-DAG: sdiv i64
# CHECK-DAG: srem i64
# CHECK: xor i64
# CHECK: icmp slt i64
# OUT: -4
