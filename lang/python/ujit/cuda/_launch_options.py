"""@cuda.jit's launch_bounds= and shared_memory_carveout=, checked at decoration with
numba-cuda's rules and words (cudadrv/nvvm.py set_launch_bounds, decorators.py
_validate_shared_memory_carveout), and written into the decorator line the compiler reads
(types/kernel_launch_options.hpp: PTX .maxntid/.minnctapersm/.maxclusterrank, the carveout set
on the loaded kernel)."""

_CARVEOUT_NAMES = {"default": -1, "maxl1": 0, "maxshared": 100}


def launch_bounds_tuple(launch_bounds):
    """(max_threads_per_block[, min_blocks_per_sm[, max_blocks_per_cluster]]) or None."""
    if launch_bounds is None:
        return None
    bounds = (launch_bounds,) if isinstance(launch_bounds, int) else tuple(launch_bounds)
    if len(bounds) > 3:
        raise ValueError("Got %d launch bounds: %s. A maximum of three are supported: (max_threads_per_block, "
                         "min_blocks_per_sm, max_blocks_per_cluster)" % (len(bounds), launch_bounds))
    for b in bounds:
        if not isinstance(b, int) or isinstance(b, bool) or b < 1:
            raise ValueError("launch bounds must be positive integers, not %r" % (launch_bounds,))
    return bounds


def carveout_percent(carveout):
    """The carveout as the driver takes it (-1 default, 0..100 percent for shared memory) or None."""
    if carveout is None:
        return None
    if isinstance(carveout, str):
        if carveout.lower() not in _CARVEOUT_NAMES:
            raise ValueError("Invalid carveout value: %s. Must be -1 to 100 or one of %s"
                             % (carveout, list(_CARVEOUT_NAMES)))
        return _CARVEOUT_NAMES[carveout.lower()]
    if isinstance(carveout, int) and not isinstance(carveout, bool):
        if not -1 <= carveout <= 100:
            raise ValueError("Carveout must be between -1 and 100")
        return carveout
    raise TypeError("shared_memory_carveout must be str or int, got %s" % type(carveout).__name__)


def decorator_options(options):
    """The decorator keywords (text) of a kernel's launch options."""
    out = []
    bounds = launch_bounds_tuple(options.get("launch_bounds"))
    if bounds is not None:
        out.append("launch_bounds=(%s)" % "".join("%d, " % b for b in bounds))
    carveout = carveout_percent(options.get("shared_memory_carveout"))
    if carveout is not None:
        out.append("shared_memory_carveout=%d" % carveout)
    return out
