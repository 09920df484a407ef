"""Enum members passed to a kernel: numba-cuda types them EnumMember / IntEnumMember, as
Numba does on the CPU (ujit/_enum_args.py does it for @jit functions). ujit compiles a wrapper
kernel per combination of the arguments' enum classes, which makes each value a member again
and calls the kernel's code compiled as a device function:

    @cuda.jit
    def __ujit_enumk1_f(p0, p1, p2):
        f(Color(p0), p1, p2)

so `f` sees members (`a is b` is False across classes, `a == b` compares within a class, an
IntEnum member converts to an int). A member's value that is a tuple (Planet.EARTH = (5.9e24,
6.3e6)) is passed flat, one parameter per leaf, as on the CPU."""
import enum

from .. import _enum_args, _source, _tuple_args


def has_enum(args):
    return any(isinstance(a, enum.Enum) for a in args)


def wrapper_function(owner, args):
    """The ujit Function of the wrapper kernel for the enum classes of `args` (one per
    combination, kept by the kernel)."""
    classes = tuple(type(a) if isinstance(a, enum.Enum) else None for a in args)
    shapes = tuple(_tuple_args.shape_of(a.value) if isinstance(a, enum.Enum) else None for a in args)
    key = (classes, shapes)
    with owner._lock:
        cache = owner.__dict__.setdefault("_enum_kernels", {})
        if key not in cache:
            name = "__ujit_enumk%d_%s" % (len(cache) + 1, _source.def_name(owner.py_func))
            params, call = _enum_args.spell_members(classes, shapes)
            lines = ["def %s(%s):" % (name, ", ".join(params)),
                     "    %s(%s)" % (_source.def_name(owner.py_func), ", ".join(call))]
            module = _source.build_module(owner.py_func, owner.device_decorator(), extra=(name, lines),
                                          extra_decorator=owner.decorator(),
                                          enums=tuple(dict.fromkeys(c for c in classes if c is not None)))
            cache[key] = (module, module.function(name))
        return cache[key][1]


def flat_arguments(args):
    """The wrapper's arguments: each member's value, its leaves where it is a tuple."""
    flat = []
    for a in args:
        if isinstance(a, enum.Enum):
            _tuple_args.leaves(a.value, flat)
        else:
            flat.append(a)
    return flat
