"""numba.cuda's foreign-function side: cuda.declare_device, cuda.CUSource and the files of
@cuda.jit(link=[...]).

    times2 = cuda.declare_device("times2", "int32(int32)", link=["functions.cu"])

declares the CUDA C++ device function `extern "C" __device__ int times2(int* out, int x)`
(Numba's ABI: the result through the first pointer, a status int returned). Link files are
checked where they are given: the kind by extension (.cu, .ptx, .cubin, .fatbin, .o, .a,
.ltoir), readable, and a .cu compiled by NVRTC at once, so that an error in it is reported at
its line ("functions.cu:7:3: error: ...") rather than at a later launch.
"""
import os

from .. import _types
from .._native import ext

_LINK_EXTENSIONS = (".cu", ".ptx", ".cubin", ".fatbin", ".o", ".a", ".ltoir")
_CHECK_ARCH = "sm_75"  # numba-cuda's default compute capability


class CUSource:
    """CUDA C++ source text given in memory (numba.cuda.CUSource)."""

    def __init__(self, data):
        self.data = data.encode() if isinstance(data, str) else bytes(data)
        self.kind = "cu"
        self.name = "<cusource>"

    def __repr__(self):
        return "CUSource(%d bytes)" % len(self.data)


def _check_one(item):
    if isinstance(item, CUSource):
        ext.nvrtc_compile_ptx(item.data.decode(), "cusource.cu", _CHECK_ARCH, ("-rdc=true",))
        return item
    path = os.fspath(item)
    lower = path.lower()
    if not lower.endswith(_LINK_EXTENSIONS):
        raise ValueError("Don't know how to link file with extension %s (ujit links %s)"
                         % (os.path.splitext(path)[1] or "''", ", ".join(_LINK_EXTENSIONS)))
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise FileNotFoundError("link file %r cannot be read: %s" % (path, e.strerror)) from None
    if lower.endswith(".cu"):
        ext.nvrtc_compile_ptx(data.decode(), path, _CHECK_ARCH, ("-rdc=true",))
    return path


def check_link_files(link):
    """The link= files as a list, each checked (see the module's docstring)."""
    if link is None:
        return []
    if isinstance(link, (str, os.PathLike, CUSource)):
        link = [link]
    return [_check_one(item) for item in link]


class Declaration:
    """What cuda.declare_device returns: `name`, `sig` (.args, .return_type), `link`."""

    _ujit_declared_device = True  # _source.py: compiled code naming it gets a located error

    def __init__(self, name, sig, link, use_cooperative, abi):
        self.name, self.sig, self.link = name, sig, link
        self.use_cooperative, self.abi = use_cooperative, abi
        self.__name__ = name

    def __call__(self, *args):
        raise TypeError("'%s' is a CUDA C++ device function (cuda.declare_device): call it from a @cuda.jit kernel"
                        % self.name)

    def __repr__(self):
        return "<ujit declared device function %s %s>" % (self.name, self.sig)


def _signature(sig):
    if isinstance(sig, _types.Signature):
        ret, args = sig.return_type, sig.args
    elif isinstance(sig, str):
        try:
            ret, args = _types.split_signature(sig)
        except (TypeError, ValueError, IndexError) as e:
            raise TypeError("invalid signature %r: %s" % (sig, e)) from None
    else:
        ret, args = None, ()
    if ret is None:
        raise TypeError("Return type must be provided for device declarations")
    return _types.Signature(ret, args)


def declare_device(name, sig, link=None, use_cooperative=False, abi="numba"):
    """numba.cuda.declare_device: a device function written in CUDA C++ (or PTX, ...), typed
    by `sig`, its definition in `link`'s files."""
    if abi not in ("numba", "c"):
        raise NotImplementedError("Unsupported ABI: %s" % abi)
    return Declaration(name, _signature(sig), check_link_files(link), use_cooperative, abi)
