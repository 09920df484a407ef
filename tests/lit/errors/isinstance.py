# isinstance as Numba 0.68 refuses it: type classes, targets that are no class, variables
# whose type depends on the branch that assigned them, and types it does not take.
# RUN: %ujit check --verify %s
from numba import njit, types


@njit("boolean(int64)")
def type_class(x):
    # expected-error@+1:26 {{Numba type classes (except numba.typed.* container types) are not supported.}}
    return isinstance(x, types.Integer)


@njit("boolean(int64)")
def not_a_class(x):
    # expected-error@+1:34 {{Cannot infer Numba type of Python type}}
    return isinstance(x, (float, "not a type"))


@njit("boolean(int64)")
def assigned_on_two_branches(x):
    if x > 4:
        z = 10
    else:
        z = 3.5
    # expected-error@+1:23 {{isinstance() cannot determine the type of variable "z" due to a branch.}}
    return isinstance(z, int)


@njit("boolean(int64)")
def unsupported_variable(x):
    # expected-error@+1:23 {{isinstance() does not support variables of type "class(float64)".}}
    return isinstance(types.float64, float)


@njit("int64(int64)")
def tuple_call(x):
    # expected-error@+1:12 {{tuple() of int64 is not supported: Numba's tuple() takes a tuple (or nothing)}}
    return tuple(x)
