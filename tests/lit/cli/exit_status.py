# Exit statuses: 0 success, 1 an error in the program or its inputs (FILE:LINE:COL with the
# source line and a caret), 2 a bad command line.
# RUN: %expect-status 0 %ujit check %s
# RUN: %expect-status 1 %ujit run %s g 1.0 2>&1 | FileCheck %s --check-prefix=TYPE
# RUN: %expect-status 1 %ujit run %s f 1.0 2.0 2>&1 | FileCheck %s --check-prefix=ARGS
# RUN: %expect-status 1 %ujit run %s f 0 2>&1 | FileCheck %s --check-prefix=ZERO
# RUN: %expect-status 1 %ujit run %s missing 1 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: %expect-status 1 %ujit run %s f 'abc' 2>&1 | FileCheck %s --check-prefix=LITERAL
# RUN: %expect-status 1 %ujit run %s f %t.missing.npy 2>&1 | FileCheck %s --check-prefix=NPY
# RUN: %expect-status 1 %ujit run %S/no_such_file.py f 1 2>&1 | FileCheck %s --check-prefix=NOFILE
# RUN: %expect-status 2 %ujit run %s 2>&1 | FileCheck %s --check-prefix=USAGE
# RUN: %expect-status 2 %ujit frobnicate 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: %expect-status 2 %ujit llvm %s f --bogus 2>&1 | FileCheck %s --check-prefix=OPTION
# RUN: %expect-status 2 %ujit llvm %s f 2>&1 | FileCheck %s --check-prefix=NOSIG
# RUN: %expect-status 2 %ujit llvm %s f --sig 'int64(int64)' -O 7 2>&1 | FileCheck %s --check-prefix=OPT
# RUN: %expect-status 2 %ujit run %s f 1 --target cuda 2>&1 | FileCheck %s --check-prefix=TARGET
from numba import njit


@njit
def f(x):
    return x // x


@njit
def g(x):
    return x + undefined_name


# TYPE: exit_status.py:27:16: error: name 'undefined_name' is not defined
# TYPE-NEXT: {{^}}        return x + undefined_name{{$}}
# TYPE-NEXT: {{^}}                   ^{{$}}
# ARGS: error:
# ZERO: ZeroDivisionError
# MISSING: error: no function named 'missing'
# LITERAL: error:
# NPY: error:
# NOFILE: no_such_file.py: error: cannot open file
# USAGE: ujit: error: 'ujit run' needs FILE FUNC [ARG...]
# USAGE-NEXT: usage: ujit run FILE FUNC [ARG...]
# UNKNOWN: ujit: error: unknown command 'frobnicate'
# OPTION: ujit: error: unknown option '--bogus' for 'ujit llvm'
# NOSIG: 'f' declares no signature: give one with --sig
# OPT: option '-O' expects an integer from 0 to 3, not '7'
# TARGET: --target cuda runs @cuda.jit kernels and @vectorize ufuncs; 'f' is a CPU function
