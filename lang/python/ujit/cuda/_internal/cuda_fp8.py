"""`numba.cuda._internal.cuda_fp8`: numba-cuda's fp8 types for kernels: `fp8_e4m3`, `fp8_e5m2`
and `fp8_e8m0` (one byte each: `fp8_e4m3(x)` converts a number, rounding to nearest even and
saturating to the largest finite value; e8m0, a power of two, rounds up; `float32(v)`,
`int32(v)` ... convert back), the enums of cuda_fp8.h, and its raw conversions to a byte
(cvt_float_to_fp8, cvt_double_to_fp8, cvt_float_to_e8m0, cvt_double_to_e8m0). The three that
take or give an __nv_bfloat16_raw are named here, but compiled code refuses them with a
located error: ujit has no such structure type."""
from enum import IntEnum

from ..._types import Fp8 as _Fp8
from .._kernelapi import _KernelOnly

fp8_e4m3 = _Fp8("fp8_e4m3", None)
fp8_e5m2 = _Fp8("fp8_e5m2", None)
fp8_e8m0 = _Fp8("fp8_e8m0", None)


class saturation_t(IntEnum):
    NOSAT = 0
    SATFINITE = 1


class fp8_interpretation_t(IntEnum):
    E4M3 = 0
    E5M2 = 1


for _name in ("cvt_float_to_fp8", "cvt_double_to_fp8", "cvt_bfloat16raw_to_fp8", "cvt_bfloat16raw_to_e8m0",
              "cvt_float_to_e8m0", "cvt_double_to_e8m0", "cvt_e8m0_to_bf16raw"):
    globals()[_name] = _KernelOnly("fp8." + _name)
