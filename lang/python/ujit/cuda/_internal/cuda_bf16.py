"""`numba.cuda._internal.cuda_bf16`: numba-cuda's bindings of CUDA's cuda_bf16.h under their C
names: the type `nv_bfloat16` (also `__nv_bfloat16`), `__hadd`, `__float2bfloat16_rz`, ...,
and the math functions (htrunc, hsqrt, hexp10, htanh_approx, ...). The same functions as
numba.cuda.bf16's."""
from .._bf16_names import C_NAMES as _C_NAMES
from .._bf16_names import bfloat16 as nv_bfloat16

__nv_bfloat16 = nv_bfloat16
globals().update(_C_NAMES)
