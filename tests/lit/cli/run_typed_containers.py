# `ujit run` of functions that make numba.typed's List and Dict, with their types named at
# module level (`float_array = types.float64[:]`) and in the call: the results print as
# CPython prints the same values (the CHECK lines are CPython's output of the same list and
# dict built in Python). A misused type is a located error.
# RUN: %ujit run %s build 3 | FileCheck %s --check-prefix=BUILD
# RUN: not %ujit run %s misuse 3 2>&1 | FileCheck %s --check-prefix=MISUSE
from numba import njit, types
from numba.typed import Dict, List

float_array = types.float64[:]
pair = types.UniTuple(types.int64, 2)


@njit
def build(n):
    l = List.empty_list(types.float64)
    d = Dict.empty(key_type=pair, value_type=float_array)
    for i in range(n):
        l.append(i)
        d[(i, i + 1)] = np.arange(float(i + 1))
    return l, len(d), d[(2, 3)].sum()


# BUILD: ([0.0, 1.0, 2.0], 3, 3.0)


@njit
def misuse(n):
    return List.empty_list(n)


# MISUSE: run_typed_containers.py:[[@LINE-3]]:28: error: List.empty_list(): 'item_type' must be a type
import numpy as np  # noqa: E402 (the global the compiled code reads)
