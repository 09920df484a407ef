"""numba.experimental.jitclass: classes whose instances live in memory compiled code owns.

`@jitclass(spec)` (or `@jitclass` with annotations) checks the class as Numba's
register_class_type does (numba/experimental/jitclass/base.py) and returns a class whose
instances, seen from Python, are boxes around a compiled instance: the box holds the address
of its header and one reference, released when Python drops the box. Compiled code sees the
class's own text (_source.ModuleText.jitclass puts it in the module, its decorator spelled from
the spec), so an instance made in @njit code and one made from Python are the same thing. From
Python, each construction, attribute read or write and method call runs a small compiled
accessor, made once:

    def __ujit_jc_Running_call_push_1(p, a0):
        return numba.experimental._ujit_unbox(Running, p).push(a0)

`_ujit_unbox(Running, p)` is the instance at the address a box holds; an instance result comes
back as its address with its reference (pipeline/marshal.cpp), which _types.result_shape boxes.
"""
import ast
import collections
import collections.abc
import ctypes
import textwrap
import threading
import types as _pytypes

from .. import _dynamic_source, _types


class InstanceType(_types.Type):
    """Numba's ClassInstanceType: "instance.jitclass.Name#<x:float64,...>"."""

    def __init__(self, info):
        members = ",".join("%s:%s" % (k, v) for k, v in info.spec.items())
        super().__init__("instance.jitclass.%s#<%s>" % (info.py_class.__name__, members))
        self.info = info


class ClassType(_types.Type):
    """Numba's ClassType: "jitclass.Name#<...>"; `instance_type` its instances' type, `class_def`
    the class as written (Python runs it undecorated)."""

    def __init__(self, instance_type):
        super().__init__(instance_type.name[len("instance."):])
        self.instance_type = instance_type
        self.info = instance_type.info
        self.class_def = instance_type.info.py_class


_ANNOTATION_TYPES = {float: "float64", int: "int64", bool: "boolean", complex: "complex128"}


def _as_numba_type(py_type):
    if isinstance(py_type, _types.Type):
        return py_type
    if py_type in _ANNOTATION_TYPES:
        return _types.TYPES[_ANNOTATION_TYPES[py_type]]
    raise TypeError("ujit cannot use the annotation %r as a jitclass member type (give a Numba type)" % (py_type,))


def _normalized_spec(cls, spec):
    if spec is None:
        spec = collections.OrderedDict()
    elif isinstance(spec, collections.abc.Sequence):
        spec = collections.OrderedDict(spec)
    else:
        spec = collections.OrderedDict(spec)
    for attr, py_type in getattr(cls, "__annotations__", {}).items():
        if attr not in spec:
            spec[attr] = _as_numba_type(py_type)
    for k, v in spec.items():  # Numba's _validate_spec
        if not isinstance(k, str):
            raise TypeError("spec keys should be strings, got %r" % (k,))
        if not isinstance(v, _types.Type):
            raise TypeError("spec values should be Numba type instances, got %r" % (v,))
    return spec


_IGNORED = {"__weakref__", "__module__", "__dict__", "__annotations__", "__qualname__", "__firstlineno__",
            "__static_attributes__"}


def _members(cls, spec):
    """(methods, properties, static methods) of the class, checked as Numba checks them."""
    methods, props, statics, others = {}, {}, {}, {}
    for k, v in cls.__dict__.items():
        if isinstance(v, _pytypes.FunctionType):
            methods[k] = v
        elif isinstance(v, property):
            props[k] = v
        elif isinstance(v, staticmethod):
            statics[k] = v.__func__
        else:
            others[k] = v
    shadowed = (set(methods) | set(props) | set(statics)) & set(spec)
    if shadowed:
        raise NameError("name shadowing: {0}".format(", ".join(shadowed)))
    others.pop("__doc__", None)
    for k in _IGNORED:
        others.pop(k, None)
    if others:
        raise TypeError("class members are not yet supported: {0}".format(", ".join(others.keys())))
    for k, v in props.items():
        if v.fdel is not None:
            raise TypeError("deleter is not supported: {0}".format(k))
    if cls.__bases__ != (object,):
        raise TypeError("ujit: jitclass '%s' derives from %s; ujit compiles jitclasses without base classes"
                        % (cls.__name__, ", ".join(b.__name__ for b in cls.__bases__)))
    return methods, props, statics


# ---------------------------------------------------------------- the class's text


def _class_source(info):
    """The class's lines and first line number, found through its functions' text (a file's, or
    a string's that exec compiled: _dynamic_source), as inspect would find a file's."""
    cls = info.py_class
    for fn in info.functions():
        code = fn.__code__
        lines = _dynamic_source.getlines(code, fn.__globals__)
        try:
            tree = ast.parse("".join(lines))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.ClassDef) and node.name == cls.__name__
                    and node.lineno <= code.co_firstlineno <= node.end_lineno):
                first = node.decorator_list[0].lineno if node.decorator_list else node.lineno
                return lines[first - 1:node.end_lineno], first
    import inspect  # here, not at import: a first call of a plain function never needs it
    return inspect.getsourcelines(cls)


