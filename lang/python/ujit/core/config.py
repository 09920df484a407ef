"""Numba's settings (numba.core.config) that ujit honours, read from the same NUMBA_*
environment variables at import and changeable at run time, as Numba's are.

    ENABLE_CUDASIM                 always 0: ujit has no simulator (kernels without a GPU
                                   run compiled for the CPU, on the host device)
    DISABLE_PERFORMANCE_WARNINGS   1 silences every NumbaPerformanceWarning
    CUDA_LOW_OCCUPANCY_WARNINGS    warn when a launch's grid has fewer than 128 blocks (numba-
                                   cuda's fixed bound)
    CUDA_WARN_ON_IMPLICIT_COPY     warn when a kernel's argument is a host array, copied to
                                   the GPU and back for the launch
    CUDA_ARRAY_INTERFACE_SYNC      1: a kernel launch or as_cuda_array taking another library's
                                   array waits for the stream its __cuda_array_interface__
                                   names (the interface's v3 rule); 0: does not
    CUDA_DEBUG_POLY                numba-cuda's switch for describing a variable of several
    CUDA_DEBUG_POLY_USE_TYPED_CONST  types in debug info as a DWARF variant part; read as Numba
                                   reads it, and 0 by default as there. ujit's debug info
                                   (debug=True) describes lines and functions, not variables,
                                   so no format depends on it yet.
    OPT                            NUMBA_OPT (an _OptLevel: 0..3 or "max", default 3); with
                                   CUDA_DEBUGINFO_DEFAULT it gives @cuda.jit's opt= and debug=
                                   when they are not passed (opt = OPT != 0), as numba-cuda's
                                   decorator reads them
    CUDA_DEBUGINFO_DEFAULT         NUMBA_CUDA_DEBUGINFO: @cuda.jit's debug= default
    DISABLE_JIT                    NUMBA_DISABLE_JIT: @jit and @njit return the function itself
    CUDA_ENABLE_NRT                NUMBA_CUDA_ENABLE_NRT: numba-cuda's switch for its runtime in
                                   kernels (reference-counted arrays made on the device); read
                                   and settable as there, with no effect: ujit's kernels make no
                                   arrays, and what they compute (reductions of arrays
                                   included) needs no runtime
"""
import os


def _env_int(name, default):
    value = os.environ.get(name, "")
    try:
        return int(value) if value else default
    except ValueError:
        return default


class _OptLevel(int):
    """Numba's NUMBA_OPT value: an int (0..3) that remembers whether it was given as "max"
    (which optimises as 3)."""

    def __new__(cls, value):
        new = super().__new__(cls, 3 if value == "max" else int(value))
        new._raw_value = "max" if value == "max" else int(new)
        return new

    @property
    def is_opt_max(self):
        return self._raw_value == "max"

    def __repr__(self):
        return "_OptLevel(%r)" % (self._raw_value,)


def _env_opt():
    value = os.environ.get("NUMBA_OPT", "")
    try:
        return _OptLevel(value if value == "max" else int(value)) if value else _OptLevel(3)
    except ValueError:
        return _OptLevel(3)


ENABLE_CUDASIM = 0
# NUMBA_DISABLE_JIT: @jit/@njit give back the Python function itself (Numba's _jit wrapper
# does so for every target but ufuncs), to debug a program as Python.
DISABLE_JIT = _env_int("NUMBA_DISABLE_JIT", 0)
OPT = _env_opt()
CUDA_DEBUGINFO_DEFAULT = _env_int("NUMBA_CUDA_DEBUGINFO", 0)
CUDA_ENABLE_NRT = _env_int("NUMBA_CUDA_ENABLE_NRT", 0)
DISABLE_PERFORMANCE_WARNINGS = _env_int("NUMBA_DISABLE_PERFORMANCE_WARNINGS", 0)
CUDA_LOW_OCCUPANCY_WARNINGS = _env_int("NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS", 1)
CUDA_WARN_ON_IMPLICIT_COPY = _env_int("NUMBA_CUDA_WARN_ON_IMPLICIT_COPY", 1)
CUDA_ARRAY_INTERFACE_SYNC = _env_int("NUMBA_CUDA_ARRAY_INTERFACE_SYNC", 1)
CUDA_DEBUG_POLY = _env_int("NUMBA_CUDA_DEBUG_POLY", 0)
CUDA_DEBUG_POLY_USE_TYPED_CONST = _env_int("NUMBA_CUDA_DEBUG_POLY_USE_TYPED_CONST", 0)
# Numba's NUMBA_CUDA_MEMORY_MANAGER: "default" (ujit's pool), or a module whose
# _numba_memory_manager is an EMM plugin class, set when the first context is made (cuda/_emm.py).
CUDA_MEMORY_MANAGER = os.environ.get("NUMBA_CUDA_MEMORY_MANAGER", "default")
