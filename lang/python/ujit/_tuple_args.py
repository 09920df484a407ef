"""Tuple arguments (and *args) of @jit functions.

ujit's calls from Python pass numbers and arrays (the C API's values). A call with tuples
among its arguments (nested and heterogeneous ones too, as Numba types them) goes to a
compiled wrapper that takes the tuples' elements one by one and rebuilds them before it
calls the user's function, where they are tuples as in Numba:

    def __ujit_flat1_f(p0, p1_0, p1_1_0, p1_1_1):
        return f(p0, (p1_0, (p1_1_0, p1_1_1)))

One wrapper per nesting shape, each with its own dispatcher for the elements' types.
`def f(*args)` takes its arguments as one tuple, so every call goes this way; the wrapper
passes them one by one (`f(p0, p1_0, p1_1)`) and the compiled call packs them.
"""
from . import _source, _types
from ._native import ext


class NamedShape(tuple):
    """The shape of a namedtuple value: its elements' shapes, and its class, which the wrapper
    calls to rebuild it (Numba types the value a NamedUniTuple / NamedTuple of that class)."""

    def __new__(cls, klass, shapes):
        out = super().__new__(cls, shapes)
        out.klass = klass
        return out

    def __eq__(self, other):
        return tuple.__eq__(self, other) and getattr(other, "klass", None) is self.klass

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((tuple(self), id(self.klass)))


def shape_of(value):
    """None for a leaf (a number or an array), else the tuple of its elements' shapes (a
    NamedShape for a namedtuple)."""
    if isinstance(value, tuple):
        shapes = tuple(shape_of(x) for x in value)
        return NamedShape(type(value), shapes) if _source.is_namedtuple_class(type(value)) else shapes
    return None


def named_classes(shapes, out=None):
    """The namedtuple classes `shapes` rebuild, each once."""
    out = {} if out is None else out
    for s in shapes:
        if isinstance(s, NamedShape):
            out[s.klass] = None
        if isinstance(s, tuple):
            named_classes(s, out)
    return tuple(out)


def leaves(value, out):
    if isinstance(value, tuple):
        for x in value:
            leaves(x, out)
    else:
        out.append(value)
    return out


def leaves_with_paths(value, path=""):
    """(path, leaf) pairs: ("[1][0]", x) for value[1][0]; ("", value) for a leaf; an empty
    tuple is a leaf of its own."""
    if not isinstance(value, tuple) or value == ():
        yield path, value
        return
    for i, x in enumerate(value):
        yield from leaves_with_paths(x, "%s[%d]" % (path, i))


def _rebuild(shape, name, params):
    """The expression that rebuilds a parameter of `shape` from flat params named name_i_j..."""
    if shape is None:
        params.append(name)
        return name
    items = [_rebuild(s, "%s_%d" % (name, i), params) for i, s in enumerate(shape)]
    if isinstance(shape, NamedShape):  # the class, bound by its own name (_source.bind_namedtuple_class)
        return "%s(%s)" % (shape.klass.__name__, ", ".join(items))
    if not items:
        return "()"
    return "(%s)" % "".join(item + ", " for item in items)


def wrapper_text(callee, wrapper, shapes, star=False):
    """(def lines, number of flat parameters) of the wrapper calling `callee`. With `star`
    (callee is `def f(..., *args)`) the last shape is *args's tuple: its items are passed
    one by one, and compiled code packs them as Numba does."""
    params = []
    fixed = shapes[:-1] if star else shapes
    args = [_rebuild(s, "_ujit_p%d" % i, params) for i, s in enumerate(fixed)]
    if star:
        args += [_rebuild(s, "_ujit_p%d_%d" % (len(fixed), j), params) for j, s in enumerate(shapes[-1])]
    lines = ["def %s(%s):" % (wrapper, ", ".join(params)), "    return %s(%s)" % (callee, ", ".join(args))]
    return lines, len(params)


def flat_entry(owner, shapes):
    """The dispatcher of the wrapper for parameters of these shapes (made once per shape)."""
    from ._dispatcher import CompiledFunction  # the wrapper is a @jit function of its own

    with owner._lock:
        entries = owner.__dict__.setdefault("_flat_entries", {})
        d = entries.get(shapes)
        if d is not None:
            return d
        name = "__ujit_flat%d_%s" % (len(entries) + 1, _source.def_name(owner.py_func))
        star = bool(owner.py_func.__code__.co_flags & 0x04)  # CO_VARARGS
        lines, n = wrapper_text(_source.def_name(owner.py_func), name, shapes, star)

        class FlatEntry(CompiledFunction):
            def function(self):
                with self._lock:
                    if self._function is None:
                        module = _source.build_module(owner.py_func, owner.decorator(),
                                                      getattr(owner, "cpu_fallback", False), extra=(name, lines),
                                                      owner=self, namedtuples=named_classes(shapes))
                        self._enums = module.enums  # its namedtuple classes, for its results
                        self._function = module.function(name)
                    return self._function

        entry = FlatEntry(owner.py_func, _declared_for_shapes(owner, shapes), owner.options)
        d = ext.Dispatcher(entry, n, bool(owner.options.get("nogil")))
        entry._dispatcher = d
        entries[shapes] = d
        return d


def _declared_for_shapes(owner, shapes):
    """The owner's declared signatures whose parameters nest as `shapes`, flattened for
    the wrapper: 'float64(UniTuple(float64, 2))' -> 'float64(float64, float64)', so that
    the elements convert as the declared types say. None when nothing was declared."""
    if not owner.declared:
        return None
    flat = []
    for sig in owner.declared:
        ret = _types.split_full_signature(sig)[0]
        params = [_types.flat_param(a) for a in _types.param_texts(sig)]
        if tuple(shape for shape, _ in params) == shapes:
            flat.append("%s(%s)" % (ret, ", ".join(leaf for _, leaves in params for leaf in leaves)))
    if not flat:
        raise TypeError("No matching definition for arguments of tuple shapes %s (declared: %s)"
                        % (", ".join(_shape_text(s) for s in shapes), "; ".join(owner.declared)))
    return flat


def _shape_text(shape):
    return "x" if shape is None else "(%s)" % "".join(_shape_text(s) + ", " for s in shape)


def call_flat(owner, params):
    """Calls the owner's function with `params` (one value per parameter, tuples allowed)."""
    shapes = tuple(shape_of(p) for p in params)
    flat = []
    for p in params:
        leaves(p, flat)
    if len(flat) > 64:  # dispatch.c's MAX_CALL_ARGS
        raise TypeError("'%s' called with %d numbers and arrays in its arguments' tuples; ujit passes at most 64"
                        % (owner.py_func.__name__, len(flat)))
    return flat_entry(owner, shapes)(*flat)
