# A jitclass's unknown attribute and a store of a value its member cannot take are Numba's
# typing errors, located at the attribute.
# RUN: %ujit check --verify %s
# verify-sig: f float64(float64)
# verify-sig: g float64(float64)
from numba import njit, float64
from numba.experimental import jitclass


@jitclass([("x", float64)])
class Box:
    def __init__(self, x):
        self.x = x


@njit
def f(v):
    b = Box(v)
    # expected-error@+1:14 {{Unknown attribute 'y' of type instance.jitclass.Box#<x:float64>}}
    return b.y


@njit
def g(v):
    b = Box(v)
    # expected-error@+1:5 {{Cannot resolve setattr: (instance.jitclass.Box#<x:float64>).x = UniTuple(float64 x 2)}}
    b.x = (v, v)
    return b.x
