"""numba.cuda.vectorize and numba.cuda.guvectorize: Numba's decorators with the CUDA target."""
from .. import _ufunc


def vectorize(ftylist_or_function=(), **kws):
    kws.setdefault("target", "cuda")
    return _ufunc.vectorize(ftylist_or_function, **kws)


def guvectorize(ftylist, signature, **kws):
    kws.setdefault("target", "cuda")
    return _ufunc.guvectorize(ftylist, signature, **kws)
