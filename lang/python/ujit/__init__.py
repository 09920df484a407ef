"""ujit: Numba's decorators over ujit's compiler (libujit, through its C API).

    import ujit as numba            # instead of: import numba
    from ujit import cuda           # instead of: from numba import cuda

or, for a program that says `import numba`, unchanged: `python -m ujit program.py` (or
`ujit.install_as_numba()` first, in a notebook or a test suite).

`jit`/`njit`, `vectorize`, `guvectorize`, `cuda.jit`, the device-array functions and the
type names keep Numba's meaning. The heavy parts (NumPy, the extension and libujit, the
CUDA side) load on first use, so `import ujit` itself is cheap.
"""
import importlib

from . import _as_numba, _dynamic_source

__version__ = "0.1.0"
_dynamic_source.install()  # keeps the text of exec'd strings: their functions have no file
_as_numba.watch_for_alias()  # sys.modules['numba'] = ujit then maps numba.X.Y to ujit.X.Y

_EXPORTS = {
    "jit": "._dispatcher", "njit": "._dispatcher",
    "vectorize": "._ufunc", "guvectorize": "._ufunc",
    "CompileError": "._errors", "TypingError": "._errors",
    "cuda": ".cuda", "types": ".types", "typeof": "._typesmod", "from_dtype": "._typesmod",
    "prange": "._prange", "literal_unroll": ".misc.special", "runtime": ".runtime", "core": ".core",
    "errors": ".core.errors", "config": ".core.config", "typed": ".typed",
    "install_as_numba": "._as_numba",
    "set_num_threads": "._threads", "get_num_threads": "._threads", "get_thread_id": "._threads",
    "experimental": ".experimental", "extending": ".extending", "np": ".np",
}
_TYPE_NAMES = ("boolean", "b1", "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
               "uint64", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "intp", "uintp", "intc", "uintc",
               "float16", "float32", "float64", "f2", "f4", "f8", "double", "single", "complex64", "complex128",
               "c8", "c16", "void", "none")

# attributes that are modules (Numba's `import numba` loads these: numba.experimental.jitclass,
# numba.extending.overload work without importing them first)
_MODULES = ("cuda", "types", "runtime", "core", "errors", "config", "typed", "experimental", "extending", "np")

__all__ = sorted(_EXPORTS) + list(_TYPE_NAMES)


def __getattr__(name):
    if name in _EXPORTS:
        module = importlib.import_module(_EXPORTS[name], __name__)
        value = module if name in _MODULES else getattr(module, name)
    elif name in _TYPE_NAMES:
        from ._types import TYPES

        value = TYPES[name]
    else:
        raise AttributeError("module 'ujit' has no attribute '%s'" % name)
    globals()[name] = value
    return value


def __dir__():
    return __all__
