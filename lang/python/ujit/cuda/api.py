"""`numba.cuda.api`: numba-cuda's module of the device queries kernels check before they use
bfloat16 or fp8 (the rest of numba.cuda's API is the package itself)."""
from ._api import get_current_device


def _cc():
    device = get_current_device()
    return None if getattr(device, "is_host_device", False) else tuple(device.compute_capability)


def is_bfloat16_supported():
    """bfloat16 (numba.cuda.bf16): compute capability 8.0 or later; the host device computes
    it in float32, rounded to nearest even, so True there."""
    cc = _cc()
    return cc is None or cc >= (8, 0)


def is_fp8_supported():
    """fp8 (numba.cuda._internal.cuda_fp8): compute capability 8.9 or later, where PTX has
    cvt to and from e4m3/e5m2; the host device converts in integer code, so True there."""
    cc = _cc()
    return cc is None or cc >= (8, 9)
