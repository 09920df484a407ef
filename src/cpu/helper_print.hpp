// print(...) for generated CPU code: `ujit_rt_print(format, ...)` with the printf-style
// format codegen builds (codegen/lower_math.cpp print_call):
//   %s (const char*), %lld (int64), %llu (uint64), %.17g (float64 as double),
//   %.9g (float32 widened to double), %f (a CUDA kernel's float: C's "%f", as on a GPU),
//   %A (an array: int kind, int bits, int ndim, data, shape*, strides*; printed as NumPy's
//   str(), as Numba prints arrays), %U (a str: const uint32_t* code points, int64 length;
//   written as UTF-8), %R (the same operands: the str's repr(), quoted), %C (a complex: its
//   real and imaginary parts as doubles; Python's str(), "(1+2j)"), other characters copied.
// Floats print as Python's repr: "0.1", "1e+16", "inf", "nan", "-0.0". float32 values
// print as Numba prints them: boxed to a Python float (widened to double), so
// np.float32(0.1) prints "0.10000000149011612" (numba/core/boxing.py box_float), not
// NumPy's "0.1". Each call writes one whole line under a lock and flushes.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <string>

extern "C" void ujit_rt_print(const char* format, ...);

namespace ujit::cpu {

// Formats like ujit_rt_print without writing.
std::string format_print(const char* format, std::va_list args);

// Where ujit_rt_print writes (stdout by default); returns the previous stream. For tests
// and embedders that capture program output.
std::FILE* set_print_stream(std::FILE* stream);

}  // namespace ujit::cpu
