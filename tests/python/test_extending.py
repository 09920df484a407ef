"""numba.extending: register_jitable works (a Python function, compiled by the compiled
code that calls it, for its target); the typing/lowering extensions ujit cannot run are a
located NotImplementedError where compiled code uses what they registered, not an import
error of the module that registers them. (@overload works: test_overload.py.)"""
import warnings

import numpy as np
import pytest

import ujit
from ujit import cuda, extending
from ujit.core import extending as core_extending


@extending.register_jitable
def scaled(x):
    return x * 2 + 1


@extending.register_jitable(inline="always")
def shifted(x):
    return x - 1


@ujit.njit
def calls_scaled(x):
    return scaled(x) + shifted(x)


@cuda.jit
def kernel_calls_scaled(out, x):
    out[0] = scaled(x) + shifted(x)


@extending.intrinsic
def an_intrinsic(typingctx, x):
    raise AssertionError("never called by ujit")


@ujit.njit
def calls_intrinsic(x):
    return an_intrinsic(x)


def test_register_jitable_stays_python_and_compiles_for_each_target():
    assert scaled(3) == 7 and shifted(3) == 2  # the function itself
    assert calls_scaled(3) == 9 and calls_scaled(2.5) == 7.5
    out = np.zeros(1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a one-block grid
        kernel_calls_scaled[1, 1](out, 4.0)
    assert out[0] == 12.0


def test_an_intrinsic_is_a_located_not_implemented_error():
    with pytest.raises(NotImplementedError, match="'an_intrinsic' is @intrinsic an_intrinsic"):
        calls_intrinsic(1)
    with pytest.raises(NotImplementedError, match="only from compiled code"):
        an_intrinsic(1)


def test_numba_core_extending_is_the_same_api():
    assert core_extending.register_jitable is extending.register_jitable
    assert core_extending.overload is extending.overload


def test_cgutils_names_what_is_missing_and_lowerings_only_register():
    from ujit.cuda import cgutils
    from ujit.cuda.cudaimpl import lower, lower_attr

    def impl(context, builder, sig, args):
        raise AssertionError("never called by ujit")

    assert lower(scaled, ujit.types.int64)(impl) is impl and lower_attr(ujit.types.int64, "x")(impl) is impl

    with pytest.raises(NotImplementedError, match="cgutils.create_struct_proxy: ujit has no llvmlite"):
        cgutils.create_struct_proxy
