"""Numba's argument rules for CUDA ufuncs and gufuncs, which are not NumPy's.

numba.cuda picks the loop itself before anything runs, on the GPU and (here) on the CPU
fallback alike:
  vectorize:   array arguments must have a declared loop's exact dtypes ("casting='no'");
               Python and NumPy scalars take the loop's dtype (15.0 to an int16 loop is
               15) and act as 1-element arrays, so an all-scalar call returns shape (1,).
  guvectorize: the first declared loop whose input dtypes cast safely *to* the given
               ones wins, and the inputs are cast to it: float64 arrays run a float32 loop
               (the course's l2_norm(coords)).
The chosen loop is then passed to NumPy as `signature=`, since NumPy's own search could pick
a different (wider) loop for the converted inputs.
"""
import functools

import numpy as np

from .. import _types


def _is_scalar(a):
    # numba.cuda's test: Python numbers and NumPy number scalars (np.bool_ is not one).
    return isinstance(a, (int, float, complex, np.number))


def _dtype_of(a):
    dt = getattr(a, "dtype", None)  # device arrays, CuPy/PyTorch arrays: no host copy
    return np.dtype(dt) if dt is not None and not isinstance(a, np.generic) else np.asarray(a).dtype


def declared_loops(declared):
    """[(input dtypes, output dtype or None)] of the declared signatures, in order. Parsed
    once per list of signatures: both resolvers below run on every call."""
    return _parsed_loops(tuple(declared))


@functools.lru_cache(maxsize=None)
def _parsed_loops(declared):
    loops = []
    for sig in declared:
        ret, params = _types.split_signature(sig)
        # t.dtype: an array parameter's element dtype; datetime64[D] keeps its unit
        loops.append((tuple(np.dtype(t.dtype) for t in params), np.dtype(ret.dtype) if ret else None))
    return tuple(loops)


def resolve_ufunc(name, declared, args, memo):
    """(converted args, NumPy signature) for a CUDA vectorize call, as numba.cuda resolves it.
    `memo` (one dict per ufunc) keeps the choice for arrays-only calls by their dtypes: a call
    of a small ufunc on device arrays is a few microseconds, which the search would double."""
    if not any(_is_scalar(a) for a in args):
        key = tuple(_dtype_of(a) for a in args)
        sig = memo.get(key)
        if sig is None:
            sig = memo[key] = _resolve_ufunc(name, declared, args)[1]
        return args, sig
    return _resolve_ufunc(name, declared, args)


def _resolve_ufunc(name, declared, args):
    loops = declared_loops(declared)
    actual = [None if _is_scalar(a) else _dtype_of(a) for a in args]
    matches = []
    if any(t is None for t in actual):  # first: scalars whose own dtype is the loop's
        matches = [lp for lp in loops
                   if all((t if t is not None else np.asarray(a).dtype) == f for a, t, f in zip(args, actual, lp[0]))]
    if not matches:
        matches = [lp for lp in loops if all(t is None or t == f for t, f in zip(actual, lp[0]))]
    if not matches:
        raise TypeError("%s: no matching version for argument types (%s). A CUDA ufunc requires array arguments "
                        "to have a declared signature's exact types (NumPy's casting='no'), as Numba's does"
                        % (name, ", ".join("scalar" if t is None else str(t) for t in actual)))
    if len(matches) > 1:
        raise TypeError("%s: the signature is ambiguous: too many untyped scalars. Give a scalar a NumPy "
                        "dtype (np.float32(x)) to pick one, as Numba asks" % name)
    ins, out = matches[0]
    if all(t is None for t in actual):  # numba.cuda makes each scalar a 1-element array
        return [np.array([a], dtype=f) for a, f in zip(args, ins)], tuple(ins) + (out,)
    # Beside arrays a typed scalar broadcasts as the 1-element array would (and stays a
    # kernel parameter on the GPU, not a copy).
    return [f.type(a) if t is None else a for a, t, f in zip(args, actual, ins)], tuple(ins) + (out,)


def resolve_gufunc(name, declared, nin, args):
    """(args cast to the chosen loop, NumPy signature) for a CUDA guvectorize call."""
    dtypes = [_dtype_of(a) for a in args]
    for params, _ in declared_loops(declared):
        ins = params[:nin]
        if all(np.can_cast(f, d) for f, d in zip(ins, dtypes)):  # sic: the loop's type to the given one
            outs = (None,) * (len(params) - nin)
            return [_cast(name, a, d, f) for a, d, f in zip(args, dtypes, ins)], tuple(ins) + outs
    raise TypeError("%s: no matching signature for input types (%s)" % (name, ", ".join(map(str, dtypes))))


def _cast(name, a, have, want):
    if have == want:
        return a
    if _is_scalar(a) or isinstance(a, (list, tuple)):
        return np.asarray(a, dtype=want)
    if not hasattr(a, "astype"):
        raise TypeError("%s: a compatible signature is possible by casting %s to %s, but %s does not support "
                        ".astype()" % (name, have, want, type(a).__name__))
    return a.astype(want)
