"""Numba's `numba.np` names that ujit provides: `numpy_support.from_dtype`, `as_dtype`."""


def __getattr__(name):  # numba.np.numpy_support after `import numba` alone, as Numba
    if name in ("numpy_support", "types"):
        import importlib

        return importlib.import_module("." + name, __name__)
    raise AttributeError("module %r has no attribute %r" % (__name__, name))
