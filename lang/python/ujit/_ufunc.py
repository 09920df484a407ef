"""@vectorize and @guvectorize.

With signatures (targets 'cpu' and 'parallel'), the result is a real numpy.ufunc (or gufunc)
with one inner loop per signature, in the declared order, as Numba builds it: NumPy then
provides broadcasting, `out=`, casting, reduce/accumulate and __array_ufunc__ dispatch (so
Dask and CuPy arrays reach their own protocol). Without signatures, a DUFunc: a real ufunc
rebuilt with one more loop for each new combination of input dtypes (Numba's DUFunc).
target='cuda' gives a CUDA ufunc (ujit/cuda/_ufunc.py), which falls back to these CPU loops
where CUDA is unavailable.
"""
import copyreg
import re
import sys
import threading

import numpy as np

from . import _pickle_function, _source, _types
from ._dispatcher import CompiledFunction, normalize_signatures, register_ufunc_callee
from ._native import ext

_TARGET_CODE = {"cpu": 0, "parallel": 1}
# numpy/ufuncobject.h: PyUFunc_None, PyUFunc_Zero, PyUFunc_One, PyUFunc_ReorderableNone
_IDENTITY = {None: -1, 0: 0, 1: 1, "reorderable": -2}


def _identity_code(identity):
    if isinstance(identity, bool) or identity not in _IDENTITY:
        raise ValueError("identity must be None, 0, 1 or 'reorderable', not %r" % (identity,))
    return _IDENTITY[identity]


class UfuncFunction(CompiledFunction):
    kind = "vectorize"

    def __init__(self, py_func, signatures, options):
        super().__init__(py_func, signatures, options)
        self.target = options.get("target", "cpu")
        self.identity = options.get("identity")

    def decorator(self):
        return _source.decorator_text("vectorize", self.declared, self.target, fastmath=self.fastmath)

    def loop_codes(self, sig):
        """(input codes..., output code) of one signature, compiling it."""
        full = self.compile(sig)
        ret, params = _types.split_signature(full)
        return tuple(_types.code_of_type(t) for t in params + [ret])

    @staticmethod
    def loop_signature(codes):
        types = [str(_types.type_of_code(c)) for c in codes]
        return "%s(%s)" % (types[-1], ", ".join(types[:-1]))

    def make_ufunc(self, loops, target):
        doc = self.py_func.__doc__ or ""
        nin = len(loops[0]) - 1
        specs = [(c, (), self.loop_signature(c)) for c in loops]
        return ext.make_ufunc(self.function(), self.py_func.__name__, doc, specs, nin, 1,
                              _identity_code(self.identity), _TARGET_CODE.get(target, 0), None)

    def cpu_ufunc(self):
        """The real numpy.ufunc of the declared signatures, on the CPU."""
        return self.make_ufunc([self.loop_codes(s) for s in self.declared], self.target)


