"""The names of numba-cuda's bfloat16 functions, shared by numba.cuda.bf16 and
numba.cuda._internal.cuda_bf16: each is the kernel-only function `cuda.bf16.NAME` of ujit's
builtin table (src/types/builtins_bf16.def), NAME being numba.cuda.bf16's NumPy-style name;
CUDA's C names (__hadd, __float2bfloat16_rz, __short_as_bfloat16, ...) are aliases of them."""
from .._types import TYPES
from ._kernelapi import _KernelOnly

bfloat16 = TYPES["bfloat16"]

_ARITHMETIC = ["habs", "hadd", "hsub", "hmul", "hadd_rn", "hsub_rn", "hmul_rn", "hdiv", "hadd_sat", "hsub_sat",
               "hmul_sat", "hfma", "hfma_sat", "hneg", "hfma_relu"]
_COMPARISON = ["heq", "hne", "hge", "hgt", "hle", "hlt", "hequ", "hneu", "hgeu", "hgtu", "hleu", "hltu", "hmax",
               "hmin", "hmax_nan", "hmin_nan", "hisnan", "hisinf"]
MATH = ["htrunc", "hceil", "hfloor", "hrint", "hsqrt", "hrsqrt", "hrcp", "hlog", "hlog2", "hlog10", "hcos", "hsin",
        "hexp", "hexp2", "hexp10", "htanh", "htanh_approx"]
_ROUNDINGS = ("rn", "rz", "rd", "ru")
# NumPy-style integer names and CUDA's C names for them.
_INTS = {"int16": "short", "uint16": "ushort", "int32": "int", "uint32": "uint", "int64": "ll", "uint64": "ull"}

# NumPy-style name -> CUDA C name (without the leading __).
CONVERSIONS = {"bfloat16_to_float32": "bfloat162float", "float32_to_bfloat16": "float2bfloat16",
               "float64_to_bfloat16": "double2bfloat16", "bfloat16_to_int8_rz": "bfloat162char_rz",
               "bfloat16_to_uint8_rz": "bfloat162uchar_rz", "bfloat16_as_int16": "bfloat16_as_short",
               "bfloat16_as_uint16": "bfloat16_as_ushort", "int16_as_bfloat16": "short_as_bfloat16",
               "uint16_as_bfloat16": "ushort_as_bfloat16"}
for _m in _ROUNDINGS:
    CONVERSIONS["float32_to_bfloat16_" + _m] = "float2bfloat16_" + _m
    for _np_name, _c_name in _INTS.items():
        CONVERSIONS["%s_to_bfloat16_%s" % (_np_name, _m)] = "%s2bfloat16_%s" % (_c_name, _m)
        CONVERSIONS["bfloat16_to_%s_%s" % (_np_name, _m)] = "bfloat162%s_%s" % (_c_name, _m)

FUNCTIONS = {name: _KernelOnly("bf16." + name) for name in _ARITHMETIC + _COMPARISON + MATH + list(CONVERSIONS)}
# CUDA's C spellings: __hadd, __float2bfloat16_rz, ... (the math functions have no underscores)
C_NAMES = {"__" + name: FUNCTIONS[name] for name in _ARITHMETIC + _COMPARISON}
C_NAMES.update({"__" + c: FUNCTIONS[name] for name, c in CONVERSIONS.items()})
C_NAMES.update({name: FUNCTIONS[name] for name in MATH})
