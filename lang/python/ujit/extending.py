"""numba.extending (also numba.core.extending and numba-cuda's numba.cuda.extending).

`register_jitable` works as in Numba: the function stays a Python function, and compiled
code that calls it (an @njit function, a kernel, a device function) compiles it with itself,
for its own target.

`overload` works too: its typing function is called with the argument types of the first
call (_overloads.py says how), and the implementation it returns compiles for the caller.

The rest of Numba's extension API extends Numba's typing and lowering from Python: typing
templates called with Numba types while a function is typed, data models, llvmlite IR
builders. ujit types and lowers in C++ (src/types, src/codegen) and calls no Python while it
compiles, so it cannot honour them. The decorators register what they are given, as Numba's
do, so that modules written for Numba import; compiled code that then uses a registered
object (calls an @intrinsic, constructs a @type_callable class)
is a NotImplementedError that names the feature, located at the use.
"""
import weakref

__all__ = ["register_jitable", "overload", "overload_method", "overload_attribute", "intrinsic",
           "type_callable", "lower_builtin", "typeof_impl", "register_model", "make_attribute_wrapper",
           "models", "core_models"]

_JITABLE = weakref.WeakSet()  # functions compiled with the compiled code that calls them
_REGISTERED = {}  # id(object) -> (object, the feature that registered it)


def register_jitable(*args, **kwargs):
    """@register_jitable (or @register_jitable(**options)): `fn` itself, callable from Python
    as before and from compiled code, which compiles it as its own callee."""
    def wrap(fn):
        _JITABLE.add(fn)
        return fn

    if len(args) == 1 and not kwargs and callable(args[0]):
        return wrap(args[0])
    return wrap


def is_jitable(value):
    try:
        return value in _JITABLE
    except TypeError:  # unhashable
        return False


def unsupported_use(value):
    """The feature `value` was registered by (a message), where compiled code cannot use it."""
    entry = _REGISTERED.get(id(value))
    if entry is None or entry[0] is not value:
        return None
    return ("%s: ujit does not run Numba's Python-level typing and lowering extensions (it compiles "
            "in C++); write the implementation as a function compiled code calls (@register_jitable, "
            "@njit or @cuda.jit(device=True))" % entry[1])


def _register(value, feature):
    _REGISTERED[id(value)] = (value, feature)
    return value


def _recording(feature):
    """A decorator factory that records its target under `feature` and returns it unchanged."""
    def factory(func, *args, **kwargs):
        _register(func, "%s(%s)" % (feature, getattr(func, "__name__", repr(func))))

        def decorator(impl):
            return impl

        return decorator

    factory.__name__ = feature
    factory.__doc__ = ("Numba's @%s: registered, not honoured (see numba.extending's module text); "
                       "compiled code that uses its target is a NotImplementedError." % feature)
    return factory


def overload(func, jit_options=None, strict=True, inline="never", prefer_literal=False, target=None, **kwargs):
    """Numba's @overload(func, target=...): the decorated typing function, called with the
    Numba types of a call's arguments, returns the implementation compiled code runs for
    `func` (_overloads.py). target= is 'cuda', 'cpu' or 'generic' (both, the default here:
    ujit's numba.extending is also numba.core.extending and numba.cuda.extending)."""
    from . import _overloads

    if target not in (None, "generic", "cuda", "gpu", "cpu"):
        raise ValueError("@overload target=%r: ujit compiles for 'cpu' and 'cuda' (and 'generic', both)" % (target,))

    def decorate(typing_fn):
        _overloads.register(func, target, typing_fn)
        return typing_fn

    return decorate


type_callable = _recording("type_callable")


def overload_method(typ, attr, **kwargs):
    """Numba's @overload_method: registered, not honoured (ujit reports the method as missing
    where compiled code calls it)."""
    return lambda impl: impl


def overload_attribute(typ, attr, **kwargs):
    """Numba's @overload_attribute: registered, not honoured (ujit reports the attribute as
    missing where compiled code reads it)."""
    return lambda impl: impl


def make_attribute_wrapper(typeclass, struct_attr, python_attr):
    """Numba's make_attribute_wrapper: a data-model attribute, which ujit has no use for."""


def lower_builtin(func, *argtys):
    """Numba's @lower_builtin: an llvmlite lowering, which ujit never calls."""
    return lambda impl: impl


def register_model(fe_type):
    """Numba's @register_model: a data model, which ujit never asks for."""
    return lambda model: model


class _TypeofRegistry:
    """typeof_impl.register(cls): Numba's typeof for a Python class; ujit's launches and
    calls accept the values its own typeof knows."""

    def register(self, cls):
        return lambda impl: impl


typeof_impl = _TypeofRegistry()


class _Intrinsic:
    """What @intrinsic returns: a function whose body builds llvmlite IR; compiled code that
    calls it is a NotImplementedError."""

    def __init__(self, name, defn, **kwargs):
        self._name, self._defn = name, defn
        self.__name__ = name
        _register(self, "@intrinsic %s" % name)

    def __call__(self, *args, **kwargs):
        raise NotImplementedError("@intrinsic %s can be called only from compiled code, and ujit "
                                  "does not compile intrinsics (llvmlite IR)" % self._name)

    def __repr__(self):
        return "<intrinsic %s>" % self._name


def intrinsic(*args, **kwargs):
    """Numba's @intrinsic (or @intrinsic(prefer_literal=...))."""
    if len(args) == 1 and not kwargs and callable(args[0]):
        return _Intrinsic(args[0].__name__, args[0])
    return lambda fn: _Intrinsic(fn.__name__, fn, **kwargs)


class _Models:
    """numba.core.datamodel.models: the base classes a data model subclasses. ujit lays out
    its types in C++, so these are never instantiated by it."""

    class DataModel:
        def __init__(self, dmm, fe_type, *args, **kwargs):
            self._dmm, self._fe_type = dmm, fe_type

    class StructModel(DataModel):
        def __init__(self, dmm, fe_type, members):
            super().__init__(dmm, fe_type)
            self._members = list(members)

    class PrimitiveModel(DataModel):
        pass

    class OpaqueModel(DataModel):
        pass


models = core_models = _Models
