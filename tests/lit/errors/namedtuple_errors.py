# Named tuples: what Numba refuses is a located error with Numba's message.
# RUN: %ujit check --verify %s
from collections import namedtuple

from numba import njit

Rect = namedtuple("Rect", ("width", "height"))
Bad = namedtuple("Bad", "x _y")


@njit("float64(float64)")
def unknown_field(w):
    r = Rect(w, 2.0)
    # expected-error@+1:14 {{Unknown attribute 'depth' of type Rect(float64 x 2)}}
    return r.depth


@njit("int64(int64)")
def replace(w):
    r = Rect(w, 2)
    # expected-error@+1:14 {{Unknown attribute '_replace' of type Rect(int64 x 2)}}
    return r._replace(width=1)[0]


@njit("int64(int64)")
def missing(w):
    # expected-error@+1:12 {{In 'Rect': missing a required argument: 'height'}}
    return Rect(w)[0]


@njit("int64(int64)")
def unexpected(w):
    # expected-error@+1:23 {{In 'Rect': got an unexpected keyword argument 'depth'}}
    return Rect(w, 2, depth=3)[0]


@njit("int64(int64)")
def bad_class(w):
    # expected-error@+1:12 {{Field names cannot start with an underscore: '_y'}}
    return Bad(w, w)[0]
