"""@jit / @njit: the Python side of the Dispatcher (ujit/_native/dispatch.c).

The C Dispatcher calls compiled code for argument types it has seen; on a new type tuple
it asks `_resolve` here, once, which specialization to use (Numba's rules: a declared
signature the arguments convert to, or a new specialization from the argument types).
"""
import threading

from . import _container_args, _enum_args, _function_args, _overloads, _source, _tuple_args, _types
from ._native import ext
from ._pickle_function import by_value, rebind
from .experimental import _jitclass

_CPU = 0
_MAX_CALL_ARGS = 64  # dispatch.c's MAX_CALL_ARGS
_CO_VARARGS = 0x04


def _is_arg_tuple(sig):
    """A signature given as a bare tuple of argument types, `(float32[::1], int64)`."""
    return isinstance(sig, tuple) and bool(sig) and all(isinstance(t, _types.Type) for t in sig)


def normalize_signatures(sigs):
    """Signatures as ujit's text: a string, a Signature (`float32(float32)`), a bare tuple
    of argument types (`(float32[::1], int64)`, the return type inferred), or a list of them."""
    if sigs is None:
        return []
    if isinstance(sigs, (str, _types.Signature)) or _is_arg_tuple(sigs):
        sigs = [sigs]
    return ["(%s)" % ", ".join(str(t) for t in s) if _is_arg_tuple(s) else str(s) for s in sigs]


# Numba's kinds of scalar conversion a declared signature may apply to an argument:
# along bool -> int -> float -> complex, any width (float -> int is never implicit).
_KIND_RANK = {"b": 0, "i": 1, "u": 1, "f": 2, "c": 3}


def _converts(code, t):
    if code & _types.CODE_NONE:
        return False
    have = _types.type_of_code(code)
    if isinstance(t, _types.UnicodeType) or isinstance(have, _types.UnicodeType):  # a str only for a str
        return isinstance(t, _types.UnicodeType) and isinstance(have, _types.UnicodeType)
    if isinstance(t, _types.ArrayType) or isinstance(have, _types.ArrayType):
        if not (isinstance(t, _types.ArrayType) and isinstance(have, _types.ArrayType)):
            return False
        return (have.dtype_name == t.dtype_name and str(have.base) == str(t.base) and have.ndim == t.ndim and t.layout in ("A", have.layout)
                and (t.readonly or not have.readonly))  # Numba: a read-only array never matches a mutable one
    if isinstance(t, _types.Record) or isinstance(have, _types.Record):  # a record only for the same record
        return str(t) == str(have)
    if isinstance(t, _types.NPDatetimeBase) or isinstance(have, _types.NPDatetimeBase):  # dt64: its own unit only
        return t == have
    return _KIND_RANK[have.kind] <= _KIND_RANK[t.kind]


# Numba's conversion kinds (numba/core/typeconv/rules.py), the same rules as the choice among
# declared signatures for calls from compiled code (src/types/overload_rating.cpp): 0 exact,
# 1 promote, 2 safe, 3 unsafe.
_EXACT, _PROMOTE, _SAFE, _UNSAFE = range(4)


def _bits(t):
    return 8 if t.kind == "b" else t.bitwidth


def _to_float(have, bits):
    if have.kind == "f":
        return _EXACT if bits == _bits(have) else _PROMOTE if bits > _bits(have) else _UNSAFE
    if have.kind == "b" or bits == 64:  # every int reaches int64 or uint64 safely, then float64
        return _SAFE
    signed_bits = _bits(have) if have.kind == "i" else 2 * _bits(have)  # uint8 fits int16
    return _SAFE if signed_bits <= (16 if bits == 32 else 32) else _UNSAFE  # float32 holds int16 exactly


