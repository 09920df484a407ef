"""numba.cuda.libdevice: NVIDIA's libdevice functions by their names without `__nv_`
(libdevice.sincos(x), libdevice.sad(x, y, z)), callable in @cuda.jit kernels and device
functions, typed and lowered by the compiler from its table (libdevicefuncs.functions)."""
from .libdevicefuncs import create_signature as _create_signature
from .libdevicefuncs import functions as _functions


def _stub(libname, retty, args):
    name = libname[len("__nv_"):]

    def call(*values):
        raise TypeError("libdevice.%s() is called from a @cuda.jit kernel or device function, not from Python"
                        % name)

    call.__name__ = call.__qualname__ = name
    call.__module__ = __name__
    call._ujit_libdevice = name  # a global bound to it compiles as the import (_source.py)
    call.__doc__ = "libdevice's %s: %s" % (libname, _create_signature(retty, args))
    return call


for _libname, (_retty, _args) in _functions.items():
    globals()[_libname[len("__nv_"):]] = _stub(_libname, _retty, _args)
del _libname, _retty, _args
