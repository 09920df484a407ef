"""numba.cuda's compile functions: PTX (and the return type) of a Python function for a
signature, without launching anything.

    ptx, resty = cuda.compile_ptx(pyfunc, (float32[::1], float32), device=False, fastmath=False, cc=(7, 5))
    ptx, resty = cuda.compile_ptx_for_current_device(pyfunc, sig, ...)
    code, resty = cuda.compile(pyfunc, sig, ..., output="ptx")

`sig` is a signature as @cuda.jit takes it (a string, `float32(float32)`, or a bare tuple
of argument types). A kernel's PTX has its `.entry`, a device function's (device=True) a
`.visible .func` with ujit's calling convention (the result returned, not Numba's status
word and result pointer: `abi` other than Numba's default is refused). `cc` defaults to
Numba's (7, 5). ujit makes PTX only: `output="ltoir"` (NVVM's LTO-IR) is refused.
"""
from .. import _types
from .._dispatcher import normalize_signatures
from ._api import get_current_device
from ._launch_options import launch_bounds_tuple

DEFAULT_CC = (7, 5)  # numba-cuda's default PTX compute capability
_OPTIONS = {"debug", "lineinfo", "device", "fastmath", "cc", "opt", "abi", "abi_info", "output", "forceinline",
            "launch_bounds"}


def _one_signature(sig):
    sigs = normalize_signatures(sig)
    if len(sigs) != 1:
        raise TypeError("compile_ptx takes one signature, not %r" % (sig,))
    return sigs[0]


def _return_type(function, sig):
    head = function.dump("types", sig).split("\n", 1)[0]  # "# name (args) -> ret"
    ret = head.rsplit(") -> ", 1)[1].strip()
    try:
        return _types.parse_type(ret)
    except TypeError:
        return ret  # a tuple: its Numba spelling


def compile(pyfunc, sig, debug=False, lineinfo=False, device=True, fastmath=False, cc=None, opt=True, abi="c",
            abi_info=None, output="ptx", forceinline=False, launch_bounds=None):
    """numba.cuda.compile: (code, return type); ujit's code is PTX."""
    from ._kernels import CUDAFunction

    if output != "ptx":
        raise NotImplementedError("ujit compiles CUDA code to PTX only; output=%r (NVVM's LTO-IR) is not "
                                  "supported" % (output,))
    if forceinline:  # numba-cuda's rule: PTX output cannot carry the forced-inlining mark
        raise ValueError("Can only designate forced inlining in LTO-IR")
    if abi not in ("c", "numba"):
        raise NotImplementedError("unsupported ABI: %s" % abi)
    cc = tuple(cc) if cc is not None else DEFAULT_CC
    launch_bounds_tuple(launch_bounds)
    owner = CUDAFunction(pyfunc, None, {"device": device, "fastmath": fastmath, "debug": debug,
                                          "lineinfo": lineinfo, "opt": opt, "launch_bounds": launch_bounds})
    function = owner.function()
    text = _one_signature(sig)
    ptx = function.dump("ptx", text, "sm_%d%d" % cc)
    return ptx, (_return_type(function, text) if device else _types.TYPES["void"])


def compile_ptx(pyfunc, sig, debug=False, lineinfo=False, device=False, fastmath=False, cc=None, opt=True,
                abi="numba", abi_info=None, forceinline=False, launch_bounds=None):
    """numba.cuda.compile_ptx: (PTX, return type) of a kernel, or of a device function."""
    return compile(pyfunc, sig, debug=debug, lineinfo=lineinfo, device=device, fastmath=fastmath, cc=cc, opt=opt,
                   abi=abi, abi_info=abi_info, output="ptx", forceinline=forceinline, launch_bounds=launch_bounds)


def _current_cc():
    device = get_current_device()
    return DEFAULT_CC if getattr(device, "is_host_device", False) else tuple(device.compute_capability)


def compile_ptx_for_current_device(pyfunc, sig, **options):
    options["cc"] = _current_cc()
    return compile_ptx(pyfunc, sig, **options)


def compile_for_current_device(pyfunc, sig, **options):
    options["cc"] = _current_cc()
    return compile(pyfunc, sig, **options)