def class_lines(info, decorator):
    """The class's source lines for the module text, with `decorator` as its one decorator
    line and its annotations blanked (the spec the decorator spells has them); (lines, first
    line number, indent). A class defined inside a function is dedented to the module's level:
    `indent` columns, which its compile errors' columns get back."""
    lines, first = _class_source(info)
    indent = len(lines[0]) - len(lines[0].lstrip()) if lines else 0
    dedented = textwrap.dedent("".join(lines))
    out = [line.rstrip("\r\n") for line in dedented.splitlines(True)]
    if out and out[0][:1].isspace():  # a line of the class's text left of its first one
        raise TypeError("ujit cannot read the text of jitclass '%s': a line of it is indented less than its "
                        "first line" % info.py_class.__name__)
    node = ast.parse(dedented).body[0]
    header = node.lineno - 1
    deco_first = node.decorator_list[0].lineno - 1 if node.decorator_list else header
    for i in range(deco_first, header):
        out[i] = ""
    if deco_first < header:
        out[deco_first] = decorator
    else:
        out.insert(0, decorator)
        first -= 1
        header += 1
        deco_first = 0
    shift = header - (node.lineno - 1)
    annotations = [s for s in node.body if isinstance(s, ast.AnnAssign)]
    for s in annotations:
        for i in range(s.lineno - 1 + shift, s.end_lineno + shift):
            out[i] = ""
    if len(annotations) == len(node.body) or all(
            isinstance(s, ast.AnnAssign) or (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
            for s in node.body):
        out[annotations[0].lineno - 1 + shift if annotations else header] += (
            "    pass" if annotations else " pass")  # a body of annotations only
    return out, first, indent


# ---------------------------------------------------------------- instances from Python

_release = None


def _decref(address):
    global _release
    if _release is None:
        from .._native import ext

        _release = ctypes.CDLL(ext.__file__).ujit_nrt_decref  # libujit's, through the extension's dependencies
        _release.argtypes = [ctypes.c_void_p]
        _release.restype = None
    _release(address)


class JitClassType(type):
    """The metaclass of the classes @jitclass returns: calling one makes an instance."""

    def __call__(cls, *args, **kwargs):
        info = cls._ujit_jitclass
        if info.init is not None:
            args = info.bind_init(args, kwargs)
        elif args or kwargs:
            raise TypeError("%s() takes no arguments" % cls.__name__)
        return info.accessor("new", len(args))(*args)

    def __instancecheck__(cls, obj):
        return getattr(type(obj), "_ujit_jitclass", None) is cls._ujit_jitclass


class _Box:
    """An instance seen from Python: the address of its header, owning one reference."""

    __slots__ = ("_ujit_address", "__weakref__")

    def __del__(self):
        address = getattr(self, "_ujit_address", 0)
        if address:
            self._ujit_address = 0
            try:
                _decref(address)
            except Exception:  # interpreter shutdown: ctypes may be gone, and so is the memory
                pass

    @property
    def _numba_type_(self):
        return self._ujit_jitclass.instance_type


class ClassInfo:
    """What ujit knows of one jitclass: its Python class, spec, members and compiled accessors."""

    def __init__(self, py_class, spec):
        self.py_class = py_class
        self.spec = _normalized_spec(py_class, spec)
        self.methods, self.props, self.statics = _members(py_class, self.spec)
        self.init = self.methods.get("__init__")
        self.bind_init = _binder(self.init) if self.init is not None else None
        self.instance_type = InstanceType(self)
        self.class_type = ClassType(self.instance_type)
        self.jitted = None  # the class @jitclass returns
        self._accessors = {}
        self._lock = threading.RLock()

    def functions(self):
        """The Python functions of the class's methods, properties and static methods."""
        out = list(self.methods.values()) + list(self.statics.values())
        for p in self.props.values():
            out += [f for f in (p.fget, p.fset) if f is not None]
        return out

    def box(self, address):
        obj = object.__new__(self.jitted)
        obj._ujit_address = address
        return obj

    # Compiled accessors, each made once: ("new", nargs), ("get", member), ("set", member),
    # ("call", method, nargs).
    def accessor(self, kind, *key):
        with self._lock:
            found = self._accessors.get((kind,) + key)
            if found is None:
                found = self._make_accessor(kind, *key)
                self._accessors[(kind,) + key] = found
            return found

    def _make_accessor(self, kind, *key):
        from .. import _dispatcher, _source

        n = _source._PRELUDE_NUMBA + ".experimental."
        cname = self.py_class.__name__
        unboxed = "%s_ujit_unbox(%s, p)" % (n, cname)
        if kind == "new":
            params = ["a%d" % i for i in range(key[0])]
            value = "%s(%s)" % (cname, ", ".join(params))
        elif kind == "get":
            params = ["p"]
            value = "%s.%s" % (unboxed, key[0])
        elif kind == "set":
            params = ["p", "v"]
            value = None
        else:
            params = ["p"] + ["a%d" % i for i in range(key[1])]
            value = "%s.%s(%s)" % (unboxed, key[0], ", ".join(params[1:]))
        name = "__ujit_jc_%s_%s_%s" % (cname, kind, "_".join(str(k) for k in key))
        lines = ["def %s(%s):" % (name, ", ".join(params))]
        lines.append("    %s.%s = v" % (unboxed, key[0]) if value is None else "    return %s" % value)
        source = "\n".join(lines) + "\n"
        glb = {cname: self.jitted, "__name__": self.py_class.__module__}
        exec(compile(source, "<ujit jitclass %s>" % cname, "exec"), glb)  # _dynamic_source keeps the text
        return _dispatcher.njit(glb[name])


_REGISTRY = {}  # class name -> ClassInfo (the last class of that name)


def box_of(type_text):
    """What boxes a result of the type spelled "instance.jitclass.Name#<...>" (its address)."""
    return _REGISTRY[type_text[len("instance.jitclass."):].split("#", 1)[0]].box


def _member_property(info, name):
    def get(self):
        return info.accessor("get", name)(self._ujit_address)

    def set_(self, value):
        info.accessor("set", name)(self._ujit_address, value)

    return property(get, set_)


def _binder(fn):
    """What binds the arguments after `self` as Python binds them to `fn` (keywords and
    defaults); a call passing one positional argument per parameter skips the binding."""
    import inspect  # (see above)
    sig = inspect.signature(fn)
    takes = len(sig.parameters) - 1

    def bind(args, kwargs):
        if not kwargs and len(args) == takes:
            return args
        bound = sig.bind(None, *args, **kwargs)
        bound.apply_defaults()
        return tuple(bound.args[1:])

    return bind


def _method(info, name):
    bind = _binder(info.methods[name])

    def call(self, *args, **kwargs):
        args = bind(args, kwargs)
        return info.accessor("call", name, len(args))(self._ujit_address, *args)

    call.__name__ = name
    return call


def _boxed_class(info):
    from .. import _dispatcher

    dct = {"__slots__": (), "_ujit_jitclass": info, "class_type": info.class_type,
           "__doc__": info.py_class.__doc__, "__module__": info.py_class.__module__,
           "__qualname__": info.py_class.__qualname__}
    for name in info.spec:
        dct[name] = _member_property(info, name)
    for name, p in info.props.items():
        dct[name] = _member_property(info, name) if p.fset is not None else property(
            _member_property(info, name).fget)
    for name in info.methods:
        if name != "__init__":
            dct[name] = _method(info, name)
    for name, f in info.statics.items():
        dct[name] = staticmethod(_dispatcher.njit(f))
    return JitClassType(info.py_class.__name__, (_Box,), dct)


def jitclass(cls_or_spec=None, spec=None):
    """A jitclass from a class and its spec (a list of (name, type) pairs or a dict of name:
    type; class annotations add members the spec does not name), as numba.experimental.jitclass."""
    if cls_or_spec is not None and spec is None and not isinstance(cls_or_spec, type):
        spec = cls_or_spec
        cls_or_spec = None

    def wrap(cls):
        info = ClassInfo(cls, spec)
        info.jitted = _boxed_class(info)
        _REGISTRY[cls.__name__] = info
        return info.jitted

    return wrap if cls_or_spec is None else wrap(cls_or_spec)


def info_of(value):
    """The ClassInfo of a class @jitclass returned, else None."""
    return getattr(value, "_ujit_jitclass", None) if isinstance(value, JitClassType) else None


# ---------------------------------------------------------------- instances passed to @jit functions


def has_instance(params):
    return any(isinstance(type(p), JitClassType) for p in params)


def call_with_instances(owner, params):
    """Calls the owner's function with `params`, some of them boxed instances: through a wrapper
    per combination of their classes, which unboxes them."""
    from .. import _function_args, _source

    if owner.declared:
        raise TypeError("'%s' has declared signatures, which cannot name a jitclass instance type: call it without "
                        "signatures" % owner.py_func.__name__)
    if any(isinstance(p, tuple) for p in params) or any(_function_args.is_static(p) for p in params):
        raise TypeError("'%s': ujit does not pass jitclass instances together with tuples, functions or types"
                        % owner.py_func.__name__)
    infos = tuple(type(p)._ujit_jitclass if isinstance(type(p), JitClassType) else None for p in params)
    n = _source._PRELUDE_NUMBA + ".experimental."

    def spell(callees):
        names, args = [], []
        for i, info in enumerate(infos):
            names.append("_ujit_p%d" % i)
            args.append("_ujit_p%d" % i if info is None else "%s_ujit_unbox(%s, _ujit_p%d)" % (n, info.py_class.__name__, i))
        return names, args

    entry = _function_args.wrapper_entry(owner, "jitclass", tuple(id(i) for i in infos), infos, spell,
                                         jitclasses=tuple(dict.fromkeys(i.jitted for i in infos if i is not None)))
    return entry(*[p._ujit_address if isinstance(type(p), JitClassType) else p for p in params])
