"""numba.cuda.libdevicefuncs: cuda.libdevice's table, the compiler's own (generated from
libdevice's declarations by tools/scripts/gen_libdevice_table.py, read here through
ujit_cuda_libdevice_functions): `functions` maps "__nv_NAME" to (result type, [arg(name, ty,
is_ptr)]) as numba-cuda's does, and create_signature gives the signature a kernel calls
libdevice.NAME with."""
from collections import namedtuple

from .. import _types
from .._native import ext
from .._types import TYPES
from ..typing import signature

arg = namedtuple("arg", ("name", "ty", "is_ptr"))

_CODES = {code: TYPES[name] for code, name in (("d", "float64"), ("f", "float32"), ("h", "int16"), ("i", "int32"),
                                              ("l", "int64"), ("v", "void"))}


def _parse(text):
    table = {}
    for line in text.splitlines():
        name, result, *rest = line.split(" ", 2)
        args = []
        for p in rest[0].split(",") if rest else ():
            code, pname = p.split(" ")
            args.append(arg(name=pname, ty=_CODES[code.lstrip("*")], is_ptr=code.startswith("*")))
        table["__nv_" + name] = (_CODES[result], args)
    return table


functions = _parse(ext.libdevice_functions())


def create_signature(retty, args):
    """The signature of libdevice.NAME in a kernel: the parameters libdevice reads are its
    arguments; libdevice's result then what it stores through its pointers is the result, one
    value or a tuple."""
    results = [a.ty for a in args if a.is_ptr]
    if retty != TYPES["void"]:
        results.insert(0, retty)
    ret = _types.Tuple(results) if len(results) > 1 else results[0]
    return signature(ret, *[a.ty for a in args if not a.is_ptr])