class DUFunc:
    """A lazily specialized ufunc (vectorize without signatures)."""

    def __init__(self, owner):
        self._owner = owner
        self._ujit_callee = owner  # compiled code may call it (_dispatcher.callee_of)
        # ((input dtypes, output dtype) codes of each loop, the ufunc of exactly those loops),
        # replaced as a whole under _lock: threads that look a loop up without the lock read
        # one consistent pair, and two threads adding loops at once cannot each build a ufunc
        # that lacks the other's loop.
        self._state = ((), None)
        self._lock = threading.RLock()
        self.__name__ = owner.py_func.__name__
        self.__qualname__ = owner.py_func.__qualname__
        self.__module__ = owner.py_func.__module__  # pickle finds it there by name
        self.__doc__ = owner.py_func.__doc__
        self.__wrapped__ = owner.py_func

    @staticmethod
    def _dtype_of(x):
        if isinstance(x, (bool, np.bool_)):
            return np.dtype(np.bool_)
        if isinstance(x, int):
            return np.dtype(np.int64)
        if isinstance(x, float):
            return np.dtype(np.float64)
        if isinstance(x, complex):
            return np.dtype(np.complex128)
        dt = getattr(x, "dtype", None)
        return np.dtype(dt) if dt is not None else np.asarray(x).dtype

    def _loop_for(self, dtypes):
        """(loop signature, a ufunc that has it) for these input dtypes, compiling and adding
        the loop when new."""
        for i, d in enumerate(dtypes):
            if np.dtype(d) not in _types.DTYPE_CODE:
                raise TypeError("ufunc '%s': cannot compile a loop for input %d of dtype %s (ujit compiles bool, "
                                "integer, float32, float64, complex64 and complex128 inputs)"
                                % (self.__name__, i, np.dtype(d)))
        codes = tuple(_types.DTYPE_CODE[np.dtype(d)] for d in dtypes)
        found = self._find(codes)
        if found:
            return found
        with self._lock:
            found = self._find(codes)
            if found:
                return found
            sig = "(%s)" % ", ".join(str(_types.scalar_type_of_dtype(d)) for d in dtypes)
            loop = self._owner.loop_codes(sig)
            # Narrowest types first, as NumPy orders its own loops: where NumPy resolves the
            # types itself (a Dask chunk), the first loop the inputs cast to safely is the
            # one compiled for them.
            loops = sorted(self._state[0] + (loop,), key=lambda codes: [_types.dtype_of_code(c).num for c in codes])
            ufunc = _remember(self._owner.make_ufunc(loops, self._owner.target), _dufunc_ufunc, (self, loops))
            self._state = (tuple(loops), ufunc)
            return loop, ufunc

    def _find(self, codes):
        loops, ufunc = self._state
        for loop in loops:
            if loop[:-1] == codes:
                return loop, ufunc
        return None

    def _signature(self, loop):
        return tuple(_types.dtype_of_code(c) for c in loop)

    def __call__(self, *args, **kwargs):
        loop, ufunc = self._loop_for([self._dtype_of(a) for a in args[:self.nin]])
        if all(isinstance(a, (np.ndarray, np.generic, int, float, complex)) for a in args):
            # The loop compiled for these dtypes, exactly. (Other array types get the call
            # through __array_ufunc__, which may not take `signature`.)
            kwargs.setdefault("signature", self._signature(loop))
        return ufunc(*args, **kwargs)

    def _method(self, name, array, *args, **kwargs):
        dt = self._dtype_of(array)
        loop, ufunc = self._loop_for([dt] * self.nin)
        kwargs.setdefault("dtype", _types.dtype_of_code(loop[-1]))
        return getattr(ufunc, name)(array, *args, **kwargs)

    def reduce(self, array, *args, **kwargs):
        return self._method("reduce", array, *args, **kwargs)

    def accumulate(self, array, *args, **kwargs):
        return self._method("accumulate", array, *args, **kwargs)

    def reduceat(self, array, *args, **kwargs):
        return self._method("reduceat", array, *args, **kwargs)

    def outer(self, a, b, **kwargs):
        loop, ufunc = self._loop_for([self._dtype_of(a), self._dtype_of(b)])
        return ufunc.outer(a, b, signature=self._signature(loop), **kwargs)

    @property
    def nin(self):
        return len(self._owner.py_func.__code__.co_varnames[:self._owner.py_func.__code__.co_argcount])

    @property
    def nout(self):
        return 1

    @property
    def ufunc(self):
        """The real numpy.ufunc of the loops compiled so far (None before the first call)."""
        return self._state[1]

    @property
    def types(self):
        ufunc = self._state[1]
        return list(ufunc.types) if ufunc is not None else []

    def __repr__(self):
        return "<ujit DUFunc %s>" % self.__name__

    def __reduce__(self):
        return reduce_by_reference(self, self._owner.py_func, (_rebuild_dufunc, (self._owner.py_func, self._owner.options)))


def reduce_by_reference(obj, py_func, by_value):
    """pickle's __reduce__ of a compiled-function object: by reference (the name it has in
    its module, which the worker process imports, compiling from the disk cache) when that
    name finds it, else `by_value` (a rebuild from the Python function, which travels by
    value where pickle cannot find it by name)."""
    import sys

    module = sys.modules.get(py_func.__module__)
    if module is not None and getattr(module, py_func.__qualname__, None) is obj:
        return py_func.__qualname__
    rebuild, args = by_value
    return rebuild, tuple(_pickle_function.by_value(a) for a in args)


def _rebuild_dufunc(py_func, options):
    return DUFunc(UfuncFunction(py_func, None, options))


# ---------------------------------------------------------------------- pickling numpy.ufuncs

# NumPy pickles a ufunc by name (module attribute lookup). That finds a vectorize ufunc
# defined at module level, and the worker process that unpickles it imports the module
# (compiling from the disk cache). It cannot find a DUFunc's current ufunc (the module
# holds the DUFunc) or a ufunc made inside a function: for those, the recipe below.
_RECIPES = {}  # id(ufunc) -> (ufunc, reconstructor, args)
_numpy_reduce = copyreg.dispatch_table.get(np.ufunc)


def _remember(ufunc, reconstructor, args):
    _RECIPES[id(ufunc)] = (ufunc, reconstructor, args)
    return ufunc


def _reduce_ufunc(u):
    recipe = _RECIPES.get(id(u))
    if recipe is not None and recipe[0] is u:
        name = u.__name__
        by_name = any(getattr(m, name, None) is u for m in list(sys.modules.values()) if m is not None)
        if not by_name:
            return recipe[1], tuple(_pickle_function.by_value(a) for a in recipe[2])
    return _numpy_reduce(u) if _numpy_reduce else u.__name__


copyreg.pickle(np.ufunc, _reduce_ufunc)


