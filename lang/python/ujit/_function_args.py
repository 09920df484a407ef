"""Functions and number types passed from Python to a @jit function.

Numba types a dispatcher argument as its Dispatcher type and a number class (np.float32,
numba.float32) as a NumberClass: each is a compile-time value, and the callee is
specialized per function or type. ujit does the same with a compiled wrapper per
combination of such values, which passes them by name and the other arguments through:

    def __ujit_static1_apply(p1):
        return apply(square, p1)

The wrapper's module holds the passed function's source too, so `f(x)` inside `apply`
is a direct call of `square`, as a call of a global function is.
"""
import sys

from . import _source, _types
from ._native import ext


def _callee(value):
    from ._dispatcher import callee_of  # (py_func, decorator) of a ujit function

    return callee_of(value)


def _number_type(value):
    """The dtype name of a NumPy scalar class or a Numba number type, else None."""
    if isinstance(value, (_types.Boolean, _types.Integer, _types.Float, _types.Complex)):
        return value.dtype_name
    np = sys.modules.get("numpy")  # a NumPy class exists only once NumPy is imported
    if np is not None and isinstance(value, type) and issubclass(value, np.generic):
        dt = np.dtype(value)
        return dt.name if dt in _types.DTYPE_CODE else None
    return None


def is_static(value):
    """Whether `value` is a compile-time argument: a ujit function, a number type, or None
    (Numba types it `none`: a specialization of its own, where `x is None` is known)."""
    return value is None or _callee(value) is not None or _number_type(value) is not None


_PASSED = object()  # in `statics`: an argument the wrapper passes through


def _spelling(value, callees):
    """The wrapper's source text for a static argument; a function joins `callees`."""
    if value is None:
        return "None"
    callee = _callee(value)
    if callee is not None:
        callees.append(callee)
        return _source.def_name(callee[0])
    if isinstance(value, _types.Type):  # a Numba number type: its own name in numba
        return "%s.%s" % (_source._PRELUDE_NUMBA, value.name)
    return "%s.%s" % (_source._PRELUDE_NUMPY, value.__name__)  # NumPy's own name for its class


def _entry(owner, statics):
    """The dispatcher of the wrapper for these static values (_PASSED: passed through)."""
    key = tuple(None if v is _PASSED else id(v) for v in statics)  # the entry keeps the values alive

    def spell(callees):
        params, args = [], []
        for i, v in enumerate(statics):
            if v is _PASSED:
                params.append("_ujit_p%d" % i)
                args.append("_ujit_p%d" % i)
            else:
                args.append(_spelling(v, callees))
        return params, args

    return wrapper_entry(owner, "static", key, statics, spell)


def wrapper_entry(owner, kind, key, keep, spell, enums=(), body=None, namedtuples=(), jitclasses=()):
    """The dispatcher of a wrapper `def __ujit_KINDn_f(params): return f(args)`, one per `key`
    (`keep` stays alive with it); spell(callees) gives (params, args) and adds the functions
    the wrapper names to `callees`; `enums` are the enum classes it names (_enum_args.py),
    `namedtuples` its namedtuple classes (_container_args.py), `jitclasses` the jitclasses
    (experimental/_jitclass.py);
    body(f's name, args), when given, is the wrapper's body lines instead (_container_args.py)."""
    from ._dispatcher import CompiledFunction  # the wrapper is a @jit function of its own

    with owner._lock:
        entries = owner.__dict__.setdefault("_%s_entries" % kind, {})
        if key in entries:
            return entries[key][0]
        name = "__ujit_%s%d_%s" % (kind, len(entries) + 1, _source.def_name(owner.py_func))
        callees = []
        params, args = spell(callees)
        fname = _source.def_name(owner.py_func)
        lines = ["def %s(%s):" % (name, ", ".join(params))]
        lines += body(fname, args) if body else ["    return %s(%s)" % (fname, ", ".join(args))]

        class WrapperEntry(CompiledFunction):
            def function(self):
                with self._lock:
                    if self._function is None:
                        module = _source.build_module(owner.py_func, owner.decorator(),
                                                      getattr(owner, "cpu_fallback", False), extra=(name, lines),
                                                      callees=callees, enums=enums, owner=self,
                                                      namedtuples=namedtuples, jitclasses=jitclasses)
                        self._enums = module.enums
                        self._function = module.function(name)
                    return self._function

        entry = WrapperEntry(owner.py_func, None, owner.options)
        d = ext.Dispatcher(entry, len(params), bool(owner.options.get("nogil")))
        entry._dispatcher = d
        entries[key] = (d, keep)
        return d


def call_with_statics(owner, params):
    """Calls the owner's function with `params`, some of them static (is_static)."""
    if owner.declared and any(p is None for p in params) and not any(_callee(p) or _number_type(p) for p in params):
        # Numba's dispatcher error: no declared signature takes `none`
        raise TypeError("No matching definition for argument type(s) %s"
                        % ", ".join("none" if p is None else str(_types.type_of_code(ext.code_of(p))) for p in params))
    if owner.declared:
        raise TypeError("'%s' has declared signatures, which cannot name a function or type argument: "
                        "call it without signatures so that it specializes per function, as Numba does"
                        % owner.py_func.__name__)
    if any(isinstance(p, tuple) for p in params):
        raise TypeError("'%s': ujit does not pass tuples together with function or type arguments"
                        % owner.py_func.__name__)
    statics = [p if is_static(p) else _PASSED for p in params]
    return _entry(owner, statics)(*[p for p, s in zip(params, statics) if s is _PASSED])
