"""Numba's @overload for compiled code on both targets: the typing function, called with the
Numba types of a call's arguments, returns the Python function compiled code runs for it.

ujit types in C++ and calls no Python while it compiles, so the types come from a first
compile: where compiled code names an overloaded function whose implementation is not
chosen yet, the module holds a *probe* under that name, a function with the typing
function's parameters whose body reads an attribute no type has from one parameter. ujit's
error for it spells that parameter's type; the owner (the @njit function or kernel being
compiled) keeps it and compiles again, the probe now reading the next parameter (one at a
time: a function value cannot be put in a tuple). With every type known, it calls the
typing function with them, keeps the implementation it returns, and compiles again, the
name now bound to that implementation (compiled for the caller's target, as
@register_jitable functions are). One implementation per overloaded
function per compiled function: the types of its first call choose it.

Targets as numba-cuda has them: 'cuda' overloads serve kernels and device functions, 'cpu'
overloads @njit code, 'generic' ones both, a target's own overload winning over a generic
one. ujit has one module for numba.extending, numba.core.extending and numba.cuda.extending,
so an @overload without target= serves both targets.
"""
import re

from . import _types
from ._native import ext

_PROBE_ATTR = "__ujit_overload_probe_%d_%s__"
_PROBE_ERROR = re.compile(r"error: (?P<type>.*) has no attribute '__ujit_overload_probe_(?P<k>\d+)_(?P<name>\w+)__'")
# A parameter the call leaves out defaults, in the probe, to a value no caller passes (its
# type's spelling tells it apart), so that the typing function gets only the arguments the
# call gives, its own defaults standing for the rest, as Numba calls it.
_OMITTED_DEFAULT = "(None, None, None, None, None, None, None)"
_OMITTED_SPELLING = "UniTuple(none x 7)"
_OMITTED = object()
_TARGETS = {"cuda": ("cuda", "gpu", "generic"), "cpu": ("cpu", "generic")}

_TEMPLATES = {}  # id(function) -> (function, [(target, typing function)])


def register(func, target, typing_fn):
    """@overload(func, target=...) applied to `typing_fn`."""
    entry = _TEMPLATES.setdefault(id(func), (func, []))
    if entry[0] is not func:  # an id reused after the first function died
        entry = _TEMPLATES[id(func)] = (func, [])
    entry[1].append((target, typing_fn))


def is_overloaded(value):
    entry = _TEMPLATES.get(id(value))
    return entry is not None and entry[0] is value


def _typing_functions(func, target):
    """The typing functions compiled code for `target` ('cuda' or 'cpu') tries, best first."""
    registered = _TEMPLATES[id(func)][1]
    order = _TARGETS[target]
    ranked = [(order.index(t if t is not None else "generic"), fn) for t, fn in registered
              if (t if t is not None else "generic") in order]
    return [fn for _, fn in sorted(ranked, key=lambda r: r[0])]


def _name_of(func):
    return getattr(func, "__name__", repr(func))


class Probe:
    """An overloaded function where one module calls it, before its implementation is chosen."""

    def __init__(self, func, name, target, filename, line, col, known):
        self.func, self.name, self.target = func, name, target
        self.filename, self.line, self.col = filename, line, col
        self.key = (id(func), target)
        self.known = known  # the types of the parameters probed so far

    def lines(self, decorator):
        """The probe's text: `def name(<the typing function's parameters>)`, reading an
        attribute of the first parameter whose type is not known yet."""
        import inspect  # here, not at import: a first call of a plain function never needs it

        typing_fns = _typing_functions(self.func, self.target)
        self.names, params = [], []
        for p in inspect.signature(typing_fns[0]).parameters.values():
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                return None
            self.names.append(p.name)
            params.append(p.name if p.default is p.empty else "%s=%s" % (p.name, _OMITTED_DEFAULT))
        if not params:  # implementation_now found none: Numba's error
            self.choose([])
        self.count = len(params)
        k = len(self.known)
        return [decorator, "def %s(%s):" % (self.name, ", ".join(params)),
                "    return %s.%s" % (self.names[k], _PROBE_ATTR % (k, self.name))]

    def choose(self, known):
        """The implementation the typing functions return for the parameters' types
        (`_OMITTED` where the call leaves one out: after it, the given ones go by keyword),
        Numba's: the first that returns one; or Numba's TypingError at the call."""
        args, kwargs, left_out = [], {}, False
        for name, t in zip(getattr(self, "names", ()), known):
            if t is _OMITTED:
                left_out = True
            elif left_out:
                kwargs[name] = _as_numba_sees(t)
            else:
                args.append(_as_numba_sees(t))
        for typing_fn in _typing_functions(self.func, self.target):
            impl = typing_fn(*args, **kwargs)
            if impl is not None:
                return impl
        from ._source import compile_error

        given = [str(t) for t in args] + ["%s=%s" % kv for kv in kwargs.items()]
        raise compile_error("No implementation of function Function(<function %s>) found for signature:\n \n "
                            ">>> %s(%s)" % (_name_of(self.func), _name_of(self.func), ", ".join(given)),
                            self.filename, self.line, self.col)


