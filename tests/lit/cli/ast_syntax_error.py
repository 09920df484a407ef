# `ujit ast` on a file with a syntax error: the located error, exit status 1, no tree.
# RUN: %expect-status 1 %ujit ast %s > %t.out 2> %t.err
# RUN: FileCheck %s < %t.err
# RUN: %python -c "import sys; sys.exit(open('%t.out').read() != '')"
# CHECK: ast_syntax_error.py:11:9: error: expected ')', found name 'b'
# CHECK-NEXT: {{^}}    x = f(a b){{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
from numba import njit

x = 1
x = f(a b)