def _conversion(code, t):
    have = _types.type_of_code(code)
    if str(have) == str(t):
        return _EXACT
    if have.kind not in _KIND_RANK or t.kind not in _KIND_RANK or isinstance(have, _types.ArrayType):
        return _SAFE  # an array into layout 'A' or a read-only parameter; _converts said it may
    hk, tk = have.kind, t.kind
    if hk == "c":
        return _PROMOTE if _bits(t) > _bits(have) else _UNSAFE
    if tk == "b":
        return _UNSAFE
    if tk == "c":
        return max(_to_float(have, _bits(t) // 2), _SAFE)
    if tk == "f":
        return _to_float(have, _bits(t))
    if hk == "b":
        return _SAFE
    if hk == "f":
        return _UNSAFE
    if hk == tk:
        return _PROMOTE if _bits(t) > _bits(have) else _UNSAFE
    return _SAFE if hk == "u" and _bits(t) > _bits(have) else _UNSAFE  # uint8 -> int16


def _numba_repr(t):
    """A type as Numba's repr spells it in its dispatch errors."""
    if isinstance(t, _types.ArrayType):
        return "Array(%s, %d, '%s', %s, aligned=True)" % (t.dtype_name, t.ndim, t.layout, t.readonly)
    return str(t)


class CompiledFunction:
    """What a Dispatcher delegates to: the module, its signatures, the dumps."""

    kind = "jit"

    def __init__(self, py_func, signatures, options):
        self.py_func = py_func
        self.declared = normalize_signatures(signatures)
        self.options = dict(options)
        self.targetoptions = self.options
        self.fastmath = _source.fastmath_on(self.options.get("fastmath", False))
        self._function = None
        self._overload_impls = {}  # what @overload-ed callees chose (_overloads.py)
        self._overload_partial = {}  # and the argument types probed for those not chosen yet
        # Those two for each signature compiled: @overload typing functions choose per
        # specialization, as Numba's do (one module holds one choice per overloaded function,
        # so a signature whose choices differ builds the module again; the entries compiled
        # before keep the module they were compiled in).
        self._overload_choices = {}  # (its keys: the signatures compiled)
        self._compile_disabled = False
        self._signatures = []  # the compiled ones, "float64(float64, float64)"
        self._lock = threading.RLock()

    # ---------------------------------------------------------------- compile

    def decorator(self):
        return _source.decorator_text("jit", self.declared, fastmath=self.fastmath,
                                      parallel=bool(self.options.get("parallel")),
                                      boundscheck=bool(self.options.get("boundscheck")),
                                      error_model=self.options.get("error_model"),
                                      locals=self.options.get("locals"))

    def function(self):
        """The ujit Function, compiling the module (and freezing globals) on first use."""
        with self._lock:
            if self._function is None:
                module = _source.build_module(self.py_func, self.decorator(), getattr(self, "cpu_fallback", False),
                                              owner=self)
                self._enums = module.enums
                if self.options.get("cache") and module.captured:
                    import pickle  # Numba's error: the address of device memory means nothing to another process

                    raise pickle.PicklingError(
                        "Cannot serialize kernels or device functions referencing global device arrays. Pass the "
                        "array(s) as arguments to the kernel instead.")
                self._function = module.function(_source.def_name(self.py_func))
            return self._function

    def compile(self, sig):
        return self._compiled(sig)[1]

    def _compiled(self, sig):
        """(the module's Function that holds `sig`'s specialization, its full signature)."""
        with self._lock:  # (the whole compile: the choices in use are this signature's)
            impls, partial = self._overload_choices.setdefault(str(sig), ({}, {}))
            if impls is not self._overload_impls:
                if impls != self._overload_impls or partial != self._overload_partial:
                    self._function = None  # the module binds another signature's choices
                self._overload_impls, self._overload_partial = impls, partial
            fn = _overloads.retrying(self, lambda: self._compile_once(sig))
            full = self._full_signature(fn, str(sig))
            if full not in self._signatures:
                self._signatures.append(full)
            return fn, full

    def _compile_once(self, sig):
        fn = self.function()
        with self._lock:
            fn.compile(str(sig), _CPU)
        return fn

    def _full_signature(self, fn, sig):
        head = fn.dump("types", sig).split("\n", 1)[0]  # "# name (args) -> ret"
        args, ret = head.split(" (", 1)[1].rsplit(") -> ", 1)
        return "%s(%s)" % (ret.strip(), args)

    def disable_compile(self, val=True):
        """Numba's: no new specialization; a call with other types is a TypeError."""
        self._compile_disabled = val

    @property
    def signatures(self):
        return list(self._signatures)

    @property
    def nopython_signatures(self):
        return self.signatures

    # ---------------------------------------------------------------- the C side's hooks

    def _resolve(self, args):
        codes = [ext.code_of(a) for a in args]
        for i, c in enumerate(codes):
            self._check_argument(i, args[i], c)
        for i, c in enumerate(codes):  # once per specialization, as Numba warns when compiling it
            if c & _types.CODE_LIST and not c & _types.CODE_TYPED_LIST:
                self._warn_reflected(i, "list")
        if self.declared:
            sig, spec = self._declared_for(codes)
        else:
            sig = "(%s)" % ", ".join(str(_types.type_of_code(c)) for c in codes)
            spec = tuple(codes)
        if self._compile_disabled and not self.declared and str(sig) not in self._overload_choices:
            raise TypeError("No matching definition for argument type(s) %s"
                            % ", ".join(_numba_repr(_types.type_of_code(c)) for c in codes))
        fn, full = self._compiled(sig)
        return fn, spec, _types.result_shape(_types.split_full_signature(full)[0],
                                                          getattr(self, "_enums", None))

    def _check_argument(self, i, value, code, where=""):
        """Numba's TypingError for an argument nopython mode has no type for (a dict, a
        string): located at the parameter. (Numba before 0.59 fell back to object mode
        here; ujit compiles nopython only, as Numba now does by default.)"""
        if code & _types.CODE_NONE:
            import enum  # only an argument without a type comes here

            if isinstance(value, enum.Enum):  # inside a tuple (others go to _enum_args.py)
                raise self._argument_error(i, "%scannot determine Numba type of %s: ujit does not pass enum members "
                                              "inside tuples; pass %r, its value" % (where, type(value), value.value))
            if isinstance(value, _container_args.List) and value._item_type is not None:
                raise self._argument_error(i, "%sujit cannot pass a numba.typed.List of %s to compiled code yet "
                                              "(typed List arguments hold numbers, str and arrays)"
                                           % (where, value._item_type))
            if type(value) is list and value and isinstance(value[0], (list, set)) and value[0]:
                # Numba types it, then cannot write the inner containers back (boxing.py's reflect_list)
                inner = next(iter(value[0]))
                kind = "list" if isinstance(value[0], list) else "set"
                raise TypeError("cannot reflect element of reflected container: reflected list(reflected %s(%s)"
                                "<iv=None>)<iv=None>\n" % (kind, _types.type_of_code(ext.code_of(inner))))
            raise self._argument_error(i, "%scannot determine Numba type of %s; nopython mode compiles numbers, "
                                          "str, NumPy arrays and tuples of them" % (where, type(value)))

    def _warn_reflected(self, i, kind, stacklevel=3):
        """Numba's NumbaPendingDeprecationWarning for a reflected list or set argument (a Python
        list or set: numba.typed.List is the container that stays)."""
        import warnings

        from .core.errors import NumbaPendingDeprecationWarning

        src = _source.FunctionSource(self.py_func)
        params = src.node.args.args + ([src.node.args.vararg] if src.node.args.vararg else [])
        name = params[i].arg if i < len(params) else str(i)
        warnings.warn(NumbaPendingDeprecationWarning(
            "\nEncountered the use of a type that is scheduled for deprecation: type 'reflected %s' found for "
            "argument '%s' of function '%s'.\n\nFor more information visit https://numba.readthedocs.io/en/"
            "stable/reference/deprecation.html#deprecation-of-reflection-for-list-and-set-types"
            % (kind, name, self.py_func.__qualname__)), stacklevel=stacklevel)

    def _argument_error(self, i, message):
        src = _source.FunctionSource(self.py_func)
        params = src.node.args.args + ([src.node.args.vararg] if src.node.args.vararg else [])
        arg = params[i] if i < len(params) else src.node
        return _source.compile_error("argument %d ('%s'): %s" % (i, getattr(arg, "arg", "?"), message),
                                     src.filename, src.first_line + arg.lineno - 1, arg.col_offset + 1 + src.indent)

    def _call_untyped(self, *args):
        """From the C side: an argument without a type code. A tuple goes to the flat
        wrapper (_tuple_args.py); anything else is Numba's TypingError."""
        if _jitclass.has_instance(args):
            return _jitclass.call_with_instances(self, list(args))
        if _container_args.has_container(args):
            return _container_args.call_with_containers(self, list(args))
        if any(_function_args.is_static(a) for a in args):
            return _function_args.call_with_statics(self, list(args))
        if _enum_args.has_enum(args):
            return _enum_args.call_with_enums(self, list(args))
        for i, a in enumerate(args):
            if not isinstance(a, tuple):
                self._check_argument(i, a, ext.code_of(a))
        return self._call_flat(list(args))

    def _call_flat(self, params):
        for i, p in enumerate(params):
            for path, leaf in _tuple_args.leaves_with_paths(p):
                if isinstance(leaf, tuple):  # an empty one: rebuilt as () by the wrapper
                    continue
                self._check_argument(i, leaf, ext.code_of(leaf), "element %s: " % path if path else "")
        return _tuple_args.call_flat(self, params)

    def _declared_for(self, codes):
        # Numba's choice (numba/_typeconv: select_overload): every signature the arguments
        # convert to is rated by its counts of (unsafe, safe, promoting) conversions; the lowest
        # wins, and two at the lowest are its "Ambiguous overloading" TypeError.
        rated = []
        for sig in self.declared:
            if any(_types.flat_param(a)[0] is not None for a in _types.param_texts(sig)):
                continue  # tuple parameters: only calls with tuples match (_tuple_args.py)
            _, params = _types.split_signature(sig)
            if len(params) == len(codes) and all(_converts(c, t) for c, t in zip(codes, params)):
                kinds = [_conversion(c, t) for c, t in zip(codes, params)]
                rating = tuple(kinds.count(k) for k in (_UNSAFE, _SAFE, _PROMOTE))
                rated.append((rating, sig, params))
        if not rated:
            raise TypeError("No matching definition for argument type(s) %s"
                            % ", ".join(str(_types.type_of_code(c)) for c in codes))
        best = min(r[0] for r in rated)
        chosen = [(sig, params) for rating, sig, params in rated if rating == best]
        if len(chosen) > 1:
            def spelled(types):
                return "(%s)" % ", ".join(_numba_repr(t) for t in types)

            raise TypeError("Ambiguous overloading for %r %s:\n%s" % (
                self.py_func, spelled([_types.type_of_code(c) for c in codes]),
                "\n".join("%s -> %s" % (spelled(params), _types.split_signature(sig)[0] or "none")
                          for sig, params in chosen[:2])))
        sig, params = chosen[0]
        return sig, tuple(_types.code_of_type(t) for t in params)

    def _call_bound(self, *args, **kwargs):
        import inspect  # only calls with keywords or defaults need it (start-up time)

        bound = inspect.signature(self.py_func).bind(*args, **kwargs)
        bound.apply_defaults()
        code = self.py_func.__code__
        names = list(code.co_varnames[:code.co_argcount])
        if code.co_flags & _CO_VARARGS:
            names.append(code.co_varnames[code.co_argcount + code.co_kwonlyargcount])
        params = [bound.arguments[n] for n in names]  # the positional ones, *args as one tuple
        if len(params) > _MAX_CALL_ARGS:
            src = _source.FunctionSource(self.py_func)
            raise _source.compile_error("'%s' takes %d arguments; ujit calls compiled functions with at most %d"
                                        % (self.py_func.__name__, len(params), _MAX_CALL_ARGS), src.filename,
                                        src.def_line, src.node.col_offset + 1 + src.indent)
        if _jitclass.has_instance(params):
            return _jitclass.call_with_instances(self, params)
        if _container_args.has_container(params):
            return _container_args.call_with_containers(self, params)
        if any(_function_args.is_static(p) for p in params):
            return _function_args.call_with_statics(self, params)
        if _enum_args.has_enum(params):
            return _enum_args.call_with_enums(self, params)
        if self.py_func.__code__.co_flags & _CO_VARARGS or any(isinstance(p, tuple) for p in params):
            return self._call_flat(params)
        return self._dispatcher(*params)

    def _reduce(self):
        # By reference when the module holds this dispatcher under its name (pickle then
        # imports it: worker processes compile from the disk cache), else by value of the
        # Python function (_pickle_function.py, as Numba's serialize does with cloudpickle).
        import sys

        module = sys.modules.get(self.py_func.__module__)
        if module is not None and getattr(module, self.py_func.__qualname__, None) is self._dispatcher:
            return self.py_func.__qualname__
        return (_rebuild, (type(self), by_value(self.py_func), self.declared, self.options))

    def _repr(self):
        return "CPUDispatcher(%r)" % self.py_func

    # ---------------------------------------------------------------- Numba's inspection API

    def _sigs_or(self, signature):
        if signature is not None:
            return [str(signature)]
        return self.signatures

    def _args_of(self, sig):
        return _types.split_full_signature(sig)[1]

    def inspect_types(self, signature=None, file=None):
        text = "\n".join(self.function().dump("types", self._args_of(s)) for s in self._sigs_or(signature))
        if file is None:
            print(text)
        else:
            file.write(text)

    def inspect_llvm(self, signature=None):
        out = {s: self.function().dump("llvm", self._args_of(s)) for s in self._sigs_or(signature)}
        return out[str(signature)] if signature is not None else out

    def inspect_asm(self, signature=None):
        out = {s: self.function().dump("asm", self._args_of(s)) for s in self._sigs_or(signature)}
        return out[str(signature)] if signature is not None else out


def _rebuild(cls, py_func, declared, options):
    return rebind(py_func, make_dispatcher(cls, py_func, declared, options))


def make_dispatcher(cls, py_func, signatures, options):
    owner = cls(py_func, signatures, options)
    # With *args every call binds in Python (-1): the compiled def takes them as one tuple.
    n_params = -1 if py_func.__code__.co_flags & _CO_VARARGS else py_func.__code__.co_argcount
    d = ext.Dispatcher(owner, n_params, bool(owner.options.get("nogil")))
    owner._dispatcher = d  # for _call_bound: a cycle, which the GC collects
    for attr in ("__name__", "__qualname__", "__module__", "__doc__"):
        setattr(d, attr, getattr(py_func, attr, None))
    d.__wrapped__ = py_func
    for sig in owner.declared:  # Numba compiles declared signatures at decoration
        owner.compile(sig)
    return d


# The numpy.ufunc objects @vectorize made (which take no attributes), by id, with their owner:
# compiled code may call them on arrays (element by element) or scalars.
_UFUNC_CALLEES = {}


def register_ufunc_callee(ufunc, owner):
    _UFUNC_CALLEES[id(ufunc)] = (ufunc, owner)
    return ufunc


def callee_of(value):
    """(py_func, decorator line) when `value` is a ujit function other code may call."""
    owner = getattr(value, "_owner", None) if isinstance(value, ext.Dispatcher) else None
    if owner is None:
        owner = getattr(value, "_ujit_callee", None)
    if owner is None:
        entry = _UFUNC_CALLEES.get(id(value))
        owner = entry[1] if entry is not None and entry[0] is value else None
    if owner is None:
        return None
    return owner.py_func, owner.decorator()


_JIT_OPTIONS = {"nopython", "cache", "nogil", "parallel", "fastmath", "boundscheck", "error_model", "inline",
                "forceobj", "looplift", "locals", "debug", "no_cpython_wrapper", "no_cfunc_wrapper", "opt",
                "target", "_nrt"}


class ObjectModeFunction:
    """@jit(forceobj=True): Numba's object mode, which runs the Python function itself."""

    def __init__(self, py_func):
        self.py_func = py_func
        self.__name__, self.__doc__, self.__wrapped__ = py_func.__name__, py_func.__doc__, py_func

    def __call__(self, *args, **kwargs):
        return self.py_func(*args, **kwargs)

    def __repr__(self):
        return "ObjModeDispatcher(%r)" % self.py_func


def _declared_locals(locals):
    """locals= checked: variable names to Numba types (or their spellings)."""
    if not isinstance(locals, dict):
        raise TypeError("locals= expects a dict of variable names to types, not %s" % type(locals).__name__)
    for name, t in locals.items():
        if not isinstance(name, str) or not isinstance(t, (_types.Type, str)):
            raise TypeError("locals= maps variable names to Numba types: %r: %r is not one" % (name, t))
    return dict(locals)


def jit(signature_or_function=None, locals=None, cache=False, **options):
    """Numba's @jit (nopython unless forceobj=True): bare, with signatures, or with options."""
    unknown = set(options) - _JIT_OPTIONS
    if unknown:
        raise TypeError("jit() got unexpected keyword argument(s): %s" % ", ".join(sorted(unknown)))
    options["cache"] = cache
    if locals:
        options["locals"] = _declared_locals(locals)

    def make(fn, sigs):
        from .core import config

        if config.DISABLE_JIT:  # Numba's: the function runs as Python
            return fn
        if options.get("forceobj"):
            return ObjectModeFunction(fn)
        return make_dispatcher(CompiledFunction, fn, sigs, options)

    if callable(signature_or_function) and not isinstance(signature_or_function, _types.Type):
        return make(signature_or_function, None)
    return lambda fn: make(fn, signature_or_function)


def njit(*args, **kwargs):
    """Numba's @njit: @jit(nopython=True)."""
    kwargs.pop("nopython", None)
    return jit(*args, **kwargs)


jit._ujit_decorator = njit._ujit_decorator = True
