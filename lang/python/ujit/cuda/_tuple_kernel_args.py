"""Tuples passed to a kernel: numba-cuda types them UniTuple / Tuple (nested ones too, with
arrays among their items) and passes them by value. A launch passes numbers and arrays, so
ujit compiles a wrapper kernel per nesting shape of the arguments, which takes the tuples'
items one by one and rebuilds them before it calls the kernel's code compiled as a device
function (the @jit functions' wrapper, ujit/_tuple_args.py, does the same on the CPU):

    @cuda.jit
    def __ujit_tuplek1_f(p0, p1_0, p1_1_0, p1_1_1):
        f(p0, (p1_0, (p1_1_0, p1_1_1)))

A namedtuple is rebuilt as its class (`Point(p2_0, p2_1)`), which the wrapper's module binds,
so the kernel reads its fields by name, as numba-cuda's tests do.
"""
from .. import _source, _tuple_args


def has_tuple(args):
    """Whether a wrapper is needed: a tuple (a namedtuple too) among the arguments."""
    return any(isinstance(a, tuple) for a in args)


class WrapperKernel:
    """The wrapper kernel for one combination of tuple shapes: its module, built again when
    an @overload-ed callee's implementation was chosen (_overloads.retrying)."""

    def __init__(self, owner, name, lines, namedtuples):
        self._owner, self._name, self._lines, self._namedtuples = owner, name, lines, namedtuples
        self._function = None
        self._lock = owner._lock
        self._overload_impls, self._overload_partial = {}, {}

    def function(self):
        with self._lock:
            if self._function is None:
                module = _source.build_module(self._owner.py_func, self._owner.device_decorator(),
                                              extra=(self._name, self._lines),
                                              extra_decorator=self._owner.decorator(), owner=self,
                                              namedtuples=self._namedtuples)
                self._module, self._function = module, module.function(self._name)
            return self._function


def wrapper_kernel(owner, args):
    """The WrapperKernel for the tuple shapes of `args` (one per combination of shapes,
    kept by the kernel)."""
    shapes = tuple(_tuple_args.shape_of(a) if isinstance(a, tuple) else None for a in args)
    with owner._lock:
        cache = owner.__dict__.setdefault("_tuple_kernels", {})
        if shapes not in cache:
            name = "__ujit_tuplek%d_%s" % (len(cache) + 1, _source.def_name(owner.py_func))
            lines, _ = _tuple_args.wrapper_text(_source.def_name(owner.py_func), name, shapes)
            lines[-1] = lines[-1].replace("    return ", "    ", 1)  # a kernel returns nothing
            cache[shapes] = WrapperKernel(owner, name, lines, _tuple_args.named_classes(shapes))
        return cache[shapes]


def flat_arguments(args):
    """The wrapper's arguments: each tuple's leaves, in order."""
    flat = []
    for a in args:
        if isinstance(a, tuple):
            _tuple_args.leaves(a, flat)
        else:
            flat.append(a)
    return flat
