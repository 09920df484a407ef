"""numba.cuda.cgutils: Numba's llvmlite IR-building helpers. ujit builds no llvmlite IR
(its code generator is C++, src/codegen), so every helper is an error naming it; the module
imports, so that extension modules written for Numba do."""


class UnsupportedHelper(AttributeError, NotImplementedError):
    """Both: NotImplementedError says why, and AttributeError keeps getattr(module, name,
    default) and hasattr() working for code that scans modules (pickle, Dask)."""


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise UnsupportedHelper("numba.cuda.cgutils.%s: ujit has no llvmlite IR builder (it compiles in C++)" % name)
