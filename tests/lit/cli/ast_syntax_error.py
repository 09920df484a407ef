# `ujit ast` on a file with a syntax error: the located error, exit status 1, no tree;
# on a missing file status 1, without FILE status 2 (a bad command line).
# RUN: %expect-status 1 %ujit ast %s > %t.out 2> %t.err
# RUN: FileCheck %s < %t.err
# RUN: %python -c "import sys; sys.exit(open('%t.out').read() != '')"
# RUN: %expect-status 1 %ujit ast %t.missing.py 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: %expect-status 2 %ujit ast 2>&1 | FileCheck %s --check-prefix=USAGE
# MISSING: missing.py: error: cannot open file
# USAGE: ujit: error: 'ujit ast' needs FILE
# USAGE-NEXT: usage: ujit ast FILE
# CHECK: ast_syntax_error.py:[[# @LINE + 6]]:9: error: expected ')', found name 'b'
# CHECK-NEXT: {{^}}    x = f(a b){{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
from numba import njit

x = 1
x = f(a b)