def no_target_error(func, name, target, filename, line, col):
    from ._source import compile_error

    targets = sorted({t or "generic" for t, _ in _TEMPLATES[id(func)][1]})
    return compile_error("No implementation of function Function(<function %s>) found for target '%s' (its "
                         "@overload implementations are for target %s)"
                         % (_name_of(func), target, ", ".join(repr(t) for t in targets)), filename, line, col)


def implementation_now(func, target):
    """The implementation of an overload whose typing function takes no arguments."""
    import inspect  # here, not at import (see Probe.lines)

    for typing_fn in _typing_functions(func, target):
        if not inspect.signature(typing_fn).parameters:
            impl = typing_fn()
            if impl is not None:
                return impl
    return None


def _as_numba_sees(t):
    """`t` as a Numba typing function sees it: an array type whose dtype is a Numba type
    (ujit's ArrayType.dtype is the NumPy dtype, which ujit's own code reads), tuples item by
    item; `isinstance(a.dtype, types.Float)` and `a.dtype == types.float64` hold as in Numba."""
    if isinstance(t, _types.ArrayType) and not isinstance(t, _NumbaArrayView):
        view = _NumbaArrayView.__new__(_NumbaArrayView)
        view.__dict__.update(t.__dict__)
        return view
    if isinstance(t, _types.UniTuple):
        return _types.UniTuple(_as_numba_sees(t.item), t.count)
    if isinstance(t, _types.Tuple):
        return _types.Tuple([_as_numba_sees(x) for x in t.types])
    return t


class _NumbaArrayView(_types.ArrayType):
    """An ArrayType whose dtype is the Numba type of its items, as numba.types.Array's."""

    @property
    def dtype(self):
        return self.base


def _numba_type(text):
    from . import _types
    from ._type_annotation import type_of_spelling

    text = text.strip()
    if text.startswith("Tuple(") and text.endswith(")"):
        items = [_numba_type(p) for p in _types._split_top(text[len("Tuple("):-1])]
        if all(isinstance(t, _types.Type) for t in items):
            return _types.Tuple(items)
    return type_of_spelling(text)


def add_route(routes, known, spellings, impl):
    """Keeps `impl` as what calls of these argument types run (types/overload_routes.hpp):
    routes are (argument-types text, implementation); a call that leaves an argument out, or
    passes a type a signature cannot spell (a function), or whose types were probed before
    but not routed, runs one implementation for every call, as before routes (text None)."""
    text = "(%s)" % ", ".join(spellings)
    if (any(t is _OMITTED or not isinstance(t, _types.Type) for t in known)  # (a spelling ujit does not read)
            or any(r[0] == text for r in routes)):
        routes[:] = [(None, impl)]
    elif not any(r[0] is None for r in routes):
        routes.append((text, impl))


def route_decorator(decorator, name, texts):
    """`decorator` (a line such as '@numba.njit' or '@numba.njit(fastmath=True)') declaring
    its def the implementation of `name` for the argument types `texts`."""
    keywords = "_ujit_overload_of=%r, _ujit_overload_types=(%s,)" % (name, ", ".join(repr(t) for t in texts))
    if decorator.endswith(")"):
        return decorator[:-1] + (", " if not decorator.endswith("()") else "") + keywords + ")"
    return "%s(%s)" % (decorator, keywords)


def retrying(owner, action):
    """action(), compiled again each time ujit's error is a probe of the owner's module: the
    typing function then chooses that call's implementation (kept on the owner)."""
    while True:
        try:
            return action()
        except ext.CompileError as e:
            m = _PROBE_ERROR.search(str(e))
            probe = m and getattr(owner, "_overload_probes", {}).get(m.group("name"))
            if probe is None or int(m.group("k")) != len(probe.known):
                raise
        # (outside the handler: a TypingError of the typing function is not the probe's)
        with owner._lock:  # threads compiling one function learn each parameter once
            known = owner._overload_partial.setdefault(probe.key, [])
            spellings = owner._overload_partial.setdefault((probe.key, "spelled"), [])
            if len(known) == int(m.group("k")):
                spelled = m.group("type").strip()
                known.append(_OMITTED if spelled == _OMITTED_SPELLING else _numba_type(spelled))
                spellings.append(spelled)
                if len(known) == probe.count:
                    add_route(owner._overload_impls.setdefault(probe.key, []), known, spellings,
                              probe.choose(known))
                    del owner._overload_partial[probe.key], owner._overload_partial[(probe.key, "spelled")]
            owner._function = None  # the module is built again: the next probe, or the implementation
