"""Numba's error and warning classes (numba.core.errors), under Numba's names.

ujit raises TypingError (the extension's CompileError: a located diagnostic) for every
program it cannot compile; the other classes exist so that code catching or filtering
them by Numba's names works, with Numba's hierarchy (each TypingError a NumbaError, the
Numba*Error family TypingErrors, every warning a NumbaWarning).
"""
from .._native import ext


class NumbaWarning(Warning):
    """The base of Numba's compiler warnings."""


class NumbaPerformanceWarning(NumbaWarning):
    """An operation that may be slower than expected (a grid too small for the device, a
    host array copied to and from the device for a launch)."""


class NumbaDeprecationWarning(NumbaWarning, DeprecationWarning):
    pass


class NumbaPendingDeprecationWarning(NumbaWarning, PendingDeprecationWarning):
    pass


class NumbaParallelSafetyWarning(NumbaWarning):
    pass


class NumbaTypeSafetyWarning(NumbaWarning):
    pass


class NumbaExperimentalFeatureWarning(NumbaWarning):
    pass


class NumbaInvalidConfigWarning(NumbaWarning):
    pass


class NumbaPedanticWarning(NumbaWarning):
    pass


class NumbaIRAssumptionWarning(NumbaPedanticWarning):
    pass


class NumbaDebugInfoWarning(NumbaWarning):
    pass


class NumbaSystemWarning(NumbaWarning):
    pass


NumbaError = ext.NumbaError
TypingError = ext.CompileError


class UnsupportedError(NumbaError):
    pass


class LoweringError(NumbaError):
    pass


class CompilerError(NumbaError):
    pass


class InternalError(NumbaError):
    pass


class NumbaRuntimeError(NumbaError):
    pass


class NumbaValueError(TypingError):
    pass


class NumbaTypeError(TypingError):
    pass


class NumbaAttributeError(TypingError):
    pass


class NumbaAssertionError(TypingError):
    pass


class NumbaNotImplementedError(TypingError):
    pass


class NumbaKeyError(TypingError):
    pass


class NumbaIndexError(TypingError):
    pass

