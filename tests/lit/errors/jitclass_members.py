# Numba's jitclass takes methods, properties and annotations; a value in the class body is a
# class member, which it refuses ("class members are not yet supported").
# RUN: %ujit check --verify %s
from numba import float64
from numba.experimental import jitclass


@jitclass([("x", float64)])
class Box:
    # expected-error@+1:5 {{jitclass class members other than methods and annotations are not supported by ujit}}
    scale = 2.0

    def __init__(self, x):
        self.x = x