def _dufunc_ufunc(dufunc, loops):
    for codes in loops:
        dufunc._loop_for([_types.dtype_of_code(c) for c in codes[:-1]])
    return dufunc.ufunc


def _rebuild_vectorize(py_func, sigs, options):
    return _make_vectorize(py_func, sigs, options)


def _rebuild_gufunc(py_func, sigs, layout, options):
    return GufuncFunction(py_func, sigs, layout, options).gufunc()


_VECTORIZE_OPTIONS = {"identity", "nopython", "target", "cache", "fastmath", "forceobj", "boolean", "writable_args"}


def vectorize(ftylist_or_function=(), **kws):
    """Numba's @vectorize: a numpy.ufunc from a scalar function."""
    unknown = set(kws) - _VECTORIZE_OPTIONS
    if unknown and kws.get("target") != "cuda":  # the CUDA target checks its own (cuda/_ufunc.py)
        raise TypeError("vectorize() got unexpected keyword argument(s): %s" % ", ".join(sorted(unknown)))
    if callable(ftylist_or_function) and not isinstance(ftylist_or_function, _types.Type):
        return _make_vectorize(ftylist_or_function, [], kws)
    sigs = normalize_signatures(ftylist_or_function)
    return lambda fn: _make_vectorize(fn, sigs, kws)


def _make_vectorize(py_func, sigs, kws):
    target = kws.get("target", "cpu")
    if target not in ("cpu", "parallel", "cuda"):
        raise ValueError("unknown target '%s' (expected 'cpu', 'parallel' or 'cuda')" % target)
    if target == "cuda":
        from .cuda._ufunc import make_cuda_ufunc

        return make_cuda_ufunc(py_func, sigs, kws)
    owner = UfuncFunction(py_func, sigs, kws)
    if not sigs:
        return DUFunc(owner)
    ufunc = _remember(owner.cpu_ufunc(), _rebuild_vectorize, (py_func, sigs, kws))
    return register_ufunc_callee(ufunc, owner) if owner.target == "cpu" else ufunc


# ---------------------------------------------------------------------- guvectorize

_LAYOUT_GROUP = re.compile(r"\(([^()]*)\)")


def parse_layout(layout):
    """'(m,n),(n,p)->(m,p)' -> ([['m','n'], ['n','p']], [['m','p']])."""
    if "->" not in layout:
        raise ValueError("a guvectorize layout needs '->': %r" % layout)
    ins, outs = layout.replace(" ", "").split("->")

    def groups(text):
        found = _LAYOUT_GROUP.findall(text)
        return [[d for d in g.split(",") if d] for g in found]

    return groups(ins), groups(outs)


class GufuncFunction(UfuncFunction):
    kind = "guvectorize"

    def __init__(self, py_func, signatures, layout, options):
        super().__init__(py_func, signatures, options)
        self.layout = layout
        self.inputs, self.outputs = parse_layout(layout)

    def decorator(self):
        return _source.decorator_text("guvectorize", self.declared, self.target, self.layout, fastmath=self.fastmath)

    def gufunc(self):
        groups = self.inputs + self.outputs
        names = []
        for g in groups:
            for d in g:
                if d not in names:
                    names.append(d)
        core = tuple(tuple(names.index(d) for d in g) for g in groups)
        loops = []
        for sig in self.declared:
            self.compile(sig)
            _, params = _types.split_signature(sig)
            if len(params) != len(groups):
                raise _source.compile_error(
                    "signature '%s' has %d arguments but the layout '%s' has %d" % (sig, len(params), self.layout,
                                                                                     len(groups)),
                    self.py_func.__code__.co_filename, self.py_func.__code__.co_firstlineno, 1)
            loops.append((tuple(_types.code_of_type(t) for t in params), core))
        return ext.make_ufunc(self.function(), self.py_func.__name__, self.py_func.__doc__ or "", loops,
                              len(self.inputs), len(self.outputs), _identity_code(self.identity),
                              _TARGET_CODE.get(self.target, 0), self.layout.replace(" ", ""))


def guvectorize(ftylist, signature, **kws):
    """Numba's @guvectorize(signatures, layout): a generalized numpy.ufunc."""
    sigs = normalize_signatures(ftylist)
    if not sigs:
        raise TypeError("guvectorize needs signatures: @guvectorize(['void(float32[:], float32[:])'], '(n)->()')")

    def wrapper(fn):
        if kws.get("target") == "cuda":
            from .cuda._ufunc import make_cuda_gufunc

            return make_cuda_gufunc(fn, sigs, signature, kws)
        return _remember(GufuncFunction(fn, sigs, signature, kws).gufunc(), _rebuild_gufunc,
                         (fn, sigs, signature, kws))

    return wrapper


vectorize._ujit_decorator = guvectorize._ujit_decorator = True
