"""`numba.cuda.bf16`: numba-cuda's bfloat16 for kernels: the type `bfloat16` (`bfloat16(x)`
converts), its arithmetic, comparisons and math (habs, hadd, ..., hsqrt, hexp, ...) and its
conversions with a named rounding (float32_to_bfloat16_rz, bfloat16_to_int32_rd, ...), also
under CUDA's C names without the leading underscores (float2bfloat16_rz, bfloat162int_rd).
`+ - * /`, comparisons and math.sqrt/sin/... work on bfloat16 values too. They exist only in
code compiled by @cuda.jit; calling one here says so."""
from ._bf16_names import C_NAMES as _C_NAMES
from ._bf16_names import FUNCTIONS as _FUNCTIONS
from ._bf16_names import bfloat16  # noqa: F401

globals().update(_FUNCTIONS)
globals().update({name[2:]: f for name, f in _C_NAMES.items() if name.startswith("__")})

__all__ = ["bfloat16"] + sorted(_FUNCTIONS)
