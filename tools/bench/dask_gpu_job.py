"""The ufunc of bench_dask_gpus.py, in a module of its own so that Dask's workers import it
by reference (and compile it once, into the shared disk cache)."""
from ujit import vectorize


@vectorize(['float32(float32, float32)'], target='cuda')
def scale_add(x, y):
    return 2.0 * x + y
