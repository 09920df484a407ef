# Recursive functions run from the command line, and the call stays a direct call (not
# inlined forever); the return type is inferred from the return that does not recurse.
# RUN: %ujit run %s fib 20 | FileCheck %s --check-prefix=FIB
# RUN: %ujit run %s is_even 1001 | FileCheck %s --check-prefix=EVEN
# RUN: %ujit run %s halves 100.0 | FileCheck %s --check-prefix=HALVES
# RUN: %ujit types %s fib --sig 'int64(int64)' | FileCheck %s --check-prefix=TYPES
# RUN: %ujit llvm %s fib --sig "int64(int64)" | FileCheck %s --check-prefix=IR
# RUN: %ujit asm %s fib --sig "int64(int64)" | FileCheck %s --check-prefix=ASM
from numba import njit


@njit
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@njit
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


@njit
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


@njit
def halves(x):
    if x < 1.0:
        return x
    return halves(x / 2.0) + 1.0


# FIB: 6765
# EVEN: False
# HALVES: 7.78125
# TYPES: # fib (int64) -> int64
# IR: define internal {{.*}}i64 @"fib$i8$ri8.impl"(i64
# IR-NOT: alwaysinline
# IR: call {{.*}}i64 @"fib$i8$ri8.impl"(
# The machine code the JIT runs (PIC, small code model) calls itself directly: no wrapper,
# no indirect call through a register.
# ASM-LABEL: {{^}}fib$i8$ri8.impl:
# ASM-NOT: callq *
# ASM: callq fib$i8$ri8.impl
# ASM-NOT: callq *
# ASM: .Lfunc_end0:
