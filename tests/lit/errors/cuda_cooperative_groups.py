# cuda.cg's this_grid() and its group's sync() take no arguments, and the group has no other
# attribute: located errors, as Numba's typing gives them.
# RUN: %ujit check --verify %s
from numba import cuda


@cuda.jit('void(int32[:])')
def this_grid_args(a):
    # expected-error@+1:9 {{cuda.cg.this_grid() takes no arguments}}
    g = cuda.cg.this_grid(1)
    a[0] = 1


@cuda.jit('void(int32[:])')
def sync_args(a):
    g = cuda.cg.this_grid()
    # expected-error@+1:5 {{sync() takes no arguments}}
    g.sync(0)


@cuda.jit('void(int32[:])')
def other_attribute(a):
    g = cuda.cg.this_grid()
    # expected-error@+1:7 {{GridGroup has no attribute 'wait' in ujit}}
    g.wait()
